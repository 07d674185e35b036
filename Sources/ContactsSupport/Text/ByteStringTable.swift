internal import CPrefetch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte strings (user ids, field values) numbered in the order they were first added, looked
/// up by their bytes in place: no `String` is made to find one.
///
/// Open addressing (linear probing) over the XXH3 hash of the bytes, with the table's own
/// random seed. The strings live end to end in one byte arena; a slot holds the ordinal, 32
/// bits of the hash and where the string's bytes are, so a probe reads the arena only for the
/// slot whose hash bits and length match. ``ordinals(of:)`` looks up a batch with the slots
/// and then the arena prefetched, so that the batch's cache misses overlap instead of
/// following one another. Removal shifts the probe chain back (no tombstones); the bytes of
/// removed strings are reclaimed once they are half the arena (and the slots shrunk to at
/// most 4 a string then). An ordinal is never given
/// twice: a string removed and added again gets the next one.
///
/// ```swift
/// var ids = ByteStringTable()
/// let (ordinal, inserted) = try ids.insert("u1")   // (0, true)
/// ids.ordinal(of: "u1")                            // 0
/// ```
///
/// - Complexity: O(1) expected per insert, lookup and removal (the table stays at most half
///   full); O(n) for the growth or arena compaction that an insert or removal may run, so
///   O(1) amortized. 16 B a slot (2–4 slots a string) plus the strings' bytes.
package struct ByteStringTable: Sendable {
    /// Why ``insert(_:)`` refused a string: the ordinals or the arena's bytes have reached what
    /// their 32-bit fields address.
    package struct Full: Error, Hashable, Sendable {}

    /// One entry of the open-addressed table; ``empty`` in `ordinal` marks a free slot.
    private struct Slot {
        var ordinal: UInt32 = ByteStringTable.empty
        /// The hash's upper 32 bits.
        var tag: UInt32 = 0
        /// Where the string's bytes start in `arena`, and how many there are.
        var start: UInt32 = 0
        var length: UInt32 = 0
    }

    private static let empty = UInt32.max

    private var slots: [Slot] = []
    /// The bytes of every string in, end to end, with `garbage` bytes of removed ones between.
    private var arena: [UInt8] = []
    private var garbage = 0
    private let seed: UInt64

    /// How many strings are in.
    package private(set) var count = 0
    /// How many ordinals have been given: the ordinal of the next new string.
    package private(set) var ordinalCount: UInt32 = 0

    /// The bytes the table holds: its slots and its arena, as allocated.
    package var byteCount: Int {
        slots.capacity * MemoryLayout<Slot>.stride + arena.capacity
    }

    /// An empty table with room for `minimumCapacity` strings before it grows.
    package init(minimumCapacity: Int = 0) {
        seed = UInt64.random(in: .min ... .max)
        var capacity = 16
        while capacity < 2 * minimumCapacity { capacity *= 2 }
        slots = [Slot](repeating: Slot(), count: capacity)
    }

    /// The ordinal of `bytes`: the one it had when it is in (`inserted` false), else the next
    /// one, given to it now.
    ///
    /// - Throws: ``Full`` when it is new and no ordinal or arena byte is left for it.
    @discardableResult
    package mutating func insert(_ bytes: UnsafeRawBufferPointer) throws(Full) -> (ordinal: UInt32, inserted: Bool) {
        let hash = XXH3.hash64(bytes, seed: seed)
        var slot = home(hash)
        while slots[slot].ordinal != Self.empty {
            if matches(slots[slot], hash, bytes) { return (slots[slot].ordinal, false) }
            slot = next(slot)
        }
        guard ordinalCount < Self.empty - 1, arena.count + bytes.count <= Int(UInt32.max) else { throw Full() }
        let ordinal = ordinalCount
        slots[slot] = Slot(
            ordinal: ordinal, tag: UInt32(truncatingIfNeeded: hash >> 32), start: UInt32(arena.count),
            length: UInt32(bytes.count))
        arena.append(contentsOf: bytes)
        ordinalCount += 1
        count += 1
        if 2 * count > slots.count { resize(to: slots.count * 2) }
        return (ordinal, true)
    }

    /// ``insert(_:)-(UnsafeRawBufferPointer)`` of the UTF-8 bytes of `string`.
    @discardableResult
    package mutating func insert(_ string: String) throws(Full) -> (ordinal: UInt32, inserted: Bool) {
        var string = string
        return try string.withUTF8 { utf8 in
            Result { () throws(Full) in try insert(UnsafeRawBufferPointer(utf8)) }
        }.get()
    }

    /// The ordinal of `bytes`, nil when it is not in.
    package func ordinal(of bytes: UnsafeRawBufferPointer) -> UInt32? {
        let hash = XXH3.hash64(bytes, seed: seed)
        var slot = home(hash)
        while slots[slot].ordinal != Self.empty {
            if matches(slots[slot], hash, bytes) { return slots[slot].ordinal }
            slot = next(slot)
        }
        return nil
    }

    /// The ordinal of the UTF-8 bytes of `string`, nil when it is not in.
    package func ordinal(of string: String) -> UInt32? {
        var string = string
        return string.withUTF8 { ordinal(of: UnsafeRawBufferPointer($0)) }
    }

    /// ``ordinals(of:)-(ByteStringList)`` of the UTF-8 bytes of `strings`.
    package func ordinals(of strings: [String]) -> [UInt32?] {
        ordinals(of: ByteStringList(strings))
    }

    /// The ordinals of a batch of strings, in order (nil for one not in): the same answers as
    /// ``ordinal(of:)-(UnsafeRawBufferPointer)`` for each, with every slot the batch starts
    /// at prefetched before the first is read, then every arena entry it compares.
    ///
    /// - Complexity: O(n) expected for n strings, with their cache misses overlapped.
    package func ordinals(of batch: ByteStringList) -> [UInt32?] {
        let count = batch.count
        guard count > 0 else { return [] }
        return withUnsafeTemporaryAllocation(of: Probe.self, capacity: count) { probes in
            batch.withStorage { strings, ends in
                slots.withUnsafeBufferPointer { slots in
                    arena.withUnsafeBytes { arena in
                        func string(_ index: Int) -> UnsafeRawBufferPointer {
                            UnsafeRawBufferPointer(rebasing: strings[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
                        }
                        for index in 0..<count {
                            let hash = XXH3.hash64(string(index), seed: seed)
                            probes[index] = Probe(hash: hash, slot: -1)
                            contacts_prefetch(slots.baseAddress! + home(hash))
                        }
                        // The first slot whose hash bits and length match is, but for a collision
                        // of those, the string's: its bytes are fetched now and compared below.
                        for index in 0..<count {
                            let hash = probes[index].hash
                            let tag = UInt32(truncatingIfNeeded: hash >> 32)
                            let length = UInt32(string(index).count)
                            var slot = home(hash)
                            while slots[slot].ordinal != Self.empty {
                                if slots[slot].tag == tag, slots[slot].length == length {
                                    probes[index].slot = slot
                                    contacts_prefetch(arena.baseAddress.map { $0 + Int(slots[slot].start) })
                                    break
                                }
                                slot = next(slot)
                            }
                        }
                        return [UInt32?](fillingCapacity: count) { ordinals, initialized in
                            for index in 0..<count {
                                let (slot, bytes) = (probes[index].slot, string(index))
                                let found: UInt32? =
                                    slot < 0
                                    ? nil
                                    : Self.sameBytes(slots[slot], bytes, in: arena)
                                        ? slots[slot].ordinal : ordinal(of: bytes)
                                (ordinals.baseAddress! + index).initialize(to: found)
                            }
                            initialized = count
                        }
                    }
                }
            }
        }
    }

    /// A batch string's hash and the slot whose hash bits and length match it (-1 for none).
    private struct Probe {
        var hash: UInt64
        var slot: Int
    }

    /// Takes `bytes` out; answers its ordinal, nil when it was not in.
    @discardableResult
    package mutating func remove(_ bytes: UnsafeRawBufferPointer) -> UInt32? {
        let hash = XXH3.hash64(bytes, seed: seed)
        var slot = home(hash)
        while slots[slot].ordinal != Self.empty {
            if matches(slots[slot], hash, bytes) { break }
            slot = next(slot)
        }
        let removed = slots[slot]
        guard removed.ordinal != Self.empty else { return nil }
        // Backward shift: each later member of the probe chain that may sit in the hole (its
        // home is not cyclically between the hole and itself) moves into it.
        var hole = slot
        var probe = next(hole)
        while slots[probe].ordinal != Self.empty {
            let wanted = home(rehash(slots[probe]))
            let distanceToProbe = (probe - wanted) & (slots.count - 1)
            let distanceToHole = (hole - wanted) & (slots.count - 1)
            if distanceToHole <= distanceToProbe {
                slots[hole] = slots[probe]
                hole = probe
            }
            probe = next(probe)
        }
        slots[hole] = Slot()
        count -= 1
        garbage += Int(removed.length)
        if garbage > 4_096, 2 * garbage > arena.count {
            var capacity = 16
            while capacity < 4 * count { capacity *= 2 }
            resize(to: min(capacity, slots.count))
        }
        return removed.ordinal
    }

    /// ``remove(_:)-(UnsafeRawBufferPointer)`` of the UTF-8 bytes of `string`.
    @discardableResult
    package mutating func remove(_ string: String) -> UInt32? {
        var string = string
        return string.withUTF8 { remove(UnsafeRawBufferPointer($0)) }
    }

    /// `body` over every string in with its ordinal, in no particular order.
    package func forEach(_ body: (UInt32, UnsafeRawBufferPointer) -> Void) {
        arena.withUnsafeBytes { arena in
            for slot in slots where slot.ordinal != Self.empty {
                body(
                    slot.ordinal,
                    UnsafeRawBufferPointer(rebasing: arena[Int(slot.start)..<Int(slot.start + slot.length)]))
            }
        }
    }

    @inline(__always)
    private func home(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash) & (slots.count - 1)
    }

    @inline(__always)
    private func next(_ slot: Int) -> Int {
        (slot + 1) & (slots.count - 1)
    }

    private func rehash(_ slot: Slot) -> UInt64 {
        arena.withUnsafeBytes { arena in
            XXH3.hash64(
                UnsafeRawBufferPointer(rebasing: arena[Int(slot.start)..<Int(slot.start + slot.length)]), seed: seed)
        }
    }

    @inline(__always)
    private func matches(_ slot: Slot, _ hash: UInt64, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard slot.tag == UInt32(truncatingIfNeeded: hash >> 32), Int(slot.length) == bytes.count else { return false }
        return arena.withUnsafeBytes { Self.sameBytes(slot, bytes, in: $0) }
    }

    /// Whether the string of `slot` (of the same length as `bytes`) is `bytes`.
    @inline(__always)
    private static func sameBytes(_ slot: Slot, _ bytes: UnsafeRawBufferPointer, in arena: UnsafeRawBufferPointer)
        -> Bool
    {
        guard let stored = arena.baseAddress, let wanted = bytes.baseAddress else { return bytes.isEmpty }
        return memcmp(stored + Int(slot.start), wanted, bytes.count) == 0
    }

    /// Places every string again in `capacity` slots, with the arena rewritten without the
    /// bytes of removed strings.
    private mutating func resize(to capacity: Int) {
        let old = slots
        var packed: [UInt8] = []
        packed.reserveCapacity(arena.count - garbage)
        slots = [Slot](repeating: Slot(), count: capacity)
        for var entry in old where entry.ordinal != Self.empty {
            let hash = rehash(entry)
            let start = packed.count
            packed.append(contentsOf: arena[Int(entry.start)..<Int(entry.start + entry.length)])
            entry.start = UInt32(start)
            var slot = home(hash)
            while slots[slot].ordinal != Self.empty { slot = next(slot) }
            slots[slot] = entry
        }
        arena = packed
        garbage = 0
    }
}
