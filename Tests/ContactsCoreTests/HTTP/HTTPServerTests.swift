import ContactsHTTP
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Real servers on loopback, real clients (curl, URLSession, raw sockets). Serialized: the
/// timing checks must not compete with each other for the two cores.
@Suite(.serialized) struct HTTPServerTests {
    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let server = try HTTPServer(configuration: TestServer.configuration(), handle: TestServer.echo)
        defer { server.shutdown() }
        let url = TestServer.url(server)
        let result = try Curl.run(
            ["--data-binary", "{\"n\":1}", "-w", "\nC=%{num_connects}\n"] + Array(repeating: url, count: 5))
        #expect(result.status == 0)
        let lines = result.text.split(separator: "\n")
        #expect(lines.filter { $0 == "{\"n\":1}" }.count == 5)
        let connects = lines.compactMap { $0.hasPrefix("C=") ? Int($0.dropFirst(2)) : nil }
        #expect(connects == [1, 0, 0, 0, 0])
    }

    @Test(arguments: [0, 1, 100, 65_536, 1 << 20, 16 << 20])
    func bodiesUpToTheLimitAreReceivedWhole(size: Int) throws {
        let server = try HTTPServer(configuration: TestServer.configuration(), handle: TestServer.echo)
        defer { server.shutdown() }
        let body = try TemporaryBody(size: size, seed: UInt64(size) + 1)
        let result = try Curl.run(["--data-binary", "@\(body.path)", TestServer.url(server)])
        #expect(result.status == 0)
        #expect(result.output == TemporaryBody.pattern(size: size, seed: UInt64(size) + 1))
        let chunked = try Curl.run(
            ["-H", "Transfer-Encoding: chunked", "--data-binary", "@\(body.path)", TestServer.url(server)])
        #expect(chunked.output == result.output)
    }

    @Test func aBodyOverTheLimitIsAnswered413() throws {
        let handled = CallCounter()
        let server = try HTTPServer(
            configuration: TestServer.configuration { $0.maxBodyBytes = 1000 },
            handle: { request in
                handled.increment()
                return TestServer.echo(request)
            })
        defer { server.shutdown() }
        let exact = try TemporaryBody(size: 1000, seed: 7)
        let over = try TemporaryBody(size: 1001, seed: 7)
        let ok = try Curl.run([
            "-o", "/dev/null", "-w", "%{http_code}", "--data-binary", "@\(exact.path)", TestServer.url(server),
        ])
        #expect(ok.text == "200")
        for extra in [[], ["-H", "Transfer-Encoding: chunked"]] {
            let result = try Curl.run(
                ["-w", "\n%{http_code}"] + extra + ["--data-binary", "@\(over.path)", TestServer.url(server)])
            #expect(result.text == "{\"error\":\"request body too large\"}\n413", "\(extra)")
        }
        #expect(handled.value == 1)
    }

    @Test func aDeclaredHugeBodyIsRefusedBeforeItIsSent() throws {
        let server = try HTTPServer(configuration: TestServer.configuration(), handle: TestServer.echo)
        defer { server.shutdown() }
        let connection = try RawConnection(port: server.port)
        connection.send("POST /rpc HTTP/1.1\r\nHost: test\r\nContent-Length: 1000000000\r\n\r\n0123456789")
        let (bytes, _) = connection.read(timeout: .seconds(2)) { $0.holdsResponses(1) }
        let responses = HTTPResponseParser.responses(in: bytes)
        #expect(responses.first?.status == 413)
        #expect(connection.timeUntilClosed(timeout: .seconds(2)) != nil)
    }

    @Test func whatCheckHeadSetsInTheHeadReachesHandleAndFinishResponse() throws {
        let finished = Mutex<[String]>([])
        let server = try HTTPServer(
            configuration: TestServer.configuration(),
            checkHead: { head in
                guard let user = head.headers["X-User"] else { return HTTPResponse(status: 401) }
                head.principal = HTTPPrincipal(subject: user, scope: head.headers["X-Scope"])
                return nil
            },
            finishResponse: { head, _ in
                finished.withLock { $0.append(head.principal.map { "\($0.subject)/\($0.scope ?? "-")" } ?? "none") }
            },
            handle: { request in
                let principal = request.head.principal
                return HTTPResponse(
                    status: 200, body: Array("\(principal?.subject ?? "none") \(principal?.scope ?? "-")".utf8))
            })
        defer { server.shutdown() }
        let url = TestServer.url(server)
        let result = try Curl.run(
            ["-H", "X-User: u1", "--data-binary", "{}", url, "-w", "\n", "--next", "-H", "X-User: svc", "-H"]
                + ["X-Scope: service", "--data-binary", "{}", url, "-w", "\n", "--next", "-w", "%{http_code}", url])
        #expect(result.text == "u1 -\nsvc service\n401")
        #expect(finished.withLock { $0 } == ["u1/-", "svc/service", "none"])
    }

    @Test func checkHeadAnswersBeforeTheBody() throws {
        let handled = CallCounter()
        let server = try HTTPServer(
            configuration: TestServer.configuration(),
            checkHead: { head in
                if head.path != "/rpc" { return HTTPResponse(status: 404) }
                if head.method != "POST" { return HTTPResponse(status: 405, headers: ["Allow": "POST"]) }
                if head.headers["authorization"] != "Bearer good" {
                    return HTTPResponse(status: 401, headers: ["WWW-Authenticate": "Bearer"])
                }
                return nil
            },
            handle: { request in
                handled.increment()
                return TestServer.echo(request)
            })
        defer { server.shutdown() }
        let format = ["-w", "\nS=%{http_code} %{num_connects}\n"]
        func outcomes(_ result: Curl.Result) -> [String] {
            result.text.split(separator: "\n").filter { $0.hasPrefix("S=") }.map { String($0.dropFirst(2)) }
        }
        let url = TestServer.url(server)
        // One connection throughout: a small body is read and dropped after an early answer.
        let small = try Curl.run(
            format + ["--data-binary", "{}", TestServer.url(server, "/nowhere"), url, url]
                + ["--next"] + format + ["-H", "Authorization: Bearer good", "--data-binary", "{}", url])
        #expect(outcomes(small) == ["404 1", "401 0", "401 0", "200 0"])
        let get = try Curl.run(format + [url, url])
        #expect(outcomes(get) == ["405 1", "405 0"])
        #expect(handled.value == 1)

        // A large body behind `Expect: 100-continue` is never sent: the answer comes first.
        let big = try TemporaryBody(size: 8 << 20, seed: 3)
        let refused = try Curl.run(
            [
                "-w", "%{http_code} %{size_upload}", "-o", "/dev/null", "-H", "Expect: 100-continue",
                "--data-binary", "@\(big.path)", url,
            ])
        let parts = refused.text.split(separator: " ")
        #expect(parts.first == "401")
        #expect((Double(parts.last ?? "") ?? .infinity) < Double(8 << 20))
        #expect(handled.value == 1)
    }

    @Test func malformedRequestsAreAnswered400() throws {
        let server = try HTTPServer(configuration: TestServer.configuration(), handle: TestServer.echo)
        defer { server.shutdown() }
        let requests = [
            "GET / HTTP/1.1\r\n\r\n",  // no Host
            "GET / XYZ\r\nHost: test\r\n\r\n",
            "POST /rpc HTTP/1.1\r\nHost: test\r\nBad Header Line\r\n\r\n",
            "POST /rpc HTTP/1.1\r\nHost: test\r\nContent-Length: 12x\r\n\r\n",
            "POST /rpc HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "POST /rpc HTTP/1.1\r\nHost: test\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc",
            "POST /rpc HTTP/1.1\r\nHost: test\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3\r\nabc\r\n0\r\n\r\n",
        ]
        for request in requests {
            let connection = try RawConnection(port: server.port)
            connection.send(request)
            let (bytes, _) = connection.read(timeout: .seconds(2)) { $0.holdsResponses(1) }
            #expect(HTTPResponseParser.responses(in: bytes).first?.status == 400, "\(request.debugDescription)")
            #expect(connection.timeUntilClosed(timeout: .seconds(2)) != nil, "\(request.debugDescription)")
        }
        // Bytes that are no request line at all: libmicrohttpd closes without an answer.
        let garbage = try RawConnection(port: server.port)
        garbage.send("GARBAGE\r\n\r\n")
        #expect(garbage.timeUntilClosed(timeout: .seconds(2)) != nil)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func pipelinedRequestsAreAnsweredInOrder(seed: UInt64) throws {
        let server = try HTTPServer(
            configuration: TestServer.configuration(),
            handle: { request in
                // Handlers that finish in a random order must not reorder the answers.
                let delay = UInt32(request.body.reduce(UInt64(seed)) { $0 &* 31 &+ UInt64($1) } % 5_000)
                usleep(delay)
                return TestServer.echo(request)
            })
        defer { server.shutdown() }
        let connection = try RawConnection(port: server.port)
        let bodies = (0..<10).map { "request \($0) of seed \(seed)" }
        connection.send(bodies.map { TestServer.post(body: $0) }.joined())
        let (bytes, _) = connection.read(timeout: .seconds(5)) { $0.holdsResponses(bodies.count) }
        let answers = HTTPResponseParser.responses(in: bytes).map { String(decoding: $0.body, as: UTF8.self) }
        #expect(answers == bodies)
    }

    @Test func theHeadCarriesMethodPathQueryAndHeaders() throws {
        let server = try HTTPServer(
            configuration: TestServer.configuration(),
            handle: { request in
                let head = request.head
                let text = "\(head.method)|\(head.path)|\(head.query ?? "nil")|\(head.headers["x-TEST"] ?? "nil")"
                return HTTPResponse(status: 200, body: Array(text.utf8))
            })
        defer { server.shutdown() }
        let withQuery = try Curl.run(["-X", "PUT", "-H", "X-Test: a b", TestServer.url(server, "/a%20b?x=1&y=%41")])
        #expect(withQuery.text == "PUT|/a%20b|x=1&y=%41|a b")
        let bare = try Curl.run([TestServer.url(server, "/plain")])
        #expect(bare.text == "GET|/plain|nil|nil")
    }

    @Test func responsesCarryTheApplicationsStatusAndHeaders() throws {
        let server = try HTTPServer(
            configuration: TestServer.configuration(),
            handle: { request in
                switch request.head.path {
                case "/empty": return HTTPResponse(status: 204, headers: ["Contacts-Position": "42"])
                case "/bad-header": return HTTPResponse(status: 200, headers: ["X-Bad": "a\r\nInjected: yes"])
                case "/bad-status": return HTTPResponse(status: 42)
                default: return HTTPResponse(status: 200, headers: ["Contacts-Position": "7"], body: [1, 2, 3])
                }
            })
        defer { server.shutdown() }
        let connection = try RawConnection(port: server.port)
        connection.send(
            ["/empty", "/bad-header", "/bad-status", "/rpc"].map { TestServer.post($0, body: "{}") }.joined())
        let (bytes, _) = connection.read(timeout: .seconds(5)) { $0.holdsResponses(4) }
        let responses = HTTPResponseParser.responses(in: bytes)
        #expect(responses.map(\.status) == [204, 500, 500, 200])
        #expect(responses.first?.headers["contacts-position"] == "42")
        #expect(responses.allSatisfy { $0.headers["injected"] == nil })
        #expect(responses.last?.headers["contacts-position"] == "7")
        #expect(responses.last?.body == [1, 2, 3])
    }

    @Test func finishResponseTouchesTheServersOwnAnswersToo() throws {
        let server = try HTTPServer(
            configuration: TestServer.configuration { $0.maxBodyBytes = 10 },
            checkHead: { head in head.path == "/nowhere" ? HTTPResponse(status: 404) : nil },
            finishResponse: { head, response in
                response.headers.add(name: "Contacts-Position", value: "9")
                response.headers.add(name: "X-Path", value: head.path)
            },
            handle: { request in
                request.head.path == "/bad"
                    ? HTTPResponse(status: 200, headers: ["X": "a\nb"]) : TestServer.echo(request)
            })
        defer { server.shutdown() }
        let connection = try RawConnection(port: server.port)
        let requests = [("/nowhere", "{}"), ("/rpc", "{}"), ("/rpc", "01234567890123456789"), ("/bad", "{}")]
        connection.send(requests.map { TestServer.post($0.0, body: $0.1) }.joined())
        let (bytes, _) = connection.read(timeout: .seconds(5)) { $0.holdsResponses(requests.count) }
        let responses = HTTPResponseParser.responses(in: bytes)
        #expect(responses.map(\.status) == [404, 200, 413, 500])
        #expect(responses.map { $0.headers["contacts-position"] } == Array(repeating: "9", count: 4))
        #expect(responses.map { $0.headers["x-path"] } == requests.map(\.0))
    }

    @Test func urlSessionClientsAreServedConcurrently() async throws {
        let server = try HTTPServer(configuration: TestServer.configuration(), handle: TestServer.echo)
        defer { server.shutdown() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let url = try #require(URL(string: TestServer.url(server)))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    var request = URLRequest(url: url)
                    request.httpMethod = "POST"
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                    let body = Data(TemporaryBody.pattern(size: 100 * index, seed: UInt64(index) + 1))
                    request.httpBody = body
                    let (data, response) = try await session.data(for: request)
                    #expect((response as? HTTPURLResponse)?.statusCode == 200)
                    #expect(data == body, "request \(index)")
                }
            }
            try await group.waitForAll()
        }
    }
}
