import PostgreSQLClient
import Testing

@Suite("LISTEN / NOTIFY")
struct NotificationTests {
    @Test("a notification reaches a listener on another connection, payload intact")
    func delivered() throws {
        let listener = try PostgresTestEnvironment.connect()
        let sender = try PostgresTestEnvironment.connect()
        let channel = PostgresTestEnvironment.uniqueName("Changes")
        try listener.listen(channel)
        let payload = "position 42; O'Brien \\ \"日本\""
        try sender.notify(channel, payload: payload)
        let notification = try #require(try listener.waitForNotification(timeout: .seconds(10)))
        #expect(notification.channel == channel)
        #expect(notification.payload == payload)
        #expect(notification.senderProcessID == sender.backendProcessID)
    }

    @Test("waiting with nothing sent returns nil after the timeout, not before")
    func timeout() throws {
        let listener = try PostgresTestEnvironment.connect()
        try listener.listen(PostgresTestEnvironment.uniqueName("quiet"))
        let start = ContinuousClock.now
        #expect(try listener.waitForNotification(timeout: .milliseconds(250)) == nil)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(250) && elapsed < .seconds(3))
        #expect(listener.isConnected)
    }

    @Test("notifications follow their transaction: dropped on rollback, delivered at commit, in order")
    func transactional() throws {
        let listener = try PostgresTestEnvironment.connect()
        let sender = try PostgresTestEnvironment.connect()
        let channel = PostgresTestEnvironment.uniqueName("tx")
        try listener.listen(channel)
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try sender.transaction {
                try sender.notify(channel, payload: "rolled back")
                throw Abort()
            }
        }
        try sender.transaction {
            for index in 0..<50 { try sender.notify(channel, payload: "\(index)") }
        }
        var payloads: [String] = []
        while payloads.count < 50, let notification = try listener.waitForNotification(timeout: .seconds(10)) {
            payloads.append(notification.payload)
        }
        #expect(payloads == (0..<50).map(String.init))
        #expect(try listener.waitForNotification(timeout: .milliseconds(100)) == nil)
    }

    @Test("reset() listens again on every channel")
    func listensAfterReset() throws {
        let listener = try PostgresTestEnvironment.connect()
        let sender = try PostgresTestEnvironment.connect()
        let channel = PostgresTestEnvironment.uniqueName("again")
        try listener.listen(channel)
        try listener.reset()
        try sender.notify(channel, payload: "after reset")
        #expect(try listener.waitForNotification(timeout: .seconds(10))?.payload == "after reset")
        try listener.unlisten(channel)
        try sender.notify(channel, payload: "unheard")
        #expect(try listener.waitForNotification(timeout: .milliseconds(200)) == nil)
    }

    @Test("a listener whose session is ended gets connectionLost while waiting")
    func lostWhileWaiting() throws {
        let listener = try PostgresTestEnvironment.connect()
        let admin = try PostgresTestEnvironment.connect()
        try listener.listen(PostgresTestEnvironment.uniqueName("doomed"))
        try admin.execute("SELECT pg_terminate_backend($1)", [.int32(try #require(listener.backendProcessID))])
        let error = try #require(throws: PostgresError.self) { try listener.waitForNotification(timeout: .seconds(10)) }
        #expect(error.kind == .connectionLost)
    }
}
