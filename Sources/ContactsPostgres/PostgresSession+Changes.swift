import ContactsStore
import PostgreSQLClient

extension PostgresSession {
    /// The body of ``PostgresStore/writeChanges(after:catchUp:decide:)`` on this session, in
    /// one transaction of three round trips (see ``PostgresChangeLog``):
    ///
    /// 1. BEGIN, then the change position read and locked (`FOR UPDATE`: writers of every
    ///    engine take turns, and positions follow commit order) with the transaction's id;
    /// 2. when the store is ahead of `position`, the log's rows after it (other engines'
    ///    changes, or this engine's own whose COMMIT was cut off and did commit), handed to
    ///    `catchUp`; then `decide`, against that committed state; then every statement of the
    ///    pending searches, of the changes, of their log rows, the new position and the
    ///    notification to the followers, in one pipeline;
    /// 3. COMMIT (skipped, and the transaction rolled back, when nothing was written).
    func writeChanges(
        after position: Int64, searches: [PendingSearch], catchUp: ([PositionedChange]) throws -> Void,
        decide: () throws -> [StoreChange]
    ) throws -> Int64 {
        let results = try run {
            try connection.pipeline([.sql("BEGIN"), .prepared(PostgresChangeLog.lockPosition)])
        }
        var committed = false
        do {
            let (stored, transaction) = try decode {
                (try results[1].int64(row: 0, column: 0), try results[1].int64(row: 0, column: 1))
            }
            if stored > position {
                let fetched = try run {
                    try connection.execute(
                        PostgresChangeLog.fetch, [.int64(position), .int64(stored - position)])
                }
                try catchUp(try PostgresChangeLog.changes(in: fetched, after: position, location: location).changes)
            } else if stored < position {
                throw StoreError.failed(
                    path: location, code: 0,
                    detail: "the store is at position \(stored) but this engine has applied \(position): the database "
                        + "lost committed changes (restored from a backup, or an asynchronous standby promoted?)")
            }
            let changes = try decide()
            var plan = PostgresWritePlan(location: location)
            plan.addSearches(searches)
            for (offset, change) in changes.enumerated() {
                try plan.add(change)
                plan.appendToLog(change, at: stored + 1 + Int64(offset))
            }
            let last = stored + Int64(changes.count)
            guard !plan.steps.isEmpty else {
                rollbackQuietly()
                return last
            }
            if !changes.isEmpty {
                plan.setPosition(last)
                plan.notifyFollowers(position: last)
            }
            try run(plan)
            committed = try commitLearningOutcome(transaction: transaction)
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

    /// COMMIT; when the connection is lost during it, one reconnection at once to learn
    /// from the server whether `transaction` committed (`txid_status`). Returns false when
    /// it did not.
    ///
    /// - Throws: ``StoreError/unavailable(path:detail:)`` when the outcome cannot be learned
    ///   now: a change that did commit is then in the log, and reaches this engine through
    ///   its next catch-up like any other engine's.
    private func commitLearningOutcome(transaction: Int64) throws(StoreError) -> Bool {
        do {
            try commit()
            return true
        } catch StoreError.unavailable(_, let detail) {
            do {
                try reconnectIfNeeded()
                let result = try run { try connection.execute("SELECT txid_status($1)", [.int64(transaction)]) }
                switch try decode({ try result.isNull(row: 0, column: 0) ? nil : try result.string(row: 0, column: 0) })
                {
                case "committed": return true
                case "aborted": return false
                default: throw StoreError.unavailable(path: location, detail: "the outcome is not known yet")
                }
            } catch {
                throw StoreError.unavailable(
                    path: location,
                    detail: "\(detail); the connection was lost during COMMIT, so whether the change committed is "
                        + "known once the store is reached again")
            }
        }
    }
}
