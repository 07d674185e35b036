#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// True when the UTF-8 bytes of `self` sort before those of `other` (code point order).
    ///
    /// Swift's `<` on `String` compares by Unicode canonical equivalence, which is not byte
    /// order; every "by bytes" ordering of the protocol goes through this instead.
    /// - Complexity: O(n), one `memcmp` over contiguous storage.
    package func utf8Precedes(_ other: String) -> Bool {
        ContactsSupport.withUTF8(of: self) { left in
            ContactsSupport.withUTF8(of: other) { right in ByteOrder.compare(left, right) < 0 }
        }
    }

    /// True when `self` and `other` have the same UTF-8 bytes.
    ///
    /// Swift's `==` on `String` is canonical equivalence; ids, JSON keys and every other
    /// "same bytes" test of the protocol go through this instead.
    /// - Complexity: O(n), one `memcmp` over contiguous storage.
    package func utf8Equals(_ other: String) -> Bool {
        // Equal bytes are canonically equivalent, so Swift's `==` (which rejects two unequal
        // small or ASCII strings without decoding them) is a fast filter; bytes decide.
        guard utf8.count == other.utf8.count, self == other else { return false }
        return ContactsSupport.withUTF8(of: self) { left in
            ContactsSupport.withUTF8(of: other) { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
    }
}

/// A string that compares, hashes and sorts by its UTF-8 bytes.
///
/// Swift's `String` equality is Unicode canonical equivalence (precomposed "é" equals "e" +
/// U+0301), but the protocol compares ids byte for byte: every dictionary or set keyed by an
/// id uses this wrapper, so two ids that differ in their bytes never merge.
public struct ExactString: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The string.
    public let string: String

    /// Wraps `string`.
    public init(_ string: String) {
        self.string = string
    }

    /// Equal when the UTF-8 bytes are equal.
    public static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.string.utf8Equals(rhs.string)
    }

    /// Ordered by UTF-8 bytes (code point order).
    public static func < (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.string.utf8Precedes(rhs.string)
    }

    /// Hashes the UTF-8 bytes.
    public func hash(into hasher: inout Hasher) {
        withUTF8(of: string) { hasher.combine(bytes: $0) }
        hasher.combine(0xFF as UInt8)  // no UTF-8 string contains 0xFF: a terminator
    }

    /// The string.
    public var description: String { string }
}
