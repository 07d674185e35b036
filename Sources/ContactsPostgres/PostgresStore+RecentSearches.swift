import ContactsStore

extension PostgresStore: SearchFlushing {
    /// Records that `userId` searched for `query` (PROTOCOL §6 recent searches), without
    /// waiting for the database: written by the next write's transaction, or by a
    /// background flush at most ``StoreOptions/searchFlushDelayMilliseconds`` later (in a
    /// transaction of its own with `synchronous_commit = off`), or by ``flushSearches()`` or
    /// ``close()``. A crash loses at most the searches of that last delay.
    ///
    /// When written, each search takes the next value of the store's search order (one
    /// sequence for every engine, so that the engines agree on which search is newer), a
    /// repeated query moves to the front, only the newest `StoreSchema.recentSearchLimit`
    /// distinct queries of the user are kept, a search of a user no longer registered is
    /// dropped, and the engines following the store are woken to merge them (see
    /// ``PostgresChangeFeed``). After ``close()`` searches are dropped.
    ///
    /// - Complexity: O(1) amortized; never blocks on a transaction or on the network.
    @discardableResult
    package func recordSearch(userId: String, query: String) -> Int64 {
        pendingSearches.record(userId: userId, query: query, for: self)
    }

    /// Writes the recorded searches now, in their own transaction.
    ///
    /// - Throws: ``StoreError``; the searches then stay pending for the next attempt.
    package func flushSearches() throws(StoreError) {
        try withTypedSession { (session) throws(StoreError) in
            let searches = pendingSearches.take()
            guard !searches.isEmpty else { return }
            do throws(StoreError) {
                try session.writeSearchesAlone(searches)
                pendingSearches.written(searches)
            } catch {
                pendingSearches.requeue(searches, for: self)
                throw error
            }
        }
    }

    /// The place (``PendingSearchQueue``) of the last search whose write committed.
    package var writtenSearchSequence: Int64 {
        pendingSearches.writtenSequence
    }

    /// How many recorded searches are not yet written.
    package var pendingSearchCount: Int {
        pendingSearches.count
    }
}
