/// The isolation level of a transaction (PostgreSQL's `BEGIN ISOLATION LEVEL …`).
package enum PostgresIsolationLevel: Sendable, Hashable {
    /// Each statement sees what was committed before it began (PostgreSQL's default).
    case readCommitted
    /// The whole transaction sees one snapshot; a concurrent update of a row it updates
    /// fails it with 40001.
    case repeatableRead
    /// As if transactions ran one after another; conflicts fail one with 40001.
    case serializable

    var sql: String {
        switch self {
        case .readCommitted: "READ COMMITTED"
        case .repeatableRead: "REPEATABLE READ"
        case .serializable: "SERIALIZABLE"
        }
    }
}

extension PostgresConnection {
    /// Runs `body` in a transaction: BEGIN, `body`, COMMIT. When `body` throws, the
    /// transaction is rolled back and its error rethrown; when a statement inside failed
    /// and `body` went on regardless, COMMIT cannot apply anything and this throws
    /// 25P02 after rolling back.
    ///
    /// ```swift
    /// try connection.transaction(isolation: .serializable) {
    ///     try connection.execute(insertUser, [.text(id)])
    ///     try connection.execute(appendChange, [.text(id), .bytes(change)])
    /// }
    /// ```
    ///
    /// A ``PostgresError/Kind/connectionLost`` error from COMMIT leaves the outcome
    /// unknown: the transaction may have committed. A ``PostgresError/isTransactionConflict``
    /// error means the whole transaction may be retried.
    ///
    /// - Throws: `body`'s error, or a ``PostgresError`` from BEGIN or COMMIT, or a client
    ///   error when a transaction is already open (nesting is not supported).
    package func transaction<R>(
        isolation: PostgresIsolationLevel? = nil, readOnly: Bool = false, _ body: () throws -> R
    ) throws -> R {
        guard transactionStatus == .idle else {
            throw PostgresError(.client, "a transaction is already open on this connection; nesting is not supported")
        }
        var begin = "BEGIN"
        if let isolation { begin += " ISOLATION LEVEL \(isolation.sql)" }
        if readOnly { begin += " READ ONLY" }
        try execute(begin)
        do {
            let value = try body()
            try commit()
            return value
        } catch {
            rollbackAfterFailure()
            throw error
        }
    }

    /// COMMIT, turning the server's silent "ROLLBACK" (the transaction had failed) into
    /// an error.
    private func commit() throws(PostgresError) {
        if transactionStatus == .failedTransaction {
            throw PostgresError(
                .server, "the transaction was rolled back: a statement in it failed", sqlState: .inFailedSQLTransaction
            )
        }
        let result = try execute("COMMIT")
        if result.commandTag == "ROLLBACK" {
            throw PostgresError(
                .server, "COMMIT rolled the transaction back: a statement in it failed",
                sqlState: .inFailedSQLTransaction)
        }
    }

    /// Ends a transaction that is still open after a failure; any error here is dropped,
    /// as the failure being reported is the first one.
    private func rollbackAfterFailure() {
        switch transactionStatus {
        case .inTransaction, .failedTransaction:
            _ = try? execute("ROLLBACK")
        case .idle, .active, .unknown:
            break
        }
    }
}
