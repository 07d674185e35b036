import ContactsSupport

/// The slot of each id of a ``PackedContacts``: an open-addressing hash table (linear probing)
/// of slots, which does not hold the ids themselves but reads them from the records (the
/// caller's `idOf`), so an entry is a slot number (two or four bytes) and a one-byte tag of
/// the id's hash that spares most record reads on a probe.
///
/// An id's home entry is the high half of its hash times the number of entries (any number,
/// not only a power of two), so that ``shrinkToFit(idOf:)`` can leave a loaded table at the
/// load limit; its tag is the hash's low byte (the high bits pick the entry).
///
/// Ids are compared by bytes (PROTOCOL: no normalization).
struct ContactIDTable: Sendable {
    /// `slot + 1` per entry; 0 marks a free one. Two bytes an entry in a book of fewer than
    /// 65,534 slots.
    private var entries = CompactUInt32Array()
    /// Per entry, bits 0–7 of the id's hash.
    private var tags: [UInt8] = []
    /// The number of ids.
    private(set) var count = 0

    /// The table is grown before it is fuller than this share (7 / 10): linear probing stays
    /// short, at about 4.3 bytes an id (7 past 65,534 slots).
    private static let maximumLoadNumerator = 7
    private static let maximumLoadDenominator = 10
    /// The first table's entries.
    private static let minimumCapacity = 16
    /// The hash seed (the table is never saved, so any fixed seed does).
    private static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The hash of an id's bytes.
    @inline(__always)
    private static func hash(_ id: UnsafeBufferPointer<UInt8>) -> UInt64 {
        XXH3.hash64(UnsafeRawBufferPointer(id), seed: seed)
    }

    /// The slot holding `id`, reading the id of a candidate slot with `idOf`.
    ///
    /// - Complexity: O(1) on average.
    func slot(of id: UnsafeBufferPointer<UInt8>, idOf: (UInt32) -> UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard !entries.isEmpty else { return nil }
        let hash = Self.hash(id)
        let tag = UInt8(truncatingIfNeeded: hash)
        var index = home(of: hash)
        while entries[index] != 0 {
            let slot = entries[index] - 1
            if tags[index] == tag, idOf(slot).elementsEqual(id) { return slot }
            index = next(after: index)
        }
        return nil
    }

    /// Maps `id` to `slot` unless an entry holds `id` already; returns the slot `id` maps to
    /// and whether it was inserted.
    ///
    /// - Complexity: O(1) on average, amortized.
    mutating func insert(
        _ slot: UInt32, id: UnsafeBufferPointer<UInt8>, idOf: (UInt32) -> UnsafeBufferPointer<UInt8>
    ) -> (slot: UInt32, isNew: Bool) {
        growIfFull(idOf: idOf)
        let hash = Self.hash(id)
        let tag = UInt8(truncatingIfNeeded: hash)
        var index = home(of: hash)
        while entries[index] != 0 {
            let existing = entries[index] - 1
            if tags[index] == tag, idOf(existing).elementsEqual(id) { return (existing, false) }
            index = next(after: index)
        }
        entries[index] = slot + 1
        tags[index] = tag
        count += 1
        return (slot, true)
    }

    /// Maps `id`, which no entry holds, to `slot`.
    ///
    /// - Complexity: O(1) on average, amortized; no id is compared.
    mutating func insertNew(
        _ slot: UInt32, id: UnsafeBufferPointer<UInt8>, idOf: (UInt32) -> UnsafeBufferPointer<UInt8>
    ) {
        growIfFull(idOf: idOf)
        place(slot, hash: Self.hash(id))
        count += 1
    }

    /// Removes `id`; returns the slot it mapped to, or nil.
    ///
    /// - Complexity: O(1) on average (the entries after it in its run shift back).
    mutating func remove(_ id: UnsafeBufferPointer<UInt8>, idOf: (UInt32) -> UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard !entries.isEmpty else { return nil }
        let hash = Self.hash(id)
        let tag = UInt8(truncatingIfNeeded: hash)
        var index = home(of: hash)
        while entries[index] != 0 {
            let slot = entries[index] - 1
            if tags[index] == tag, idOf(slot).elementsEqual(id) {
                removeEntry(at: index, idOf: idOf)
                count -= 1
                return slot
            }
            index = next(after: index)
        }
        return nil
    }

    /// This table with every slot `s` replaced by `newSlot[s]` (the ids stay where they hash).
    ///
    /// - Precondition: `newSlot` has an entry for every slot in the table.
    /// - Complexity: O(c) for c entries; no id is hashed or read.
    func renumbered(_ newSlot: [UInt32]) -> ContactIDTable {
        var table = self
        for index in table.entries.indices where table.entries[index] != 0 {
            table.entries[index] = newSlot[Int(table.entries[index] - 1)] + 1
        }
        return table
    }

