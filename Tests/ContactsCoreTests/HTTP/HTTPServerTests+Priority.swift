import ContactsHTTP
import ContactsSupport
import Foundation
import Synchronization
import Testing

/// `prioritize` and ``HTTPServerConfiguration/handlerNiceness``: the requests the application
/// picks run at the priority of the thread that made the server, the others that many nice
/// steps below it, in both threading models.
@Suite(.serialized) struct HTTPServerPriorityTests {
    @Test(arguments: [HTTPServerConfiguration.Threading.threadPerConnection, .eventLoops])
    func prioritizedRequestsRunAtTheServersPriorityAndTheOthersBelowIt(
        threading: HTTPServerConfiguration.Threading
    ) throws {
        let own = ThreadNiceness.current
        let server = try HTTPServer(
            configuration: TestServer.configuration {
                $0.threading = threading
                $0.handlerNiceness = 3
                $0.priorityThreads = 2
            },
            prioritize: { $0.head.path == "/first" },
            handle: { _ in HTTPResponse(status: 200, body: Array("\(ThreadNiceness.current)".utf8)) })
        defer { server.shutdown() }
        // Twice each, on one connection: the connection's thread keeps what it was given.
        let urls = ["/first", "/other", "/first", "/other"].map { TestServer.url(server, $0) }
        let result = try Curl.run(["-w", "\n"] + urls)
        #expect(result.status == 0)
        let lowered = min(ThreadNiceness.lowest, own + 3)
        #expect(result.text.split(separator: "\n") == ["\(own)", "\(lowered)", "\(own)", "\(lowered)"])
    }

    @Test func withoutNicenessEveryHandlerRunsAtTheServersPriority() throws {
        let own = ThreadNiceness.current
        let server = try HTTPServer(
            configuration: TestServer.configuration(), prioritize: { $0.head.path == "/first" },
            handle: { _ in HTTPResponse(status: 200, body: Array("\(ThreadNiceness.current)".utf8)) })
        defer { server.shutdown() }
        let result = try Curl.run(["-w", "\n", TestServer.url(server, "/first"), TestServer.url(server, "/other")])
        #expect(result.text.split(separator: "\n") == ["\(own)", "\(own)"])
    }

    @Test func prioritizedRequestsBeyondThePriorityThreadsWaitTheirTurn() throws {
        let running = Atomic(0)
        let most = Atomic(0)
        let server = try HTTPServer(
            configuration: TestServer.configuration { $0.priorityThreads = 2 }, prioritize: { _ in true },
            handle: { request in
                let now = running.add(1, ordering: .relaxed).newValue
                most.max(now, ordering: .relaxed)
                Thread.sleep(forTimeInterval: 0.05)
                running.subtract(1, ordering: .relaxed)
                return TestServer.echo(request)
            })
        defer { server.shutdown() }
        let result = try Curl.run(
            ["--parallel", "--parallel-max", "6", "--data-binary", "x", "-w", "=%{http_code}\n"]
                + Array(repeating: TestServer.url(server), count: 6))
        // Parallel transfers interleave their output: every body and every status is there.
        #expect(result.text.filter { $0 == "x" }.count == 6)
        #expect(result.text.components(separatedBy: "=200\n").count == 7)
        #expect(most.load(ordering: .relaxed) == 2)
    }

    @Test func nicenessOutOfRangeIsRefused() {
        for value in [-1, 20] {
            #expect(throws: HTTPServerError.self) {
                _ = try HTTPServer(
                    configuration: TestServer.configuration { $0.handlerNiceness = value }, handle: TestServer.echo)
            }
        }
        #expect(throws: HTTPServerError.self) {
            _ = try HTTPServer(
                configuration: TestServer.configuration { $0.priorityThreads = 0 }, handle: TestServer.echo)
        }
    }
}
