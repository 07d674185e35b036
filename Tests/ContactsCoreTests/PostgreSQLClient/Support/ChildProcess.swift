import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with posix_spawn and reaped with waitpid (Foundation's
/// `Process.waitUntilExit` can miss the exit of a child when tests spawn in parallel).
/// Its stdout is a pipe this side reads; its stderr goes to a temporary file.
final class ChildProcess {
    /// The child's process id.
    let pid: pid_t
    private let outputDescriptor: Int32
    private let errorPath: String
    private var reaped: Int32?

    /// Held from creating a pipe to spawning its child, so that no other child spawned
    /// meanwhile inherits the pipe before it is marked close-on-exec (which would keep
    /// this child's stdout open after it exits).
    private static let spawnLock = Mutex(())

    /// Starts `executable` with `arguments`, stdin from /dev/null.
    init(_ executable: String, _ arguments: [String]) throws {
        (pid, outputDescriptor, errorPath) = try Self.spawnLock.withLock { _ in
            try Self.spawn(executable, arguments)
        }
    }

    private static func spawn(_ executable: String, _ arguments: [String]) throws -> (pid_t, Int32, String) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw TestSetupError("pipe failed: errno \(errno)") }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            PostgresTestEnvironment.uniqueName("stderr")
        ).path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The calling thread may block signals (dispatch's worker threads do); the child
        // starts with none blocked and default handlers, as a shell would give it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaulted = sigset_t()
        sigemptyset(&defaulted)
        for signal in [SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaulted, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaulted)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw TestSetupError("posix_spawn \(executable) failed: errno \(status)")
        }
        return (child, pipeEnds[0], errorPath)
    }

    deinit {
        close(outputDescriptor)
        unlink(errorPath)
    }

    /// Reads stdout until a newline or end of file; nil at end of file with nothing read.
    func readLine() -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(outputDescriptor, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }

    /// Reads stdout to its end.
    func readToEnd() -> String {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(outputDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                output += chunk[0..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the child to exit: its exit status, or 128 + the signal that killed it.
    func wait() -> Int32 {
        if let reaped { return reaped }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        reaped = code
        return code
    }

    /// What the child wrote to stderr.
    var standardError: String {
        (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    }

    /// Runs `executable` to completion: its exit status, stdout and stderr.
    static func run(_ executable: String, _ arguments: [String]) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let child = try ChildProcess(executable, arguments)
        let output = child.readToEnd()
        let status = child.wait()
        return (status, output, child.standardError)
    }

    /// Runs `executable` to completion and returns its stdout; throws unless it exits 0.
    static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let run = try run(executable, arguments)
        guard run.status == 0 else {
            throw TestSetupError(
                "\(([executable] + arguments).joined(separator: " ")) exited with \(run.status): \(run.errors)")
        }
        return run.output
    }
}
