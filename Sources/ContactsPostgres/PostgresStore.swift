import ContactsStore
import ContactsSupport
import PhoneNumbers
import PostgreSQLClient

/// The ``Store`` on a PostgreSQL database: the same data as ``SQLiteStore``, the same answers,
/// in the tables of ``PostgresSchema`` (every primary key led by its distribution key).
///
/// ```swift
/// let store = try PostgresStore.open(uri: "postgresql://contacts@db1,db2/contacts?target_session_attrs=read-write")
/// var snapshot = StoreSnapshot()
/// let position = try store.load(into: &snapshot)
/// _ = try store.write(after: position, catchUp: { _ in }, decide: { .follow(followerId: "u1", followeeId: "u2", since: now) })
/// try store.close()
/// ```
///
/// **Durability.** A change is acknowledged only once its transaction has committed, with
/// the server's `synchronous_commit` (on by default: the commit is flushed to the server's
/// WAL, and to a synchronous standby when one is configured). Killing the engine at any
/// moment loses nothing acknowledged and leaves nothing half-applied: an uncommitted
/// transaction dies with its session.
///
/// **Lost connections.** When the server cannot be reached, an operation fails with
/// ``StoreError/unavailable(path:detail:)`` and nothing is half-applied; the next operation
/// reconnects (libpq's reset: every host of the URI again, `target_session_attrs` honoured).
/// A connection lost during COMMIT leaves the outcome unknown: the store reconnects at once
/// to learn it when it can, and otherwise the next write learns it and hands a committed
/// change to its `catchUp` (see ``writeChanges(after:catchUp:decide:)``).
///
/// **Several engines per store** (PROTOCOL §8): every change is decided against the
/// committed state, after catching up on the change log (``PostgresChangeLog``), and each
/// engine follows the log through a feed of its own (``openFeed()``).
///
/// Thread-safe: every operation runs under one lock on the one connection, so transactions
/// are serialized.
package final class PostgresStore: Store {
    /// The URI without its password: where the store is, for messages.
    package let location: String
    /// The options the store was opened with (the search flush delay and the change log's
    /// retention apply).
    package let options: StoreOptions
    /// The URI the store was opened with (password included): feeds connect with it.
    let uri: String
    /// The session, nil once closed. Every use of the connection happens under this lock.
    let session: ReadWriteLocked<PostgresSession?>
    /// Recent searches recorded but not yet written (see `PostgresStore+RecentSearches`).
    let pendingSearches: PendingSearchQueue
    /// The search order of the newest recent search the last ``load(into:)`` read (see
    /// ``loadedSearchMark``).
    let lastLoadedSearchMark = ReadWriteLocked<Int64>(0)

    /// The largest phone number stored: `PhoneNumber.largestE164` (19 digits, held in a
    /// `bigint` as its bit pattern).
    static var maximumE164: UInt64 { PhoneNumber.largestE164 }

    /// The first key of the engine mark, the session-level advisory lock
    /// `(engineLockClass, hashtext(current_schema()))` that the write session of every engine
    /// serving the store holds in shared mode: `pg_locks` lists the engines' sessions (after a
    /// crash, a dead engine's until the server notices its client is gone).
    package static var engineLockClass: Int64 { PostgresSession.lockClass }

    /// How long one wait for the server may last during a write before the connection is
    /// declared lost (the request then answers `unavailable` and the store reconnects):
    /// long enough for a large upload's statements, short enough that a vanished server
    /// does not hold requests for long.
    static let writeResponseTimeout = Duration.seconds(30)
    /// The same bound while loading, whose first row may wait on the server sorting a table.
    static let loadResponseTimeout = Duration.seconds(600)

    init(uri: String, location: String, options: StoreOptions, session: consuming sending PostgresSession) {
        self.uri = uri
        self.location = location
        self.options = options
        self.session = ReadWriteLocked(session)
        self.pendingSearches = PendingSearchQueue(
            nextSequence: 1, flushDelayMilliseconds: options.searchFlushDelayMilliseconds)
    }

    /// A store released without ``close()`` closes itself the same way (errors ignored).
    deinit {
        try? close()
    }

    /// Opens the store at `uri` (libpq's URI syntax; `PG*` environment variables fill what it
    /// leaves out), creating the schema on first use and migrating an older one.
    ///
    /// - Throws: ``StoreError/unavailable(path:detail:)`` when no server takes the
    ///   connection; ``StoreError/notOurs(path:detail:)`` for a schema holding another
    ///   application's tables of our names; ``StoreError/newerSchema(path:found:supported:)``;
    ///   ``StoreError/readOnly(path:detail:)`` for a standby or a read-only session;
    ///   ``StoreError/invalidArgument(path:detail:)`` for a malformed URI. Nothing is
    ///   written before every check has passed.
    package static func open(uri: String, options: StoreOptions = StoreOptions()) throws(StoreError) -> PostgresStore {
        try open(uri: uri, options: options, schema: .current)
    }

    /// Changes (see ``Store/writeChanges(after:catchUp:decide:)``), in one transaction of
    /// three round trips: BEGIN with the change position read and locked (`FOR UPDATE`, so
    /// positions follow commit order); then the change log's rows after `position`, for
    /// `catchUp` (the changes other engines committed, and this engine's own whose COMMIT
    /// was cut off by a lost connection and did commit); then, after `decide`, every
    /// statement of the pending searches, of the changes and their log rows and the new
    /// position in one pipeline; then COMMIT (skipped, and the transaction rolled back, when
    /// nothing was written).
    ///
    /// - Throws: also ``ChangeLogTrimmed`` when the log no longer holds the changes after
    ///   `position` (the engine must reload).
    package func writeChanges(
        after position: Int64, catchUp: ([PositionedChange]) throws -> Void, decide: () throws -> [StoreChange]
    ) throws -> Int64 {
        try withSession { session in
            let searches = pendingSearches.take()
            do {
                let last = try session.writeChanges(
                    after: position, searches: searches, catchUp: catchUp, decide: decide)
                pendingSearches.written(searches)
                return last
            } catch {
                pendingSearches.requeue(searches, for: self)
                throw error
            }
        }
    }

    /// Writes the pending recent searches and closes the connection. Using the store
    /// afterwards throws ``StoreError/closed(path:)``; closing twice does nothing. The connection is closed even when the last searches cannot be written
    /// (they are then lost, as a crash would lose them); that error is thrown after closing.
    package func close() throws(StoreError) {
        try session.write { (session) throws(StoreError) in
            guard let live = session else { return }
            session = nil
            pendingSearches.close()
            var failure: StoreError?
            let searches = pendingSearches.take()
            if !searches.isEmpty {
                do throws(StoreError) {
                    try live.writeSearchesAlone(searches)
                } catch {
                    failure = error
                }
            }
            live.close()
            if let failure { throw failure }
        }
    }

    /// Runs `body` with the live session under the store's lock, reconnecting first when an
    /// earlier operation lost the connection.
    ///
    /// - Throws: ``StoreError/closed(path:)`` after ``close()``; ``StoreError/unavailable(path:detail:)``
    ///   when the reconnection fails; what `body` throws.
    func withSession<R>(_ body: (PostgresSession) throws -> R) throws -> R {
        try session.write { session throws in
            guard let session else { throw StoreError.closed(path: location) }
            try session.reconnectIfNeeded()
            return try body(session)
        }
    }

    /// ``withSession(_:)`` for bodies that throw only ``StoreError``.
    func withTypedSession<R>(_ body: (PostgresSession) throws(StoreError) -> R) throws(StoreError) -> R {
        try session.write { (session) throws(StoreError) -> R in
            guard let session else { throw StoreError.closed(path: location) }
            try session.reconnectIfNeeded()
            return try body(session)
        }
    }

    /// `uri` without its password (`user:secret@` becomes `user@`; a `password=` parameter's
    /// value becomes `***`), for messages and ``location``.
    package static func redacted(_ uri: String) -> String {
        let question = uri.firstIndex(of: "?") ?? uri.endIndex
        var head = Substring(uri[..<question])
        var result = ""
        if let colon = head.firstIndex(of: ":"), head[colon...].hasPrefix("://") {
            let authorityStart = head.index(colon, offsetBy: 3)
            result += head[..<authorityStart]
            head = head[authorityStart...]
            let authorityEnd = head.firstIndex(of: "/") ?? head.endIndex
            let authority = head[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") {
                let credentials = authority[..<at]
                result += (credentials.firstIndex(of: ":").map { credentials[..<$0] } ?? credentials) + authority[at...]
            } else {
                result += authority
            }
            head = head[authorityEnd...]
        }
        result += head
        guard question < uri.endIndex else { return result }
        let query = uri[uri.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
        return result + "?"
            + query.map { $0.hasPrefix("password=") ? "password=***" : String($0) }.joined(separator: "&")
    }
}
