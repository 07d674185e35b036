import ContactsHTTP
import Dispatch
import Foundation
import Synchronization
import Testing

extension HTTPServerTests {
    @Test func connectionsBeyondTheLimitAreRefusedWhileTheOthersWork() throws {
        let server = try HTTPServer(
            configuration: TestServer.configuration { $0.maxConnections = 4 }, handle: TestServer.echo)
        defer { server.shutdown() }
        func exchange(_ connection: RawConnection, _ body: String) -> [UInt8]? {
            connection.send(TestServer.post(body: body))
            let (bytes, _) = connection.read(timeout: .seconds(2)) { $0.holdsResponses(1) }
            return HTTPResponseParser.responses(in: bytes).first?.body
        }
        let admitted = try (0..<4).map { _ in try RawConnection(port: server.port) }
        for (index, connection) in admitted.enumerated() {
            #expect(exchange(connection, "first \(index)") == Array("first \(index)".utf8))
        }
        for _ in 0..<3 {
            let refused = try RawConnection(port: server.port)
            let (bytes, closed) = refused.read(timeout: .seconds(2))
            #expect(closed)
            #expect(bytes.isEmpty)
        }
        for (index, connection) in admitted.enumerated() {
            #expect(exchange(connection, "again \(index)") == Array("again \(index)".utf8))
        }
        admitted[0].close()
        // The slot frees once the server has seen the close.
        let clock = ContinuousClock()
        let start = clock.now
        while server.openConnections >= 4, clock.now - start < .seconds(2) {
            usleep(10_000)
        }
        let later = try RawConnection(port: server.port)
        #expect(exchange(later, "later") == Array("later".utf8))
    }

    @Test func slowlorisClientsDoNotDelayANormalClient() throws {
        let server = try HTTPServer(configuration: TestServer.configuration(), handle: TestServer.echo)
        defer { server.shutdown() }
        let attackers = try (0..<300).map { _ in try RawConnection(port: server.port) }
        for attacker in attackers {
            attacker.send("POST /rpc HTTP/1.1\r\nHost: test\r\nX-Slow: ")
        }
        let stop = StopFlag()
        let trickle = Thread { [attackers] in
            // A header byte now and then on every half-open connection.
            while !stop.isSet {
                for attacker in attackers {
                    attacker.send("x")
                }
                usleep(100_000)
            }
        }
        trickle.start()
        defer { stop.set() }
        let urls = Array(repeating: TestServer.url(server), count: 100)
        // 100 requests spread over about 3 s, while every attacker trickles.
        let clock = ContinuousClock()
        let start = clock.now
        let result = try Curl.run(
            ["--rate", "30/s", "--data-binary", "{\"ping\":1}", "-w", "\nT=%{time_total}\n"] + urls)
        #expect(clock.now - start > .seconds(2))
        let times = CurlTimings.seconds(in: result.text)
        #expect(result.status == 0)
        #expect(times.count == 100)
        #expect(times.allSatisfy { $0 < 0.1 }, "slowest \(times.max() ?? 0) s")
        #expect(server.openConnections >= 300)
    }

    @Test(arguments: [1, 2])
    func aBlockedHandlerDoesNotStallOtherConnections(workers: Int) throws {
        let blocked = DispatchSemaphore(value: 0)
        let server = try HTTPServer(
            configuration: TestServer.configuration { $0.workerThreads = workers },
            handle: { request in
                if request.head.path == "/slow" {
                    blocked.signal()
                    sleep(2)
                }
                return TestServer.echo(request)
            })
        defer { server.shutdown() }
        let clock = ContinuousClock()
        let start = clock.now
        let slow = try Curl.start(["--data-binary", "slow", "-w", "\n%{http_code}", TestServer.url(server, "/slow")])
        #expect(blocked.wait(timeout: .now() + 5) == .success)
        let urls = Array(repeating: TestServer.url(server), count: 10)
        let result = try Curl.run(["--data-binary", "{}", "-w", "\nT=%{time_total}\n"] + urls)
        let times = CurlTimings.seconds(in: result.text)
        #expect(times.count == 10)
        #expect(times.allSatisfy { $0 < 0.1 }, "slowest \(times.max() ?? 0) s")
        #expect(clock.now - start < .seconds(2), "the quick requests waited for the slow one")
        #expect(slow.finish().text == "slow\n200")
    }

    @Test func shutdownAnswersTheRequestInFlight() throws {
        let started = DispatchSemaphore(value: 0)
        let server = try HTTPServer(
            configuration: TestServer.configuration(),
            handle: { request in
                started.signal()
                usleep(800_000)
                return TestServer.echo(request)
            })
        let idle = try RawConnection(port: server.port)
        let inFlight = try Curl.start(["--data-binary", "in flight", "-w", "\n%{http_code}", TestServer.url(server)])
        #expect(started.wait(timeout: .now() + 5) == .success)
        let clock = ContinuousClock()
        let start = clock.now
        server.shutdown()
        let took = clock.now - start
        #expect(inFlight.finish().text == "in flight\n200")
        #expect(took >= .milliseconds(500), "shutdown returned before the request in flight was answered")
        #expect(idle.timeUntilClosed(timeout: .seconds(1)) != nil)
        let after = try Curl.run([TestServer.url(server)])
        #expect(after.status == 7, "connecting after shutdown should fail")
        server.shutdown()
    }

    @Test func requestsArrivingDuringShutdownAreAnswered503() throws {
        let started = DispatchSemaphore(value: 0)
        let server = try HTTPServer(
            configuration: TestServer.configuration(),
            handle: { request in
                if request.head.path == "/slow" {
                    started.signal()
                    usleep(1_000_000)
                }
                return TestServer.echo(request)
            })
        // A connection in the middle of a body is under way and is not closed by shutdown;
        // the request it then sends on the same connection gets 503.
        let uploading = try RawConnection(port: server.port)
        uploading.send("POST /rpc HTTP/1.1\r\nHost: test\r\nContent-Length: 4\r\n\r\nab")
        let slow = try Curl.start(["--data-binary", "x", TestServer.url(server, "/slow")])
        #expect(started.wait(timeout: .now() + 5) == .success)
        let shutdown = Thread { server.shutdown() }
        shutdown.start()
        usleep(200_000)
        uploading.send("cd" + TestServer.post(body: "second"))
        let (bytes, _) = uploading.read(timeout: .seconds(3)) { $0.holdsResponses(1) }
        let responses = HTTPResponseParser.responses(in: bytes)
        #expect(responses.first?.status == 200)
        #expect(responses.first?.body == Array("abcd".utf8))
        #expect(responses.first?.headers["connection"]?.lowercased() == "close")
        #expect(slow.finish().text == "x")
    }
}
