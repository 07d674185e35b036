import ContactsSupport

/// One dense chunk of an ``AdaptiveSet``: a 2^16-bit bitmap of the low 16 bits of its
/// members, with its count kept.
struct BitmapChunk: Sendable, Equatable {
    /// 64-bit words in one bitmap: 2^16 bits.
    static let wordCount = 1024

    /// The high 16 bits shared by the members.
    let key: UInt16
    /// The number of set bits.
    private(set) var count: Int
    /// Bit `low` of the chunk is bit `low % 64` of `words[low / 64]`; always 1,024 words.
    private(set) var words: [UInt64]

    /// A bitmap holding `lows` (ascending, no repeats).
    init(key: UInt16, ascending lows: some Collection<UInt16>) {
        self.key = key
        count = lows.count
        words = [UInt64](repeating: 0, count: Self.wordCount)
        for low in lows {
            words[Int(low >> 6)] |= 1 << UInt64(low & 63)
        }
    }

    /// True when bit `low` is set.
    @inline(__always)
    func contains(_ low: UInt16) -> Bool {
        words[Int(low >> 6)] & (1 << UInt64(low & 63)) != 0
    }

    /// The number of set bits below `low`.
    ///
    /// - Complexity: O(low / 64) words, counted by the shared bitmap kernel (``BitmapWords``).
    func rank(of low: UInt16) -> Int {
        withWords { BitmapWords.count($0, in: 0..<Int(low)) }
    }

    /// Calls `body` with a view of the words: the one way the chunk's memory is read unsafely.
    @inline(__always)
    func withWords<R>(_ body: (UnsafeBufferPointer<UInt64>) throws -> R) rethrows -> R {
        try words.withUnsafeBufferPointer(body)
    }

    /// Sets bit `low`; true when it was clear.
    mutating func insert(_ low: UInt16) -> Bool {
        let bit: UInt64 = 1 << UInt64(low & 63)
        let wordIndex = Int(low >> 6)
        guard words[wordIndex] & bit == 0 else { return false }
        words[wordIndex] |= bit
        count += 1
        return true
    }

    /// Clears bit `low` (which must be set).
    mutating func remove(_ low: UInt16) {
        words[Int(low >> 6)] &= ~(1 << UInt64(low & 63))
        count -= 1
    }

    /// Checks the chunk: 1,024 words whose set bits are the kept count.
    func _checkInvariants() throws(InvariantViolation) {
        guard words.count == Self.wordCount else {
            throw InvariantViolation("bitmap \(key) has \(words.count) words")
        }
        let bits = withWords { BitmapWords.count($0) }
        guard bits == count else {
            throw InvariantViolation("bitmap \(key) keeps count \(count) but has \(bits) bits")
        }
    }

    /// The set bits, ascending.
    func ascendingLows() -> [UInt16] {
        var lows: [UInt16] = []
        lows.reserveCapacity(count)
        forEachLow { low, _ in lows.append(low) }
        return lows
    }

    /// Calls `body` with every set bit, ascending, and its rank among them.
    @inline(__always)
    func forEachLow(_ body: (UInt16, Int) throws -> Void) rethrows {
        try withWords { words in
            var rank = 0
            for wordIndex in 0..<words.count {
                var word = words[wordIndex]
                while word != 0 {
                    let bit = word.trailingZeroBitCount
                    try body(UInt16(truncatingIfNeeded: wordIndex << 6 | bit), rank)
                    rank += 1
                    word &= word &- 1
                }
            }
        }
    }
}
