/// Gram keys: one to three code points packed into a `UInt64`, 21 bits each, every code point
/// stored plus one. So 1-, 2- and 3-grams share one key space without colliding, 0 is never a
/// key, and a key names its code points exactly (no hash: a posting list of a 1–3 code point
/// gram is exact, not a candidate list).
enum GramKey {
    /// The longest gram, in code points.
    static let maximumLength = 3

    private static let fieldBits: UInt64 = 21
    private static let twoMask: UInt64 = 1 << 42 - 1
    private static let threeMask: UInt64 = 1 << 63 - 1

    /// The key of `scalars` (1–3 code points).
    static func key(_ scalars: some Sequence<UInt32>) -> UInt64 {
        scalars.reduce(0) { $0 << fieldBits | UInt64($1 + 1) }
    }

    /// The keys a query needle's posting lists are read from: the whole needle when it has at
    /// most three code points (the list is then exact), else its distinct trigrams.
    static func lookupKeys(_ scalars: [UInt32]) -> [UInt64] {
        guard scalars.count > maximumLength else { return scalars.isEmpty ? [] : [key(scalars)] }
        var keys = Set<UInt64>()
        for start in 0...(scalars.count - maximumLength) {
            keys.insert(key(scalars[start..<start + maximumLength]))
        }
        return Array(keys)
    }

    /// Calls `body` with every 1-, 2- and 3-gram of the text in `bytes`, where 0xFF separates
    /// values (no gram spans two values). A gram may be reported more than once.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inline(__always)
    static func forEachSubstringGram(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void) {
        var window: UInt64 = 0
        var length = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == TextSeparator.byte {
                length = 0
                index += 1
                continue
            }
            let (scalar, width) = UTF8Scalars.scalar(at: index, in: bytes)
            index += width
            window = (window << fieldBits | UInt64(scalar + 1)) & threeMask
            length += 1
            body(UInt64(scalar + 1))
            if length >= 2 { body(window & twoMask) }
            if length >= 3 { body(window) }
        }
    }

    /// Calls `body` with the 1-, 2- and 3-code-point prefixes of every word (maximal run of
    /// word characters) of the text in `bytes`.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inline(__always)
    static func forEachWordPrefixGram(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void) {
        var prefix: UInt64 = 0
        var position = 0
        var index = 0
        while index < bytes.count {
            let (scalar, width) = UTF8Scalars.scalar(at: index, in: bytes)
            index += width
            guard SearchFolding.isWordScalar(scalar) else {
                position = 0
                continue
            }
            position += 1
            if position <= maximumLength {
                prefix = position == 1 ? UInt64(scalar + 1) : prefix << fieldBits | UInt64(scalar + 1)
                body(prefix)
            }
        }
    }
}

/// The byte that separates the values of one field in folded text (the emails of a contact,
/// its phone numbers' digits): 0xFF never occurs in UTF-8, so no needle can match across it.
enum TextSeparator {
    /// The separator byte.
    static let byte: UInt8 = 0xFF
}
