import PostgreSQLClient
import Testing

@Suite("Transactions")
struct TransactionTests {
    struct Abort: Error {}

    @Test("a transaction commits its statements and returns the body's value")
    func commits() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE t (id int8)")
        let value = try connection.transaction {
            try connection.execute("INSERT INTO t VALUES (1), (2)")
            return "done"
        }
        #expect(value == "done")
        #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 2)
        #expect(connection.transactionStatus == .idle)
    }

    @Test("an error thrown by the body rolls everything back and is rethrown")
    func bodyErrorRollsBack() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE t (id int8)")
        #expect(throws: Abort.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Abort()
            }
        }
        #expect(connection.transactionStatus == .idle)
        #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
    }

    @Test("a failing statement rolls the transaction back; the connection stays usable")
    func sqlErrorRollsBack() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE t (id int8 PRIMARY KEY)")
        let error = try #require(throws: PostgresError.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (1)")
                try connection.execute("INSERT INTO t VALUES (1)")
            }
        }
        #expect(error.sqlState == .uniqueViolation)
        #expect(connection.transactionStatus == .idle)
        #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
    }

    @Test("a body that swallows a statement's error cannot commit: 25P02, nothing kept")
    func swallowedErrorCannotCommit() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE t (id int8 PRIMARY KEY)")
        let error = try #require(throws: PostgresError.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (1)")
                _ = try? connection.execute("INSERT INTO t VALUES (1)")
            }
        }
        #expect(error.sqlState == .inFailedSQLTransaction)
        #expect(connection.transactionStatus == .idle)
        #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
    }

    @Test(
        "the isolation level and read-only flag reach the server",
        arguments: [
            (PostgresIsolationLevel.readCommitted, "read committed"), (.repeatableRead, "repeatable read"),
            (.serializable, "serializable"),
        ])
    func isolationLevel(level: PostgresIsolationLevel, name: String) throws {
        let connection = try PostgresTestEnvironment.connect()
        let shown = try connection.transaction(isolation: level, readOnly: true) {
            let result = try connection.execute(
                "SELECT current_setting('transaction_isolation'), current_setting('transaction_read_only')")
            return [try result.string(row: 0, column: 0), try result.string(row: 0, column: 1)]
        }
        #expect(shown == [name, "on"])
    }

    @Test("a write in a read-only transaction fails with 25006")
    func readOnlyWrite() throws {
        let connection = try PostgresTestEnvironment.connect()
        // A regular table: PostgreSQL lets read-only transactions write temporary ones.
        let table = PostgresTestEnvironment.uniqueName("ro")
        try connection.execute("CREATE TABLE \(table) (id int8)")
        defer { _ = try? connection.execute("DROP TABLE \(table)") }
        let error = try #require(throws: PostgresError.self) {
            try connection.transaction(readOnly: true) { try connection.execute("INSERT INTO \(table) VALUES (1)") }
        }
        #expect(error.sqlState == .readOnlySQLTransaction)
        #expect(error.kind == .server)
    }

    @Test("nesting a transaction is refused")
    func nestingIsRefused() throws {
        let connection = try PostgresTestEnvironment.connect()
        let error = try #require(throws: PostgresError.self) {
            try connection.transaction { try connection.transaction {} }
        }
        #expect(error.kind == .client)
        #expect(connection.transactionStatus == .idle)
    }

    @Test("write skew between two serializable transactions fails one with 40001")
    func serializationFailure() throws {
        let first = try PostgresTestEnvironment.connect()
        let second = try PostgresTestEnvironment.connect()
        let table = PostgresTestEnvironment.uniqueName("oncall")
        try first.execute("CREATE TABLE \(table) (doctor text PRIMARY KEY, on_call bool)")
        defer { _ = try? first.execute("DROP TABLE \(table)") }
        try first.execute("INSERT INTO \(table) VALUES ('alice', true), ('bob', true)")
        // Each takes its doctor off call after checking that the other is still on call.
        try first.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
        try second.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
        let count = "SELECT count(*) FROM \(table) WHERE on_call"
        #expect(try first.execute(count).int64(row: 0, column: 0) == 2)
        #expect(try second.execute(count).int64(row: 0, column: 0) == 2)
        try first.execute("UPDATE \(table) SET on_call = false WHERE doctor = 'alice'")
        try second.execute("UPDATE \(table) SET on_call = false WHERE doctor = 'bob'")
        try first.execute("COMMIT")
        let error = try #require(throws: PostgresError.self) { try second.execute("COMMIT") }
        #expect(error.sqlState == .serializationFailure)
        #expect(error.isTransactionConflict)
        #expect(!error.isConnectionError)
        #expect(try first.execute(count).int64(row: 0, column: 0) == 1)
    }
}
