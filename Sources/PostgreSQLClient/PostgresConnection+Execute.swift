internal import CLibPQ

/// A named statement, prepared once on each connection that runs it and reused there.
///
/// Declare each as a constant and run it with `PostgresConnection.execute(_:_:)`:
///
/// ```swift
/// static let insertEdge = PostgresStatement(
///     name: "insert_edge", sql: "INSERT INTO follows (follower, followee, since) VALUES ($1, $2, $3)")
/// ```
///
/// Its parameter types are fixed when a connection first prepares it, from that call's
/// values exactly as an unnamed `PostgresConnection.execute(_:_:)` with SQL would type
/// them (integers, booleans and bytes by their own type, text and NULL by the server
/// from the SQL); later calls' values are converted to those types.
package struct PostgresStatement: Sendable, Hashable {
    /// The server-side name: 1 to 63 bytes, unique per SQL text on a connection.
    package let name: String
    /// One SQL statement with `$1`, `$2`… placeholders.
    package let sql: String

    /// A statement named `name` running `sql`.
    package init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }
}

extension PostgresConnection {
    /// Runs one SQL statement with `parameters` bound to `$1`, `$2`… and returns its
    /// result (rows in binary). The statement is parsed for this call only; for one run
    /// often, use a ``PostgresStatement``.
    ///
    /// - Throws: ``PostgresError``: `.server` for a refused statement (the SQLSTATE says
    ///   why), `.connectionLost` when the session is gone, `.client` for a value that
    ///   cannot be sent.
    @discardableResult
    package func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> PostgresResult {
        let handle = try liveHandle()
        let encoded = try PostgresParameters(parameters, targets: nil)
        let sent = encoded.withCArrays { count, types, values, lengths, formats in
            PQsendQueryParams(handle, sql, count, types, values, lengths, formats, 1)
        }
        guard sent == 1 else { throw connectionError(handle, statement: sql) }
        return try finishSingle(handle, statement: sql)
    }

    /// Runs `statement` with `parameters`, preparing it first if this session has not.
    ///
    /// - Throws: as `execute(_:_:)` with SQL; a client error when the statement takes
    ///   another number of parameters, or when another statement of the same name was
    ///   prepared on this connection with other SQL.
    @discardableResult
    package func execute(_ statement: PostgresStatement, _ parameters: [PostgresValue] = []) throws(PostgresError)
        -> PostgresResult
    {
        let handle = try liveHandle()
        let types = try prepare(statement, firstParameters: parameters)
        let encoded = try PostgresParameters(parameters, targets: types)
        let sent = encoded.withCArrays { count, _, values, lengths, formats in
            PQsendQueryPrepared(handle, statement.name, count, values, lengths, formats, 1)
        }
        guard sent == 1 else { throw connectionError(handle, statement: statement.sql) }
        return try finishSingle(handle, statement: statement.sql)
    }

    /// Runs `sql`, which may hold several statements separated by semicolons (a schema
    /// script), without parameters, through the simple query protocol; the results come
    /// in text, one per statement. Stops at the first failing statement; outside an
    /// explicit transaction, the script runs as one implicit transaction.
    @discardableResult
    package func executeScript(_ sql: String) throws(PostgresError) -> [PostgresResult] {
        let handle = try liveHandle()
        guard PQsendQuery(handle, sql) == 1 else { throw connectionError(handle, statement: sql) }
        try flush(handle, statement: sql)
        return try finishCommand(handle, statement: sql)
    }

    /// The number of statements prepared on this session (``PostgresStatement``s run
    /// since it was opened or reset).
    package var preparedStatementCount: Int { preparedStatements.count }

    /// The server's parameter types of `statement`, preparing it on this session first
    /// when needed (types from `firstParameters`, then described by the server).
    func prepare(_ statement: PostgresStatement, firstParameters: [PostgresValue]) throws(PostgresError) -> [UInt32] {
        if let known = preparedStatements[statement.name] {
            guard known.sql == statement.sql else {
                throw PostgresError(
                    .client,
                    "statement name \(statement.name.debugDescription) is already prepared on this connection "
                        + "with other SQL",
                    statement: statement.sql)
            }
            return try checkedTypes(known.parameterTypes, statement: statement, count: firstParameters.count)
        }
        let nameLength = statement.name.utf8.count
        guard nameLength > 0, nameLength <= Self.maximumIdentifierLength, !statement.name.utf8.contains(0) else {
            throw PostgresError(
                .client,
                "statement name \(statement.name.debugDescription) must be 1 to \(Self.maximumIdentifierLength) "
                    + "bytes without U+0000")
        }
        let handle = try liveHandle()
        let declared = firstParameters.map(PostgresWireEncoding.declaredType(of:))
        let sent = declared.withUnsafeBufferPointer { types in
            PQsendPrepare(handle, statement.name, statement.sql, Int32(declared.count), types.baseAddress)
        }
        guard sent == 1 else { throw connectionError(handle, statement: statement.sql) }
        _ = try finishSingle(handle, statement: statement.sql)
        guard PQsendDescribePrepared(handle, statement.name) == 1 else {
            throw connectionError(handle, statement: statement.sql)
        }
        let description = try finishSingle(handle, statement: statement.sql)
        let types = description.parameterTypes
        preparedStatements[statement.name] = PreparedStatementInfo(sql: statement.sql, parameterTypes: types)
        return try checkedTypes(types, statement: statement, count: firstParameters.count)
    }

    /// Flushes the command just sent and returns its one result.
    func finishSingle(_ handle: OpaquePointer, statement: String?) throws(PostgresError) -> PostgresResult {
        try flush(handle, statement: statement)
        let results = try finishCommand(handle, statement: statement)
        guard let last = results.last else {
            throw PostgresError(.client, "the server sent no result", statement: statement)
        }
        return last
    }

    private func checkedTypes(_ types: [UInt32], statement: PostgresStatement, count: Int) throws(PostgresError)
        -> [UInt32]
    {
        guard types.count == count else {
            throw PostgresError(
                .client, "statement \(statement.name.debugDescription) takes \(types.count) parameters; \(count) given",
                statement: statement.sql)
        }
        return types
    }
}
