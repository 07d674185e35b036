import ContactsStore
import ContactsSupport

/// The user ids of one load with the ``StoreUserKey`` each was given (its rank in the load,
/// from 1), looked up by the id's bytes as they arrive in a row: once per follow end, owner
/// and creator (tens of millions of times), so without making a `String`.
///
/// Open addressing over the XXH3 hash of the bytes; the ids live in one byte arena.
///
/// - Complexity: O(1) expected per insert and lookup (the table stays at most half full).
///   Keys are 32-bit: up to 2³¹ − 1 users a load.
struct UserKeyTable {
    /// Bytes of every id, one after another.
    private var arena: [UInt8] = []
    /// Start of id `k - 1` in `arena` (and one past the last id at the end).
    private var starts: [Int] = [0]
    /// Key of the id in each slot, 0 for an empty slot.
    private var slots: [Int32] = []
    /// The ids as strings, by key - 1 (for `ownerId` and `creatorId`).
    private(set) var userIds: [String] = []

    /// How many ids there are.
    var count: Int { userIds.count }

    /// Adds the next id (its key is the new count); false when it is already in.
    mutating func append(_ bytes: UnsafeRawBufferPointer, userId: String) -> Bool {
        if 2 * (userIds.count + 1) > slots.count { grow() }
        let key = Int32(userIds.count + 1)
        var slot = Int(XXH3.hash64(bytes) & UInt64(slots.count - 1))
        while slots[slot] != 0 {
            if equals(slots[slot], bytes) { return false }
            slot = (slot + 1) & (slots.count - 1)
        }
        arena.append(contentsOf: bytes)
        starts.append(arena.count)
        userIds.append(userId)
        slots[slot] = key
        return true
    }

    /// The key of the id whose bytes are `bytes`, nil when not in.
    func key(of bytes: UnsafeRawBufferPointer) -> StoreUserKey? {
        guard !slots.isEmpty else { return nil }
        var slot = Int(XXH3.hash64(bytes) & UInt64(slots.count - 1))
        while slots[slot] != 0 {
            if equals(slots[slot], bytes) { return StoreUserKey(rawValue: Int64(slots[slot])) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// The user id of `key`.
    func userId(of key: StoreUserKey) -> String {
        userIds[Int(key.rawValue) - 1]
    }

    private func equals(_ key: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let start = starts[Int(key) - 1]
        let end = starts[Int(key)]
        guard end - start == bytes.count else { return false }
        return arena.withUnsafeBytes { arena in
            bytes.elementsEqual(UnsafeRawBufferPointer(rebasing: arena[start..<end]))
        }
    }

    /// Doubles the slots (at least 1,024) and places every key again.
    private mutating func grow() {
        let capacity = max(1_024, slots.count * 2)
        slots = [Int32](repeating: 0, count: capacity)
        for index in userIds.indices {
            let (start, end) = (starts[index], starts[index + 1])
            let hash = arena.withUnsafeBytes { XXH3.hash64(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
            var slot = Int(hash & UInt64(capacity - 1))
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index + 1)
        }
    }
}
