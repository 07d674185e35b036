import PostgreSQLClient
import Testing

@Suite("Errors and connection loss")
struct ErrorTests {
    @Test("a unique violation keeps every field the server sent; the connection stays usable")
    func uniqueViolation() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE phones (number int8 CONSTRAINT phones_number_key UNIQUE, owner text)")
        try connection.execute("INSERT INTO phones VALUES ($1, $2)", [.int64(14_155_550_100), "alice"])
        let error = try #require(throws: PostgresError.self) {
            try connection.execute("INSERT INTO phones VALUES ($1, $2)", [.int64(14_155_550_100), "bob"])
        }
        #expect(error.kind == .server)
        #expect(error.sqlState == .uniqueViolation)
        #expect(error.constraint == "phones_number_key")
        #expect(error.table == "phones")
        #expect(error.severity == "ERROR")
        #expect(error.detail?.contains("14155550100") == true)
        #expect(!error.isConnectionError)
        #expect(error.description.contains("23505"))
        #expect(error.statement?.hasPrefix("INSERT INTO phones") == true)
        #expect(try connection.execute("SELECT count(*) FROM phones").int64(row: 0, column: 0) == 1)
    }

    @Test("a syntax error points at its position")
    func syntaxError() throws {
        let connection = try PostgresTestEnvironment.connect()
        // FROMM reads as a column alias, so the error is at "nowhere", character 16.
        let error = try #require(throws: PostgresError.self) { try connection.execute("SELECT 1 FROMM nowhere") }
        #expect(error.sqlState?.rawValue == "42601")
        #expect(error.position == 16)
        #expect(error.kind == .server)
    }

    @Test("notices and warnings are collected, not printed")
    func notices() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("DO $$ BEGIN RAISE WARNING 'careful %', 1; RAISE NOTICE 'fyi'; END $$")
        let notices = connection.takeNotices()
        #expect(notices.map(\.message) == ["careful 1", "fyi"])
        #expect(notices.map(\.severity) == ["WARNING", "NOTICE"])
        #expect(connection.takeNotices().isEmpty)
    }

    @Test("connecting to a port nobody listens on fails as connectionFailed, naming it")
    func refusedConnection() throws {
        let refusing = try RefusingPort()
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection.connect("postgresql://postgres@127.0.0.1:\(refusing.port)/contacts_test")
        }
        #expect(error.kind == .connectionFailed)
        #expect(error.isConnectionError)
        #expect(error.message.contains(String(refusing.port)))
    }

    @Test("a malformed URI is a client error, not an outage")
    func malformedURI() throws {
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection.connect("postgresql://127.0.0.1:5432/db?no_such_option=1")
        }
        #expect(error.kind == .client)
        #expect(error.message.contains("no_such_option"))
    }

    @Test("PG* environment variables fill in what the connection string leaves out")
    func environment() throws {
        _ = try PostgresTestEnvironment.variable("PGPORT")
        let connection = try PostgresConnection.connect("")
        #expect(try connection.execute("SELECT current_database()").string(row: 0, column: 0) == "contacts_test")
        let other = try PostgresConnection.connect("dbname=postgres")
        #expect(try other.execute("SELECT current_database()").string(row: 0, column: 0) == "postgres")
    }

    @Test("a session ended by the server gives connectionLost; reset() opens a new one")
    func terminatedSession() throws {
        let victim = try PostgresTestEnvironment.connect()
        let admin = try PostgresTestEnvironment.connect()
        let pid = try #require(victim.backendProcessID)
        try admin.execute("SELECT pg_terminate_backend($1)", [.int32(pid)])
        let error = try #require(throws: PostgresError.self) { try victim.execute("SELECT 1") }
        #expect(error.kind == .connectionLost)
        #expect(error.isConnectionError)
        #expect(!victim.isConnected)
        #expect(victim.transactionStatus == .unknown)
        try victim.reset()
        #expect(victim.isConnected)
        #expect(victim.backendProcessID != pid)
        #expect(try victim.execute("SELECT 2").int64(row: 0, column: 0) == 2)
    }

    @Test("a server that does not answer within responseTimeout gives connectionLost, then reset() works")
    func responseTimeout() throws {
        let connection = try PostgresTestEnvironment.connect()
        connection.responseTimeout = .milliseconds(300)
        let start = ContinuousClock.now
        let error = try #require(throws: PostgresError.self) { try connection.execute("SELECT pg_sleep(5)") }
        let elapsed = ContinuousClock.now - start
        #expect(error.kind == .connectionLost)
        #expect(elapsed >= .milliseconds(300) && elapsed < .seconds(3))
        #expect(!connection.isConnected)
        let again = try #require(throws: PostgresError.self) { try connection.execute("SELECT 1") }
        #expect(again.kind == .connectionLost)
        try connection.reset()
        #expect(try connection.execute("SELECT 3").int64(row: 0, column: 0) == 3)
    }

    @Test("a closed connection refuses work with a client error")
    func closed() throws {
        let connection = try PostgresTestEnvironment.connect()
        connection.close()
        connection.close()
        #expect(!connection.isConnected)
        let error = try #require(throws: PostgresError.self) { try connection.execute("SELECT 1") }
        #expect(error.kind == .client)
        #expect(throws: PostgresError.self) { try connection.reset() }
    }
}
