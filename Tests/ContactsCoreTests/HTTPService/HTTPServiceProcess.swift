import ContactsTestSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A live `contacts serve --listen 127.0.0.1:0` subprocess and `curl` as its client: the
/// HTTP half of the one helper through which the JSON-RPC tests run over stdio and over HTTP
/// (PROTOCOL §7).
final class HTTPServiceProcess: Sendable {
    /// Why the server could not be started or talked to.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One HTTP exchange as curl saw it.
    struct Exchange: Sendable {
        /// The status code (0: no response).
        var status: Int
        /// The response's header lines, names lowercased, in order.
        var headers: [(name: String, value: String)]
        /// The response body.
        var body: [UInt8]

        /// The first value of the header `name` (lowercase).
        func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
        /// The body as text.
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// What a request carries besides its body.
    struct Request: Sendable {
        var body: [UInt8]
        var token: String?
        var method = "POST"
        var path = "/rpc"
        var contentType: String? = "application/json"
        var extraHeaders: [String] = []
    }

    /// The secret the server verifies tokens with.
    static let secret = "http-service-test-secret-of-32+bytes"

    let child: ChildProcess
    let port: Int
    let directory: String
    private let secretPath: String

    /// Starts the server with `arguments` added (`--store PATH`, `--access-log`, …) and waits
    /// until `/readyz` answers 200.
    init(arguments: [String] = []) throws {
        directory = NSTemporaryDirectory() + "contacts-http-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        secretPath = directory + "/secret"
        try Data((Self.secret + "\n").utf8).write(to: URL(fileURLWithPath: secretPath))
        let executable = try ContactsExecutable.location.get().path
        child = try ChildProcess(
            executable, ["serve", "--listen", "127.0.0.1:0", "--jwt-secret-file", secretPath] + arguments)
        let prefix = "listening on http://127.0.0.1:"
        guard let line = child.waitForErrorLine(timeout: .seconds(60), { $0.hasPrefix(prefix) }),
            let port = Int(line.dropFirst(prefix.count))
        else {
            throw Failure(description: "the server did not start: \(child.standardError)")
        }
        self.port = port
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while try exchange(Request(body: [], method: "GET", path: "/readyz", contentType: nil)).status != 200 {
            guard clock.now < deadline else { throw Failure(description: "/readyz never answered 200") }
            usleep(20_000)
        }
    }

    deinit {
        child.send(SIGKILL)
        _ = child.wait()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A token from `contacts token` for `subject` (`--service` when `service`), with `extra`
    /// options (`--ttl 1`, `--audience A`).
    func token(_ subject: String, service: Bool = false, extra: [String] = []) throws -> String {
        let executable = try ContactsExecutable.location.get().path
        let run = try ChildProcess.run(
            executable,
            ["token", "--jwt-secret-file", secretPath, "--sub", subject] + (service ? ["--service"] : []) + extra)
        guard run.termination == ChildProcess.Termination(code: 0, exited: true) else {
            throw Failure(description: "contacts token failed: \(run.errors)")
        }
        return String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The URL of `path` on this server.
    func url(_ path: String = "/rpc") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// One request through curl.
    func exchange(_ request: Request) throws -> Exchange {
        try exchanges([request])[0]
    }

    /// `requests` in order through one curl process (one keep-alive connection), each
    /// answered before the next is sent.
    func exchanges(_ requests: [Request]) throws -> [Exchange] {
        let batch = directory + "/batch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: batch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: batch) }
        var config = ""
        for (index, request) in requests.enumerated() {
            let bodyPath = "\(batch)/request-\(index)"
            try Data(request.body).write(to: URL(fileURLWithPath: bodyPath))
            if index > 0 { config += "next\n" }
            config += "url = \"\(url(request.path))\"\n"
            config += "request = \"\(request.method)\"\n"
            if request.method == "POST" { config += "data-binary = \"@\(bodyPath)\"\n" }
            // curl adds a form content type to a POST unless told otherwise; an empty value
            // removes the header.
            config += "header = \"Content-Type: \(request.contentType ?? "")\"\n"
            if let token = request.token { config += "header = \"Authorization: Bearer \(token)\"\n" }
            for header in request.extraHeaders { config += "header = \"\(header)\"\n" }
            config += "header = \"Expect:\"\n"
            config += "output = \"\(batch)/body-\(index)\"\n"
            config += "dump-header = \"\(batch)/head-\(index)\"\n"
            config += "write-out = \"%{http_code}\\n\"\n"
            config += "noproxy = \"*\"\n"
        }
        let configPath = batch + "/config"
        try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
        let run = try ChildProcess.run("/usr/bin/curl", ["--silent", "--show-error", "--config", configPath])
        let statuses = String(decoding: run.output, as: UTF8.self).split(separator: "\n").map { Int($0) ?? 0 }
        guard statuses.count == requests.count else {
            throw Failure(description: "curl answered \(statuses.count) of \(requests.count) requests: \(run.errors)")
        }
        return statuses.enumerated().map { index, status in
            let body = (try? Data(contentsOf: URL(fileURLWithPath: "\(batch)/body-\(index)"))).map(Array.init) ?? []
            let head = (try? String(contentsOfFile: "\(batch)/head-\(index)", encoding: .utf8)) ?? ""
            let headers = head.split(separator: "\r\n").dropFirst().compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (
                    line[..<colon].lowercased(),
                    line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                )
            }
            return Exchange(status: status, headers: headers, body: body)
        }
    }

    /// The JSON-RPC answer bodies of `lines` sent as `POST /rpc` bodies with `token`, in
    /// order, one per answered request (a 204 adds none), as stdio writes its lines; throws
    /// for any status other than 200 and 204.
    func answers(_ lines: [[UInt8]], token: String) throws -> [[UInt8]] {
        let exchanges = try exchanges(lines.map { Request(body: $0, token: token) })
        var answers: [[UInt8]] = []
        for (line, exchange) in zip(lines, exchanges) {
            switch exchange.status {
            case 200: answers.append(exchange.body)
            case 204 where exchange.body.isEmpty: break
            default:
                throw Failure(
                    description: "status \(exchange.status) for \(String(decoding: line.prefix(200), as: UTF8.self))")
            }
        }
        return answers
    }

    /// SIGTERM, then the exit: its termination and everything on stderr.
    func terminate(timeout: Duration = .seconds(60)) -> (ChildProcess.Termination, String) {
        child.send(SIGTERM)
        let termination = child.wait(timeout: timeout)
        return (termination, child.standardError)
    }
}
