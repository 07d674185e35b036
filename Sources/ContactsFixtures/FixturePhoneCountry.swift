/// A country whose phone numbers fixtures write: its calling code, how its people dial
/// abroad, and number plans with the ways numbers of each plan are written.
///
/// The plans are ranges that libphonenumber's metadata counts as valid (mostly mobile), so
/// that every generated number is possible and keeps its E.164 form when written locally;
/// `scripts/fixtures/check_phones.py` verifies this against libphonenumber itself.
package struct FixturePhoneCountry: Sendable {
    /// ISO 3166 alpha-2 region, as users.jsonl and libphonenumber spell it.
    package let region: String
    /// The calling code without `+`.
    package let callingCode: String
    /// The international (IDD) prefix dialled from this region (`00`, `011`, `810`, …), or
    /// nil when only the `+` form is written by people here (the region's IDD needs a
    /// carrier code).
    package let internationalPrefix: String?
    /// The number plans.
    package let plans: [Plan]

    /// A range of national numbers and how they are written.
    package struct Plan: Sendable {
        /// The leading digits of the national number, one chosen uniformly.
        package let prefixes: [String]
        /// The digits of the national (significant) number, prefix included.
        package let length: Int
        /// The smallest digit allowed right after the prefix (0, or 1 / 2 where the plan
        /// excludes them).
        package let firstFreeDigitMinimum: UInt8
        /// National forms: `#` stands for the next digit of the national number; any
        /// national (trunk) prefix is written literally.
        package let nationalTemplates: [String]
        /// The part after `+<calling code>` (or the IDD and calling code) in international
        /// forms, with `#` as above.
        package let internationalTemplates: [String]

        package init(
            _ prefixes: [String], length: Int, firstFreeDigitMinimum: UInt8 = 0,
            national: [String], international: [String]
        ) {
            self.prefixes = prefixes
            self.length = length
            self.firstFreeDigitMinimum = firstFreeDigitMinimum
            nationalTemplates = national
            internationalTemplates = international
        }
    }

    package init(region: String, callingCode: String, internationalPrefix: String?, plans: [Plan]) {
        self.region = region
        self.callingCode = callingCode
        self.internationalPrefix = internationalPrefix
        self.plans = plans
    }
}

/// A phone number of a fixture: a country of ``FixturePhoneCountry/all``, one of its plans
/// and the national number as an integer (its digits, zero-padded to the plan's length).
package struct FixturePhoneNumber: Hashable, Sendable {
    /// The index of the country in ``FixturePhoneCountry/all``.
    package let country: Int
    /// The index of the plan in the country's plans.
    package let plan: Int
    /// The national significant number.
    package let national: UInt64

    /// The country.
    package var phoneCountry: FixturePhoneCountry { FixturePhoneCountry.all[country] }

    /// The national number's digits (ASCII), with the plan's leading zeros.
    package var nationalDigits: [UInt8] {
        let length = phoneCountry.plans[plan].length
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: length)
        var rest = national
        for index in stride(from: length - 1, through: 0, by: -1) {
            digits[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return digits
    }

    /// The E.164 form: `+`, the calling code, the national number.
    package var e164: String {
        "+" + phoneCountry.callingCode + String(decoding: nationalDigits, as: UTF8.self)
    }

    /// The E.164 digits as one integer (distinct numbers give distinct integers: a calling
    /// code never starts with 0).
    package var e164Value: UInt64 {
        let country = phoneCountry
        var value = UInt64(country.callingCode) ?? 0
        for _ in 0..<country.plans[plan].length { value *= 10 }
        return value + national
    }
}

extension FixturePhoneCountry {
    /// A uniformly random national number of a uniformly chosen plan of the country at
    /// `index` in ``all``.
    package static func randomNumber(country index: Int, using random: inout FixtureRandom) -> FixturePhoneNumber {
        let country = all[index]
        let planIndex = random.below(country.plans.count)
        let plan = country.plans[planIndex]
        let prefix = random.pick(plan.prefixes)
        var national: UInt64 = 0
        for digit in prefix.utf8 { national = national * 10 + UInt64(digit - UInt8(ascii: "0")) }
        let free = plan.length - prefix.utf8.count
        for position in 0..<free {
            let minimum = position == 0 ? Int(plan.firstFreeDigitMinimum) : 0
            national = national * 10 + UInt64(minimum + random.below(10 - minimum))
        }
        return FixturePhoneNumber(country: index, plan: planIndex, national: national)
    }

    /// `number` written as a person in this country would store it in an address book:
    /// a national form when the number shares this country's calling code (85%), else an
    /// international one with `+` or this country's IDD; 1 in 200 with full-width digits.
    /// Parsed by libphonenumber with this country's region as the default, every form gives
    /// back `number.e164`.
    package func written(_ number: FixturePhoneNumber, using random: inout FixtureRandom) -> String {
        let country = number.phoneCountry
        let plan = country.plans[number.plan]
        var text: [UInt8] = []
        text.reserveCapacity(24)
        if country.callingCode == callingCode, random.chance(perMille: 850) {
            Self.fill(random.pick(plan.nationalTemplates), with: number.nationalDigits, into: &text)
        } else {
            let lead = random.below(100)
            if let idd = internationalPrefix, lead < 25 {
                text += idd.utf8
                if lead < 15 { text.append(UInt8(ascii: " ")) }
                text += country.callingCode.utf8
            } else {
                text.append(UInt8(ascii: "+"))
                text += country.callingCode.utf8
            }
            if lead >= 95 {
                text.append(UInt8(ascii: "-"))
            } else if lead % 8 != 0 {
                text.append(UInt8(ascii: " "))
            }
            Self.fill(random.pick(plan.internationalTemplates), with: number.nationalDigits, into: &text)
        }
        if random.chance(perMille: 5) { text = Self.fullWidth(text) }
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `template` with each `#` replaced by the next of `digits`.
    package static func fill(_ template: String, with digits: [UInt8], into text: inout [UInt8]) {
        var next = 0
        for byte in template.utf8 {
            if byte == UInt8(ascii: "#") {
                text.append(digits[next])
                next += 1
            } else {
                text.append(byte)
            }
        }
    }

    /// `text` with ASCII digits and `+` replaced by their full-width forms (U+FF10–U+FF19,
    /// U+FF0B), as some East Asian keyboards enter them.
    private static func fullWidth(_ text: [UInt8]) -> [UInt8] {
        var wide: [UInt8] = []
        wide.reserveCapacity(text.count * 3)
        for byte in text {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): wide += [0xEF, 0xBC, 0x90 + byte - UInt8(ascii: "0")]
            case UInt8(ascii: "+"): wide += [0xEF, 0xBC, 0x8B]
            default: wide.append(byte)
            }
        }
        return wide
    }
}
