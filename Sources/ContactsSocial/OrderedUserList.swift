import ContactsSupport

/// User indexes kept in an order the caller defines (a page order of ``FollowGraph``), with
/// position lookups that never walk the elements before the position.
///
/// The list is cut into blocks of at most ``blockCapacity`` indexes; `sizes` keeps every
/// block's length in one contiguous array. Finding position k reads only `sizes`; inserting
/// or removing moves at most one block's tail. The order itself is not stored: every search
/// takes a predicate `isBefore(element)` that is true for exactly the elements ordered before
/// the target, so the caller derives keys from its own data (a `since` and a user id).
package struct OrderedUserList: Sendable, Equatable {
    /// The most indexes in a block: 1,024 (4 KiB). An insertion then moves at most 4 KiB, and
    /// a list of 1M users has 1,000–2,000 blocks, whose sizes (4 bytes each, contiguous) a
    /// deep page reads in sequence.
    package static let blockCapacity = 1024

    /// The blocks, each non-empty; concatenated they are the list.
    private(set) var blocks: [[UInt32]] = []
    /// `blocks[i].count` for every block.
    private(set) var sizes: [Int32] = []
    /// The number of indexes.
    package private(set) var count = 0

    /// An empty list.
    package init() {}

    /// A list of `ordered`, in that order, in full blocks.
    package init(ordered: [UInt32]) {
        var start = 0
        while start < ordered.count {
            let end = Swift.min(start + Self.blockCapacity, ordered.count)
            blocks.append(SocialStorage.exactCopy(of: ordered[start..<end]))
            sizes.append(Int32(end - start))
            start = end
        }
        count = ordered.count
    }

    /// The first position whose element is not before the target: `isBefore` must be true
    /// for a prefix of the list and false after it.
    ///
    /// - Complexity: O(log n) calls of `isBefore`.
    package func lowerBound(_ isBefore: (UInt32) -> Bool) -> (block: Int, offset: Int) {
        guard !blocks.isEmpty else { return (0, 0) }
        // The first block whose last element is not before the target holds the position.
        let block = SortedArraySearch.partitionPoint(of: blocks) { isBefore($0[$0.count - 1]) }
        if block == blocks.count { return (blocks.count - 1, blocks[blocks.count - 1].count) }
        return (block, SortedArraySearch.partitionPoint(of: blocks[block], isBefore: isBefore))
    }

    /// Inserts `user` after every element `isBefore` is true for.
    ///
    /// - Complexity: O(log n) calls of `isBefore`, plus moving at most one block.
    package mutating func insert(_ user: UInt32, isBefore: (UInt32) -> Bool) {
        defer { assertInvariants() }
        guard !blocks.isEmpty else {
            blocks = [[user]]
            sizes = [1]
            count = 1
            return
        }
        var (block, offset) = lowerBound(isBefore)
        if blocks[block].count == Self.blockCapacity {
            let half = Self.blockCapacity / 2
            let tail = SocialStorage.exactCopy(of: blocks[block][half...])
            blocks[block].removeSubrange(half...)
            blocks.insert(tail, at: block + 1)
            sizes[block] = Int32(half)
            sizes.insert(Int32(tail.count), at: block + 1)
            if offset > half {
                block += 1
                offset -= half
            }
        }
        SocialStorage.insert(user, at: offset, into: &blocks[block])
        sizes[block] += 1
        count += 1
    }

    /// Removes `user`, found where `isBefore` (true for the elements before it) says. Returns
    /// false when `user` is not there.
    ///
    /// - Complexity: as ``insert(_:isBefore:)``.
    @discardableResult
    package mutating func remove(_ user: UInt32, isBefore: (UInt32) -> Bool) -> Bool {
        defer { assertInvariants() }
        let (block, offset) = lowerBound(isBefore)
        guard block < blocks.count, offset < blocks[block].count, blocks[block][offset] == user else { return false }
        blocks[block].remove(at: offset)
        sizes[block] -= 1
        count -= 1
        if blocks[block].isEmpty {
            blocks.remove(at: block)
            sizes.remove(at: block)
        } else if blocks[block].count < Self.blockCapacity / 4 {
            mergeSmallBlock(at: block)
        }
        return true
    }

    /// Merges a block that fell under a quarter full into a neighbour when both fit in one.
    private mutating func mergeSmallBlock(at block: Int) {
        let neighbour: Int
        if block + 1 < blocks.count && blocks[block].count + blocks[block + 1].count <= Self.blockCapacity {
            neighbour = block + 1
        } else if block > 0 && blocks[block - 1].count + blocks[block].count <= Self.blockCapacity {
            neighbour = block - 1
        } else {
            SocialStorage.shrinkIfSparse(&blocks[block])
            return
        }
        let first = Swift.min(block, neighbour)
        var merged: [UInt32] = []
        merged.reserveCapacity(blocks[first].count + blocks[first + 1].count)
        merged.append(contentsOf: blocks[first])
        merged.append(contentsOf: blocks[first + 1])
        blocks[first] = merged
        sizes[first] = Int32(merged.count)
        blocks.remove(at: first + 1)
        sizes.remove(at: first + 1)
    }

    /// Up to `limit` indexes from position `skip` on, in order.
    ///
    /// - Complexity: O(n / blockCapacity + limit): the block sizes before `skip` are summed,
    ///   no element before it is read.
    package func elements(skip: Int, limit: Int) -> [UInt32] {
        guard skip < count, limit > 0 else { return [] }
        var block = 0
        var remainingSkip = skip
        while remainingSkip >= Int(sizes[block]) {
            remainingSkip -= Int(sizes[block])
            block += 1
        }
        var result: [UInt32] = []
        result.reserveCapacity(Swift.min(limit, count - skip))
        var offset = remainingSkip
        while result.count < limit && block < blocks.count {
            let take = Swift.min(blocks[block].count - offset, limit - result.count)
            result.append(contentsOf: blocks[block][offset..<offset + take])
            block += 1
            offset = 0
        }
        return result
    }

    /// Every index, in order.
    package var allElements: [UInt32] { Array(blocks.joined()) }

    /// Approximate heap bytes.
    var memoryFootprint: Int {
        SocialStorage.heapBytes(of: blocks) + SocialStorage.heapBytes(of: sizes)
            + blocks.reduce(0) { $0 + SocialStorage.heapBytes(of: $1) }
    }

    /// Checks that blocks are non-empty and within capacity and that sizes and count agree.
    ///
    /// - Complexity: O(n / blockCapacity).
    package func _checkInvariants() throws(InvariantViolation) {
        guard blocks.count == sizes.count else {
            throw InvariantViolation("order list: \(blocks.count) blocks, \(sizes.count) sizes")
        }
        var total = 0
        for (block, size) in zip(blocks, sizes) {
            guard !block.isEmpty, block.count <= Self.blockCapacity, block.count == Int(size) else {
                throw InvariantViolation("order list block of \(block.count) (size \(size))")
            }
            total += block.count
        }
        guard total == count else { throw InvariantViolation("order list count \(count), blocks hold \(total)") }
    }

    /// Traps when ``_checkInvariants()`` finds the list broken; debug builds run it after every
    /// change, release builds never.
    @inline(__always)
    private func assertInvariants() {
        #if DEBUG
            do {
                try _checkInvariants()
            } catch {
                preconditionFailure("OrderedUserList: \(error)")
            }
        #endif
    }
}
