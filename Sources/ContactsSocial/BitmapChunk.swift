import ContactsSupport

/// One dense chunk of an ``AdaptiveSet``: a 2^16-bit bitmap of the low 16 bits of its
/// members, with its count kept and a rank directory (the set bits before each block of
/// ``blockWords`` words), so that a member's rank counts at most one block's words.
struct BitmapChunk: Sendable, Equatable {
    /// 64-bit words in one bitmap: 2^16 bits.
    static let wordCount = 1024
    /// Words in one block of the rank directory (512 bits).
    static let blockWords = 8
    /// Blocks in one bitmap.
    static let blockCount = wordCount / blockWords

    /// The high 16 bits shared by the members.
    let key: UInt16
    /// The number of set bits.
    private(set) var count: Int
    /// Bit `low` of the chunk is bit `low % 64` of `words[low / 64]`; always 1,024 words.
    private(set) var words: [UInt64]
    /// `blockRanks[b]`: the set bits in the blocks before block `b` (at most 2^16 − 512, so
    /// 16 bits hold it); always ``blockCount`` entries.
    private(set) var blockRanks: [UInt16]

    /// A bitmap holding `lows` (ascending, no repeats).
    init(key: UInt16, ascending lows: some Collection<UInt16>) {
        self.key = key
        count = lows.count
        words = [UInt64](repeating: 0, count: Self.wordCount)
        for low in lows {
            words[Int(low >> 6)] |= 1 << UInt64(low & 63)
        }
        blockRanks = Self.blockRanks(of: words)
    }

    /// The rank directory of `words`.
    private static func blockRanks(of words: [UInt64]) -> [UInt16] {
        var ranks = [UInt16](repeating: 0, count: blockCount)
        words.withUnsafeBufferPointer { words in
            var before = 0
            for block in 0..<blockCount {
                ranks[block] = UInt16(before)
                before += BitmapWords.count(
                    UnsafeBufferPointer(rebasing: words[(block * blockWords)..<((block + 1) * blockWords)]))
            }
        }
        return ranks
    }

    /// True when bit `low` is set.
    @inline(__always)
    func contains(_ low: UInt16) -> Bool {
        words[Int(low >> 6)] & (1 << UInt64(low & 63)) != 0
    }

    /// The number of set bits below `low`.
    ///
    /// - Complexity: O(1): the directory's count before `low`'s block, plus at most
    ///   ``blockWords`` words' popcounts.
    func rank(of low: UInt16) -> Int {
        let blockStart = Int(low) & ~(Self.blockWords * 64 - 1)
        return Int(blockRanks[Int(low) / (Self.blockWords * 64)])
            + withWords { BitmapWords.count($0, in: blockStart..<Int(low)) }
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
        for block in (wordIndex / Self.blockWords + 1)..<Self.blockCount { blockRanks[block] += 1 }
        return true
    }

    /// Clears bit `low` (which must be set).
    mutating func remove(_ low: UInt16) {
        let wordIndex = Int(low >> 6)
        words[wordIndex] &= ~(1 << UInt64(low & 63))
        count -= 1
        for block in (wordIndex / Self.blockWords + 1)..<Self.blockCount { blockRanks[block] -= 1 }
    }

    /// Checks the chunk: 1,024 words whose set bits are the kept count, and a rank directory
    /// that agrees with them.
    func _checkInvariants() throws(InvariantViolation) {
        guard words.count == Self.wordCount else {
            throw InvariantViolation("bitmap \(key) has \(words.count) words")
        }
        let bits = withWords { BitmapWords.count($0) }
        guard bits == count else {
            throw InvariantViolation("bitmap \(key) keeps count \(count) but has \(bits) bits")
        }
        guard blockRanks == Self.blockRanks(of: words) else {
            throw InvariantViolation("bitmap \(key)'s rank directory disagrees with its words")
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
