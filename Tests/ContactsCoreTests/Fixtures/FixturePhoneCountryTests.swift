import ContactsCore
import ContactsFixtures
import Foundation
import Testing

@Suite("Fixture phone countries")
struct FixturePhoneCountryTests {
    @Test("the table is consistent: templates fit the plans, prefixes are digits, regions are unique")
    func table() {
        let countries = FixturePhoneCountry.all
        #expect(countries.count >= 15)
        #expect(Set(countries.map(\.region)).count == countries.count)
        for country in countries {
            #expect(!country.callingCode.isEmpty && country.callingCode.utf8.allSatisfy(isDigit))
            #expect(country.callingCode.first != "0")
            #expect(country.internationalPrefix.map { $0.utf8.allSatisfy(isDigit) } ?? true)
            #expect(FixtureVocabulary.addressStyles[country.region] != nil, "\(country.region) has no address style")
            for plan in country.plans {
                #expect(country.callingCode.count + plan.length <= 15, "E.164 has at most 15 digits")
                for prefix in plan.prefixes {
                    #expect(prefix.utf8.allSatisfy(isDigit) && prefix.count < plan.length)
                }
                for template in plan.nationalTemplates + plan.internationalTemplates {
                    #expect(
                        template.filter { $0 == "#" }.count == plan.length,
                        "\(country.region) template \(template) for \(plan.length) digits")
                }
            }
        }
        for culture in FixtureCulture.all {
            #expect(culture.countries.count == culture.regions.count, "\(culture.name) has a region with no country")
        }
    }

    @Test(
        "random numbers have the plan's length and prefix; E.164 text and value agree", arguments: [3, 17] as [UInt64])
    func randomNumbers(seed: UInt64) {
        var random = FixtureRandom(seed: seed, stream: 0)
        for index in FixturePhoneCountry.all.indices {
            for _ in 0..<50 {
                let number = FixturePhoneCountry.randomNumber(country: index, using: &random)
                let plan = number.phoneCountry.plans[number.plan]
                let digits = String(decoding: number.nationalDigits, as: UTF8.self)
                #expect(digits.count == plan.length)
                #expect(plan.prefixes.contains { digits.hasPrefix($0) })
                #expect(number.e164 == "+" + number.phoneCountry.callingCode + digits)
                #expect(String(number.e164Value) == String(number.e164.dropFirst()))
            }
        }
    }

    /// The naive model of a written number: its digits (full-width ones too, a `(0)` trunk
    /// mark dropped) are `+` calling code and national number, or the owner's IDD, calling
    /// code and national number, or — for a number of the owner's own calling code — the
    /// national number after at most a one-digit trunk prefix (`0`, `1` or `8`).
    @Test(
        "written forms carry the number: + or IDD and the calling code, or the national form",
        arguments: [5, 9] as [UInt64])
    func writtenForms(seed: UInt64) {
        var random = FixtureRandom(seed: seed, stream: 0)
        var forms = (national: 0, plus: 0, idd: 0, fullWidth: 0)
        let allowed = Set("0123456789 -./()+".unicodeScalars.map(\.value))
        for owner in FixturePhoneCountry.all {
            for index in FixturePhoneCountry.all.indices {
                for _ in 0..<40 {
                    let number = FixturePhoneCountry.randomNumber(country: index, using: &random)
                    let written = owner.written(number, using: &random)
                    let national = String(decoding: number.nationalDigits, as: UTF8.self)
                    let code = number.phoneCountry.callingCode
                    let ascii = asciiForm(written)
                    if ascii != written { forms.fullWidth += 1 }
                    #expect(ascii.unicodeScalars.allSatisfy { allowed.contains($0.value) }, "\(written)")
                    let digits = ascii.replacingOccurrences(of: "(0)", with: "").filter(\.isASCIIDigit)
                    if ascii.hasPrefix("+") {
                        forms.plus += 1
                        #expect(digits == code + national, "\(written) for \(number.e164) by \(owner.region)")
                    } else if let idd = owner.internationalPrefix, digits == idd + code + national {
                        forms.idd += 1
                    } else {
                        forms.national += 1
                        #expect(code == owner.callingCode, "\(written) for \(number.e164) by \(owner.region)")
                        #expect(
                            ["", "0", "1", "8"].contains { digits == $0 + national }, "\(written) for \(number.e164)")
                    }
                }
            }
        }
        let total = forms.national + forms.plus + forms.idd
        #expect(forms.national > 0 && forms.plus > total / 2 && forms.idd > total / 10)
        #expect(forms.fullWidth > 0 && forms.fullWidth < total / 50)
    }

    @Test("templates are filled digit by digit")
    func fill() {
        var text: [UInt8] = []
        FixturePhoneCountry.fill("0## ### ## ##", with: Array("532123456".utf8), into: &text)
        #expect(String(decoding: text, as: UTF8.self) == "053 212 34 56")
    }
}

private func isDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte)
}

/// `text` with full-width digits and plus sign replaced by ASCII ones.
private func asciiForm(_ text: String) -> String {
    String(
        String.UnicodeScalarView(
            text.unicodeScalars.map { scalar in
                switch scalar.value {
                case 0xFF10...0xFF19: Unicode.Scalar(scalar.value - 0xFF10 + 0x30) ?? scalar
                case 0xFF0B: "+"
                default: scalar
                }
            }))
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
