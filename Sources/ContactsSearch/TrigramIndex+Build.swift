import ContactsSupport

extension TrigramIndex {
    /// Builds the base over slots `0..<slotCount` taken in *runs*: run `r` is the slots
    /// `runStarts[r] ..< runStarts[r + 1]` (ascending, covering every slot), or slot `r` alone
    /// when `runStarts` is nil, and `forEachGram(r, report)` reports every gram of each of its
    /// slots (repeats are fine). Only the grams for which `keeping(key, slotCount)` holds are
    /// listed (all by default).
    ///
    /// Two passes over the grams keep memory at the size of the result: the first counts each
    /// gram's slots and the bytes its delta varints take, which fixes every list's place and
    /// encoding; the second writes the lists in place. Slots sharing their grams (the contacts
    /// of one display name) are taken as one run, so their grams are read and looked up once.
    ///
    /// - Complexity: O(r·t + n + g log g) for r runs of t grams, n slots listed, g distinct
    ///   grams.
    package static func build(
        slotCount: Int, runStarts: [UInt32]? = nil, keeping: (_ key: UInt64, _ slots: Int) -> Bool = { _, _ in true },
        forEachGram: (Int, (UInt64) -> Void) -> Void
    ) -> TrigramIndex {
        let runCount = runStarts.map { $0.count - 1 } ?? slotCount
        /// The first slot and the slot past the end of run `run`.
        func bounds(of run: Int) -> (first: UInt32, end: UInt32) {
            runStarts.map { ($0[run], $0[run + 1]) } ?? (UInt32(run), UInt32(run + 1))
        }
        let table = GramTable()
        for run in 0..<runCount {
            let (first, end) = bounds(of: run)
            guard first < end else { continue }
            let last = end - 1
            forEachGram(run) { key in
                table.withState(for: key) { state in
                    guard state.last != last else { return }
                    let gap = state.count == 0 ? first : first - state.last - 1
                    // The run's later slots follow with gaps of 0, a byte each.
                    state.size += Varint.size(of: UInt64(gap)) + Int(last - first)
                    state.count += end - first
                    state.last = last
                }
            }
        }

        // Lay the lists out in key order; a list becomes a bitmap when that is smaller.
        let wordsPerBitmap = SlotSet.wordCount(universe: slotCount)
        let preference = TrigramIndex.bitmapPreference(slotCount: slotCount)
        var order: [Int] = []
        for index in table.occupiedIndices() {
            if keeping(table.states[index].key, Int(table.states[index].count)) {
                order.append(index)
            } else {
                table.states[index].last = GramTable.excluded
            }
        }
        order.sort { table.states[$0].key < table.states[$1].key }
        var keys: [UInt64] = []
        keys.reserveCapacity(order.count)
        var listStarts: [Int] = []
        listStarts.reserveCapacity(order.count + 1)
        var headers: [UInt8] = []
        var bitmapCount = 0
        var offset = 0
        for index in order {
            let state = table.states[index]
            let isBitmap = wordsPerBitmap * 8 < state.size * preference
            keys.append(state.key)
            listStarts.append(offset)
            headers.removeAll(keepingCapacity: true)
            Varint.append(UInt64(state.count) << 1 | (isBitmap ? 1 : 0), to: &headers)
            if isBitmap {
                Varint.append(UInt64(bitmapCount), to: &headers)
                table.states[index].size = -(bitmapCount * wordsPerBitmap) - 1
                bitmapCount += 1
                offset += headers.count
            } else {
                table.states[index].size = offset + headers.count
                offset += headers.count + state.size
            }
            table.states[index].last = .max
        }
        listStarts.append(offset)

        // Both are written at scattered places, list after list: huge pages spare most of the
        // page-table walks (``HugePages``).
        var lists: [UInt8] = HugePages.array(count: offset) { $0.initialize(repeating: 0) }
        var bitmapWords: [UInt64] = HugePages.array(count: bitmapCount * wordsPerBitmap) { $0.initialize(repeating: 0) }
        lists.withUnsafeMutableBufferPointer { lists in
            for (position, index) in order.enumerated() {
                let state = table.states[index]
                var headerOffset = listStarts[position]
                headerOffset = Varint.write(
                    UInt64(state.count) << 1 | (state.size < 0 ? 1 : 0), to: lists, at: headerOffset)
                if state.size < 0 {
                    _ = Varint.write(UInt64((-state.size - 1) / max(1, wordsPerBitmap)), to: lists, at: headerOffset)
                }
            }
            bitmapWords.withUnsafeMutableBufferPointer { words in
                for run in 0..<runCount {
                    let (first, end) = bounds(of: run)
                    guard first < end else { continue }
                    let last = end - 1
                    forEachGram(run) { key in
                        table.withState(for: key) { state in
                            guard state.last != last, state.last != GramTable.excluded else { return }
                            if state.size < 0 {
                                for slot in Int(first)..<Int(end) {
                                    words[-state.size - 1 + (slot >> 6)] |= 1 << UInt64(slot & 63)
                                }
                            } else {
                                let gap = state.last == .max ? first : first - state.last - 1
                                // The run's later slots: gaps of 0, already in the zeroed bytes.
                                state.size =
                                    Varint.write(UInt64(gap), to: lists, at: state.size) + Int(last - first)
                            }
                            state.last = last
                        }
                    }
                }
            }
        }
        return TrigramIndex(
            keys: keys, listStarts: listStarts, lists: lists, bitmapWords: bitmapWords, baseSlotCount: slotCount)
    }
}

