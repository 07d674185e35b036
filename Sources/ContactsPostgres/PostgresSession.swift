import ContactsStore
import PostgreSQLClient

/// The one connection of a ``PostgresStore`` and what the store knows about it: whether it
/// must reconnect, and the changes whose COMMIT was cut off. Used only under the store's
/// lock, by one thread at a time.
final class PostgresSession {
    let connection: PostgresConnection
    let location: String
    /// Set when the connection was lost: the next operation resets it first.
    private(set) var needsReset = false
    /// Changes whose COMMIT was sent when the connection broke, with the positions they
    /// would have: the next write learns whether they committed.
    private(set) var inDoubt: [PositionedChange] = []

    /// The two keys of the session-level advisory lock that makes one engine the store's
    /// only writer: "CnCt" and the hash of the schema's name (so stores in other schemas of
    /// the same database do not collide).
    static let lockClass: Int64 = 0x436E_4374

    init(connection: PostgresConnection, location: String) {
        self.connection = connection
        self.location = location
    }

    // MARK: Connection

    /// Reconnects when an earlier operation lost the connection, and takes the engine lock
    /// again (the old session's went with it).
    ///
    /// - Throws: ``StoreError/unavailable(path:detail:)`` when no host takes the connection
    ///   or the lock is still held (the old session is not gone yet).
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
        guard try lockStore() else {
            throw StoreError.unavailable(
                path: location, detail: "another session holds the store's engine lock (the lost one may linger)")
        }
        needsReset = false
    }

    /// Takes the store's engine lock if free.
    func lockStore() throws(StoreError) -> Bool {
        let result = try run {
            try connection.execute(
                "SELECT pg_try_advisory_lock($1::int4, hashtext(current_schema()))", [.int64(Self.lockClass)])
        }
        return try decode { try result.bool(row: 0, column: 0) }
    }

    /// Closes the connection (its advisory lock goes with the session).
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

    // MARK: Changes

    /// The body of ``PostgresStore/writeChanges(after:catchUp:decide:)`` on this session.
    func writeChanges(
        after position: Int64, searches: [RecordedSearch], catchUp: ([PositionedChange]) throws -> Void,
        decide: () throws -> [StoreChange]
    ) throws -> Int64 {
        let results = try run {
            try connection.pipeline([
                .sql("BEGIN"), .prepared(PostgresStatements.lockPosition),
            ])
        }
        var committed = false
        do {
            let stored = try decode { try results[1].int64(row: 0, column: 0) }
            let missed = try resolveDoubt(storedPosition: stored)
            guard stored - Int64(missed.count) == position else {
                throw StoreError.failed(
                    path: location, code: 0,
                    detail: "the store is at position \(stored) but this engine at \(position): another process "
                        + "wrote to it")
            }
            try catchUp(missed)
            inDoubt = []
            let changes = try decide()
            var plan = PostgresWritePlan(location: location)
            plan.addSearches(searches)
            for change in changes { try plan.add(change) }
            let last = stored + Int64(changes.count)
            guard !plan.steps.isEmpty else {
                rollbackQuietly()
                return last
            }
            if !changes.isEmpty { plan.setPosition(last) }
            try run(plan)
            let positioned = changes.enumerated().map { PositionedChange(position: stored + 1 + Int64($0), change: $1) }
            committed = try commitResolvingDoubt(positioned)
            guard committed else {
                throw StoreError.unavailable(
                    path: location, detail: "the connection was lost during COMMIT; the change did not commit")
            }
            return last
        } catch {
            if !committed { rollbackQuietly() }
            throw error
        }
    }

    /// What became of the changes in doubt, given the position the store holds: committed
    /// (returned, to be caught up), or not (nothing).
    private func resolveDoubt(storedPosition: Int64) throws(StoreError) -> [PositionedChange] {
        guard let first = inDoubt.first, let last = inDoubt.last else { return [] }
        if storedPosition == last.position { return inDoubt }
        if storedPosition == first.position - 1 {
            inDoubt = []
            return []
        }
        throw StoreError.failed(
            path: location, code: 0,
            detail: "changes \(first.position)…\(last.position) were in doubt, but the store is at \(storedPosition)")
    }

    /// COMMIT; when the connection is lost during it, one reconnection at once to learn
    /// whether it committed. Returns false when it did not.
    ///
    /// - Throws: ``StoreError/unavailable(path:detail:)`` when the outcome cannot be learned
    ///   now (the changes stay in doubt until the next write).
    private func commitResolvingDoubt(_ changes: [PositionedChange]) throws(StoreError) -> Bool {
        do {
            try commit()
            return true
        } catch StoreError.unavailable(_, let detail) {
            guard let last = changes.last else { return true }
            inDoubt = changes
            do {
                try reconnectIfNeeded()
                let result = try run { try connection.execute(PostgresStatements.readPosition) }
                let stored = try decode { try result.int64(row: 0, column: 0) }
                if try resolveDoubt(storedPosition: stored).isEmpty { return false }
                inDoubt = []
                return stored == last.position
            } catch {
                throw StoreError.unavailable(
                    path: location,
                    detail: "\(detail); the connection was lost during COMMIT, so whether the change committed is "
                        + "known once the store is reached again")
            }
        }
    }

    /// Writes `searches` in a transaction of their own, without waiting for the WAL flush
    /// (`synchronous_commit = off`: a crash may lose the last searches, which PROTOCOL §6
    /// allows).
    func writeSearchesAlone(_ searches: [RecordedSearch]) throws(StoreError) {
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
