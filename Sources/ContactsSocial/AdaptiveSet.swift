import ContactsSupport

/// A set of `UInt32` values that stays compact whether it is sparse or dense (the Roaring idea).
///
/// Members are grouped into chunks by their high 16 bits. A chunk with few members is a sorted
/// array of their low 16 bits (2 bytes a member); a chunk with many is a 2^16-bit bitmap
/// (8 KiB whatever its count). A chunk becomes a bitmap when it grows past
/// `arrayChunkLimit` members and an array again when it shrinks back to it, so the form of
/// every chunk is determined by its count alone.
///
/// ```swift
/// var followers = AdaptiveSet([3, 70_000])
/// followers.insert(5)                 // (inserted: true, index: 1)
/// followers.contains(70_000)          // true
/// Array(followers)                    // [3, 5, 70_000]
/// ```
///
/// Members are kept in ascending order, so each member has an *index*: its position among the
/// members. ``insert(_:)`` and ``remove(_:)`` report it, which lets a caller keep a payload
/// array parallel to the set (``FollowGraph`` keeps each edge's `since` that way).
///
/// - Note: All array chunks share one buffer, so a small set is a single allocation; a set
///   with `c` chunks spends `4c + 2` bytes on its chunk directory. Operations that locate a
///   chunk read the directory linearly: O(c), where c ≤ 65,536 is the number of chunks — for
///   dense user indexes below 1M, c ≤ 16.
package struct AdaptiveSet: Sendable, Equatable {
    /// The array chunks, packed: `[chunkCount − 1, key₀, count₀ − 1, key₁, count₁ − 1, …,
    /// values of chunk 0…, values of chunk 1…]`, keys ascending, each chunk's values (the
    /// members' low 16 bits) ascending. Empty when the set has no array chunk.
    var packed: [UInt16]

    /// The bitmap chunks, keys ascending. No key is both here and in `packed`.
    var bitmaps: [BitmapChunk]

    /// The number of members.
    ///
    /// - Complexity: O(1); the count is kept, not recomputed.
    package private(set) var count: Int

    /// The most members an array chunk holds. At 4,096 two-byte values an array takes 8 KiB,
    /// exactly what a 2^16-bit bitmap takes, so past it the bitmap is the smaller form; it is
    /// also the size where a binary search in the array (12 steps) stops being cheaper than
    /// the bitmap's single bit test. Same rule, same number as Roaring.
    package static let arrayChunkLimit = 4096

    /// An empty set.
    package init() {
        packed = []
        bitmaps = []
        count = 0
    }

    /// A set of the given parts (which must be consistent).
    init(packed: [UInt16], bitmaps: [BitmapChunk], count: Int) {
        self.packed = packed
        self.bitmaps = bitmaps
        self.count = count
    }

    /// A set holding `members` (in any order, repeats allowed).
    ///
    /// - Complexity: O(n log n), where n is the number of elements of `members`.
    package init(_ members: some Sequence<UInt32>) {
        var sorted = Array(members)
        sorted.sort()
        var unique = 0
        for element in sorted where unique == 0 || sorted[unique - 1] != element {
            sorted[unique] = element
            unique += 1
        }
        self = sorted[..<unique].withUnsafeBufferPointer { AdaptiveSet(ascending: $0) }
    }

    /// True when the set has no member.
    package var isEmpty: Bool { count == 0 }

    /// True when `member` is in the set.
    ///
    /// - Complexity: O(c + log k), where c is the number of chunks and k ≤ 4,096 the size of
    ///   the member's array chunk; O(1) in a bitmap chunk.
    package func contains(_ member: UInt32) -> Bool {
        let (key, low) = Self.split(member)
        if !bitmaps.isEmpty, let slot = bitmapSlot(of: key).found {
            return bitmaps[slot].contains(low)
        }
        return withPackedBuffer { buffer in
            let location = PackedChunks.locate(key, in: buffer)
            return location.found && PackedChunks.search(low, in: buffer, at: location).found
        }
    }

    /// The position of `member` among the members in ascending order, or nil when it is not
    /// a member.
    ///
    /// - Complexity: O(c + log k) like ``contains(_:)``; in a bitmap chunk O(1,024 / 64)
    ///   word popcounts at most.
    package func index(of member: UInt32) -> Int? {
        let (key, low) = Self.split(member)
        if !bitmaps.isEmpty {
            let slot = bitmapSlot(of: key)
            if let found = slot.found {
                guard bitmaps[found].contains(low) else { return nil }
                return packedMembers(before: key) + bitmapMembers(before: found) + bitmaps[found].rank(of: low)
            }
        }
        return withPackedBuffer { buffer in
            let location = PackedChunks.locate(key, in: buffer)
            guard location.found else { return nil }
            let position = PackedChunks.search(low, in: buffer, at: location)
            guard position.found else { return nil }
            return location.membersBefore + position.index + bitmapMembers(before: key)
        }
    }

    /// Inserts `member`. Returns whether it was new and its index (its position among the
    /// members afterwards, ascending), whether or not it was new.
    ///
    /// - Complexity: O(c + k) for an array chunk (the packed buffer's tail is moved), O(k) once
    ///   when the chunk turns into a bitmap, O(1) plus the index computation in a bitmap chunk.
    @discardableResult
    package mutating func insert(_ member: UInt32) -> (inserted: Bool, index: Int) {
        defer { assertInvariants() }
        let (key, low) = Self.split(member)
        let bitmapSlot = bitmaps.isEmpty ? (found: nil, insertion: 0) : self.bitmapSlot(of: key)
        if let found = bitmapSlot.found {
            let inserted = bitmaps[found].insert(low)
            if inserted { count += 1 }
            let index = packedMembers(before: key) + bitmapMembers(before: found) + bitmaps[found].rank(of: low)
            return (inserted, index)
        }
        let bitmapsBefore = bitmapMembers(before: bitmapSlot.insertion)
        let location = withPackedBuffer { PackedChunks.locate(key, in: $0) }
        guard location.found else {
            PackedChunks.insertChunk(key: key, values: CollectionOfOne(low), at: location, into: &packed)
            count += 1
            return (true, location.membersBefore + bitmapsBefore)
        }
        let position = withPackedBuffer { PackedChunks.search(low, in: $0, at: location) }
        let index = location.membersBefore + bitmapsBefore + position.index
        if position.found { return (false, index) }
        if location.count < Self.arrayChunkLimit {
            PackedChunks.insertValue(low, at: position.index, of: location, into: &packed)
        } else {
            var lows = PackedChunks.removeChunk(at: location, from: &packed)
            lows.insert(low, at: position.index)
            bitmaps.insert(BitmapChunk(key: key, ascending: lows), at: bitmapSlot.insertion)
        }
        count += 1
        return (true, index)
    }

    /// Removes `member`. Returns the index it had, or nil when it was not a member.
    ///
    /// - Complexity: like ``insert(_:)``; a bitmap chunk shrinking to `arrayChunkLimit`
    ///   members turns back into an array in O(2^16 / 64) word reads.
    @discardableResult
    package mutating func remove(_ member: UInt32) -> Int? {
        defer { assertInvariants() }
        let (key, low) = Self.split(member)
        if !bitmaps.isEmpty, let found = bitmapSlot(of: key).found {
            guard bitmaps[found].contains(low) else { return nil }
            let index = packedMembers(before: key) + bitmapMembers(before: found) + bitmaps[found].rank(of: low)
            bitmaps[found].remove(low)
            count -= 1
            if bitmaps[found].count <= Self.arrayChunkLimit {
                let lows = bitmaps.remove(at: found).ascendingLows()
                let location = withPackedBuffer { PackedChunks.locate(key, in: $0) }
                PackedChunks.insertChunk(key: key, values: lows, at: location, into: &packed)
            }
            return index
        }
        let location = withPackedBuffer { PackedChunks.locate(key, in: $0) }
        guard location.found else { return nil }
        let position = withPackedBuffer { PackedChunks.search(low, in: $0, at: location) }
        guard position.found else { return nil }
        let index = location.membersBefore + position.index + bitmapMembers(before: key)
        PackedChunks.removeValue(at: position.index, of: location, from: &packed)
        count -= 1
        return index
    }

    /// Approximate heap bytes held by the set (buffers, headers, bitmaps).
    package var memoryFootprint: Int {
        SocialStorage.heapBytes(of: packed) + SocialStorage.heapBytes(of: bitmaps)
            + bitmaps.reduce(0) {
                $0 + SocialStorage.heapBytes(of: $1.words) + SocialStorage.heapBytes(of: $1.blockRanks)
            }
    }

    /// Calls `body` with a view of the packed array chunks: the one way the set reads its
    /// memory unsafely (writes go through ``PackedChunks``' array operations). The view's
    /// subscripts check bounds in debug builds.
    @inline(__always)
    func withPackedBuffer<R>(_ body: (UnsafeBufferPointer<UInt16>) throws -> R) rethrows -> R {
        try packed.withUnsafeBufferPointer(body)
    }

    /// The chunk key (high 16 bits) and value (low 16 bits) of a member.
    @inline(__always)
    static func split(_ member: UInt32) -> (key: UInt16, low: UInt16) {
        (UInt16(truncatingIfNeeded: member >> 16), UInt16(truncatingIfNeeded: member))
    }

    /// The bitmap chunk with `key` (`found`), or where one would be inserted.
    ///
    /// - Complexity: O(log b) for b bitmap chunks.
    func bitmapSlot(of key: UInt16) -> (found: Int?, insertion: Int) {
        let slot = SortedArraySearch.partitionPoint(of: bitmaps) { $0.key < key }
        return (slot < bitmaps.count && bitmaps[slot].key == key ? slot : nil, slot)
    }

    /// Members in bitmap chunks before position `slot` of `bitmaps`.
    func bitmapMembers(before slot: Int) -> Int {
        var total = 0
        for position in 0..<slot { total += bitmaps[position].count }
        return total
    }

    /// Members in bitmap chunks whose key is below `key`.
    func bitmapMembers(before key: UInt16) -> Int {
        var total = 0
        for chunk in bitmaps {
            if chunk.key >= key { break }
            total += chunk.count
        }
        return total
    }

    /// Members in array chunks whose key is below `key`.
    func packedMembers(before key: UInt16) -> Int {
        withPackedBuffer { PackedChunks.locate(key, in: $0).membersBefore }
    }
}
