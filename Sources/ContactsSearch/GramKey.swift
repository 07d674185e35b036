import ContactsSupport

/// Gram keys: one to three code points packed into a `UInt64`, 21 bits each, every code point
/// stored plus one. So 1-, 2- and 3-grams share one key space without colliding, 0 is never a
/// key, and a key names its code points exactly (no hash: a posting list of a 1–3 code point
/// gram is exact, not a candidate list).
package enum GramKey {
    /// The longest gram, in code points.
    package static let maximumLength = 3

    private static let fieldBits: UInt64 = 21
    private static let twoMask: UInt64 = 1 << 42 - 1
    private static let threeMask: UInt64 = 1 << 63 - 1

    /// The key of `scalars` (1–3 code points).
    package static func key(_ scalars: some Sequence<UInt32>) -> UInt64 {
        scalars.reduce(0) { $0 << fieldBits | UInt64($1 + 1) }
    }

    /// The keys a query needle's posting lists are read from: the whole needle when it has at
    /// most three code points (the list is then exact), else its distinct trigrams — only those
    /// starting before code point `limit` when given (the local-part table holds no others).
    package static func lookupKeys(_ scalars: [UInt32], startingBefore limit: Int = .max) -> [UInt64] {
        guard scalars.count > maximumLength else { return scalars.isEmpty ? [] : [key(scalars)] }
        return distinct(
            (0...min(scalars.count - maximumLength, limit - 1)).map { start in
                key(scalars[start..<start + maximumLength])
            })
    }

    /// `keys` sorted, each once: a query has a few dozen keys, for which sorting in place
    /// costs less than a set's hashing and allocation.
    private static func distinct(_ keys: [UInt64]) -> [UInt64] {
        var keys = keys
        keys.sort()
        var kept = 0
        for index in keys.indices where kept == 0 || keys[kept - 1] != keys[index] {
            keys[kept] = keys[index]
            kept += 1
        }
        keys.removeLast(keys.count - kept)
        return keys
    }

    /// Calls `body` with every 1-, 2- and 3-gram of the text in `bytes`, where 0xFF separates
    /// values (no gram spans two values). A gram may be reported more than once.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inline(__always)
    package static func forEachSubstringGram(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void) {
        forEachValue(in: bytes) { forEachGram(in: $0, startingBefore: $0.count, body) }
    }

    /// Calls `body` with every 1- and 2-gram of the text in `bytes` (0xFF between values): the
    /// only grams ``isDense(slotCount:)`` can keep, so the dense lists' build skips the rest.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inline(__always)
    package static func forEachShortGram(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void) {
        forEachValue(in: bytes) { forEachGram(in: $0, startingBefore: $0.count, longest: 2, body) }
    }

    /// A 1-code-point gram is *dense* from one slot in this many on, a 2-code-point gram from
    /// one in twice as few…
    package static let denseDivisor = 32
    /// …and from this many slots at least (below, the distinct values are few enough).
    package static let denseMinimum = 2_048

    /// Whether a gram held by `slots` of `slotCount` slots is dense: a 1–2 code point gram
    /// common enough that its per-slot list (a bitmap) beats a union over the distinct values
    /// holding it.
    package static func isDense(slotCount: Int) -> (_ key: UInt64, _ slots: Int) -> Bool {
        { key, slots in
            key < 1 << (2 * fieldBits) && slots >= denseMinimum
                && slots * (key < 1 << fieldBits ? denseDivisor : denseDivisor / 2) >= slotCount
        }
    }

    /// The longest gram of phone digits: digits are a ten-letter alphabet, so 4-grams (10,000
    /// keys) stay selective where trigrams (1,000) are not, and a 4-digit needle — common
    /// while typing a number — is answered exactly.
    package static let maximumDigitLength = 4

    /// The key of four ASCII digits: bit 63 set (no 1–3 gram key has it), the digits in
    /// nibbles.
    package static func digitKey(_ digits: some Collection<UInt8>) -> UInt64 {
        digits.reduce(0) { $0 << 4 | UInt64($1 &- 0x30) } | 1 << 63
    }

    /// Calls `body` with the 1–3 grams and the 4-grams (``digitKey(_:)``) of the digit strings
    /// in `bytes` (0xFF between them).
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inline(__always)
    package static func forEachDigitGram(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void) {
        forEachValue(in: bytes) { digits in
            forEachGram(in: digits, startingBefore: digits.count, body)
            guard digits.count >= maximumDigitLength else { return }
            for start in 0...(digits.count - maximumDigitLength) {
                body(digitKey(digits[start..<start + maximumDigitLength]))
            }
        }
    }

    /// The keys a digit needle's lists are read from, and whether they are exact: the needle's
    /// own gram up to four digits, else its distinct 4-grams.
    package static func digitLookupKeys(_ digits: [UInt8]) -> (keys: [UInt64], isExact: Bool) {
        switch digits.count {
        case 0: return ([], true)
        case 1...maximumLength: return ([key(digits.map(UInt32.init))], true)
        case maximumDigitLength: return ([digitKey(digits)], true)
        default:
            let keys = distinct(
                (0...(digits.count - maximumDigitLength)).map { digitKey(digits[$0..<$0 + maximumDigitLength]) })
            return (keys, false)
        }
    }

    /// Calls `body` with the grams of the emails in `bytes` (0xFF between them) that start
    /// before an email's first `@` — the local-part side of the domain ``ValueTable``.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inline(__always)
    package static func forEachLocalPartGram(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void) {
        forEachValue(in: bytes) { email in
            forEachGram(in: email, startingBefore: email.firstIndex(of: at) ?? email.count, body)
        }
    }

    /// Calls `body` with the domain segment (from the first `@` on) of each email in `bytes`
    /// (0xFF between them) that has one.
    package static func forEachDomainSegment(
        in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        forEachValue(in: bytes) { email in
            if let start = email.firstIndex(of: at) { body(UnsafeBufferPointer(rebasing: email[start...])) }
        }
    }

    /// The `@` of an email address.
    package static let at = UInt8(ascii: "@")

    /// Calls `body` with each 0xFF-separated value of `bytes` (empty ones included).
    @inline(__always)
    package static func forEachValue(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
    {
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == TextSeparator.byte {
            body(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            start = index + 1
        }
    }

    /// Calls `body` with the grams of one value of at most `longest` code points (1 to 3) that
    /// start before byte `limit`.
    @inline(__always)
    private static func forEachGram(
        in bytes: UnsafeBufferPointer<UInt8>, startingBefore limit: Int, longest: Int = maximumLength,
        _ body: (UInt64) -> Void
    ) {
        var window: UInt64 = 0
        var length = 0
        // Byte offsets of the last three code points, newest first.
        var (current, previous, beforePrevious) = (0, 0, 0)
        var index = 0
        while index < bytes.count {
            let (scalar, width) = UTF8Scalars.scalar(at: index, in: bytes)
            (beforePrevious, previous, current) = (previous, current, index)
            index += width
            window = (window << fieldBits | UInt64(scalar + 1)) & threeMask
            length += 1
            if current < limit { body(UInt64(scalar + 1)) }
            if length >= 2, previous < limit { body(window & twoMask) }
            if length >= 3, longest >= 3, beforePrevious < limit { body(window) }
        }
    }

    /// Calls `body` with the 1-, 2- and 3-code-point prefixes of every word (maximal run of
    /// word characters) of the text in `bytes`.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inline(__always)
    package static func forEachWordPrefixGram(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void) {
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
