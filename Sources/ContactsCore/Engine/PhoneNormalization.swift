import ContactsModel
import PhoneNumbers

/// The engine's use of the phone normalizer: registration numbers, uploaded contacts'
/// numbers, and the default region of an uploader.
///
/// Every number the normalizer accepts is a directory number, up to
/// `PhoneNumber.largestE164` (19 digits: libphonenumber calls a few national numbers
/// possible past E.164's 15, in DE, ID, JP, …): it registers, is uploaded and matches like
/// any other.
enum PhoneNormalization {
    static let normalizer = PhoneNumberNormalizer()

    /// The E.164 number (as an integer) of a phone being registered.
    ///
    /// - Throws: ``ContactsError/invalidValue(field:problem:)`` naming `phone`, with
    ///   libphonenumber's error code.
    static func registeredNumber(_ raw: String, region: String?) throws(ContactsError) -> UInt64 {
        do {
            return try normalizer.normalize(raw, defaultRegion: region).e164
        } catch {
            throw .invalidValue(
                field: "phone",
                problem: "is not a possible phone number: \(error.code.rawValue) (\(error.message))")
        }
    }

    /// The distinct numbers a contact's `phones` normalize to with `normalizer` (bound to the
    /// upload's region), in first-seen order; phones that do not normalize are left out (they
    /// stay in the contact).
    ///
    /// - Complexity: one normalization per phone; repeats are found by a scan while the
    ///   numbers are few (most contacts have one or two), by a set past ``linearDistinctLimit``.
    static func uploadedNumbers(of phones: [LabeledValue], with normalizer: PhoneNumberNormalizer) -> [UInt64] {
        // Each phone's text is read in place (`phones[index].value`): a loop over copies of
        // the phones also retained and released each one's label, which nothing reads (two
        // atomic operations a phone, on memory the upload does not otherwise touch).
        func normalized(_ phone: String) -> UInt64? {
            try? normalizer.normalize(phone).e164
        }
        // Most contacts have one phone: a list of one, allocated at its size.
        if phones.count == 1 { return normalized(phones[0].value).map { [$0] } ?? [] }
        var numbers: [UInt64] = []
        numbers.reserveCapacity(phones.count)
        var seen = Set<UInt64>()
        for index in phones.indices {
            guard let number = normalized(phones[index].value) else { continue }
            if numbers.count < linearDistinctLimit {
                if numbers.contains(number) { continue }
            } else {
                if seen.isEmpty { seen = Set(numbers) }
                guard seen.insert(number).inserted else { continue }
            }
            numbers.append(number)
        }
        return numbers
    }

    /// Up to this many distinct numbers a contact's repeats are found by scanning them.
    static let linearDistinctLimit = 8

    /// The main region of the calling code of `e164` (+1 → US, +44 → GB, +7 → RU).
    static func mainRegion(of e164: UInt64) -> String? {
        PhoneNumber(e164: e164).flatMap { normalizer.mainRegion(forCallingCode: $0.countryCode) }
    }

    /// `e164` in `+digits` form.
    static func text(_ e164: UInt64) -> String {
        "+\(e164)"
    }
}
