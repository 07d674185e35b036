import PhoneNumbers

/// Why a matching structure refused a change; a refused change leaves the structure as it was.
package enum MatchingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The number is not an E.164 number held as an integer (1 to 19 digits, not zero).
    case numberOutOfRange(UInt64)
    /// A bulk build was given parallel arrays of different lengths.
    case countMismatch(expected: Int, actual: Int)
    /// The change would grow the structure past `limit` entries (offsets are 32-bit).
    case capacityExceeded(limit: Int)
    /// A book-by-book build was given a second book of the same owner.
    case ownerRepeated(UInt32)

    /// One line naming what is wrong.
    package var description: String {
        switch self {
        case .numberOutOfRange(let number):
            "phone number \(number) is not an E.164 number (1 to \(PhoneNumber.maximumDigitCount) digits, not zero)"
        case .countMismatch(let expected, let actual):
            "bulk build arrays differ in length: \(expected) numbers but \(actual) values"
        case .capacityExceeded(let limit):
            "the table would hold more than \(limit) entries"
        case .ownerRepeated(let owner):
            "the book of owner \(owner) was added twice"
        }
    }
}

/// The range of E.164 numbers as integers: all the digits after `+`, up to
/// ``PhoneNumbers/PhoneNumber/largestE164`` (every number libphonenumber calls possible).
///
/// A country calling code never starts with 0, so the integer loses no leading digit.
package enum E164Numbers {
    /// Whether `number` can be an E.164 number: 1 ... `PhoneNumber.largestE164`.
    @inline(__always)
    package static func contains(_ number: UInt64) -> Bool {
        number != 0 && number <= PhoneNumber.largestE164
    }

    /// Throws ``MatchingError/numberOutOfRange(_:)`` unless `number` can be an E.164 number.
    package static func validate(_ number: UInt64) throws(MatchingError) {
        guard contains(number) else { throw .numberOutOfRange(number) }
    }
}
