import ContactsStore
import Dispatch

/// A recent search recorded in memory, waiting to be written.
struct RecordedSearch: Sendable {
    let userId: String
    let query: String
    /// Global recording order: a larger sequence is a more recent search.
    let sequence: Int64
}

/// The write-behind buffer of recent searches.
struct PostgresPendingSearches: Sendable {
    /// Searches in recording order.
    var entries: [RecordedSearch] = []
    /// The sequence of the next recorded search (one past the largest ever written).
    var nextSequence: Int64
    /// Whether a background flush is scheduled.
    var flushScheduled = false
    /// Set by close: later searches are dropped instead of piling up.
    var isClosed = false

    /// The most searches kept while the database cannot be reached: beyond it the oldest go
    /// (PROTOCOL §6 lets a crash lose searches; an outage must not grow memory without end).
    static let capacity = 100_000
}

extension PostgresStore {
    /// Records that `userId` searched for `query` (PROTOCOL §6 recent searches), without
    /// waiting for the database: written by the next write's transaction, or by a
    /// background flush at most ``StoreOptions/searchFlushDelayMilliseconds`` later (in a
    /// transaction of its own with `synchronous_commit = off`), or by ``flushSearches()`` or
    /// ``close()``. A crash loses at most the searches of that last delay.
    ///
    /// When written, a repeated query moves to the front, only the newest
    /// `StoreSchema.recentSearchLimit` distinct queries of the user are kept, and a search of
    /// a user no longer registered is dropped. After ``close()`` searches are dropped.
    ///
    /// - Complexity: O(1) amortized; never blocks on a transaction or on the network.
    package func recordSearch(userId: String, query: String) {
        let scheduleFlush = pendingSearches.write { pending -> Bool in
            if pending.isClosed { return false }
            if pending.entries.count >= PostgresPendingSearches.capacity { pending.entries.removeFirst() }
            pending.entries.append(RecordedSearch(userId: userId, query: query, sequence: pending.nextSequence))
            pending.nextSequence += 1
            if pending.flushScheduled { return false }
            pending.flushScheduled = true
            return true
        }
        if scheduleFlush { scheduleSearchFlush() }
    }

    /// Writes the recorded searches now, in their own transaction.
    ///
    /// - Throws: ``StoreError``; the searches then stay pending for the next attempt.
    package func flushSearches() throws(StoreError) {
        try withTypedSession { (session) throws(StoreError) in
            let searches = takePendingSearches()
            guard !searches.isEmpty else { return }
            do throws(StoreError) {
                try session.writeSearchesAlone(searches)
            } catch {
                requeuePendingSearches(searches)
                throw error
            }
        }
    }

    /// How many recorded searches are not yet written.
    package var pendingSearchCount: Int {
        pendingSearches.write { $0.entries.count }
    }

    /// Removes and returns the pending searches, in recording order.
    func takePendingSearches() -> [RecordedSearch] {
        pendingSearches.write { pending in
            defer { pending.entries.removeAll() }
            return pending.entries
        }
    }

    /// Puts back searches whose write was rolled back, before any recorded since, and makes
    /// sure a flush will retry them. After close they are dropped.
    func requeuePendingSearches(_ searches: [RecordedSearch]) {
        guard !searches.isEmpty else { return }
        let scheduleFlush = pendingSearches.write { pending -> Bool in
            if pending.isClosed { return false }
            pending.entries.insert(contentsOf: searches, at: 0)
            let excess = pending.entries.count - PostgresPendingSearches.capacity
            if excess > 0 { pending.entries.removeFirst(excess) }
            if pending.flushScheduled { return false }
            pending.flushScheduled = true
            return true
        }
        if scheduleFlush { scheduleSearchFlush() }
    }

    private func scheduleSearchFlush() {
        let delay = DispatchTimeInterval.milliseconds(max(0, options.searchFlushDelayMilliseconds))
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self else { return }
            pendingSearches.write { $0.flushScheduled = false }
            // A failure keeps the searches pending: try again after another delay (after
            // close there is nothing left to write).
            do {
                try flushSearches()
            } catch {
                let retry = pendingSearches.write { pending -> Bool in
                    guard !pending.isClosed, !pending.entries.isEmpty, !pending.flushScheduled else { return false }
                    pending.flushScheduled = true
                    return true
                }
                if retry { scheduleSearchFlush() }
            }
        }
    }
}
