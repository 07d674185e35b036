import ContactsSupport
import ContactsTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a finished `contacts` subprocess left behind.
struct ProcessOutput: Sendable {
    /// The exit status (or the signal number when `exited` is false).
    var status: Int32
    /// False when the process died of a signal (a crash, or the time limit).
    var exited: Bool
    /// True when the helper killed the process for running past its time limit.
    var timedOut: Bool
    /// Everything written to stdout.
    var stdout: [UInt8]
    /// Everything written to stderr.
    var stderr: [UInt8]

    /// stdout as text (invalid UTF-8 repaired).
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    /// stderr as text (invalid UTF-8 repaired).
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// stdout split at newlines; a final newline does not make an empty last line.
    var stdoutLines: [[UInt8]] { Self.lines(stdout) }
    /// stderr split at newlines; a final newline does not make an empty last line.
    var stderrLines: [String] { Self.lines(stderr).map { String(decoding: $0, as: UTF8.self) } }

    private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

/// The `contacts` executable built beside the tests, run as a subprocess.
///
/// The test target depends on the `contacts` target, so SwiftPM builds the binary into the
/// same directory as the test bundle (`.build/<triple>/debug`). `CONTACTS_BINARY` in the
/// environment overrides the search.
enum ContactsExecutable {
    /// The longest a subprocess may run before it is killed and the run reported as timed out.
    static let timeLimitSeconds: Double = 60

    /// The binary's location, searched once.
    static let location: Result<URL, BuiltProduct.NotFound> = BuiltProduct.locate(
        "contacts", override: "CONTACTS_BINARY")

    /// Runs `contacts arguments…` with `stdin` as its whole standard input, and waits for it
    /// (killed after ``timeLimitSeconds``).
    static func run(_ arguments: [String], stdin: [UInt8] = []) throws -> ProcessOutput {
        let executable = try location.get()
        let run = try ChildProcess.run(executable.path, arguments, stdin: stdin, timeout: .seconds(timeLimitSeconds))
        return ProcessOutput(
            status: run.termination.code, exited: run.termination.exited, timedOut: run.timedOut, stdout: run.output,
            stderr: run.errorBytes)
    }

    /// Runs `contacts serve --stdio` over `lines`, each followed by a newline.
    static func serve(_ lines: [[UInt8]]) throws -> ProcessOutput {
        var input: [UInt8] = []
        for line in lines {
            input.append(contentsOf: line)
            input.append(0x0A)
        }
        return try run(["serve", "--stdio"], stdin: input)
    }
}
