import ContactsCore
import ContactsJSON
import ContactsSupport
import Foundation

/// A `contacts serve --listen 127.0.0.1:0` subprocess (the binary beside this executable)
/// with a fresh HS256 secret and a service-scope token for it, ready once `/readyz` answers
/// 200; requests go through `curl`, a real HTTP client, or through ``connect()``'s
/// keep-alive connections.
final class HTTPServeProcess {
    /// `http://127.0.0.1:PORT`.
    let baseURL: String
    /// The port it listens on.
    let port: Int
    /// A service token (`params.as` names the acting user).
    let token: String
    /// Milliseconds from the start until `/readyz` answered 200 (the store's load).
    let readyMillis: Double
    private let process: Process
    private let directory: String
    private let name: String
    private let curl: CommandLineTool

    /// Starts the service with `arguments` added (`--store PATH|URI`, …) and waits for it to
    /// be ready, at most `timeoutSeconds`; its secret and stderr go to `NAME.jwt-secret` and
    /// `NAME.log` in `directory`.
    init(arguments: [String], directory: String, name: String = "serve", timeoutSeconds: Double = 600) throws {
        guard let curl = CommandLineTool("curl") else { throw BaselineError("curl is not installed") }
        self.curl = curl
        self.directory = directory
        self.name = name
        let binary = try StoreServeProcess.binary()
        let secretPath = directory + "/\(name).jwt-secret"
        let secret = (0..<48).map { _ in UInt8.random(in: 0...255) }
        try Data(Data(secret).base64EncodedString().utf8).write(to: URL(fileURLWithPath: secretPath))
        let contacts = CommandLineTool(url: binary)
        token = try contacts.run(["token", "--jwt-secret-file", secretPath, "--sub", "benchmark", "--service"])
            .trimmingCharacters(in: .whitespacesAndNewlines)

        let logPath = directory + "/\(name).log"
        let start = WallClock.monotonicNanoseconds()
        process = try contacts.start(
            ["serve", "--listen", "127.0.0.1:0", "--jwt-secret-file", secretPath] + arguments, logPath: logPath)
        let deadline = start + UInt64(timeoutSeconds * 1e9)
        var url: String?
        while url == nil {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if let line = log.split(separator: "\n").first(where: { $0.hasPrefix("listening on ") }) {
                url = String(line.dropFirst("listening on ".count))
            } else {
                try Self.check(process, deadline: deadline, log: logPath)
                usleep(20_000)
            }
        }
        baseURL = url ?? ""
        guard let port = Int(baseURL.split(separator: ":").last ?? "") else {
            process.terminate()
            throw BaselineError("contacts serve listens on \(baseURL)")
        }
        self.port = port
        while try curl.run(["-s", "-o", "/dev/null", "-w", "%{http_code}", baseURL + "/readyz"]) != "200" {
            try Self.check(process, deadline: deadline, log: logPath)
            usleep(100_000)
        }
        readyMillis = Double(WallClock.monotonicNanoseconds() - start) / 1e6
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// A new keep-alive connection to the service.
    func connect() throws -> ServiceHTTPConnection {
        try ServiceHTTPConnection(port: port, token: token)
    }

    /// Posts one JSON-RPC request and returns its `result`.
    ///
    /// - Throws: when the answer is not a 200 with a result.
    func call(_ body: String) throws -> JSONValue {
        let bodyPath = directory + "/\(name).request.json"
        try Data(body.utf8).write(to: URL(fileURLWithPath: bodyPath))
        let answer = try curl.run([
            "-s", "--fail-with-body", baseURL + "/rpc", "-H", "Authorization: Bearer \(token)", "-H",
            "Content-Type: application/json", "--data-binary", "@" + bodyPath,
        ])
        guard let result = try JSONParser.parse(answer).objectValue?["result"] else {
            throw BaselineError("the service answered \(answer.prefix(300))")
        }
        return result
    }

    /// The value of the `/metrics` series `series` (its name with labels, as printed), or 0
    /// when the service has not printed it yet.
    func metric(_ series: String) throws -> Double {
        try metrics()[series] ?? 0
    }

    /// Every sample `/metrics` prints, by its series (its name with labels, as printed).
    func metrics() throws -> [String: Double] {
        let text = try curl.run(["-s", "--fail", baseURL + "/metrics"])
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                throw BaselineError("/metrics printed \(line)")
            }
            samples[String(line[..<space])] = value
        }
        return samples
    }

    /// The service's peak resident memory (VmHWM), in bytes.
    func peakResidentBytes() throws -> Int {
        let path = "/proc/\(process.processIdentifier)/status"
        guard let bytes = ProcFile.kilobyteField("VmHWM", inFile: path) else {
            throw BaselineError("no VmHWM in \(path)")
        }
        return bytes
    }

    /// Stops the service with SIGTERM (a graceful shutdown) and checks that it exits 0.
    func stop() throws {
        process.terminate()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BaselineError("contacts serve exited with status \(process.terminationStatus)")
        }
    }

    private static func check(_ process: Process, deadline: UInt64, log: String) throws {
        let tail = { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").suffix(500) }
        guard process.isRunning else { throw BaselineError("contacts serve exited early: \(tail())") }
        guard WallClock.monotonicNanoseconds() < deadline else {
            process.terminate()
            throw BaselineError("contacts serve was not ready in time: \(tail())")
        }
    }
}

extension JSONValue {
    /// The number payload, when this is a number.
    var numberValue: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }
}
