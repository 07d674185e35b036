import PostgreSQLClient
import Testing

/// Tests that start clusters of their own (cluster.sh), one at a time to spare the machine.
@Suite("Connection loss, multi-host URIs and failover", .serialized)
struct FailoverTests {
    @Test("an immediate restart under an open connection gives connectionLost; reset() reconnects, data intact")
    func restartUnderConnection() throws {
        try TestCluster.with { cluster in
            let connection = try PostgresConnection.connect(cluster.url, responseTimeout: .seconds(60))
            try connection.execute("CREATE TABLE kept (id int8 PRIMARY KEY)")
            try connection.execute("INSERT INTO kept SELECT generate_series(1, 1000)")
            try cluster.restart()
            let error = try #require(throws: PostgresError.self) { try connection.execute("SELECT count(*) FROM kept") }
            #expect(error.kind == .connectionLost)
            #expect(error.isConnectionError)
            #expect(!connection.isConnected)
            try connection.reset()
            #expect(connection.isConnected)
            // fsync is on: every acknowledged commit survives the crash.
            #expect(try connection.execute("SELECT count(*) FROM kept").int64(row: 0, column: 0) == 1000)
        }
    }

    @Test("writing to a connection whose server died is an error, not a SIGPIPE")
    func writeAfterServerDied() throws {
        try TestCluster.with { cluster in
            let connection = try PostgresConnection.connect(cluster.url, responseTimeout: .seconds(60))
            try connection.execute("CREATE TABLE blobs (data bytea)")
            try cluster.kill()
            let large = PostgresValue.bytes(Array(repeating: 0xAB, count: 8 << 20))
            for _ in 0..<3 {
                let error = try #require(throws: PostgresError.self) {
                    try connection.execute("INSERT INTO blobs VALUES ($1)", [large])
                }
                #expect(error.isConnectionError)
            }
            let refused = try #require(throws: PostgresError.self) { try connection.reset() }
            #expect(refused.kind == .connectionFailed)
            try cluster.startAgain()
            try connection.reset()
            #expect(try connection.execute("SELECT count(*) FROM blobs").int64(row: 0, column: 0) == 0)
        }
    }

    @Test("a multi-host URI whose first host is down connects to the second")
    func multiHostSkipsDownHost() throws {
        let live = try PostgresTestEnvironment.connect()
        let livePort = try #require(live.port)
        let down = try RefusingPort()
        let connection = try PostgresConnection.connect(
            "postgresql://postgres@127.0.0.1:\(down.port),127.0.0.1:\(livePort)/contacts_test")
        #expect(connection.port == livePort)
        #expect(try connection.execute("SELECT 1").int64(row: 0, column: 0) == 1)
        let otherDown = try RefusingPort()
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection.connect(
                "postgresql://postgres@127.0.0.1:\(down.port),127.0.0.1:\(otherDown.port)/contacts_test")
        }
        #expect(error.kind == .connectionFailed)
        #expect(error.message.contains(String(down.port)) && error.message.contains(String(otherDown.port)))
    }

    @Test("target_session_attrs=read-write picks the primary; a promoted standby takes over after reset()")
    func readWriteTargetAndFailover() throws {
        try TestCluster.with { primary in
            let setup = try PostgresConnection.connect(primary.url)
            try setup.execute("CREATE TABLE changes (position int8 PRIMARY KEY)")
            let standby = try primary.startStandby()
            defer { standby.destroy() }
            let replication = try setup.execute("SELECT sync_state FROM pg_stat_replication")
            #expect(["sync", "quorum"].contains(try replication.string(row: 0, column: 0)))
            let hosts = "127.0.0.1:\(standby.port),127.0.0.1:\(primary.port)"

            let anyHost = try PostgresConnection.connect("postgresql://postgres@\(hosts)/contacts_test")
            #expect(anyHost.port == standby.port)
            #expect(anyHost.isHotStandby == true)
            let readOnly = try #require(throws: PostgresError.self) {
                try anyHost.execute("INSERT INTO changes VALUES (0)")
            }
            #expect(readOnly.sqlState == .readOnlySQLTransaction)

            let writer = try PostgresConnection.connect(
                "postgresql://postgres@\(hosts)/contacts_test?target_session_attrs=read-write",
                responseTimeout: .seconds(60))
            #expect(writer.port == primary.port)
            #expect(writer.isHotStandby == false)
            // Acknowledged by the synchronous standby before COMMIT returns.
            try writer.execute("INSERT INTO changes SELECT generate_series(1, 100)")

            try primary.kill()
            let lost = try #require(throws: PostgresError.self) {
                try writer.execute("INSERT INTO changes VALUES (101)")
            }
            #expect(lost.isConnectionError)
            let noWritable = try #require(throws: PostgresError.self) { try writer.reset() }
            #expect(noWritable.kind == .connectionFailed)

            try standby.promote()
            try writer.reset()
            #expect(writer.port == standby.port)
            #expect(writer.isHotStandby == false)
            #expect(try writer.execute("SELECT count(*) FROM changes").int64(row: 0, column: 0) == 100)
            try writer.execute("INSERT INTO changes VALUES (101)")
        }
    }
}
