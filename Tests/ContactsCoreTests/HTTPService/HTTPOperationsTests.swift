import ContactsJSON
import ContactsTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// PROTOCOL §7 "Operations" end to end on `contacts serve --listen`: the body limit, the
/// operations endpoints and metrics, the access log, a URLSession client, and SIGTERM in the
/// middle of uploads (acknowledged ⇒ durable, not acknowledged ⇒ absent).
@Suite(.serialized) struct HTTPOperationsTests {
    static func request(_ id: Int, _ method: String, _ params: String) -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{\#(params)}}"#.utf8)
    }

    @Test func aBodyOverSixteenMiBIs413AndOneOfExactlySixteenMiBIsAnswered() throws {
        let server = try HTTPServiceProcess()
        let token = try server.token("backend", service: true)
        let limit = 16 * 1024 * 1024
        let request = Self.request(1, "getServerInfo", "")
        let exact = request + Array(repeating: UInt8(ascii: " "), count: limit - request.count)
        let answers = try server.exchanges([
            HTTPServiceProcess.Request(body: exact + [0x20], token: token),
            HTTPServiceProcess.Request(body: exact, token: token),
        ])
        #expect(answers[0].status == 413)
        #expect(answers[0].text.contains(#""error""#))
        #expect(answers[1].status == 200)
        #expect(answers[1].text.contains(#""result""#))
    }

