import CPrefetch

extension HashedPhoneMultimap {
    /// The delta: every (number, payload) pair added or removed since the last merge, with
    /// whether it is held now, in one flat open-addressing table (no allocation per number),
    /// and a one-hash Bloom filter on the numbers' keys in front of it.
    ///
    /// Recording a change never reads the base: a pair's state here overrides the base's,
    /// whatever that is, so the reverse side of an upload index (whose books already say
    /// which pairs are new) records each change with one hash and one slot written. A lookup
    /// of a changed number reads the base and applies the number's pairs to it.
    ///
    /// The table grows with the pairs (16 bytes a slot, at most half full), so a new table's
    /// delta costs next to nothing; after a merge it keeps the size it reached (and its buffer),
    /// which the next cycle will most likely need again (so a table merged once holds its delta
    /// at that size between merges: about 2 to 4 bytes per base entry on the reverse side of
    /// uploads, a quarter of that on the phone table). The filter answers most lookups of
    /// unchanged numbers from a few hundred kilobytes at most (8 bits per pending pair at the
    /// merge threshold, 0.02 bytes per base entry), where the table itself would cost a cache
    /// miss.
    struct PendingChanges: Sendable {
        /// One recorded pair, 16 bytes; a `word` of 0 marks an empty slot (numbers are never 0).
        private struct Slot: BitwiseCopyable {
            /// The number's ``Entry/word`` in the base (its fingerprint above the number).
            var word: UInt64
            /// The payload.
            var payload: UInt32
            /// The number's key's top 32 bits, but for the lowest, which says whether the pair
            /// is held: they give the slot's home and the number's bucket (at most 31 bits).
            var keyHighAndState: UInt32

            /// The key's bits 33 to 63.
            var keyHigh: UInt32 { keyHighAndState &>> 1 }
            var isHeld: Bool { keyHighAndState & 1 != 0 }
        }

        /// A new table's smallest size, in slots.
        static let initialSlotCount = 64
        /// The table: a power of two of slots, at most half full.
        private var slots: [Slot]
        /// Bit `key & filterMask` is set for the key of every recorded pair's number.
        private var filter: [UInt64]
        private var filterMask: UInt64
        /// The number of recorded pairs.
        private(set) var count = 0

        /// An empty delta whose filter suits `capacity` pairs (the merge threshold), with a table
        /// of ``initialSlotCount`` slots.
        init(capacity: Int) {
            let words = Self.filterWords(forCapacity: capacity)
            filter = [UInt64](repeating: 0, count: words)
            filterMask = UInt64(64 * words - 1)
            slots = Self.emptySlots(Self.initialSlotCount)
        }

        /// Sizes the filter for `capacity` pairs (the merge threshold), after a merge: a new
        /// one only when the size changes (``drainSorted(bucketBits:_:)`` leaves it zeroed).
        mutating func fitFilter(toCapacity capacity: Int) {
            let words = Self.filterWords(forCapacity: capacity)
            guard words != filter.count else { return }
            filter = [UInt64](repeating: 0, count: words)
            filterMask = UInt64(64 * words - 1)
        }

        /// The filter's size in words for `capacity` pairs: a power of two of bits, at least
        /// ``Constants/pendingFilterBitsPerNumber`` per pair.
        private static func filterWords(forCapacity capacity: Int) -> Int {
            var bits = 64
            while bits < capacity * Constants.pendingFilterBitsPerNumber {
                bits <<= 1
            }
            return bits / 64
        }

        private static func emptySlots(_ count: Int) -> [Slot] {
            [Slot](repeating: Slot(word: 0, payload: 0, keyHighAndState: 0), count: count)
        }

        /// The bytes held: the table and the filter, by capacity.
        var storageBytes: Int {
            slots.capacity * MemoryLayout<Slot>.stride + filter.capacity * MemoryLayout<UInt64>.stride
        }

        /// Whether a number whose key is `key` may have recorded pairs (false: it has none).
        ///
        /// An empty delta (a table just built or merged) answers without reading its filter, a
        /// random read of up to a few hundred kilobytes that a probe would otherwise pay.
        @inline(__always)
        func mayHold(key: UInt64) -> Bool {
            guard count != 0 else { return false }
            let bit = key & filterMask
            return filter[Int(truncatingIfNeeded: bit &>> 6)] & (1 &<< (bit & 63)) != 0
        }

