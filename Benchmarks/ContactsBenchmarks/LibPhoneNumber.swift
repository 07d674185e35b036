internal import CLibPhoneNumber
import PhoneNumbers

/// Google's libphonenumber (the C++ library, Debian's build) normalizing as PROTOCOL §3 says:
/// the reference the phone benchmark measures `PhoneNumberNormalizer` against. Call it from one
/// thread at a time: libphonenumber promises nothing about concurrent calls.
///
/// ```swift
/// let region = LibPhoneNumber.Region("US")
/// try LibPhoneNumber.normalize(utf8: bytes, region: region)  // 14155552671 for "(415) 555-2671"
/// ```
enum LibPhoneNumber {
    /// The libphonenumber release Debian builds `libphonenumber-dev` from (its C++ headers carry
    /// no version of their own).
    static let version = "8.12.57"

    /// A default region as libphonenumber takes it: a NUL-terminated code, or none ("ZZ").
    struct Region {
        fileprivate let code: [CChar]?

        /// `region` (an ISO 3166 alpha-2 code, passed on unchecked) or nil for none.
        init(_ region: String?) {
            code = region.map { Array($0.utf8CString) }
        }
    }

    /// The digits after the `+` of the E.164 number that the UTF-8 `bytes` denote when dialled
    /// from `region`.
    ///
    /// - Throws: `.rejected` with libphonenumber's code (PROTOCOL §3) when the number does not
    ///   parse or is not IS_POSSIBLE; `.failed` when the library gave no verdict.
    /// - Complexity: O(n) in the number of bytes (libphonenumber's regular expressions).
    static func normalize(utf8 bytes: UnsafeBufferPointer<UInt8>, region: Region) throws(LibPhoneNumberError)
        -> UInt64
    {
        // LPN_E164_CAPACITY bytes on the stack, for the NUL-terminated E.164 text.
        var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        assert(MemoryLayout.size(ofValue: text) == Int(LPN_E164_CAPACITY))
        let status = withUnsafeMutableBytes(of: &text) { out in
            let out = out.bindMemory(to: CChar.self)
            return bytes.withMemoryRebound(to: CChar.self) { raw in
                guard let code = region.code else {
                    return lpn_normalize(raw.baseAddress, raw.count, nil, out.baseAddress, out.count)
                }
                return code.withUnsafeBufferPointer {
                    lpn_normalize(raw.baseAddress, raw.count, $0.baseAddress, out.baseAddress, out.count)
                }
            }
        }
        guard status == LPN_OK.rawValue else { throw LibPhoneNumberError(status: status) }
        return try withUnsafeBytes(of: text) { (text) throws(LibPhoneNumberError) in try digits(ofE164: text) }
    }

    /// The value of the digits after the `+` of a NUL-terminated E.164 text.
    private static func digits(ofE164 text: UnsafeRawBufferPointer) throws(LibPhoneNumberError) -> UInt64 {
        guard text.first == UInt8(ascii: "+") else { throw .failed("the E.164 text does not start with +") }
        var value: UInt64 = 0
        for byte in text.dropFirst() {
            if byte == 0 { return value }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
            guard byte &- UInt8(ascii: "0") < 10, !overflow, !carry else {
                throw .failed("the E.164 text has a non-digit or more digits than 64 bits hold")
            }
            value = sum
        }
        throw .failed("the E.164 text is not NUL-terminated")
    }
}

/// Why `LibPhoneNumber.normalize` gave no number.
enum LibPhoneNumberError: Error, Hashable, CustomStringConvertible {
    /// libphonenumber's verdict: the parse error or possibility reason, by its PROTOCOL §3 name.
    case rejected(PhoneNumberError.Code)
    /// No verdict: the library threw or answered something the wrapper does not know.
    case failed(String)

    fileprivate init(status: Int32) {
        switch lpn_status(rawValue: status) {
        case LPN_NOT_A_NUMBER: self = .rejected(.notANumber)
        case LPN_INVALID_COUNTRY_CODE: self = .rejected(.invalidCountryCode)
        case LPN_TOO_SHORT_AFTER_IDD: self = .rejected(.tooShortAfterIDD)
        case LPN_TOO_SHORT_NSN: self = .rejected(.tooShortNSN)
        case LPN_TOO_SHORT: self = .rejected(.tooShort)
        case LPN_TOO_LONG: self = .rejected(.tooLong)
        case LPN_INVALID_LENGTH: self = .rejected(.invalidLength)
        case LPN_IS_POSSIBLE_LOCAL_ONLY: self = .rejected(.isPossibleLocalOnly)
        case LPN_OUTPUT_TOO_SMALL: self = .failed("the E.164 text did not fit in its buffer")
        default: self = .failed("libphonenumber threw or answered status \(status)")
        }
    }

    /// The PROTOCOL §3 code, or `FAILED: why`.
    var description: String {
        switch self {
        case .rejected(let code): code.rawValue
        case .failed(let why): "FAILED: \(why)"
        }
    }
}