/// Per-gram counters while building: an open-addressing hash table (linear probing, key 0
/// marks a free entry; gram keys are never 0). A class over manually allocated entries, so
/// that the build's closures update an entry in place, without the checks of a copy-on-write
/// array.
private final class GramTable {
    struct State {
        var key: UInt64 = 0
        /// The last slot counted or written (`.max` before the first).
        var last: UInt32 = .max
        var count: UInt32 = 0
        /// Pass one: the bytes of the delta varints. Pass two: the write offset in the list
        /// bytes, or for a bitmap list `-(first word) - 1`.
        var size = 0
    }

    /// `last` of a gram left out of the index (no slot number reaches it: slots are below
    /// `UInt32.max - 1`).
    static let excluded = UInt32.max - 1

    /// The table is at most half full, so probes stay short.
    private static let maximumLoadDivisor = 2

    /// The entries (a power of two of them).
    private(set) var states: UnsafeMutableBufferPointer<State>
    private var occupied = 0
    private var shift = UInt64(64 - 10)

    init() {
        states = .allocate(capacity: 1 << 10)
        states.initialize(repeating: State())
    }

    deinit {
        states.deallocate()
    }

    /// Calls `body` with the state of `key`, inserting it first when new.
    @inline(__always)
    func withState(for key: UInt64, _ body: (inout State) -> Void) {
        let states = self.states
        let mask = states.count - 1
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let found = states[index].key
            if found == key {
                body(&states[index])
                return
            }
            if found == 0 { break }
            index = (index + 1) & mask
        }
        states[index].key = key
        occupied += 1
        body(&states[index])
        if occupied * Self.maximumLoadDivisor > states.count { grow() }
    }

    /// The indices of occupied entries.
    func occupiedIndices() -> [Int] {
        states.indices.filter { states[$0].key != 0 }
    }

    private func grow() {
        let old = states
        defer { old.deallocate() }
        states = .allocate(capacity: old.count * 2)
        states.initialize(repeating: State())
        shift -= 1
        let mask = states.count - 1
        for state in old where state.key != 0 {
            var index = Int(truncatingIfNeeded: (state.key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while states[index].key != 0 { index = (index + 1) & mask }
            states[index] = state
        }
    }
}
