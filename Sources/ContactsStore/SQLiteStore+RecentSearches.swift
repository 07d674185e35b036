extension SQLiteStore: SearchFlushing {
    /// Records that `userId` searched for `query` (PROTOCOL §6 recent searches), without
    /// waiting for the disk.
    ///
    /// Write-behind: the search is kept in memory and written by whichever comes first —
    /// the next ``transaction(_:)`` (in the same SQLite transaction), a background flush at
    /// most ``StoreOptions/searchFlushDelayMilliseconds`` later, ``flushSearches()`` or
    /// ``close()``. A crash (`kill -9`) therefore loses at most the searches of that last
    /// delay, which PROTOCOL §6 allows; nothing else is written behind.
    ///
    /// When written, a repeated query (the same bytes) moves to the front, only the
    /// `StoreSchema.recentSearchLimit` most recent distinct queries of the user are kept,
    /// and a search of a user who is no longer registered is dropped. The caller passes
    /// the query already trimmed and collapsed as PROTOCOL §6 says. After ``close()``
    /// searches are dropped.
    ///
    /// - Complexity: O(1) amortized; never blocks on a transaction or on the disk.
    @discardableResult
    package func recordSearch(userId: String, query: String) -> Int64 {
        pendingSearches.record(userId: userId, query: query, for: self)
    }

    /// Writes the recorded searches now, in their own transaction.
    ///
    /// - Throws: ``StoreError``; the searches then stay pending for the next attempt.
    package func flushSearches() throws(StoreError) {
        try withTypedConnection({ (connection) throws(StoreError) in
            try commitPendingSearches(on: connection)
        })
    }

    /// Writes the pending searches in a transaction of their own; on failure they are
    /// pending again.
    func commitPendingSearches(on connection: SQLiteConnection) throws(StoreError) {
        let searches = pendingSearches.take()
        guard !searches.isEmpty else { return }
        do throws(StoreError) {
            try connection.inTransaction { () throws(StoreError) in
                try writeSearches(searches, on: connection)
            }
        } catch {
            pendingSearches.requeue(searches, for: self)
            throw error
        }
    }

    /// How many recorded searches are not yet written.
    package var pendingSearchCount: Int {
        pendingSearches.count
    }

    /// Writes `searches` inside the caller's transaction, then trims each user touched to
    /// the newest `StoreSchema.recentSearchLimit` queries.
    func writeSearches(_ searches: [PendingSearch], on connection: SQLiteConnection) throws(StoreError) {
        guard !searches.isEmpty else { return }
        var touched: Set<Int64> = []
        for search in searches {
            guard let key = try SQLiteTransaction.userKey(of: search.userId, on: connection) else {
                continue
            }
            touched.insert(key)
            try connection.withStatement(
                """
                INSERT INTO recent_searches (userKey, query, seq) VALUES (?1, ?2, ?3)
                ON CONFLICT (userKey, query) DO UPDATE SET seq = excluded.seq
                """
            ) { (statement) throws(StoreError) in
                try statement.bind(key, at: 1)
                try statement.bind(search.query, at: 2)
                try statement.bind(search.sequence, at: 3)
                try statement.run()
            }
        }
        for key in touched {
            try connection.withStatement(
                """
                DELETE FROM recent_searches WHERE userKey = ?1 AND seq <= (
                    SELECT seq FROM recent_searches WHERE userKey = ?1
                    ORDER BY seq DESC LIMIT 1 OFFSET ?2)
                """
            ) { (statement) throws(StoreError) in
                try statement.bind(key, at: 1)
                try statement.bind(Int64(StoreSchema.recentSearchLimit), at: 2)
                try statement.run()
            }
        }
    }
}
