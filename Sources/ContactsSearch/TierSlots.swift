import ContactsSupport

/// Slots of the base in ranking order (ascending, which in the base is ranking order) that a
/// page enters at any rank: a tier of a query's matches (``TierSlots``), a listing of
/// `fetchContacts` (``FoldedTextStore/Listing``). A page merges them with the delta's slots of
/// the same tier by counting (see `SearchTables.emit`), never by walking the ranks before it.
package protocol RankedSlots {
    /// The number of slots.
    var count: Int { get }
    /// Calls `body` with the slots from rank `rank` on (0 is the first), ascending, until it
    /// returns false.
    func forEach(fromRank rank: Int, _ body: (UInt32) -> Bool)
    /// The slot at `rank`, which is below ``count``.
    func slot(atRank rank: Int) -> UInt32
}

extension RankedSlots {
    /// The first slot that ``forEach(fromRank:_:)`` reports from `rank`.
    package func slot(atRank rank: Int) -> UInt32 {
        precondition(rank >= 0 && rank < count, "a rank within the slots")
        var found: UInt32 = 0
        forEach(fromRank: rank) { slot in
            found = slot
            return false
        }
        return found
    }
}

/// The base slots of one ranking tier, ascending (which, in the base, is ranking order), with
/// their number: a page at any rank of the tier is found by counting, not by walking the ranks
/// before it.
///
/// ```swift
/// let tier = TierSlots(sorted: [3, 9, 40])
/// tier.forEach(fromRank: 1) { slot in print(slot); return true }   // 9, 40
/// ```
package struct TierSlots: RankedSlots {
    package enum Storage {
        /// Ascending slots.
        case sorted([UInt32])
        /// Bit `s % 64` of word `s / 64 - firstWord` set for each slot `s`.
        case bitmap(words: [UInt64], firstWord: Int)
    }

    /// Words counted at a time while looking for a rank in a bitmap: a block the bitmap
    /// kernel counts in one call, small enough that the rank's word is found soon after.
    private static let countBlockWords = 256

    package let storage: Storage
    /// The number of slots.
    package let count: Int

    /// No slots.
    package static let empty = TierSlots(sorted: [])

    /// The tier of ascending `slots`.
    package init(sorted slots: [UInt32]) {
        storage = .sorted(slots)
        count = slots.count
    }

    /// The tier of the bits set in `words` (word `i` covering slots `(firstWord + i) * 64 …`),
    /// `count` of them.
    package init(words: [UInt64], firstWord: Int, count: Int) {
        storage = .bitmap(words: words, firstWord: firstWord)
        self.count = count
    }

    /// Calls `body` with the slots from rank `rank` on (0 is the first), ascending, until it
    /// returns false.
    ///
    /// - Complexity: O(1) to reach the rank of a sorted tier, O(w / 256 + 256) for a bitmap of
    ///   w words; then O(1) a slot.
    package func forEach(fromRank rank: Int, _ body: (UInt32) -> Bool) {
        guard rank < count else { return }
        switch storage {
        case .sorted(let slots):
            var index = max(0, rank)
            while index < slots.count, body(slots[index]) { index += 1 }
        case .bitmap(let words, let firstWord):
            words.withUnsafeBufferPointer { words in
                var remaining = max(0, rank)
                var index = 0
                // Whole blocks, counted by the kernel, then whole words, then bits.
                while index + Self.countBlockWords <= words.count {
                    let block = BitmapWords.count(
                        UnsafeBufferPointer(rebasing: words[index..<index + Self.countBlockWords]))
                    if block > remaining { break }
                    remaining -= block
                    index += Self.countBlockWords
                }
                while index < words.count {
                    let bits = words[index].nonzeroBitCount
                    if bits > remaining { break }
                    remaining -= bits
                    index += 1
                }
                guard index < words.count else { return }
                var word = words[index]
                for _ in 0..<remaining { word &= word - 1 }
                while true {
                    while word != 0 {
                        let slot = UInt32((firstWord + index) << 6 | word.trailingZeroBitCount)
                        guard body(slot) else { return }
                        word &= word - 1
                    }
                    index += 1
                    guard index < words.count else { return }
                    word = words[index]
                }
            }
        }
    }
}

/// Small loops over slot bitmaps (bit `s % 64` of word `s / 64`) that the ranking needs.
package enum SlotBits {
    /// Sets the bits of the slots `range` in `words`.
    ///
    /// - Complexity: O(range / 64 + 1).
    package static func set(_ range: Range<Int>, in words: UnsafeMutableBufferPointer<UInt64>) {
        apply(range, in: words) { $0 |= $1 }
    }

    /// Clears the bits of the slots `range` in `words`.
    ///
    /// - Complexity: O(range / 64 + 1).
    package static func clear(_ range: Range<Int>, in words: UnsafeMutableBufferPointer<UInt64>) {
        apply(range, in: words) { $0 &= ~$1 }
    }

    /// The mask of the bits of `range` (slots) within word `index`.
    @inline(__always)
    package static func mask(of range: Range<Int>, inWord index: Int) -> UInt64 {
        let low = max(range.lowerBound - index << 6, 0)
        let high = min(range.upperBound - index << 6, 64)
        guard low < high else { return 0 }
        let upper: UInt64 = high == 64 ? ~0 : (1 << UInt64(high)) - 1
        return upper & ~((1 << UInt64(low)) - 1)
    }

    @inline(__always)
    private static func apply(
        _ range: Range<Int>, in words: UnsafeMutableBufferPointer<UInt64>, _ operation: (inout UInt64, UInt64) -> Void
    ) {
        guard !range.isEmpty else { return }
        let first = range.lowerBound >> 6
        let last = min((range.upperBound - 1) >> 6, words.count - 1)
        guard first <= last else { return }
        for index in first...last { operation(&words[index], mask(of: range, inWord: index)) }
    }
}

