/// Gathers the union of several slot sets and posting lists, counting the members once at the
/// end: a bitmap written in place when the union may hold more than one slot in 256, else
/// ascending runs merged once at the end.
struct SlotUnion {
    let universe: Int
    private var words: [UInt64]
    /// Ascending pieces; a piece that continues the previous one is appended to it.
    private var pieces: [[UInt32]] = []

    /// An empty union over `universe` slots; `expected` (an upper bound of the members) picks
    /// the bitmap when the result may be dense.
    init(universe: Int, expected: Int) {
        self.universe = universe
        let dense = expected * SlotSet.arrayDensityDivisor > universe
        words = dense ? [UInt64](repeating: 0, count: SlotSet.wordCount(universe: universe)) : []
    }

    private var isBitmap: Bool { !words.isEmpty }

    /// Adds the members of `set`.
    mutating func add(_ set: SlotSet) {
        guard !set.isEmpty else { return }
        if !isBitmap {
            if case .sorted(let members) = set.storage {
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

    /// Adds the slots of `postings` in `table`.
    mutating func add(_ postings: TrigramIndex.Postings, from table: TrigramIndex) {
        guard postings.count > 0 else { return }
        guard isBitmap else {
            add(table.decode(postings, universe: universe))
            return
        }
        table.addSlots(of: postings, to: &words)
    }

    /// Adds every slot of `range`.
    mutating func add(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        guard isBitmap else {
            append(range.map { UInt32($0) })
            return
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

    /// The union, counted.
    ///
    /// - Complexity: O(universe / 64) for a bitmap, O(n log p) for n slots in p pieces.
    func finish() -> SlotSet {
        guard isBitmap else {
            var merged = pieces
            while merged.count > 1 {
                merged = stride(from: 0, to: merged.count, by: 2).map { index in
                    index + 1 < merged.count ? SlotSet.merge(merged[index], merged[index + 1]) : merged[index]
                }
            }
            return SlotSet(sorted: merged.first ?? [], universe: universe).normalized()
        }
        let total = words.withUnsafeBufferPointer { $0.reduce(0) { $0 + $1.nonzeroBitCount } }
        return SlotSet(words: words, count: total, universe: universe).normalized()
    }

    /// Appends ascending `members` as a piece (onto the last one when they continue it).
    private mutating func append(_ members: [UInt32]) {
        guard let first = members.first else { return }
        if let last = pieces.last?.last, last < first {
            pieces[pieces.count - 1].append(contentsOf: members)
        } else {
            pieces.append(members)
        }
    }

    private mutating func switchToBitmap() {
        words = [UInt64](repeating: 0, count: SlotSet.wordCount(universe: universe))
        for piece in pieces {
            for slot in piece { words[Int(slot >> 6)] |= 1 << UInt64(slot & 63) }
        }
        pieces = []
    }
}
