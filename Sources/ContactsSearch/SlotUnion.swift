import ContactsSupport

/// Gathers the union of several slot sets and posting lists, counting the members once at the
/// end: ascending runs merged once at the end while they are few, a bitmap written in place
/// once they pass one slot in ``bitmapDensityDivisor`` (or a bitmap arrives, or the caller's
/// upper bound says the union will be dense).
///
/// A query whose upper bound is small, or whose parts turn out small, never pays for clearing,
/// counting and scanning a bitmap of the whole universe.
package struct SlotUnion {
    /// Runs holding more than one slot in this many become a bitmap: from there on, merging
    /// them costs more than a pass over the bitmap's words.
    package static let bitmapDensityDivisor = 128

    package let universe: Int
    private var words: [UInt64] = []
    /// Bitmap lists added but not ORed into `words` yet (see ``flushBitmaps(counting:)``): a
    /// union of several dense lists then reads each of them once, a block at a time, and
    /// counts the result in the same pass.
    private var pendingBitmaps: [(words: [UInt64], start: Int, count: Int)] = []
    /// Ascending pieces; a piece that continues the previous one is appended to it.
    private var pieces: [[UInt32]] = []
    /// The slots in `pieces` (repeats counted).
    private var pieceSlots = 0

    /// An empty union over `universe` slots; it starts as a bitmap when `expected` (an upper
    /// bound of the members) already passes the runs' limit.
    package init(universe: Int, expected: Int) {
        self.universe = universe
        if expected * Self.bitmapDensityDivisor > universe { switchToBitmap() }
    }

    private var isBitmap: Bool { !words.isEmpty }

    /// True when `more` slots added to the runs would make them a bitmap.
    private func outgrowsRuns(adding more: Int) -> Bool {
        (pieceSlots + more) * Self.bitmapDensityDivisor > universe
    }

    /// Adds the members of `set`.
    package mutating func add(_ set: SlotSet) {
        guard !set.isEmpty else { return }
        if !isBitmap {
            if case .sorted(let members) = set.storage, !outgrowsRuns(adding: members.count) {
                append(members)
                return
            }
            switchToBitmap()
        }
        words.withUnsafeMutableBufferPointer { words in
            switch set.storage {
            case .sorted(let members):
                for slot in members { words[Int(slot >> 6)] |= 1 << UInt64(slot & 63) }
            case .bitmap(let others):
                others.withUnsafeBufferPointer { others in
                    for index in 0..<words.count { words[index] |= others[index] }
                }
            }
        }
    }

    /// Adds the slots of `postings` in `table`; a bitmap list is only noted here, and ORed in
    /// with the others when the union is read.
    package mutating func add(_ postings: TrigramIndex.Postings, from table: TrigramIndex) {
        guard postings.count > 0 else { return }
        if !isBitmap {
            if case .bitmap = postings.base {
                switchToBitmap()
            } else if outgrowsRuns(adding: postings.count) {
                switchToBitmap()
            } else {
                add(table.decode(postings, universe: universe))
                return
            }
        }
        if case .bitmap(let start) = postings.base {
            pendingBitmaps.append((table.bitmapWords, start, min(table.wordsPerBitmap, words.count)))
        }
        table.addSlots(of: postings, to: &words)
    }

    /// Words per block of ``flushBitmaps(counting:)``: 4 KiB, which stays in the L1 cache while
    /// every pending list is ORed into it.
    private static let flushBlockWords = 512

    /// ORs the pending bitmap lists into `words`, block by block, and returns the members of
    /// the union when `counting` (else 0).
    ///
    /// - Complexity: O(universe / 64) per pending list, each list and the union read once.
    private mutating func flushBitmaps(counting: Bool) -> Int {
        var total = 0
        let pending = pendingBitmaps
        pendingBitmaps = []
        words.withUnsafeMutableBufferPointer { words in
            for blockStart in stride(from: 0, to: words.count, by: Self.flushBlockWords) {
                let blockEnd = min(words.count, blockStart + Self.flushBlockWords)
                for source in pending where blockStart < source.count {
                    let end = min(blockEnd, source.count)
                    source.words.withUnsafeBufferPointer { sourceWords in
                        BitmapWords.formUnion(
                            UnsafeMutableBufferPointer(rebasing: words[blockStart..<end]),
                            with: UnsafeBufferPointer(rebasing: sourceWords[(source.start + blockStart)...]))
                    }
                }
                if counting {
                    total += BitmapWords.count(UnsafeBufferPointer(rebasing: words[blockStart..<blockEnd]))
                }
            }
        }
        return total
    }

    /// Adds every slot of `range`.
    package mutating func add(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if !isBitmap {
            guard outgrowsRuns(adding: range.count) else {
                append(UInt32(range.lowerBound)..<UInt32(range.upperBound))
                return
            }
            switchToBitmap()
        }
        let first = range.lowerBound >> 6
        let last = (range.upperBound - 1) >> 6
        for index in first...last {
            var mask: UInt64 = ~0
            if index == first { mask &= ~0 << UInt64(range.lowerBound & 63) }
            if index == last, range.upperBound & 63 != 0 { mask &= (1 << UInt64(range.upperBound & 63)) - 1 }
            words[index] |= mask
        }
    }

    /// Merges the ascending runs gathered so far into one (a bitmap needs nothing).
    ///
    /// - Complexity: O(n log p) for n slots in p pieces.
    private mutating func consolidate() {
        guard !isBitmap, pieces.count > 1 else { return }
        pieces = [Self.merged(pieces)]
        pieceSlots = pieces[0].count
    }

    /// The members of `set` not in the union so far.
    ///
    /// - Complexity: O(set.count) bit tests for a bitmap; for runs, their merge (see
    ///   ``consolidate()``) and then one galloping walk.
    package mutating func removingMembers(from set: SlotSet) -> SlotSet {
        guard !set.isEmpty else { return set }
        guard isBitmap else {
            consolidate()
            guard let piece = pieces.first else { return set }
            return set.subtracting(SlotSet(sorted: piece, universe: universe))
        }
        _ = flushBitmaps(counting: false)
        return words.withUnsafeBufferPointer { words in
            set.filter { words[Int($0 >> 6)] & (1 << UInt64($0 & 63)) == 0 }
        }
    }

    /// The union, counted.
    ///
    /// - Complexity: O(universe / 64) for a bitmap, O(n log p) for n slots in p pieces.
    package mutating func finish() -> SlotSet {
        guard isBitmap else { return SlotSet(sorted: Self.merged(pieces), universe: universe).normalized() }
        let total = flushBitmaps(counting: true)
        return SlotSet(words: words, count: total, universe: universe).normalized()
    }

    /// The ascending union of ascending `pieces`, merged pairwise.
    private static func merged(_ pieces: [[UInt32]]) -> [UInt32] {
        var merged = pieces
        while merged.count > 1 {
            merged = stride(from: 0, to: merged.count, by: 2).map { index in
                index + 1 < merged.count ? SlotSet.merge(merged[index], merged[index + 1]) : merged[index]
            }
        }
        return merged.first ?? []
    }

    /// Appends ascending `members` as a piece (onto the last one when they continue it).
    private mutating func append(_ members: some Collection<UInt32>) {
        guard let first = members.first else { return }
        pieceSlots += members.count
        if let last = pieces.last?.last, last < first {
            pieces[pieces.count - 1].append(contentsOf: members)
        } else {
            pieces.append(Array(members))
        }
    }

    private mutating func switchToBitmap() {
        words = [UInt64](repeating: 0, count: SlotSet.wordCount(universe: universe))
        for piece in pieces {
            for slot in piece { words[Int(slot >> 6)] |= 1 << UInt64(slot & 63) }
        }
        pieces = []
        pieceSlots = 0
    }
}
