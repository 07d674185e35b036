extension EventStore {
    /// The feed of `user`: the events of the users `user` follows in `graph` now, by
    /// `createdAt` descending then event id bytes descending — up to `limit` of them from
    /// position `skip` on — and the feed's total. `user`'s own events are never in it;
    /// events created before the follow are. `skip` past the end gives an empty page with the
    /// true total.
    ///
    /// The followees' logs (each newest last) are merged with a max-heap holding one cursor
    /// per followee; the total is the sum of their kept event counts.
    ///
    /// - Throws: ``EventStoreError/invalidPage(skip:limit:)`` for a negative `skip` or `limit`.
    /// - Complexity: O(f + (skip + limit) log f) for f followees with events: one log lookup
    ///   per followee, a heap built in O(f), and one heap step per event passed.
    package func feed(of user: UInt32, in graph: FollowGraph, skip: Int, limit: Int) throws(EventStoreError)
        -> FeedPage
    {
        guard skip >= 0, limit >= 0 else { throw .invalidPage(skip: skip, limit: limit) }
        var followeeLogs: [[LogEntry]] = []
        var total = 0
        graph.followingSet(of: user).forEachMember { followee, _ in
            guard followee != user, let log = logs[followee] else { return }
            total += log.count
            followeeLogs.append(log)
        }
        guard skip < total, limit > 0 else { return FeedPage(items: [], total: total) }
        var merge = NewestFirstMerge(logs: followeeLogs, store: self)
        for _ in 0..<skip { merge.advance() }
        var items: [Event] = []
        items.reserveCapacity(Swift.min(limit, total - skip))
        while items.count < limit, let entry = merge.current {
            if let event = slots[Int(entry.slot)] { items.append(event) }
            merge.advance()
        }
        return FeedPage(items: items, total: total)
    }
}

/// A k-way merge of logs (each ascending, newest last) into one newest-first stream: a binary
/// max-heap of one cursor per log, keyed by the cursor's entry.
private struct NewestFirstMerge {
    /// A log's cursor: its current entry and position.
    struct Cursor {
        var entry: EventStore.LogEntry
        let log: Int
        var position: Int
    }

    let logs: [[EventStore.LogEntry]]
    /// Supplies the order (and the event ids for ties of the inlined keys).
    let store: EventStore
    private var heap: [Cursor]

    /// A merge of `logs` (empty logs allowed) ordered by `store`'s log order.
    init(logs: [[EventStore.LogEntry]], store: EventStore) {
        self.logs = logs
        self.store = store
        heap = []
        heap.reserveCapacity(logs.count)
        for (index, log) in logs.enumerated() where !log.isEmpty {
            heap.append(Cursor(entry: log[log.count - 1], log: index, position: log.count - 1))
        }
        var parent = heap.count / 2 - 1
        while parent >= 0 {
            siftDown(parent)
            parent -= 1
        }
    }

    /// The newest entry not yet passed, or nil at the end.
    var current: EventStore.LogEntry? { heap.first?.entry }

    /// Passes the current entry.
    mutating func advance() {
        guard !heap.isEmpty else { return }
        if heap[0].position > 0 {
            heap[0].position -= 1
            heap[0].entry = logs[heap[0].log][heap[0].position]
        } else {
            heap[0] = heap[heap.count - 1]
            heap.removeLast()
        }
        if !heap.isEmpty { siftDown(0) }
    }

    /// True when `first`'s entry comes before `second`'s in the feed (is newer).
    @inline(__always)
    private func isNewer(_ first: Cursor, _ second: Cursor) -> Bool {
        store.entryPrecedes(second.entry, first.entry)
    }

    /// Restores the heap below `start`.
    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var newest = left
            if left + 1 < heap.count && isNewer(heap[left + 1], heap[left]) { newest = left + 1 }
            guard isNewer(heap[newest], heap[parent]) else { return }
            heap.swapAt(parent, newest)
            parent = newest
        }
    }
}
