import PostgreSQLClient
import Testing

@Suite("Prepared statements")
struct PreparedStatementTests {
    @Test("a statement is prepared once per connection and reused")
    func preparedOnce() throws {
        let connection = try PostgresTestEnvironment.connect()
        let statement = PostgresStatement(name: "echo_sum", sql: "SELECT $1::int8 + $2")
        for index in 0..<200 {
            let result = try connection.execute(statement, [.int64(Int64(index)), .int32(1)])
            #expect(try result.int64(row: 0, column: 0) == Int64(index) + 1)
        }
        #expect(connection.preparedStatementCount == 1)
        let server = try connection.execute("SELECT count(*) FROM pg_prepared_statements WHERE name = 'echo_sum'")
        #expect(try server.int64(row: 0, column: 0) == 1)
    }

    @Test("values are converted to the types the server fixed at preparation")
    func valuesFollowPreparedTypes() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE typed (small int2, wide int8, flag bool, label text)")
        let insert = PostgresStatement(name: "typed_insert", sql: "INSERT INTO typed VALUES ($1, $2, $3, $4)")
        // First use with NULLs: the server infers every type from the columns.
        try connection.execute(insert, [nil, nil, nil, nil])
        try connection.execute(insert, [.int64(-7), .int32(9), .bool(true), .int64(42)])
        let result = try connection.execute("SELECT small, wide, flag, label FROM typed WHERE small IS NOT NULL")
        #expect(try result.int64(row: 0, column: 0) == -7)
        #expect(try result.int64(row: 0, column: 1) == 9)
        #expect(try result.bool(row: 0, column: 2))
        #expect(try result.string(row: 0, column: 3) == "42")
    }

    @Test("one name with two SQL texts, or a wrong parameter count, is a client error")
    func misuse() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute(PostgresStatement(name: "clash", sql: "SELECT 1"))
        let clash = try #require(throws: PostgresError.self) {
            try connection.execute(PostgresStatement(name: "clash", sql: "SELECT 2"))
        }
        #expect(clash.kind == .client)
        let count = try #require(throws: PostgresError.self) {
            try connection.execute(PostgresStatement(name: "two", sql: "SELECT $1::int8, $2::int8"), [1])
        }
        #expect(count.kind == .client)
        let long = try #require(throws: PostgresError.self) {
            try connection.execute(PostgresStatement(name: String(repeating: "n", count: 64), sql: "SELECT 1"))
        }
        #expect(long.kind == .client)
    }

    @Test("after reset() statements are prepared again")
    func reprepareAfterReset() throws {
        let connection = try PostgresTestEnvironment.connect()
        let statement = PostgresStatement(name: "after_reset", sql: "SELECT $1::text")
        #expect(try connection.execute(statement, ["a"]).string(row: 0, column: 0) == "a")
        try connection.reset()
        #expect(connection.preparedStatementCount == 0)
        #expect(try connection.execute(statement, ["b"]).string(row: 0, column: 0) == "b")
        #expect(connection.preparedStatementCount == 1)
    }
}