        /// `current` (the base's ascending payloads of the number whose word is `word` and key
        /// is `key`) with the number's recorded pairs applied, ascending; nil when it has none.
        ///
        /// - Complexity: O(c + k + d log d) for c slots in the number's cluster, k payloads in
        ///   `current` and d pairs of the number recorded.
        func payloads(applyingTo current: some Collection<UInt32>, word: UInt64, key: UInt64) -> [UInt32]? {
            var held: [UInt32] = []
            var dropped: [UInt32] = []
            var found = false
            withSlots { slots in
                var index = Self.home(of: Self.keyHigh(key), in: slots.count)
                while slots[index].word != 0 {
                    let slot = slots[index]
                    if slot.word == word {
                        found = true
                        if slot.isHeld {
                            held.append(slot.payload)
                        } else {
                            dropped.append(slot.payload)
                        }
                    }
                    index = (index + 1) & (slots.count - 1)
                }
            }
            guard found else { return nil }
            held.sort()
            dropped.sort()
            // A merge of `current` without `dropped` and `held`, all three ascending.
            var result = [UInt32]()
            result.reserveCapacity(current.count + held.count)
            var nextHeld = 0
            var nextDropped = 0
            for payload in current {
                while nextHeld < held.count && held[nextHeld] <= payload {
                    if held[nextHeld] < payload { result.append(held[nextHeld]) }
                    nextHeld += 1
                }
                while nextDropped < dropped.count && dropped[nextDropped] < payload {
                    nextDropped += 1
                }
                if nextDropped == dropped.count || dropped[nextDropped] != payload {
                    result.append(payload)
                }
            }
            result += held[nextHeld...]
            return result
        }

        /// Records that `payload` is now held (or not) by the number whose word in the base is
        /// `word` and whose key is `key`.
        ///
        /// - Complexity: O(c) for c slots in the number's cluster (a few: the table is at most
        ///   half full); amortized O(1) for the table's growth.
        mutating func record(_ payload: UInt32, held: Bool, word: UInt64, key: UInt64) {
            assert(word != 0, "a number's word")
            let keyHigh = Self.keyHigh(key)
            let state = keyHigh &<< 1 | (held ? 1 : 0)
            let mask = slots.count - 1
            var index = Self.home(of: keyHigh, in: slots.count)
            while slots[index].word != 0 {
                if slots[index].word == word && slots[index].payload == payload {
                    slots[index].keyHighAndState = state
                    return
                }
                index = (index + 1) & mask
            }
            slots[index] = Slot(word: word, payload: payload, keyHighAndState: state)
            count += 1
            let bit = key & filterMask
            filter[Int(truncatingIfNeeded: bit &>> 6)] |= 1 &<< (bit & 63)
            if 2 * count > slots.count {
                grow()
            }
        }

        /// Asks the processor to bring into the cache the slot where a pair of a number whose
        /// key is `key` would be recorded first.
        @inline(__always)
        func prefetchSlot(ofKey key: UInt64) {
            withSlots { slots in
                guard let base = slots.baseAddress else { return }
                contacts_prefetch(base + Self.home(of: Self.keyHigh(key), in: slots.count))
            }
        }

        /// Doubles the table, every pair placed again from its home.
        private mutating func grow() {
            var grown = Self.emptySlots(2 * slots.count)
            let mask = grown.count - 1
            for slot in slots where slot.word != 0 {
                var index = Self.home(of: slot.keyHigh, in: grown.count)
                while grown[index].word != 0 {
                    index = (index + 1) & mask
                }
                grown[index] = slot
            }
            slots = grown
        }

