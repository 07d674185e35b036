/// The key function of the phone tables: it maps an E.164 number to the 64-bit key whose top
/// bits choose the number's directory bucket.
///
/// Keys need not be distinct: the tables confirm every hit on the exact number, so a hasher
/// that sends every number to one key (as the tests do) gives the same answers, only slower.
public protocol PhoneKeyHasher: Sendable {
    /// The key of `number` (an E.164 number as the integer of its digits after `+`).
    ///
    /// Equal numbers must give equal keys, in every call, for the life of a table.
    func key(for number: UInt64) -> UInt64
}

/// The production key function: seeded XXH3-64 of the number's E.164 text.
///
/// The bytes hashed are the ASCII string `+` followed by the decimal digits of the number, so a
/// key equals what any XXH3 implementation gives for the E.164 text:
///
/// ```swift
/// let hasher = XXH3PhoneKeyHasher(seed: 42)
/// hasher.key(for: 14155552671) == XXH3.hash64("+14155552671", seed: 42)   // true
/// ```
///
/// The seed is a deployment parameter, so two deployments' tables are never comparable by
/// accident. It hides nothing: the space of phone numbers is small enough to enumerate.
public struct XXH3PhoneKeyHasher: PhoneKeyHasher, Hashable {
    /// The XXH3 seed.
    public let seed: UInt64

    /// A hasher with `seed`.
    public init(seed: UInt64) {
        self.seed = seed
    }

    /// Seeded XXH3-64 of `+` and the decimal digits of `number`, formatted on the stack.
    ///
    /// - Complexity: O(digits), no allocation.
    public func key(for number: UInt64) -> UInt64 {
        // 20 digits (the most a UInt64 has) and the '+' fit in 24 bytes.
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &text) { bytes in
            // Two digits per division halves the chain of dependent divisions.
            var rest = number
            var start = bytes.count
            while rest >= 10 {
                let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
                let (tens, ones) = UInt8(truncatingIfNeeded: pair).quotientAndRemainder(dividingBy: 10)
                bytes[start - 1] = UInt8(ascii: "0") &+ ones
                bytes[start - 2] = UInt8(ascii: "0") &+ tens
                start -= 2
                rest = quotient
            }
            if rest != 0 || start == bytes.count {
                start -= 1
                bytes[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
            }
            start -= 1
            bytes[start] = UInt8(ascii: "+")
            return XXH3.hash64(UnsafeRawBufferPointer(rebasing: bytes[start...]), seed: seed)
        }
    }
}
