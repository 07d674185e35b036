/// An error from PostgreSQL or from this client. Everything the server said is kept: the
/// SQLSTATE, the message, the detail, the hint and the names of the objects involved.
///
/// ``kind`` separates a connection that is gone (the service answers `unavailable` and
/// reconnects) from a statement the server refused on a healthy connection:
///
/// ```swift
/// do {
///     try connection.execute(insertPhone, [.text(userId), .int64(phone)])
/// } catch let error where error.isConnectionError {
///     // unavailable; call connection.reset() later
/// } catch let error where error.sqlState == .uniqueViolation {
///     // the phone is taken: error.constraint names the index
/// }
/// ```
package struct PostgresError: Error, Sendable, CustomStringConvertible {
    /// What failed, as far as the caller's next step goes.
    package enum Kind: Sendable, Hashable {
        /// No connection could be made: every host of the URI refused, timed out, or
        /// rejected the login.
        case connectionFailed
        /// The connection broke, the server shut the session (SQLSTATE class 08, 57P01,
        /// 57P02, 57P03), or it did not answer within the connection's response timeout.
        /// Whether the statement in flight took effect is unknown (a COMMIT may have been
        /// applied). The connection stays unusable until ``PostgresConnection/reset()``.
        case connectionLost
        /// The server refused a statement; the connection is still usable (inside a
        /// transaction, the transaction is aborted until ROLLBACK).
        case server
        /// This client refused the request before sending it, or could not read the
        /// answer as asked: a value PostgreSQL cannot hold, a column read as the wrong
        /// type, a connection used after ``PostgresConnection/close()``. The message says
        /// what was wrong; nothing was sent, or the connection is still in sync.
        case client
    }

    /// What failed.
    package var kind: Kind
    /// The server's five-character SQLSTATE, when the server sent one.
    package var sqlState: SQLState?
    /// The primary message (the server's, or libpq's, or this client's), never empty.
    package var message: String
    /// The server's DETAIL line, if any (for a unique violation: the duplicated key).
    package var detail: String?
    /// The server's HINT line, if any.
    package var hint: String?
    /// The server's non-localized severity (`ERROR`, `FATAL`, `PANIC`), if sent.
    package var severity: String?
    /// The schema of the object involved, if the server named one.
    package var schema: String?
    /// The table involved, if the server named one.
    package var table: String?
    /// The column involved, if the server named one.
    package var column: String?
    /// The constraint involved (for 23505, the unique index), if the server named one.
    package var constraint: String?
    /// The server's CONTEXT lines (the call stack inside PL/pgSQL), if any.
    package var context: String?
    /// The 1-based character position in ``statement`` the server pointed at, if any.
    package var position: Int?
    /// The SQL that failed (never the parameter values), when there was one.
    package var statement: String?
    /// In a pipeline, the index of the query that failed.
    package var pipelineIndex: Int?

    /// Makes an error; the server's fields are filled in by the connection.
    package init(_ kind: Kind, _ message: String, sqlState: SQLState? = nil, statement: String? = nil) {
        self.kind = kind
        self.message = message.isEmpty ? "unknown error" : message
        self.sqlState = sqlState
        self.statement = statement
    }

    /// Whether the connection is gone or could not be made: the caller should answer
    /// `unavailable` and reconnect (``PostgresConnection/reset()``).
    package var isConnectionError: Bool {
        kind == .connectionFailed || kind == .connectionLost
    }

    /// Whether the transaction failed only because of concurrent transactions
    /// (40001 serialization failure or 40P01 deadlock) and may be retried as a whole.
    package var isTransactionConflict: Bool {
        sqlState == .serializationFailure || sqlState == .deadlockDetected
    }

    /// One line (or a few) a person can act on: kind, SQLSTATE, message, detail, hint,
    /// and the start of the statement.
    package var description: String {
        var text: String
        switch kind {
        case .connectionFailed: text = "PostgreSQL connection failed"
        case .connectionLost: text = "PostgreSQL connection lost"
        case .server: text = "PostgreSQL error"
        case .client: text = "PostgreSQL client error"
        }
        if let sqlState { text += " \(sqlState.rawValue)" }
        if let pipelineIndex { text += " (pipeline query \(pipelineIndex))" }
        text += ": \(message)"
        if let detail { text += "; DETAIL: \(detail)" }
        if let hint { text += "; HINT: \(hint)" }
        if let statement {
            let limit = 120
            let shown = statement.count > limit ? statement.prefix(limit) + "…" : Substring(statement)
            text += "; in \(shown.debugDescription)"
        }
        return text
    }
}

/// A five-character SQLSTATE code; the constants name the ones the store acts on.
package struct SQLState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code, such as `23505`.
    package let rawValue: String

    /// Wraps a code as the server sent it.
    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The class: the first two characters (`08` connection exception, `23` integrity
    /// constraint violation, `40` transaction rollback, `57` operator intervention).
    package var errorClass: Substring { rawValue.prefix(2) }

    /// The code itself.
    package var description: String { rawValue }

    /// 23505: a unique index or primary key already holds the key.
    package static let uniqueViolation = SQLState(rawValue: "23505")
    /// 23503: a foreign key points at a missing row, or a referenced row is in use.
    package static let foreignKeyViolation = SQLState(rawValue: "23503")
    /// 23514: a CHECK constraint failed.
    package static let checkViolation = SQLState(rawValue: "23514")
    /// 40001: a serializable (or repeatable read) transaction lost to a concurrent one.
    package static let serializationFailure = SQLState(rawValue: "40001")
    /// 40P01: the transaction was chosen as a deadlock victim.
    package static let deadlockDetected = SQLState(rawValue: "40P01")
    /// 25006: a write in a read-only transaction, such as any write on a hot standby.
    package static let readOnlySQLTransaction = SQLState(rawValue: "25006")
    /// 25P02: a statement (or COMMIT) in a transaction an earlier error aborted.
    package static let inFailedSQLTransaction = SQLState(rawValue: "25P02")
    /// 57014: the statement was cancelled (statement_timeout, or a cancel request).
    package static let queryCanceled = SQLState(rawValue: "57014")
    /// 57P01: the server is shutting down, or an administrator ended the session.
    package static let adminShutdown = SQLState(rawValue: "57P01")
    /// 57P02: the server ended the session because another server process crashed.
    package static let crashShutdown = SQLState(rawValue: "57P02")
    /// 57P03: the server is starting up or in recovery and takes no connections yet.
    package static let cannotConnectNow = SQLState(rawValue: "57P03")
    /// 08P01: the client broke the protocol (a wrong parameter count, for one).
    package static let protocolViolation = SQLState(rawValue: "08P01")
    /// 42P01: the table does not exist.
    package static let undefinedTable = SQLState(rawValue: "42P01")

    /// Whether the code says the session is over (class 08, or 57P01, 57P02, 57P03).
    package var endsSession: Bool {
        errorClass == "08" || self == .adminShutdown || self == .crashShutdown || self == .cannotConnectNow
    }
}
