import ContactsSupport
import Foundation

/// A `contacts serve --listen 127.0.0.1:0` subprocess (the binary ``StoreServeProcess``
/// uses) with a JWT secret of its own in `directory`: started, its port read from the
/// `listening on` line of its stderr (kept in a file there), ready once `/readyz` answers
/// 200 (the store loaded); clients connect with a service token (`contacts token --service`,
/// acting as `params.as`, as stdio does).
final class StoreHTTPServeProcess {
    /// The port the service listens on.
    let port: Int
    /// A service token for `Authorization: Bearer`.
    let token: String
    private let process = Process()
    private let stderrPath: String

    /// Starts the service with `arguments` added (`--store PATH|URI`), `name` naming its files
    /// in `directory`, and waits until it is ready.
    init(arguments: [String], directory: URL, name: String) throws {
        let binary = try StoreServeProcess.binary()
        let secretPath = directory.appendingPathComponent("\(name).jwt-secret").path
        let secret = (0..<48).map { _ in UInt8.random(in: 0...255) }
        try Data(Data(secret).base64EncodedString().utf8).write(to: URL(fileURLWithPath: secretPath))
        token = try Self.output(
            of: binary, ["token", "--jwt-secret-file", secretPath, "--sub", "benchmark", "--service"])
        stderrPath = directory.appendingPathComponent("\(name).stderr").path
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = binary
        process.arguments = ["serve", "--listen", "127.0.0.1:0", "--jwt-secret-file", secretPath] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        try process.run()
        do {
            port = try Self.waitForPort(process, stderrPath: stderrPath)
            try waitUntilReady()
        } catch {
            process.terminate()
            process.waitUntilExit()
            throw error
        }
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

    /// Stops the service (SIGTERM: it answers what is in flight and closes its store) and
    /// waits for it to exit.
    ///
    /// - Throws: when it exits with another status than 0.
    func finish() throws {
        process.terminate()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BaselineError("contacts serve --listen exited with status \(process.terminationStatus): \(stderr)")
        }
    }

    private var stderr: String {
        (try? String(contentsOfFile: stderrPath, encoding: .utf8)).map { String($0.suffix(500)) } ?? ""
    }

    /// The port of the `listening on http://127.0.0.1:PORT` line, waited for up to 60 s.
    private static func waitForPort(_ process: Process, stderrPath: String) throws -> Int {
        let deadline = WallClock.monotonicNanoseconds() + 60_000_000_000
        let prefix = "listening on http://127.0.0.1:"
        while WallClock.monotonicNanoseconds() < deadline {
            let text = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
                let port = Int(line.dropFirst(prefix.count))
            {
                return port
            }
            guard process.isRunning else {
                throw BaselineError("contacts serve --listen exited before listening: \(text.suffix(500))")
            }
            usleep(10_000)
        }
        throw BaselineError("contacts serve --listen did not say where it listens within 60 s")
    }

    /// Waits (up to 10 minutes: a large store loads first) until `/readyz` answers 200.
    private func waitUntilReady() throws {
        let deadline = WallClock.monotonicNanoseconds() + 600_000_000_000
        while WallClock.monotonicNanoseconds() < deadline {
            // A connection each time: a 503 may close it.
            if try connect().status(of: "/readyz") == 200 { return }
            guard process.isRunning else { throw BaselineError("contacts serve --listen exited: \(stderr)") }
            usleep(20_000)
        }
        throw BaselineError("contacts serve --listen was not ready within 10 minutes")
    }

    /// What `binary arguments` prints on stdout, its trailing newline dropped.
    private static func output(of binary: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BaselineError("contacts \(arguments.first ?? "") exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
