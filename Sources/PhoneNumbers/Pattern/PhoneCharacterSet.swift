/// A set of Unicode scalars matched by one position of a phone pattern: a literal, `\d`, or a
/// bracket class such as `[-x\u2010-\u2015 ]`.
///
/// Scalars are stored as the pattern wrote them (case-folded at parse time when the pattern
/// ignores case): ASCII members in a 128-bit mask, others as closed ranges, and `\d` as a flag
/// because it means every Unicode decimal digit (general category Nd).
package struct PhoneCharacterSet: Hashable, Sendable {
    /// Members below 0x40.
    private(set) var asciiLow: UInt64 = 0
    /// Members 0x40...0x7F, shifted down by 0x40.
    private(set) var asciiHigh: UInt64 = 0
    /// Members at or above 0x80, as sorted, non-overlapping closed ranges.
    private(set) var ranges: [ClosedRange<UInt32>] = []
    /// Whether every Unicode decimal digit (`\d`) belongs to the set.
    private(set) var includesDecimalDigits = false

    /// The empty set.
    package init() {}

    /// Adds one scalar.
    package mutating func insert(_ scalar: UInt32) {
        insert(scalar...scalar)
    }

    /// Adds every scalar of `range`.
    package mutating func insert(_ range: ClosedRange<UInt32>) {
        var lower = range.lowerBound
        while lower <= range.upperBound && lower < 0x80 {
            if lower < 0x40 {
                asciiLow |= 1 << UInt64(lower)
            } else {
                asciiHigh |= 1 << UInt64(lower - 0x40)
            }
            lower += 1
        }
        guard lower <= range.upperBound else { return }
        ranges.append(lower...range.upperBound)
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for next in ranges {
            if let last = merged.last, next.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, next.upperBound)
            } else {
                merged.append(next)
            }
        }
        ranges = merged
    }

    /// Adds `\d`.
    package mutating func insertDecimalDigits() {
        includesDecimalDigits = true
        insert(0x30...0x39)
    }

    /// Adds every member of `other`.
    package mutating func formUnion(_ other: PhoneCharacterSet) {
        asciiLow |= other.asciiLow
        asciiHigh |= other.asciiHigh
        for range in other.ranges { insert(range) }
        includesDecimalDigits = includesDecimalDigits || other.includesDecimalDigits
    }

    /// Whether the ASCII scalar `byte` (< 0x80) is a member.
    package func containsASCII(_ byte: UInt8) -> Bool {
        byte < 0x40 ? (asciiLow >> UInt64(byte)) & 1 == 1 : (asciiHigh >> UInt64(byte &- 0x40)) & 1 == 1
    }

    /// Whether the scalar (at or above 0x80) lies in one of the explicit ranges; `\d` is
    /// answered separately by the caller, which knows the Unicode rules.
    package func rangesContain(_ scalar: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].contains(scalar)
    }
}
