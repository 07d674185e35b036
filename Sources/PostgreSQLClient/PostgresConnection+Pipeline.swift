internal import CLibPQ

/// One query of a pipeline: SQL or a named statement, with its parameters.
package struct PostgresQuery: Sendable {
    enum Command: Sendable {
        case sql(String)
        case prepared(PostgresStatement)
    }

    let command: Command
    /// The values bound to `$1`, `$2`…
    package let parameters: [PostgresValue]

    /// A query parsed for this run only.
    package static func sql(_ sql: String, _ parameters: [PostgresValue] = []) -> PostgresQuery {
        PostgresQuery(command: .sql(sql), parameters: parameters)
    }

    /// A named statement, prepared on the connection first if needed.
    package static func prepared(_ statement: PostgresStatement, _ parameters: [PostgresValue] = []) -> PostgresQuery {
        PostgresQuery(command: .prepared(statement), parameters: parameters)
    }

    var sqlText: String {
        switch command {
        case .sql(let sql): sql
        case .prepared(let statement): statement.sql
        }
    }
}

extension PostgresConnection {
    /// Sends every query, then one sync, then reads every answer: one round trip for the
    /// lot (libpq pipeline mode). Returns one result per query, in order.
    ///
    /// Outside an explicit transaction the queries run as one implicit transaction that
    /// commits at the sync: when one fails, the server skips the rest and none of them
    /// takes effect. Inside ``transaction(isolation:readOnly:_:)`` they are part of it.
    ///
    /// ```swift
    /// let results = try connection.pipeline(edges.map { .prepared(insertEdge, [.text($0.from), .text($0.to)]) })
    /// ```
    ///
    /// - Complexity: one round trip; O(queries + data) memory for the queued requests and
    ///   the results.
    /// - Throws: the first failing query's error, with ``PostgresError/pipelineIndex``
    ///   set; a client error for a value that cannot be sent (then nothing is sent).
    package func pipeline(_ queries: [PostgresQuery]) throws(PostgresError) -> [PostgresResult] {
        let handle = try liveHandle()
        guard !queries.isEmpty else { return [] }
        // Prepare and encode everything first, so that nothing fails half-way through sending.
        var encoded: [PostgresParameters] = []
        encoded.reserveCapacity(queries.count)
        for query in queries {
            switch query.command {
            case .sql:
                encoded.append(try PostgresParameters(query.parameters, targets: nil))
            case .prepared(let statement):
                let types = try prepare(statement, firstParameters: query.parameters)
                encoded.append(try PostgresParameters(query.parameters, targets: types))
            }
        }
        guard PQenterPipelineMode(handle) == 1 else { throw connectionError(handle, statement: nil) }
        do {
            try sendPipeline(handle, queries: queries, encoded: encoded)
            let results = try collectPipeline(handle, queries: queries)
            try exitPipeline(handle)
            return results
        } catch {
            if !isBroken { try? exitPipeline(handle) }
            throw error
        }
    }

    /// Queries sent between two non-blocking reads of the socket while queueing a
    /// pipeline: reading drains the server's answers so it never waits on a full socket,
    /// and starts it executing before the sync goes.
    private static let pipelineReadInterval = 64

    private func sendPipeline(_ handle: OpaquePointer, queries: [PostgresQuery], encoded: [PostgresParameters])
        throws(PostgresError)
    {
        for (index, query) in queries.enumerated() {
            let sent = encoded[index].withCArrays { count, types, values, lengths, formats in
                switch query.command {
                case .sql(let sql):
                    PQsendQueryParams(handle, sql, count, types, values, lengths, formats, 1)
                case .prepared(let statement):
                    PQsendQueryPrepared(handle, statement.name, count, values, lengths, formats, 1)
                }
            }
            guard sent == 1 else {
                isBroken = PQstatus(handle) == CONNECTION_OK
                var error = connectionError(handle, statement: query.sqlText)
                error.pipelineIndex = index
                throw error
            }
            if index % Self.pipelineReadInterval == Self.pipelineReadInterval - 1, PQconsumeInput(handle) == 0 {
                throw connectionError(handle, statement: query.sqlText)
            }
        }
        guard PQpipelineSync(handle) == 1 else { throw connectionError(handle, statement: nil) }
        try flush(handle, statement: nil)
    }

    /// Reads each query's results (each list ends with a NULL) up to the sync.
    private func collectPipeline(_ handle: OpaquePointer, queries: [PostgresQuery]) throws(PostgresError)
        -> [PostgresResult]
    {
        var results: [PostgresResult?] = Array(repeating: nil, count: queries.count)
        var failure: PostgresError?
        var index = 0
        while true {
            let statement = index < queries.count ? queries[index].sqlText : nil
            guard let raw = try nextResult(handle, statement: statement) else {
                if PQstatus(handle) != CONNECTION_OK {
                    throw failure ?? connectionError(handle, statement: statement)
                }
                index += 1
                continue
            }
            let status = PQresultStatus(raw)
            if status == PGRES_PIPELINE_SYNC {
                PQclear(raw)
                break
            }
            guard index < queries.count else {
                PQclear(raw)
                isBroken = true
                throw PostgresError(.connectionLost, "the server sent more results than the pipeline had queries")
            }
            switch status {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                results[index] = PostgresResult(taking: raw)
            case PGRES_PIPELINE_ABORTED:
                PQclear(raw)  // skipped: an earlier query failed
            default:
                if failure == nil {
                    var error = resultError(raw, handle: handle, statement: statement)
                    error.pipelineIndex = index
                    failure = error
                }
                PQclear(raw)
            }
        }
        if let failure { throw failure }
        let complete = results.compactMap { $0 }
        guard complete.count == queries.count else {
            throw PostgresError(.client, "the server answered \(complete.count) of \(queries.count) pipeline queries")
        }
        return complete
    }

    private func exitPipeline(_ handle: OpaquePointer) throws(PostgresError) {
        if PQexitPipelineMode(handle) == 1 { return }
        // A NULL may still be pending after the sync; read it and try again.
        while let raw = try nextResult(handle, statement: nil) { PQclear(raw) }
        guard PQexitPipelineMode(handle) == 1 else {
            // Still in pipeline mode: nothing else can run on this session until reset().
            isBroken = PQstatus(handle) == CONNECTION_OK
            throw connectionError(handle, statement: nil)
        }
    }
}
