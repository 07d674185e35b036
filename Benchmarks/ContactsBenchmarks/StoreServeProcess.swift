import ContactsCore
import Foundation

/// A `contacts serve --stdio` subprocess (the binary built beside the benchmark executable)
/// driven one request at a time: write a line, wait for its response line, check it is a
/// result, go on — the latency a client of the service sees, pipes included.
final class StoreServeProcess {
    private let process = Process()
    private let input: FileHandle
    private let output: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var nextID = 1

    /// Starts `contacts serve --stdio` with `arguments` added (`--store PATH` or none).
    init(arguments: [String]) throws {
        process.executableURL = try Self.binary()
        process.arguments = ["serve", "--stdio"] + arguments
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        try process.run()
        input = stdinPipe.fileHandleForWriting
        output = stdoutPipe.fileHandleForReading.fileDescriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// Sends one request (`params` is the JSON text of the params object), waits for its
    /// response and returns the response line.
    ///
    /// - Throws: when the service answers with an error or not at all.
    @discardableResult
    func call(_ method: String, params: String) throws -> ArraySlice<UInt8> {
        let id = nextID
        nextID += 1
        var line = #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":"#
        line += params
        line += "}\n"
        input.write(Data(line.utf8))
        let response = try readLine()
        // Responses start `{"jsonrpc":"2.0","id":N,` then `"result"` or `"error"`.
        let prefix = Array(#"{"jsonrpc":"2.0","id":\#(id),"result""#.utf8)
        guard response.starts(with: prefix) else {
            throw BaselineError("\(method) failed: \(String(decoding: response.prefix(300), as: UTF8.self))")
        }
        return response
    }

    /// Closes the service's input and waits for it to exit.
    func finish() throws {
        try input.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BaselineError("contacts serve exited with status \(process.terminationStatus)")
        }
    }

    private func readLine() throws -> ArraySlice<UInt8> {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                return line
            }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw BaselineError("contacts serve closed its output") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// The `contacts` executable: `CONTACTS_BINARY`, else beside this executable (SwiftPM
    /// builds both products into one directory; `make bench` builds both).
    static func binary() throws -> URL {
        if let explicit = ProcessInfo.processInfo.environment["CONTACTS_BINARY"] {
            return URL(fileURLWithPath: explicit)
        }
        let here = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidate = here.deletingLastPathComponent().appendingPathComponent("contacts")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw BaselineError(
                "no `contacts` executable at \(candidate.path): build it with "
                    + "`swift build -c release --product contacts` (or set CONTACTS_BINARY)")
        }
        return candidate
    }
}
