import CPrefetch
import ContactsStore
import ContactsSupport

/// The user ids of one load with the ``StoreUserKey`` each was given (its rank in the load,
/// from 1), looked up by the id's bytes as they arrive in a row: once per follow end, owner
/// and creator (tens of millions of times), so without making a `String`.
///
/// Open addressing over the XXH3 hash of the bytes; the ids live in one byte arena. A slot
/// holds the key, 32 bits of the hash and where the id's bytes are, so a probe reads the
/// arena only for the slot whose hash bits and length match. ``keys(of:)`` looks up a batch
/// of ids with the slots and then the arena prefetched, so that the batch's cache misses
/// overlap instead of following one another.
///
/// - Complexity: O(1) expected per insert and lookup (the table stays at most half full).
///   Keys are 32-bit: up to 2³¹ − 1 users a load, and up to 4 GiB of id bytes.
struct UserKeyTable {
    /// One entry of the open-addressed table; `key` 0 marks an empty slot.
    private struct Slot {
        var key: Int32 = 0
        /// The hash's upper 32 bits.
        var tag: UInt32 = 0
        /// Where the id's bytes start in `arena`, and how many there are.
        var start: UInt32 = 0
        var length: UInt32 = 0
    }

    /// Why ``append(_:userId:)`` refused an id.
    enum AppendError: Error {
        /// The id is already in.
        case duplicate
        /// The table holds as many ids, or id bytes, as its 32-bit fields can address.
        case full
    }

    /// Bytes of every id, one after another.
    private var arena: [UInt8] = []
    private var slots: [Slot] = []
    /// The ids as strings, by key - 1 (for `ownerId` and `creatorId`).
    private(set) var userIds: [String] = []

    /// How many ids there are.
    var count: Int { userIds.count }

    /// Adds the next id (its key is the new count).
    ///
    /// - Throws: ``AppendError/duplicate`` when it is already in, ``AppendError/full`` when
    ///   no more fit.
    mutating func append(_ bytes: UnsafeRawBufferPointer, userId: String) throws(AppendError) {
        guard userIds.count < Int(Int32.max), arena.count + bytes.count <= Int(UInt32.max) else { throw .full }
        if 2 * (userIds.count + 1) > slots.count { grow() }
        let hash = XXH3.hash64(bytes)
        var slot = Int(hash & UInt64(slots.count - 1))
        while slots[slot].key != 0 {
            if matches(slots[slot], hash, bytes) { throw .duplicate }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = Slot(
            key: Int32(userIds.count + 1), tag: UInt32(truncatingIfNeeded: hash >> 32), start: UInt32(arena.count),
            length: UInt32(bytes.count))
        arena.append(contentsOf: bytes)
        userIds.append(userId)
    }

    /// The key of the id whose bytes are `bytes`, nil when not in.
    func key(of bytes: UnsafeRawBufferPointer) -> StoreUserKey? {
        guard !slots.isEmpty else { return nil }
        let hash = XXH3.hash64(bytes)
        var slot = Int(hash & UInt64(slots.count - 1))
        while slots[slot].key != 0 {
            if matches(slots[slot], hash, bytes) { return StoreUserKey(rawValue: Int64(slots[slot].key)) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// The keys of a batch of ids, in order (nil for an id not in): the same answers as
    /// ``key(of:)`` for each, with every slot the batch needs prefetched before the first is
    /// read, then every arena entry it compares.
    func keys(of batch: borrowing UserIDBatch) -> [StoreUserKey?] {
        guard !slots.isEmpty else { return Array(repeating: nil, count: batch.count) }
        let mask = UInt64(slots.count - 1)
        var hashes = [UInt64](repeating: 0, count: batch.count)
        var candidates = [Int](repeating: -1, count: batch.count)
        slots.withUnsafeBufferPointer { slots in
            for index in 0..<batch.count {
                let hash = batch.withID(index) { XXH3.hash64($0) }
                hashes[index] = hash
                contacts_prefetch(slots.baseAddress! + Int(hash & mask))
            }
            arena.withUnsafeBytes { arena in
                // The first slot whose hash bits and length match is, but for a collision of
                // those, the id's: its bytes are fetched now and compared below.
                for index in 0..<batch.count {
                    let (hash, length) = (hashes[index], UInt32(batch.length(index)))
                    let tag = UInt32(truncatingIfNeeded: hash >> 32)
                    var slot = Int(hash & mask)
                    while slots[slot].key != 0 {
                        if slots[slot].tag == tag, slots[slot].length == length {
                            candidates[index] = slot
                            contacts_prefetch(arena.baseAddress.map { $0 + Int(slots[slot].start) })
                            break
                        }
                        slot = (slot + 1) & Int(mask)
                    }
                }
            }
        }
        return (0..<batch.count).map { index in
            batch.withID(index) { bytes in
                let candidate = candidates[index]
                if candidate >= 0, matches(slots[candidate], hashes[index], bytes) {
                    return StoreUserKey(rawValue: Int64(slots[candidate].key))
                }
                return candidate < 0 ? nil : key(of: bytes)
            }
        }
    }

    /// The user id of `key`.
    func userId(of key: StoreUserKey) -> String {
        userIds[Int(key.rawValue) - 1]
    }

    private func matches(_ slot: Slot, _ hash: UInt64, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard slot.tag == UInt32(truncatingIfNeeded: hash >> 32), Int(slot.length) == bytes.count else {
            return false
        }
        let start = Int(slot.start)
        return arena.withUnsafeBytes { arena in
            bytes.elementsEqual(UnsafeRawBufferPointer(rebasing: arena[start..<start + bytes.count]))
        }
    }

    /// Doubles the slots (at least 1,024) and places every key again.
    private mutating func grow() {
        let capacity = max(1_024, slots.count * 2)
        let old = slots
        slots = [Slot](repeating: Slot(), count: capacity)
        for entry in old where entry.key != 0 {
            let (start, end) = (Int(entry.start), Int(entry.start + entry.length))
            let hash = arena.withUnsafeBytes { XXH3.hash64(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
            var slot = Int(hash & UInt64(capacity - 1))
            while slots[slot].key != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = entry
        }
    }
}

/// Ids gathered for one ``UserKeyTable/keys(of:)`` call: their bytes end to end.
struct UserIDBatch: ~Copyable {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    /// How many ids are in.
    var count: Int { ends.count }

    /// Adds a copy of `id`.
    mutating func append(_ id: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: id)
        ends.append(bytes.count)
    }

    /// Empties the batch, keeping its storage.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// The byte count of id `index`.
    func length(_ index: Int) -> Int {
        ends[index] - (index == 0 ? 0 : ends[index - 1])
    }

    /// `body` over the bytes of id `index`.
    func withID<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<ends[index]])) }
    }
}
