import ContactsSupport
import Dispatch

/// A recent search recorded in memory, waiting to be written.
package struct PendingSearch: Sendable, Hashable {
    /// Who searched.
    package let userId: String
    /// The query, already trimmed and collapsed as PROTOCOL §6 says.
    package let query: String
    /// Recording order within this store: a larger sequence is a more recent search (a store
    /// that orders searches itself, as PostgreSQL does, ignores it).
    package let sequence: Int64
}

/// A store that writes the searches of a ``PendingSearchQueue``.
package protocol SearchFlushing: AnyObject, Sendable {
    /// Writes the pending searches now; on failure they are pending again.
    func flushSearches() throws(StoreError)
}

/// The write-behind buffer of recent searches (PROTOCOL §6) that every store uses: searches
/// are recorded without waiting on the disk and written by whichever comes first — the
/// store's next transaction (which takes them with ``take()``), a background flush at most
/// `flushDelayMilliseconds` after the first search recorded since the last one, or the
/// store's own flush or close. A crash loses at most the searches of that last delay.
package final class PendingSearchQueue: Sendable {
    private struct State: Sendable {
        /// Searches in recording order.
        var entries: [PendingSearch] = []
        /// The sequence of the next recorded search.
        var nextSequence: Int64
        /// Whether a background flush is scheduled.
        var flushScheduled = false
        /// Set by ``close()``: later searches are dropped instead of piling up.
        var isClosed = false
        /// The sequence of the last search whose write committed.
        var written: Int64 = 0
    }

    /// The most searches kept while the store cannot be written: beyond it the oldest go
    /// (PROTOCOL §6 lets a crash lose searches; an outage must not grow memory without end).
    package static let capacity = 100_000

    private let state: ReadWriteLocked<State>
    private let flushDelayMilliseconds: Int

    /// An empty queue whose first search gets `nextSequence`, flushed in the background
    /// `flushDelayMilliseconds` (at least 0) after a search.
    package init(nextSequence: Int64, flushDelayMilliseconds: Int) {
        state = ReadWriteLocked(State(nextSequence: nextSequence))
        self.flushDelayMilliseconds = max(0, flushDelayMilliseconds)
    }

    /// Records that `userId` searched for `query`, and schedules `store`'s background flush
    /// when none is scheduled. After ``close()`` the search is dropped.
    ///
    /// - Returns: the search's sequence.
    /// - Complexity: O(1) amortized; never blocks on a transaction, the disk or the network.
    @discardableResult
    package func record(userId: String, query: String, for store: some SearchFlushing) -> Int64 {
        let (sequence, schedule) = state.write { pending -> (Int64, Bool) in
            let sequence = pending.nextSequence
            pending.nextSequence += 1
            if pending.isClosed { return (sequence, false) }
            if pending.entries.count >= Self.capacity { pending.entries.removeFirst() }
            pending.entries.append(PendingSearch(userId: userId, query: query, sequence: sequence))
            return (sequence, Self.claimFlush(&pending))
        }
        if schedule { scheduleFlush(of: store) }
        return sequence
    }

    /// Notes that the write of `searches` (taken with ``take()``) committed.
    package func written(_ searches: [PendingSearch]) {
        guard let last = searches.last?.sequence else { return }
        state.write { $0.written = max($0.written, last) }
    }

    /// The sequence of the last search whose write committed (0 before any).
    package var writtenSequence: Int64 {
        state.read { $0.written }
    }

    /// Removes and returns the pending searches, in recording order.
    package func take() -> [PendingSearch] {
        state.write { pending in
            defer { pending.entries.removeAll() }
            return pending.entries
        }
    }

    /// Puts back searches whose write was rolled back, before any recorded since, and makes
    /// sure `store` flushes them later. After ``close()`` they are dropped.
    package func requeue(_ searches: [PendingSearch], for store: some SearchFlushing) {
        guard !searches.isEmpty else { return }
        let schedule = state.write { pending -> Bool in
            if pending.isClosed { return false }
            pending.entries.insert(contentsOf: searches, at: 0)
            let excess = pending.entries.count - Self.capacity
            if excess > 0 { pending.entries.removeFirst(excess) }
            return Self.claimFlush(&pending)
        }
        if schedule { scheduleFlush(of: store) }
    }

    /// Drops every later search (the store is closing: it takes the last ones itself).
    package func close() {
        state.write { $0.isClosed = true }
    }

    /// How many recorded searches are not yet written.
    package var count: Int {
        state.read { $0.entries.count }
    }

    /// Marks a flush as scheduled; true when the caller must schedule it.
    private static func claimFlush(_ pending: inout State) -> Bool {
        if pending.flushScheduled { return false }
        pending.flushScheduled = true
        return true
    }

    /// Flushes `store` after the delay; a failure (the searches are pending again) tries
    /// again after another delay, until the store is closed or released.
    private func scheduleFlush(of store: some SearchFlushing) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .milliseconds(flushDelayMilliseconds)) {
            [weak self, weak store] in
            guard let self, let store else { return }
            state.write { $0.flushScheduled = false }
            do {
                try store.flushSearches()
            } catch {
                let retry = state.write { pending -> Bool in
                    guard !pending.isClosed, !pending.entries.isEmpty else { return false }
                    return Self.claimFlush(&pending)
                }
                if retry { scheduleFlush(of: store) }
            }
        }
    }
}
