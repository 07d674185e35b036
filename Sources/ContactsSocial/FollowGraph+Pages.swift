extension FollowGraph {
    /// Up to `limit` users of `relation` of `user` from position `skip` on, by `since`
    /// descending then user id bytes ascending, and the relation's total. An unknown user has
    /// empty relations; `skip` past the end gives an empty page with the true total.
    ///
    /// ```swift
    /// let page = try graph.page(.followers, of: celebrity, skip: 500_000, limit: 20)
    /// ```
    ///
    /// - Throws: ``FollowGraphError/invalidPage(skip:limit:)`` for a negative `skip` or
    ///   `limit`.
    /// - Complexity: for a relation with a kept order (followers and mutuals from 512
    ///   members, following from 4,096), O(n / 1,024 + limit) plus a `since` lookup per item,
    ///   whatever `skip` is; below it, O(n log n) for its n members.
    package func page(_ relation: FollowRelation, of user: UInt32, skip: Int, limit: Int) throws(FollowGraphError)
        -> FollowPage
    {
        guard skip >= 0, limit >= 0 else { throw .invalidPage(skip: skip, limit: limit) }
        let total = count(relation, of: user)
        guard skip < total, limit > 0 else { return FollowPage(items: [], total: total) }
        if let list = orderList(relation, of: user) {
            let items = list.elements(skip: skip, limit: limit).map { member in
                FollowPage.Item(user: member, since: since(of: member, in: relation, of: user))
            }
            return FollowPage(items: items, total: total)
        }
        let first = firstInPageOrder(pageKeys(relation, of: user), count: skip + Swift.min(limit, total - skip))
        return FollowPage(items: first[skip...].map { FollowPage.Item(user: $0.user, since: $0.since) }, total: total)
    }

    /// The first `count` (≥ 1) of `entries` in page order: by a sort when that is most of
    /// them, else by one pass keeping the best `count` in a heap (the first page of a list of
    /// thousands then costs a comparison per entry, not a sort).
    ///
    /// - Complexity: O(n log count).
    func firstInPageOrder(_ entries: [PageKey], count: Int) -> [PageKey] {
        guard count * 4 < entries.count else { return Array(entries.sorted { comesBefore($0, $1) }.prefix(count)) }
        // A heap of the best `count` so far, its root the one latest in page order.
        var heap = Array(entries.prefix(count))
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { return }
                var latest = left
                if left + 1 < heap.count && comesBefore(heap[left], heap[left + 1]) { latest = left + 1 }
                guard comesBefore(heap[parent], heap[latest]) else { return }
                heap.swapAt(parent, latest)
                parent = latest
            }
        }
        for parent in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(parent) }
        for entry in entries[count...] where comesBefore(entry, heap[0]) {
            heap[0] = entry
            siftDown(0)
        }
        heap.sort { comesBefore($0, $1) }
        return heap
    }
}
