/// A phone number in E.164 form, kept as integers: the calling code and all the digits after
/// the `+`. Two numbers are the same number exactly when they are equal.
///
/// ```swift
/// let number = try PhoneNumberNormalizer().normalize("(415) 555-2671", defaultRegion: "US")
/// number.e164         // 14155552671
/// number.countryCode  // 1
/// "\(number)"         // "+14155552671"
/// ```
public struct PhoneNumber: Hashable, Sendable, CustomStringConvertible {
    /// Every digit after the `+`: the calling code followed by the national significant number
    /// (at most 19 digits, so it always fits).
    public let e164: UInt64
    /// The country calling code (1–999); it is the leading digits of `e164`.
    public let countryCode: Int

    /// The most digits an `e164` has: every length libphonenumber calls possible, with its
    /// calling code, fits in 19 (longer than E.164's own 15 for a few national plans, such as
    /// Germany's and Japan's), and a `UInt64` holds every 19-digit number.
    ///
    /// The one definition of the limit: stores and tables that keep numbers check against it.
    @inlinable public static var maximumDigitCount: Int { 19 }

    /// The largest `e164` a number can have: ``maximumDigitCount`` nines.
    @inlinable public static var largestE164: UInt64 { 9_999_999_999_999_999_999 }

    /// A number from parts the normalizer has already checked (`countryCode` is the leading
    /// digits of `e164`).
    package init(e164: UInt64, countryCode: Int) {
        self.e164 = e164
        self.countryCode = countryCode
    }

    /// The number whose E.164 digits are `e164`, when they start with a calling code
    /// libphonenumber knows and leave at least two digits after it; nil otherwise. The calling
    /// codes are prefix-free, so at most one reading exists.
    ///
    /// This does not check the number's length for its region: use it to rebuild numbers that
    /// `PhoneNumberNormalizer` produced, such as ones read back from storage.
    public init?(e164: UInt64) {
        let digits = Self.decimalDigitCount(e164)
        var divisor: UInt64 = 1
        for _ in 0..<(digits - 1) { divisor *= 10 }
        for codeLength in 1...3 where codeLength + 2 <= digits {
            let code = Int(e164 / divisor)
            if PhoneMetadata.shared.isCallingCode(code) {
                self.init(e164: e164, countryCode: code)
                return
            }
            divisor /= 10
        }
        return nil
    }

    /// `+` and the digits, as libphonenumber's `format_number(number, E164)` writes it.
    public var description: String { "+\(e164)" }

    /// The national significant number: the digits after the calling code, leading zeros kept
    /// (Italian numbers start with 0).
    public var nationalSignificantNumber: String {
        String(String(e164).utf8.dropFirst(Self.decimalDigitCount(UInt64(countryCode)))) ?? ""
    }

    package static func decimalDigitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }
}
