import ContactsTestSupport
import Foundation

/// Runs the `curl` command line client, the reference HTTP/1.1 client of these tests.
enum Curl {
    struct Result {
        var status: Int32
        var output: [UInt8]
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// The options every run gets: quiet, errors on stderr, no proxy from the environment.
    private static let common = ["--silent", "--show-error", "--noproxy", "*"]

    /// Runs `curl` with `arguments` and returns its exit status and standard output.
    static func run(_ arguments: [String]) throws -> Result {
        let run = try ChildProcess.run("/usr/bin/curl", common + arguments)
        return Result(status: run.termination.code, output: run.output)
    }

    /// Starts `curl` with `arguments` without waiting; `finish()` collects the result.
    static func start(_ arguments: [String]) throws -> Running {
        Running(child: try ChildProcess("/usr/bin/curl", common + arguments))
    }

    /// A curl still running.
    struct Running {
        let child: ChildProcess

        /// Waits for curl to end: its status and output.
        func finish() -> Result {
            let termination = child.wait()
            return Result(status: termination.code, output: child.standardOutput)
        }
    }
}

/// Files of a given size for curl's `--data-binary @file`, removed at deinit.
final class TemporaryBody {
    let path: String

    /// A file of `size` bytes following a pattern from `seed` (so that a misplaced byte shows).
    init(size: Int, seed: UInt64) throws {
        path = NSTemporaryDirectory() + "contacts-http-body-\(seed)-\(size)-\(UUID().uuidString)"
        try Data(TemporaryBody.pattern(size: size, seed: seed)).write(to: URL(fileURLWithPath: path))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The bytes such a file holds.
    static func pattern(size: Int, seed: UInt64) -> [UInt8] {
        var state = seed | 1
        return (0..<size).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }
}
