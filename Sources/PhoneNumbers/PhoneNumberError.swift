/// Why a raw phone number does not normalize: libphonenumber's parse error or possibility
/// verdict, with a human-readable message.
///
/// ```swift
/// do {
///     _ = try PhoneNumberNormalizer().normalize("555-1234", defaultRegion: "US")
/// } catch {
///     print(error.code.rawValue)  // IS_POSSIBLE_LOCAL_ONLY
/// }
/// ```
public struct PhoneNumberError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libphonenumber's name for the failure; `rawValue` is exactly that name (PROTOCOL §3).
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// Parse: the text does not look like a phone number (too few digits, stray characters,
        /// an invalid RFC 3966 `phone-context`).
        case notANumber = "NOT_A_NUMBER"
        /// Parse or possibility: no usable calling code (no `+`/IDD and no valid default region,
        /// or an unknown calling code).
        case invalidCountryCode = "INVALID_COUNTRY_CODE"
        /// Parse: an international prefix (`+`, `00`, `011`, …) followed by at most two digits.
        case tooShortAfterIDD = "TOO_SHORT_AFTER_IDD"
        /// Parse: fewer than two digits remain for the national number.
        case tooShortNSN = "TOO_SHORT_NSN"
        /// Possibility: shorter than every possible length of the region.
        case tooShort = "TOO_SHORT"
        /// Parse or possibility: the input is longer than 250 characters, the national number
        /// longer than 17 digits, or longer than every possible length of the region.
        case tooLong = "TOO_LONG"
        /// Possibility: between the shortest and the longest possible length, but not one of them.
        case invalidLength = "INVALID_LENGTH"
        /// Possibility: a number only dialable locally, without its area code (a 7-digit US number).
        case isPossibleLocalOnly = "IS_POSSIBLE_LOCAL_ONLY"
    }

    /// The failure, as libphonenumber names it.
    public let code: Code
    /// What went wrong, in a sentence.
    public let message: String

    /// An error with `code` and `message`.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `CODE: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}

extension PhoneNumberError {
    package static let inputTooLong = PhoneNumberError(
        code: .tooLong, message: "The string supplied was too long to parse.")
    package static let notANumber = PhoneNumberError(
        code: .notANumber, message: "The string supplied did not seem to be a phone number.")
    package static let invalidPhoneContext = PhoneNumberError(
        code: .notANumber, message: "The phone-context value is invalid.")
    package static let missingRegion = PhoneNumberError(
        code: .invalidCountryCode, message: "Missing or invalid default region, and the number does not start with +.")
    package static let unknownCallingCode = PhoneNumberError(
        code: .invalidCountryCode, message: "Country calling code supplied was not recognised.")
    package static let uninterpretableAfterPlus = PhoneNumberError(
        code: .invalidCountryCode, message: "Could not interpret numbers after plus-sign.")
    package static let tooShortAfterIDD = PhoneNumberError(
        code: .tooShortAfterIDD,
        message: "Phone number had an IDD, but after this was not long enough to be a viable phone number.")
    package static let tooShortNSN = PhoneNumberError(
        code: .tooShortNSN, message: "The string supplied is too short to be a phone number.")
    package static let nationalNumberTooLong = PhoneNumberError(
        code: .tooLong, message: "The string supplied is too long to be a phone number.")
    package static let tooShort = PhoneNumberError(
        code: .tooShort, message: "The number has fewer digits than any number of its region.")
    package static let tooLong = PhoneNumberError(
        code: .tooLong, message: "The number has more digits than any number of its region.")
    package static let invalidLength = PhoneNumberError(
        code: .invalidLength, message: "No number of the region has this many digits.")
    package static let localOnly = PhoneNumberError(
        code: .isPossibleLocalOnly,
        message: "The number can only be dialled locally: it lacks the area code needed to reach it from elsewhere.")
}