    @Test func operationsEndpointsAndMetricsInPrometheusTextFormat() throws {
        let server = try HTTPServiceProcess()
        let token = try server.token("backend", service: true)
        _ = try server.answers(
            [
                Self.request(1, "registerUser", #""userId":"m1","phone":"+14155550111""#),
                Self.request(2, "getFollowers", #""as":"m1""#), Self.request(3, "getFollowers", #""as":"nobody""#),
            ], token: token)
        let get = { (path: String) in
            try server.exchange(HTTPServiceProcess.Request(body: [], method: "GET", path: path, contentType: nil))
        }
        #expect(try get("/healthz").status == 200)
        #expect(try get("/readyz").status == 200)
        let metrics = try get("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.header("content-type")?.hasPrefix("text/plain; version=0.0.4") == true)
        let exposition = try Exposition(parsing: metrics.text)
        for name in [
            "contacts_requests_total", "contacts_request_duration_seconds", "contacts_users", "contacts_contacts",
            "contacts_follows", "contacts_store_commit_duration_seconds",
        ] {
            #expect(exposition.family(name) != nil, "\(name) is exposed")
        }
        let requests = exposition.family("contacts_requests_total")?.samples ?? []
        let found = requests.first { $0.label("method") == "getFollowers" && $0.label("outcome") == "not_found" }
        #expect(found?.value == 1)
        // Every method's success counter is listed from the start, at 0 until it is called.
        let uncalled = requests.first { $0.label("method") == "unfollowUser" && $0.label("outcome") == "ok" }
        #expect(uncalled?.value == 0)
        #expect(exposition.family("contacts_users")?.samples.first?.value == 1)
        #expect(exposition.family("contacts_request_duration_seconds")?.type == "histogram")
    }

    @Test func theAccessLogIsOneLinePerRequestOnlyWhenAsked() throws {
        let logged = try HTTPServiceProcess(arguments: ["--access-log"])
        let quiet = try HTTPServiceProcess()
        for server in [logged, quiet] {
            let token = try server.token("backend", service: true)
            _ = try server.answers((1...3).map { Self.request($0, "getServerInfo", "") }, token: token)
        }
        let (loggedEnd, loggedErrors) = logged.terminate()
        let (quietEnd, quietErrors) = quiet.terminate()
        #expect(loggedEnd == ChildProcess.Termination(code: 0, exited: true))
        #expect(quietEnd == ChildProcess.Termination(code: 0, exited: true))
        let rpcLines = loggedErrors.split(separator: "\n").filter { $0.contains("/rpc") }
        #expect(rpcLines.count == 3, "\(loggedErrors)")
        #expect(rpcLines.allSatisfy { $0.contains("POST") && $0.contains("200") }, "\(loggedErrors)")
        #expect(!quietErrors.contains("/rpc"), "\(quietErrors)")
        #expect(!quietErrors.contains("/readyz"), "\(quietErrors)")
    }

    @Test func aURLSessionClientIsServed() async throws {
        let server = try HTTPServiceProcess()
        let token = try server.token("url-user")
        func post(_ body: [UInt8], token: String?) async throws -> (Int, [UInt8], String?) {
            var request = URLRequest(url: try #require(URL(string: server.url())))
            request.httpMethod = "POST"
            request.httpBody = Data(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            return (http.statusCode, Array(data), http.value(forHTTPHeaderField: "Contacts-Position"))
        }
        let register = Self.request(1, "registerUser", #""phone":"+14155550121","displayName":"Url""#)
        let (status, body, position) = try await post(register, token: token)
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self).contains(#""userId":"url-user""#))
        #expect(position.flatMap(Int64.init).map { $0 >= 1 } == true, "the change's own position")
        let (refused, _, _) = try await post(register, token: nil)
        #expect(refused == 401)
    }

    @Test func sigtermDuringUploadsLosesNoAcknowledgedChange() throws {
        let store = NSTemporaryDirectory() + "contacts-http-sigterm-\(UUID().uuidString).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        }
        let server = try HTTPServiceProcess(arguments: ["--store", store, "--daily-upload-budget", "0"])
        let token = try server.token("backend", service: true)
        _ = try server.answers(
            [Self.request(0, "registerUser", #""userId":"big","phone":"+14155550131""#)], token: token)
        let perUpload = 5_000
        let uploads = 40
        let bodies = (0..<uploads).map { upload in
            let contacts = (0..<perUpload).map { #"{"id":"u\#(upload)-\#($0)","displayName":"N \#($0)"}"# }
            return Self.request(
                upload + 1, "uploadContacts", #""as":"big","contacts":[\#(contacts.joined(separator: ","))]"#)
        }
        let first = try server.answers([bodies[0]], token: token)
        try #require(first.count == 1 && String(decoding: first[0], as: UTF8.self).contains(#""result""#))
        let rest = SentExchanges()
        let sender = Thread {
            rest.finish(
                Result { try server.exchanges(bodies.dropFirst().map { .init(body: $0, token: token) }) })
        }
        sender.start()
        usleep(300_000)
        let (termination, errors) = server.terminate()
        #expect(termination == ChildProcess.Termination(code: 0, exited: true), "\(errors)")
        let answers = try rest.wait().get()
        let acknowledged = 1 + answers.prefix { $0.status == 200 && $0.text.contains(#""result""#) }.count
        #expect(acknowledged < uploads, "SIGTERM came while uploads were still being sent")
        // The first upload not acknowledged either got no answer or arrived once shutdown had
        // begun, on a connection still open, and was refused with 503; none after it is answered.
        let unacknowledged = answers.dropFirst(acknowledged - 1)
        #expect(
            unacknowledged.first.map { [0, 503].contains($0.status) } ?? true,
            "the first unacknowledged upload: \(unacknowledged.first.map { "\($0.status) \($0.text)" } ?? "")")
        #expect(unacknowledged.dropFirst().allSatisfy { $0.status == 0 }, "after the first refusal, none")
        // Reopen the store: exactly the acknowledged uploads are there.
        let reopened = try ContactsExecutable.run(
            ["serve", "--stdio", "--store", store],
            stdin: Self.request(1, "fetchContacts", #""as":"big","limit":1"#) + [0x0A])
        let total = try JSONParser.parse(reopened.stdoutLines.first ?? [])
            .objectValue?["result"]?.objectValue?["total"]
        #expect(
            total == .integer(Int64(acknowledged * perUpload)), "\(acknowledged) acknowledged, \(reopened.stdoutText)")
    }
}

/// The answers a sending thread got, handed to the test.
private final class SentExchanges: Sendable {
    private let result = Mutex<Result<[HTTPServiceProcess.Exchange], any Error>?>(nil)

    func finish(_ outcome: Result<[HTTPServiceProcess.Exchange], any Error>) {
        result.withLock { $0 = outcome }
    }

    /// Waits for ``finish(_:)``.
    func wait() -> Result<[HTTPServiceProcess.Exchange], any Error> {
        while true {
            if let outcome = result.withLock({ $0 }) { return outcome }
            usleep(20_000)
        }
    }
}
