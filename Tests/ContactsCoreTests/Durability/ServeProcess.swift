import ContactsCore
import ContactsJSON
import ContactsTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A live `contacts serve --stdio` subprocess (or another `contacts` command that answers
/// JSON lines) driven a line at a time: requests written as the test goes, each response
/// read as it arrives (with a deadline, so a hung server fails the test instead of hanging
/// it), and `kill -9` at any moment.
final class ServeProcess {
    /// Why talking to the server failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How long a response may take before the test gives up.
    static let responseTimeoutMilliseconds: Int32 = 20_000

    private let child: ChildProcess
    private let output: Int32
    private var buffered: [UInt8] = []
    private var nextID: Int64 = 1
    private var ended: ChildProcess.Termination?

    /// Starts `contacts serve --stdio` with `arguments` added (`--store PATH`, …).
    convenience init(arguments: [String]) throws {
        try self.init(command: ["serve", "--stdio"] + arguments)
    }

    /// Starts `contacts` with `command` as its arguments (`["normalize", "--jsonl"]`).
    init(command: [String]) throws {
        let executable = try ContactsExecutable.location.get()
        child = try ChildProcess(executable.path, command, withInput: true, collectOutput: false)
        guard let descriptor = child.outputDescriptor else { throw Failure(description: "no stdout pipe") }
        output = descriptor
    }

    /// One request line with a fresh numeric id.
    func requestLine(_ method: String, _ params: JSONObject) -> [UInt8] {
        let request: JSONValue = .object([
            "jsonrpc": .string("2.0"), "id": .integer(nextID), "method": .string(method), "params": .object(params),
        ])
        nextID += 1
        var writer = JSONWriter()
        writer.write(request)
        writer.appendRaw("\n")
        return writer.bytes
    }

    /// Writes `bytes` whole (false when the server is gone).
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        child.write(bytes)
    }

    /// The next whole response line, parsed; nil at end of output (a partial last line is
    /// not a response).
    func readResponse() throws -> JSONValue? {
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = Array(buffered[..<newline])
                buffered.removeSubrange(...newline)
                do {
                    return try JSONParser.parse(line)
                } catch {
                    throw Failure(description: "not JSON: \(String(decoding: line.prefix(300), as: UTF8.self))")
                }
            }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Self.responseTimeoutMilliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw Failure(description: "no response within the time limit") }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }
            buffered.append(contentsOf: chunk[..<count])
        }
    }

    /// Sends one request and returns its `result` or its error reason.
    func call(_ method: String, _ params: JSONObject) throws -> Result<JSONValue, RPCFailure> {
        guard write(requestLine(method, params)) else { throw Failure(description: "the server is gone") }
        guard let response = try readResponse() else { throw Failure(description: "the server closed its output") }
        return Self.outcome(of: response)
    }

    /// Answers `requests` in order, pipelined in chunks small enough that no pipe fills up
    /// while the other side waits.
    func callAll(_ requests: [(String, JSONObject)]) throws -> [Result<JSONValue, RPCFailure>] {
        var outcomes: [Result<JSONValue, RPCFailure>] = []
        var start = 0
        while start < requests.count {
            var chunk: [UInt8] = []
            var end = start
            while end < requests.count && chunk.count < 16_384 {
                chunk += requestLine(requests[end].0, requests[end].1)
                end += 1
            }
            guard write(chunk) else { throw Failure(description: "the server is gone") }
            for _ in start..<end {
                guard let response = try readResponse() else {
                    throw Failure(description: "the server closed its output")
                }
                outcomes.append(Self.outcome(of: response))
            }
            start = end
        }
        return outcomes
    }

    /// `result`, or the error's `data.reason`.
    static func outcome(of response: JSONValue) -> Result<JSONValue, RPCFailure> {
        guard let object = response.objectValue else { return .failure(RPCFailure(reason: "not an object")) }
        if let result = object["result"] { return .success(result) }
        let reason = object["error"]?.objectValue?["data"]?.objectValue?["reason"]?.stringValue ?? "?"
        return .failure(RPCFailure(reason: reason))
    }

    /// `kill -9`, then every whole response line the server wrote before it died.
    func kill9() throws -> [JSONValue] {
        child.send(SIGKILL)
        ended = child.wait()
        var responses: [JSONValue] = []
        while let response = try readResponse() { responses.append(response) }
        return responses
    }

    /// Closes stdin, waits for a clean exit and returns what the server wrote to stderr;
    /// throws unless it exited with status 0.
    func finish() throws -> String {
        child.closeInput()
        let termination = child.wait()
        ended = termination
        guard termination.succeeded else {
            throw Failure(description: "serve ended with \(termination): \(child.standardError)")
        }
        return child.standardError
    }

    /// Whether the process died of SIGKILL (after ``kill9()``).
    var wasKilled: Bool {
        ended == ChildProcess.Termination(code: SIGKILL, exited: false)
    }
}
