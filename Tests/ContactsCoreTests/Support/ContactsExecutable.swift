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
    /// Why the binary could not be run.
    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "the `contacts` executable was not found (build it with `swift build --product contacts`, "
                + "or set CONTACTS_BINARY); looked in: " + searched.joined(separator: ", ")
        }
    }

    /// The longest a subprocess may run before it is killed and the run reported as timed out.
    static let timeLimitSeconds: Double = 60

    /// The binary's location, searched once.
    static let location: Result<URL, NotFound> = locate()

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

    private static func locate() -> Result<URL, NotFound> {
        let fileManager = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment["CONTACTS_BINARY"] {
            return fileManager.isExecutableFile(atPath: explicit)
                ? .success(URL(fileURLWithPath: explicit)) : .failure(NotFound(searched: [explicit]))
        }
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL {
            directories.append(executable.deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first {
            let cwd = URL(fileURLWithPath: fileManager.currentDirectoryPath, isDirectory: true)
            directories.append(URL(fileURLWithPath: first, relativeTo: cwd).deletingLastPathComponent())
        }
        for bundle in [Bundle.main] + Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        // Last resort: the package's own build directory, found from this source file.
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        directories.append(packageRoot.appendingPathComponent(".build/debug", isDirectory: true))

        var searched: [String] = []
        for directory in directories {
            let candidate = directory.appendingPathComponent("contacts").standardizedFileURL
            if searched.contains(candidate.path) { continue }
            searched.append(candidate.path)
            if fileManager.isExecutableFile(atPath: candidate.path) { return .success(candidate) }
        }
        return .failure(NotFound(searched: searched))
    }
}
