import ContactsHTTP
import Glibc
import Testing

@Suite struct HTTPServerStartTests {
    @Test(
        arguments: [
            ("port", { @Sendable (c: inout HTTPServerConfiguration) in c.port = 65_536 }),
            ("maxConnections", { @Sendable (c: inout HTTPServerConfiguration) in c.maxConnections = 0 }),
            ("maxBodyBytes", { @Sendable (c: inout HTTPServerConfiguration) in c.maxBodyBytes = -1 }),
            ("workerThreads", { @Sendable (c: inout HTTPServerConfiguration) in c.workerThreads = 0 }),
            (
                "maxWorkerThreads",
                { @Sendable (c: inout HTTPServerConfiguration) in c.maxWorkerThreads = c.workerThreads - 1 }
            ),
            ("eventLoopThreads", { @Sendable (c: inout HTTPServerConfiguration) in c.eventLoopThreads = 0 }),
            ("headerTimeout", { @Sendable (c: inout HTTPServerConfiguration) in c.headerTimeout = .zero }),
            ("idleTimeout", { @Sendable (c: inout HTTPServerConfiguration) in c.idleTimeout = .seconds(-1) }),
            ("bodyTimeout", { @Sendable (c: inout HTTPServerConfiguration) in c.bodyTimeout = .seconds(100_000) }),
        ] as [(String, @Sendable (inout HTTPServerConfiguration) -> Void)])
    func aValueOutOfRangeIsNamed(name: String, tweak: @Sendable (inout HTTPServerConfiguration) -> Void) {
        let configuration = TestServer.configuration(tweak)
        #expect {
            try HTTPServer(configuration: configuration, handle: TestServer.echo)
        } throws: { error in
            guard case .invalidConfiguration(let message) = error as? HTTPServerError else { return false }
            return message.hasPrefix(name)
        }
    }

    @Test func aPortInUseIsReported() throws {
        let first = try HTTPServer(configuration: TestServer.configuration(), handle: TestServer.echo)
        defer { first.shutdown() }
        #expect(throws: HTTPServerError.socket(call: "bind", address: "127.0.0.1:\(first.port)", errno: EADDRINUSE)) {
            try HTTPServer(configuration: TestServer.configuration { $0.port = first.port }, handle: TestServer.echo)
        }
    }

    @Test func anUnknownHostIsReported() {
        #expect {
            try HTTPServer(
                configuration: TestServer.configuration { $0.host = "no-such-host.invalid" }, handle: TestServer.echo)
        } throws: { error in
            guard case .addressResolution(let host, _) = error as? HTTPServerError else { return false }
            return host == "no-such-host.invalid"
        }
    }

    @Test func ipv6LoopbackAndEphemeralPortsWork() throws {
        let server = try HTTPServer(
            configuration: TestServer.configuration { $0.host = "::1" }, handle: TestServer.echo)
        defer { server.shutdown() }
        #expect(server.port > 0)
        let result = try Curl.run(["--data-binary", "six", "http://[::1]:\(server.port)/rpc"])
        #expect(result.text == "six")
    }
}