    /// The bytes held.
    var byteCount: Int { entries.byteCount + tags.capacity }

    /// Frees entry `index` and moves back each later entry of its run that may now sit
    /// nearer its home (backward-shift deletion: no tombstones).
    private mutating func removeEntry(at index: Int, idOf: (UInt32) -> UnsafeBufferPointer<UInt8>) {
        var hole = index
        var next = next(after: index)
        while entries[next] != 0 {
            let home = home(of: Self.hash(idOf(entries[next] - 1)))
            // The entry at `next` may fill the hole when its home is not in (hole, next].
            if distance(from: home, to: next) >= distance(from: hole, to: next) {
                entries[hole] = entries[next]
                tags[hole] = tags[next]
                hole = next
            }
            next = self.next(after: next)
        }
        entries[hole] = 0
        tags[hole] = 0
    }

    /// Puts `slot`, whose id hashes to `hash`, in the first free entry from its home.
    private mutating func place(_ slot: UInt32, hash: UInt64) {
        var index = home(of: hash)
        while entries[index] != 0 { index = next(after: index) }
        entries[index] = slot + 1
        tags[index] = UInt8(truncatingIfNeeded: hash)
    }

    /// The home entry of an id hashing to `hash`: the high half of `hash × entries.count`.
    @inline(__always)
    private func home(of hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(entries.count)).high)
    }

    /// The entry probed after `index` (the first after the last).
    @inline(__always)
    private func next(after index: Int) -> Int {
        index + 1 == entries.count ? 0 : index + 1
    }

    /// How many probes lead from entry `start` to entry `end`, wrapping around.
    @inline(__always)
    private func distance(from start: Int, to end: Int) -> Int {
        end >= start ? end - start : end - start + entries.count
    }

    /// Doubles the table (rehashing every id) when one more entry would pass the load limit.
    /// True when `additional` more ids fit without the table growing (and rehashing them all).
    ///
    /// - Complexity: O(1).
    func hasRoom(forAdding additional: Int) -> Bool {
        (count + additional) * Self.maximumLoadDenominator <= entries.count * Self.maximumLoadNumerator
    }

    /// Grows the table, when `additional` more ids would not fit, to at least twice its
    /// capacity and enough for them, rehashing every id; otherwise gives it storage of its own
    /// when it shares it with a copy (see `Array.reserveRoom(forAdding:)`).
    ///
    /// - Complexity: O(n) when it grows or was shared; O(1) otherwise.
    mutating func reserveRoom(forAdding additional: Int, idOf: (UInt32) -> UnsafeBufferPointer<UInt8>) {
        guard !hasRoom(forAdding: additional) else {
            entries.reserveRoom(forAdding: 0)
            tags.reserveRoom(forAdding: 0)
            return
        }
        let needed = ((count + additional) * Self.maximumLoadDenominator) / Self.maximumLoadNumerator + 1
        rehash(capacity: max(Self.minimumCapacity, entries.count * 2, needed), idOf: idOf)
    }

    private mutating func growIfFull(idOf: (UInt32) -> UnsafeBufferPointer<UInt8>) {
        guard (count + 1) * Self.maximumLoadDenominator > entries.count * Self.maximumLoadNumerator else { return }
        rehash(capacity: max(Self.minimumCapacity, entries.count * 2), idOf: idOf)
    }

    /// Rehashes every id into a table of the fewest entries the load limit allows (none for
    /// no id): a table filled by inserts holds up to twice as many, as it grows by doubling.
    /// The next insert grows it again.
    ///
    /// - Complexity: O(c) for c entries, plus one hash per id.
    mutating func shrinkToFit(idOf: (UInt32) -> UnsafeBufferPointer<UInt8>) {
        let fewest =
            (count * Self.maximumLoadDenominator + Self.maximumLoadNumerator - 1) / Self.maximumLoadNumerator
        guard fewest < entries.count else { return }
        rehash(capacity: fewest, idOf: idOf)
    }

    /// Puts every id again into a table of `capacity` entries.
    ///
    /// - Precondition: `capacity` exceeds ``count`` (or both are 0).
    private mutating func rehash(capacity: Int, idOf: (UInt32) -> UnsafeBufferPointer<UInt8>) {
        let old = entries
        entries = CompactUInt32Array(repeating: 0, count: capacity)
        tags = [UInt8](repeating: 0, count: capacity)
        for entry in old where entry != 0 { place(entry - 1, hash: Self.hash(idOf(entry - 1))) }
    }
}
