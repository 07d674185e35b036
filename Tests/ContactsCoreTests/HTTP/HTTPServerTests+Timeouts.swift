import ContactsHTTP
import Foundation
import Testing

extension HTTPServerTests {
    /// One-second timeouts, each test exercising one of them (the others long).
    private static func server(header: Int = 30, body: Int = 30, idle: Int = 30) throws -> HTTPServer {
        try HTTPServer(
            configuration: TestServer.configuration {
                $0.headerTimeout = .seconds(header)
                $0.bodyTimeout = .seconds(body)
                $0.idleTimeout = .seconds(idle)
            },
            handle: TestServer.echo)
    }

    /// The watchdog checks every 100 ms; a loaded machine may add a little.
    private static let lateness = Duration.milliseconds(700)

    @Test func slowHeadersAreClosedAfterTheHeaderTimeout() throws {
        let server = try Self.server(header: 1)
        defer { server.shutdown() }
        let connection = try RawConnection(port: server.port)
        let clock = ContinuousClock()
        let start = clock.now
        connection.send("POST /rpc HTTP/1.1\r\nHost: test\r\nX-Slow: ")
        var closedAt: Duration?
        // A byte every 200 ms keeps an inactivity timeout from ever firing.
        while clock.now - start < .seconds(4) {
            if connection.timeUntilClosed(timeout: .milliseconds(200)) != nil {
                closedAt = clock.now - start
                break
            }
            connection.send("x")
        }
        let closed = try #require(closedAt)
        #expect(closed >= .milliseconds(950))
        #expect(closed <= .seconds(1) + Self.lateness)
    }

    @Test func aConnectionThatSendsNothingIsClosedAfterTheHeaderTimeout() throws {
        let server = try Self.server(header: 1)
        defer { server.shutdown() }
        let connection = try RawConnection(port: server.port)
        let closed = try #require(connection.timeUntilClosed(timeout: .seconds(4)))
        #expect(closed >= .milliseconds(950))
        #expect(closed <= .seconds(1) + Self.lateness)
    }

    @Test func aSlowBodyIsClosedAfterTheBodyTimeout() throws {
        let server = try Self.server(body: 1)
        defer { server.shutdown() }
        let connection = try RawConnection(port: server.port)
        let clock = ContinuousClock()
        connection.send("POST /rpc HTTP/1.1\r\nHost: test\r\nContent-Length: 1000\r\n\r\n")
        let start = clock.now
        var closedAt: Duration?
        while clock.now - start < .seconds(4) {
            if connection.timeUntilClosed(timeout: .milliseconds(200)) != nil {
                closedAt = clock.now - start
                break
            }
            connection.send("0123456789")
        }
        let closed = try #require(closedAt)
        #expect(closed >= .milliseconds(950))
        #expect(closed <= .seconds(1) + Self.lateness)
    }

    @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() throws {
        let server = try Self.server(idle: 1)
        defer { server.shutdown() }
        let connection = try RawConnection(port: server.port)
        // Within the idle timeout the connection serves request after request.
        for index in 0..<3 {
            connection.send(TestServer.post(body: "\(index)"))
            let (bytes, _) = connection.read(timeout: .seconds(2)) { $0.holdsResponses(1) }
            #expect(HTTPResponseParser.responses(in: bytes).first?.body == Array("\(index)".utf8))
            usleep(500_000)
        }
        let closed = try #require(connection.timeUntilClosed(timeout: .seconds(4)))
        #expect(closed >= .milliseconds(450))
        #expect(closed <= .milliseconds(500) + Self.lateness)
    }
}
