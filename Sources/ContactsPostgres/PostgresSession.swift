import ContactsStore
import PostgreSQLClient

/// The one connection of a ``PostgresStore`` and what the store knows about it: whether it
/// must reconnect. Used only under the store's lock, by one thread at a time.
final class PostgresSession {
    let connection: PostgresConnection
    let location: String
    /// Set when the connection was lost: the next operation resets it first.
    private(set) var needsReset = false

    /// The first key of the advisory locks of a store: "CnCt" (the second is the hash of the
    /// schema's name, so that stores in other schemas of the same database do not collide;
    /// migrations lock the hash with its lowest bit flipped).
    static let lockClass: Int64 = 0x436E_4374

    init(connection: PostgresConnection, location: String) {
        self.connection = connection
        self.location = location
    }

    // MARK: Connection

    /// Reconnects when an earlier operation lost the connection (libpq's reset: every host
    /// of the URI again, `target_session_attrs` honoured).
    ///
    /// - Throws: ``StoreError/unavailable(path:detail:)`` when no writable host takes the
    ///   connection.
    func reconnectIfNeeded() throws(StoreError) {
        guard needsReset || !connection.isConnected else { return }
        needsReset = true
        do {
            try connection.reset()
        } catch {
            throw StoreError.unavailable(path: location, detail: error.oneLine)
        }
        if connection.isHotStandby == true {
            throw StoreError.unavailable(
                path: location, detail: "the server reached is a standby; no writable host (target_session_attrs)")
        }
        try markAsEngine()
        needsReset = false
    }

    /// Takes the store's engine mark: a session-level advisory lock
    /// `(lockClass, hashtext(current_schema()))` in shared mode, which every engine's write
    /// session holds and none excludes, so `pg_locks` lists the sessions of the engines
    /// serving a store (an operator's view, and how tests find an engine's session).
    func markAsEngine() throws(StoreError) {
        try run {
            try connection.execute(
                "SELECT pg_advisory_lock_shared($1::int4, hashtext(current_schema()))", [.int64(Self.lockClass)])
        }
    }

    /// Closes the connection.
    func close() {
        connection.close()
    }

    // MARK: Errors

    /// Runs `body`, turning a ``PostgresError`` into the matching ``StoreError`` (and a lost
    /// connection into `unavailable`, to be reset before the next use); a ``StoreError``
    /// passes through.
    @discardableResult
    func run<R>(_ body: () throws -> R) throws(StoreError) -> R {
        do {
            return try body()
        } catch let error as PostgresError {
            throw storeError(error)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.failed(path: location, code: 0, detail: "\(error)")
        }
    }

    /// The ``StoreError`` for `error`: a lost connection or a standby is `unavailable`; a
    /// missing user (the schema's `contacts_require_user`) `unknownUser`; anything else
    /// `failed` with the server's SQLSTATE and message.
    func storeError(_ error: PostgresError) -> StoreError {
        if error.isConnectionError {
            needsReset = true
            return .unavailable(path: location, detail: error.oneLine)
        }
        if error.sqlState == .readOnlySQLTransaction {
            // A standby (a failover is under way): reconnect to whichever host is writable.
            needsReset = true
            return .unavailable(path: location, detail: "the server is read-only (a standby?): \(error.oneLine)")
        }
        if error.sqlState == Self.unknownUserState {
            return .unknownUser(path: location, userId: error.detail ?? "")
        }
        return .failed(path: location, code: 0, detail: PostgresError.oneLine(error.description))
    }

    /// The SQLSTATE `contacts_require_user` raises.
    static let unknownUserState = SQLState(rawValue: "CC404")

    /// Reads a result's value, turning a client error (an unexpected shape) into `corrupt`.
    func decode<R>(_ body: () throws -> R) throws(StoreError) -> R {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.corrupt(path: location, detail: "\(error)")
        }
    }

    // MARK: Transactions

    /// Runs `body` in a transaction: `begin` (BEGIN, or BEGIN with an isolation level),
    /// `body`, COMMIT; ROLLBACK when `body` throws.
    ///
    /// - Throws: what `body` throws, or a ``StoreError`` from BEGIN or COMMIT (a lost
    ///   connection: `unavailable`, the outcome of a cut COMMIT unknown).
    func transaction<R>(begin: String = "BEGIN", _ body: () throws -> R) throws -> R {
        try run { try connection.execute(begin) }
        do {
            let result = try body()
            try commit()
            return result
        } catch {
            rollbackQuietly()
            throw error
        }
    }

    /// COMMIT, refusing the server's silent rollback of a failed transaction.
    func commit() throws(StoreError) {
        let result = try run { try connection.execute("COMMIT") }
        guard result.commandTag == "COMMIT" else {
            throw StoreError.failed(path: location, code: 0, detail: "COMMIT rolled back: a statement failed")
        }
    }

    /// Ends an open transaction after a failure; errors are dropped (the failure being
    /// reported is the first one), and a lost connection is reset later.
    func rollbackQuietly() {
        switch connection.transactionStatus {
        case .inTransaction, .failedTransaction, .active:
            do {
                try connection.execute("ROLLBACK")
            } catch {
                if error.isConnectionError { needsReset = true }
            }
        case .idle:
            break
        case .unknown:
            needsReset = true
        }
    }

    /// Runs `plan` inside the open transaction: every statement in one pipeline, then each
    /// step's check on its result.
    ///
    /// - Throws: the ``StoreError`` of the first failing statement or check (the
    ///   transaction must then be rolled back).
    @discardableResult
    func run(_ plan: PostgresWritePlan) throws(StoreError) -> [PostgresResult] {
        guard !plan.steps.isEmpty else { return [] }
        let results: [PostgresResult]
        do {
            results = try connection.pipeline(plan.steps.map(\.query))
        } catch {
            if let index = error.pipelineIndex, index < plan.steps.count, !error.isConnectionError,
                let mapped = plan.steps[index].failure(error)
            {
                throw mapped
            }
            throw storeError(error)
        }
        for (step, result) in zip(plan.steps, results) {
            try step.check(result)
        }
        return results
    }

    /// Writes `searches` in a transaction of their own, without waiting for the WAL flush
    /// (`synchronous_commit = off`: a crash may lose the last searches, which PROTOCOL §6
    /// allows).
    func writeSearchesAlone(_ searches: [PendingSearch]) throws(StoreError) {
        var plan = PostgresWritePlan(location: location)
        plan.addSearches(searches)
        do {
            try transaction { () throws in
                try run { try connection.execute("SET LOCAL synchronous_commit = off") }
                try run(plan)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.failed(path: location, code: 0, detail: "\(error)")
        }
    }
}

extension PostgresError {
    /// The message on one line: libpq's messages span lines (a hint indented on the next),
    /// and a ``StoreError`` is one line a CLI can print.
    var oneLine: String { Self.oneLine(message) }

    /// `text` with every run of line breaks and the indentation after them made one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.drop { $0 == " " || $0 == "\t" } }.joined(separator: " ")
    }
}