/// The three ranking tiers of a query's matches among the base slots, each built as a set
/// when asked for (``tier0()``, ``tiers1And2(wordOrdinals:names:)``).
package struct BaseTiers<Matches: RankedMatches> {
    package let matches: Matches
    /// The base slots whose names start with the query (tier 0's range).
    package let prefixRange: Range<Int>
    package let baseSlotCount: Int
    /// The number of matches in the prefix range (tier 0's size).
    package let tier0Count: () -> Int

    /// The matches in the prefix range.
    ///
    /// - Complexity: O(range / 64) for dense matches, O(m) for the m sparse ones in it.
    package func tier0() -> TierSlots {
        let range = prefixRange.clamped(to: 0..<baseSlotCount)
        guard !range.isEmpty else { return .empty }
        guard matches.isDense else { return TierSlots(sorted: matches.slots(in: range)) }
        let firstWord = range.lowerBound >> 6
        let wordCount = (range.upperBound - 1) >> 6 - firstWord + 1
        var total = 0
        let words = [UInt64](fillingCapacity: wordCount) { words, initialized in
            matches.copyWords(from: firstWord, into: words)
            words[0] &= SlotBits.mask(of: range, inWord: firstWord)
            words[wordCount - 1] &= SlotBits.mask(of: range, inWord: firstWord + wordCount - 1)
            total = BitmapWords.count(UnsafeBufferPointer(words))
            initialized = wordCount
        }
        return TierSlots(words: words, firstWord: firstWord, count: total)
    }

    /// Tier 1 (the matches in the runs of the names `wordOrdinals`, which holds none of tier
    /// 0's) and tier 2 (the other matches outside the prefix range).
    ///
    /// - Complexity: for dense matches O(n / 64 + r) for n base slots and the r runs of
    ///   `wordOrdinals` (a bitmap of the runs, ANDed with the matches'); for sparse ones
    ///   O(m log(n / m)) for their m matches (each match's name ordinal found by galloping).
    package func tiers1And2(wordOrdinals: SlotSet, names: NameTable) -> (TierSlots, TierSlots) {
        guard matches.isDense else { return sparseTiers1And2(wordOrdinals: wordOrdinals, names: names) }
        let wordCount = SlotSet.wordCount(universe: baseSlotCount)
        guard wordCount > 0 else { return (.empty, .empty) }
        var rest = [UInt64](repeating: 0, count: wordCount)
        rest.withUnsafeMutableBufferPointer { words in
            matches.copyWords(from: 0, into: words)
            SlotBits.clear(prefixRange, in: words)
            SlotBits.clear(baseSlotCount..<wordCount << 6, in: words)
        }
        guard !wordOrdinals.isEmpty else {
            let total = rest.withUnsafeBufferPointer { BitmapWords.count($0) }
            return (.empty, TierSlots(words: rest, firstWord: 0, count: total))
        }
        var runs = [UInt64](repeating: 0, count: wordCount)
        runs.withUnsafeMutableBufferPointer { runs in
            wordOrdinals.forEach { ordinal in
                SlotBits.set(names.slots(ofOrdinals: Int(ordinal)..<Int(ordinal) + 1), in: runs)
            }
        }
        var counts = (0, 0)
        let tier1 = [UInt64](fillingCapacity: wordCount) { output, initialized in
            rest.withUnsafeBufferPointer { rest in
                runs.withUnsafeBufferPointer { runs in
                    counts.0 = BitmapWords.combine(rest, runs, into: output, .and)
                }
            }
            initialized = wordCount
        }
        let tier2 = [UInt64](fillingCapacity: wordCount) { output, initialized in
            rest.withUnsafeBufferPointer { rest in
                runs.withUnsafeBufferPointer { runs in
                    counts.1 = BitmapWords.combine(rest, runs, into: output, .andNot)
                }
            }
            initialized = wordCount
        }
        return (
            TierSlots(words: tier1, firstWord: 0, count: counts.0),
            TierSlots(words: tier2, firstWord: 0, count: counts.1)
        )
    }

    /// Tiers 1 and 2 of sparse matches: each base match outside the prefix range is in tier 1
    /// when its name's ordinal is one of `wordOrdinals`.
    private func sparseTiers1And2(wordOrdinals: SlotSet, names: NameTable) -> (TierSlots, TierSlots) {
        var tier1: [UInt32] = []
        var tier2: [UInt32] = []
        var ordinal = 0
        // Ascending slots have non-decreasing name ordinals (the base is in name order).
        var inTierOne = SlotSet.AscendingProbe(wordOrdinals)
        matches.forEach(from: 0) { slot in
            guard Int(slot) < baseSlotCount else { return false }
            if prefixRange.contains(Int(slot)) { return true }
            if !wordOrdinals.isEmpty {
                ordinal = names.ordinal(ofSlot: slot, from: ordinal)
                if inTierOne.contains(UInt32(ordinal)) {
                    tier1.append(slot)
                    return true
                }
            }
            tier2.append(slot)
            return true
        }
        return (TierSlots(sorted: tier1), TierSlots(sorted: tier2))
    }
}
