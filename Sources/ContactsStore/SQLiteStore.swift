import ContactsSupport

/// The ``Store`` in one SQLite file (WAL mode): users, follows, uploaded contacts, upload
/// budget usage, events, recent searches and the position of the last change.
///
/// The engine writes every change with ``writeChanges(after:catchUp:decide:)`` — committed, and so
/// durable, before the engine changes its in-memory structures — and rebuilds those
/// structures at start-up with ``load(into:)``:
///
/// ```swift
/// let store = try SQLiteStore.open(path: "contacts.db")
/// var snapshot = StoreSnapshot()
/// let position = try store.load(into: &snapshot)
/// _ = try store.write(
///     after: position, catchUp: { _ in }, decide: { .follow(followerId: "u1", followeeId: "u2", since: now) })
/// try store.close()
/// ```
///
/// Durability does not depend on ``close()``: each committed transaction is in the
/// write-ahead log, which SQLite replays at the next open after a crash. Only recent
/// searches are written behind (see ``recordSearch(userId:query:)``).
///
/// The store holds its file exclusively while open (SQLite's `locking_mode=EXCLUSIVE`): a
/// second opener — another process, or another `SQLiteStore` in this one — gets
/// ``StoreError/locked(path:)``, so two engines can never diverge over one file.
///
/// Thread-safe: every operation runs under one lock, so transactions are serialized.
/// A transaction's body must not call back into the store (the lock is not reentrant).
package final class SQLiteStore: Store {
    /// The store's path: where it is, for messages.
    package var location: String { path }

    /// The absolute path of the store file (a relative path given to ``open(path:options:)``
    /// is resolved against the current directory).
    package let path: String
    /// The options the store was opened with.
    package let options: StoreOptions
    /// The connection, nil once closed. Every SQLite call happens under this lock.
    private let connection: ReadWriteLocked<SQLiteConnection?>
    /// Recent searches recorded but not yet written (see `SQLiteStore+RecentSearches`).
    let pendingSearches: PendingSearchQueue

    init(
        path: String, options: StoreOptions, connection: consuming sending SQLiteConnection,
        nextSearchSequence: Int64
    ) {
        self.path = path
        self.options = options
        self.connection = ReadWriteLocked(connection)
        self.pendingSearches = PendingSearchQueue(
            nextSequence: nextSearchSequence, flushDelayMilliseconds: options.searchFlushDelayMilliseconds)
    }

    /// A store released without ``close()`` closes itself the same way (errors ignored).
    deinit {
        try? close()
    }

    /// Opens the store at `path`, creating it when the file is missing or empty, and
    /// migrating it when its schema is older than this build's.
    ///
    /// Every check runs before anything is written: a file that is not ours, a newer
    /// schema, a corrupt, read-only or locked file are refused with the matching
    /// ``StoreError`` and left byte for byte as they were.
    ///
    /// - Note: Corruption deep inside a table is found by the first read of it; the
    ///   engine's ``load(into:)`` reads every row, so a failed load should be treated as a
    ///   failed open (close the store and report the error).
    package static func open(path: String, options: StoreOptions = StoreOptions()) throws(StoreError)
        -> SQLiteStore
    {
        try open(path: path, options: options, schema: .current)
    }

    /// Runs `body` in one SQLite transaction: committed when `body` returns, rolled back
    /// (nothing of it kept) when `body` or the commit throws; the error is rethrown.
    ///
    /// Recent searches waiting to be written are written in the same transaction, before
    /// `body` runs (so a `deleteUser` in `body` also deletes them).
    ///
    /// - Throws: what `body` throws, or a ``StoreError`` (``StoreError/closed(path:)`` after
    ///   ``close()``; ``StoreError/locked(path:)``, ``StoreError/failed(path:code:detail:)``
    ///   when SQLite cannot begin or commit).
    package func transaction<R>(_ body: (borrowing SQLiteTransaction) throws -> R) throws -> R {
        try withConnection { connection throws in
            let searches = pendingSearches.take()
            do {
                try connection.execute("BEGIN IMMEDIATE")
                try writeSearches(searches, on: connection)
                let transaction = SQLiteTransaction(connection: connection)
                let result = try body(transaction)
                try connection.execute("COMMIT")
                return result
            } catch {
                connection.rollbackQuietly()
                pendingSearches.requeue(searches, for: self)
                throw error
            }
        }
    }

    /// Changes (see ``Store/writeChanges(after:catchUp:decide:)``): in one SQLite transaction,
    /// `decide`'s changes are written in order, each advancing the position by one. The file
    /// is held exclusively, so no other engine commits anything: `catchUp` always gets no
    /// changes.
    package func writeChanges(
        after position: Int64, catchUp: ([PositionedChange]) throws -> Void, decide: () throws -> [StoreChange]
    ) throws -> Int64 {
        try transaction { transaction in
            try catchUp([])
            var last = position
            for change in try decide() {
                try transaction.apply(change)
                last = try transaction.advancePosition()
            }
            return last
        }
    }

    /// Writes the pending recent searches and closes the file. Using the store afterwards
    /// throws ``StoreError/closed(path:)``; closing twice does nothing.
    ///
    /// The file is closed even when the last searches cannot be written (they are then
    /// lost, as a crash would lose them); that error is thrown after closing.
    package func close() throws(StoreError) {
        try connection.write { (connection) throws(StoreError) in
            guard let live = connection else { return }
            connection = nil
            pendingSearches.close()
            var failure: StoreError?
            do throws(StoreError) {
                try commitPendingSearches(on: live)
            } catch {
                failure = error
            }
            do throws(StoreError) {
                try live.close()
            } catch {
                failure = failure ?? error
            }
            if let failure { throw failure }
        }
    }

    /// Runs `body` with the live connection under the store's lock.
    func withConnection<R>(_ body: (SQLiteConnection) throws -> R) throws -> R {
        try connection.write { connection throws in
            guard let connection else { throw StoreError.closed(path: path) }
            return try body(connection)
        }
    }

    /// ``withConnection(_:)`` for bodies that throw only ``StoreError``.
    func withTypedConnection<R>(
        _ body: (SQLiteConnection) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        try connection.write { (connection) throws(StoreError) -> R in
            guard let connection else { throw StoreError.closed(path: path) }
            return try body(connection)
        }
    }
}
