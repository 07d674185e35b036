import PostgreSQLClient
import Testing

@Suite("Pipeline mode")
struct PipelineTests {
    @Test("1,000 inserts in one pipeline all land, each answering its own result")
    func thousandInserts() throws {
        let connection = try PostgresTestEnvironment.connect()
        let table = PostgresTestEnvironment.uniqueName("pipe")
        try connection.execute("CREATE TABLE \(table) (id int8 PRIMARY KEY, name text, data bytea)")
        defer { _ = try? connection.execute("DROP TABLE \(table)") }
        let queries = (0..<1000).map { id in
            PostgresQuery.sql(
                "INSERT INTO \(table) VALUES ($1, $2, $3) RETURNING id",
                [.int64(Int64(id)), .text("name \(id)"), .bytes([UInt8(id % 256)])])
        }
        let results = try connection.pipeline(queries)
        #expect(results.count == 1000)
        for (index, result) in results.enumerated() {
            #expect(result.affectedRows == 1)
            #expect(try result.int64(row: 0, column: 0) == Int64(index))
        }
        let check = try connection.execute("SELECT count(*), sum(id)::int8 FROM \(table)")
        #expect(try check.int64(row: 0, column: 0) == 1000)
        #expect(try check.int64(row: 0, column: 1) == 999 * 1000 / 2)
        // The connection is back in normal mode.
        #expect(try connection.execute("SELECT $1", [.int64(5)]).int64(row: 0, column: 0) == 5)
    }

    @Test("prepared statements run in a pipeline, prepared once")
    func preparedInPipeline() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE edges (a int8, b text)")
        let insert = PostgresStatement(name: "pipe_edge", sql: "INSERT INTO edges VALUES ($1, $2)")
        let queries = (0..<500).map { PostgresQuery.prepared(insert, [.int64(Int64($0)), .text("b\($0)")]) }
        let results = try connection.pipeline(queries + [.sql("SELECT count(*) FROM edges")])
        #expect(results.count == 501)
        #expect(try results[500].int64(row: 0, column: 0) == 500)
        #expect(connection.preparedStatementCount == 1)
    }

    @Test("a failing query reports its index and none of the pipeline takes effect")
    func failureIsAtomic() throws {
        let connection = try PostgresTestEnvironment.connect()
        let table = PostgresTestEnvironment.uniqueName("pipe")
        try connection.execute("CREATE TABLE \(table) (id int8 PRIMARY KEY)")
        defer { _ = try? connection.execute("DROP TABLE \(table)") }
        var queries = (0..<10).map { PostgresQuery.sql("INSERT INTO \(table) VALUES ($1)", [.int64(Int64($0))]) }
        queries.insert(.sql("INSERT INTO \(table) VALUES ($1)", [.int64(3)]), at: 6)
        let error = try #require(throws: PostgresError.self) { try connection.pipeline(queries) }
        #expect(error.sqlState == .uniqueViolation)
        #expect(error.pipelineIndex == 6)
        #expect(error.kind == .server)
        #expect(try connection.execute("SELECT count(*) FROM \(table)").int64(row: 0, column: 0) == 0)
        #expect(connection.transactionStatus == .idle)
    }

    @Test("inside a transaction a pipeline is part of it")
    func insideTransaction() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE t (id int8)")
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try connection.transaction {
                _ = try connection.pipeline((0..<20).map { .sql("INSERT INTO t VALUES ($1)", [.int64(Int64($0))]) })
                #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 20)
                throw Abort()
            }
        }
        #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
    }

    @Test("a value that cannot be sent fails the pipeline before anything is sent")
    func clientErrorSendsNothing() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE t (name text)")
        let queries: [PostgresQuery] = [
            .sql("INSERT INTO t VALUES ($1)", ["fine"]), .sql("INSERT INTO t VALUES ($1)", [.text("bad\u{0}")]),
        ]
        let error = try #require(throws: PostgresError.self) { try connection.pipeline(queries) }
        #expect(error.kind == .client)
        #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
    }
}
