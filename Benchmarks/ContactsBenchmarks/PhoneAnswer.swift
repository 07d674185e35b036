import PhoneNumbers

/// One normalizer's answer to one phone string, as one integer so a pass over thousands of
/// inputs stores a word each: the E.164 digits (every calling code starts with a non-zero
/// digit, so they are far below the codes), or a code near `UInt64.max` for a PROTOCOL §3
/// rejection, or ``failed`` when libphonenumber gave no verdict.
struct PhoneAnswer: Hashable, CustomStringConvertible {
    let value: UInt64

    /// An accepted number: the digits after the `+`.
    init(e164 digits: UInt64) {
        value = digits
    }

    /// A rejection.
    init(_ code: PhoneNumberError.Code) {
        value = UInt64.max - UInt64(PhoneNumberError.Code.allCases.firstIndex(of: code) ?? 0)
    }

    /// libphonenumber threw or answered outside its enums.
    static let failed = PhoneAnswer(rawValue: UInt64.max - 1_000)

    private init(rawValue: UInt64) {
        value = rawValue
    }

    /// The answer written as the golden corpus and the known-differences list write it
    /// (`+14155552671`, `NOT_A_NUMBER`, `FAILED…`), or nil for other text.
    init?(text: String) {
        if text.hasPrefix("+"), let digits = UInt64(text.dropFirst()) {
            self.init(e164: digits)
        } else if let code = PhoneNumberError.Code(rawValue: text) {
            self.init(code)
        } else if text.hasPrefix("FAILED") {
            self = .failed
        } else {
            return nil
        }
    }

    /// `+digits`, the code's name, or `FAILED`.
    var description: String {
        let cases = PhoneNumberError.Code.allCases
        if value > UInt64.max - UInt64(cases.count) { return cases[Int(UInt64.max - value)].rawValue }
        if self == .failed { return "FAILED" }
        return "+\(value)"
    }

    /// ContactsCore's answer to `bytes` under `normalizer`.
    @inline(__always)
    static func ours(_ normalizer: PhoneNumberNormalizer, _ bytes: UnsafeBufferPointer<UInt8>) -> PhoneAnswer {
        do throws(PhoneNumberError) {
            return PhoneAnswer(e164: try normalizer.normalize(utf8: bytes).e164)
        } catch {
            return PhoneAnswer(error.code)
        }
    }

    /// libphonenumber's answer to `bytes` from `region`.
    @inline(__always)
    static func libPhoneNumber(_ region: LibPhoneNumber.Region, _ bytes: UnsafeBufferPointer<UInt8>) -> PhoneAnswer {
        do throws(LibPhoneNumberError) {
            return PhoneAnswer(e164: try LibPhoneNumber.normalize(utf8: bytes, region: region))
        } catch {
            switch error {
            case .rejected(let code): return PhoneAnswer(code)
            case .failed: return .failed
            }
        }
    }
}
