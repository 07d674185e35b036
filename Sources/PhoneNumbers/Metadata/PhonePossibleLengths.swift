/// The national-number lengths a region's numbers can have, and libphonenumber's test of a
/// length against them (`_test_number_length` with type UNKNOWN, which reads the general
/// description only).
package struct PhonePossibleLengths: Sendable, Equatable {
    /// Longest national significant number libphonenumber parses (`_MAX_LENGTH_FOR_NSN`).
    package static let longestNationalNumber = 17

    /// Bit n set: length n is possible.
    package let possible: UInt32
    /// Bit n set: length n is possible only for local dialling (without the area code).
    package let localOnly: UInt32
    /// Shortest possible length.
    package let minimum: Int
    /// Longest possible length.
    package let maximum: Int

    /// Lengths from the table; `possible` must not be empty and every length is 1–17.
    package init(possible: [Int], localOnly: [Int]) throws(PhoneMetadataError) {
        guard let minimum = possible.min(), let maximum = possible.max() else {
            throw PhoneMetadataError("a region without possible lengths")
        }
        var possibleMask: UInt32 = 0
        var localMask: UInt32 = 0
        for length in possible + localOnly {
            guard (1...Self.longestNationalNumber).contains(length) else {
                throw PhoneMetadataError("possible length \(length) out of range")
            }
        }
        for length in possible { possibleMask |= 1 << UInt32(length) }
        for length in localOnly { localMask |= 1 << UInt32(length) }
        self.possible = possibleMask
        self.localOnly = localMask
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The outcome of testing one length.
    package enum Check: Equatable {
        /// A possible length.
        case possible
        /// A length only dialable locally.
        case possibleLocalOnly
        /// Shorter than every possible length.
        case tooShort
        /// Longer than every possible length.
        case tooLong
        /// Between the shortest and the longest, but not possible.
        case invalidLength
    }

    /// libphonenumber's verdict for a national number of `length` digits, checked in its order:
    /// local-only lengths first, then the shortest, too short, too long, any other possible length.
    @inline(__always)
    package func check(_ length: Int) -> Check {
        let inRange = length >= 0 && length < 32
        if inRange && (localOnly >> UInt32(length)) & 1 == 1 { return .possibleLocalOnly }
        if length == minimum { return .possible }
        if length < minimum { return .tooShort }
        if length > maximum { return .tooLong }
        return inRange && (possible >> UInt32(length)) & 1 == 1 ? .possible : .invalidLength
    }
}