        /// Lends `merge` every recorded pair as a ``Change``, sorted by (bucket, word, payload)
        /// for a base of `bucketBits` directory bits, in the table's own memory; then empties the
        /// delta. The table and the filter keep their sizes and buffers, zeroed in place: a table
        /// changed at a steady pace (the reverse side of uploads) fills the table again next
        /// cycle, and a new buffer of that size (half a megabyte there) would come as fresh
        /// pages, each zeroed by the kernel on first touch, or would grow again from 64 slots.
        ///
        /// A pair's home slot is its key's top bits, as its bucket is, so the table read in order
        /// already lists the pairs by key, but for the few a collision pushed past a later home
        /// (and those probed past the table's end round to its start, which go to the end): the
        /// pairs are written as changes to the front of the table in slot order (change `i` at or
        /// before slot `i`), then an insertion sort finishes the order, moving each change about
        /// as far as its cluster is long.
        ///
        /// - Parameter merge: gets the table as scratch, holding the changes in its first
        ///   `count` records (see ``MergeScratch``); it may overwrite every record.
        /// - Complexity: O(n + m) for a table of n slots and m pairs of distinct keys (with
        ///   colliding keys the insertion sort degrades towards O(m²)); no allocation but for
        ///   the pairs probed round to the table's start.
        mutating func drainSorted(bucketBits: Int, _ merge: (_ scratch: MergeScratch, _ count: Int) -> Void) {
            precondition((0...31).contains(bucketBits), "a directory of at most 2^31 buckets")
            let pairCount = count
            // Empty once the slots are zeroed, at the end of the funnel (which checks).
            count = 0
            filter.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            withUnsafeMutableSlots { slots in
                let scratch = MergeScratch(UnsafeMutableRawBufferPointer(slots))
                // The bucket is the key's top `bucketBits` bits (see ``Base/locate(_:key:bits:)``).
                let bucketShift = UInt32(31 - bucketBits)
                var wrapped: [Change] = []
                var written = 0
                for index in slots.indices where slots[index].word != 0 {
                    let slot = slots[index]
                    let change = Change(
                        bucket: slot.keyHigh &>> bucketShift, word: slot.word, payload: slot.payload,
                        held: slot.isHeld)
                    if Self.home(of: slot.keyHigh, in: slots.count) > index {
                        wrapped.append(change)
                    } else {
                        scratch[written, as: Change.self] = change
                        written += 1
                    }
                }
                for change in wrapped {
                    scratch[written, as: Change.self] = change
                    written += 1
                }
                assert(written == pairCount, "every pair")
                for next in 1..<max(1, written)
                where scratch[next, as: Change.self].precedes(scratch[next - 1, as: Change.self]) {
                    let change = scratch[next, as: Change.self]
                    var hole = next
                    while hole > 0 && change.precedes(scratch[hole - 1, as: Change.self]) {
                        scratch[hole, as: Change.self] = scratch[hole - 1, as: Change.self]
                        hole -= 1
                    }
                    scratch[hole, as: Change.self] = change
                }
                merge(scratch, written)
                slots.update(repeating: Slot(word: 0, payload: 0, keyHighAndState: 0))
            }
        }

        /// The one funnel to an unsafe view of the slots, for reading; its subscripts check
        /// bounds in debug builds.
        @inline(__always)
        private func withSlots<R>(_ body: (UnsafeBufferPointer<Slot>) -> R) -> R {
            slots.withUnsafeBufferPointer(body)
        }

        /// The one funnel to a mutable unsafe view of the slots (single slots are written
        /// through the array); the invariants are checked once `body` is done, in debug builds.
        @inline(__always)
        private mutating func withUnsafeMutableSlots<R>(_ body: (UnsafeMutableBufferPointer<Slot>) -> R) -> R {
            defer { _checkInvariants() }
            return slots.withUnsafeMutableBufferPointer { body($0) }
        }

        /// Traps when the table is broken: a size that is not a power of two of at least
        /// ``initialSlotCount`` slots, more than half of them used, a used count that is not
        /// ``count``, a pair recorded twice, or a pair that a probe from its home would not
        /// reach (an empty slot between). A no-op unless built for debugging.
        ///
        /// - Complexity: O(n) for n slots, in debug builds.
        func _checkInvariants() {
            #if DEBUG
                precondition(slots.count >= Self.initialSlotCount && slots.count & (slots.count - 1) == 0, "table size")
                precondition(filter.count.nonzeroBitCount == 1 && filterMask == UInt64(64 * filter.count - 1), "filter")
                var used = 0
                var seen = Set<[UInt64]>()
                for index in slots.indices where slots[index].word != 0 {
                    let slot = slots[index]
                    used += 1
                    precondition(seen.insert([slot.word, UInt64(slot.payload)]).inserted, "a pair recorded twice")
                    var probe = Self.home(of: slot.keyHigh, in: slots.count)
                    while probe != index {
                        precondition(slots[probe].word != 0, "a pair past an empty slot")
                        probe = (probe + 1) & (slots.count - 1)
                    }
                }
                precondition(used == count && 2 * used <= slots.count, "used slots")
            #endif
        }

        /// Bits 33 to 63 of `key`, in the low 31 bits.
        @inline(__always)
        private static func keyHigh(_ key: UInt64) -> UInt32 {
            UInt32(truncatingIfNeeded: key &>> 33)
        }

        /// The first slot a number whose key's top bits are `keyHigh` may sit in: the key's
        /// top log2(`slotCount`) bits, so that homes ascend with keys (see ``drainSorted(bucketBits:_:)``).
        @inline(__always)
        private static func home(of keyHigh: UInt32, in slotCount: Int) -> Int {
            let bits = UInt64(slotCount.trailingZeroBitCount)
            return Int(truncatingIfNeeded: (UInt64(keyHigh) &<< 33) &>> (64 &- bits))
        }
    }
}
