import ContactsSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn` and reaped with `waitpid`: the one way every
/// test starts a program (Foundation's `Process` makes its pipes without close-on-exec, so a
/// child another test spawns at the same moment inherits them and holds a killed server's
/// output open; and its `waitUntilExit` was seen to hang when tests spawn in parallel).
///
/// Its standard error, and its standard output unless the caller reads that itself, are
/// pipes drained by a thread each for its whole life (so a full pipe never blocks it); its
/// standard input is a pipe the test writes to, or `/dev/null`. Every pipe end this side
/// keeps is close-on-exec, so children spawned at the same time by other tests never inherit
/// them: once a child is dead, its output reads to end of file.
public final class ChildProcess: Sendable {
    /// How a child ended.
    public struct Termination: Equatable, Sendable, CustomStringConvertible {
        /// The exit status, or the number of the signal that killed it.
        public var code: Int32
        /// True when it exited (rather than died of a signal).
        public var exited: Bool

        /// A termination: exit status `code` when `exited`, else death by signal `code`.
        public init(code: Int32, exited: Bool) {
            self.code = code
            self.exited = exited
        }

        /// `exit N` or `signal N`.
        public var description: String { exited ? "exit \(code)" : "signal \(code)" }
        /// True when it exited with status 0.
        public var succeeded: Bool { exited && code == 0 }
    }

    /// Why a child could not be started or waited for.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, naming the program.
        public let description: String

        /// A failure saying `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// What a child run to its end (``run(_:_:stdin:environment:timeout:)``) left behind.
    public struct Run: Sendable {
        /// How it ended.
        public var termination: Termination
        /// True when it ran past its time limit and was killed.
        public var timedOut: Bool
        /// Everything it wrote to stdout.
        public var output: [UInt8]
        /// Everything it wrote to stderr.
        public var errorBytes: [UInt8]
        /// stderr as text (invalid UTF-8 repaired).
        public var errors: String { String(decoding: errorBytes, as: UTF8.self) }
    }

    /// The child's process id.
    public let pid: pid_t
    /// The read end of the child's stdout when the caller reads it itself (`collectOutput:
    /// false`); closed with this object. Nil when stdout is collected (``standardOutput``).
    public let outputDescriptor: Int32?
    private let input: Mutex<Int32?>
    private let output = CollectedBytes()
    private let errors = CollectedBytes()
    private let drained = DispatchGroup()
    private let termination = Mutex<Termination?>(nil)
    private let killedForTimeout = Mutex(false)

    /// Starts `executable` (a path) with `arguments`, and `environment` as its whole
    /// environment (this process's when nil). With `withInput`, its stdin is a pipe for
    /// ``write(_:)`` and ``closeInput()``, else `/dev/null`; with `collectOutput` false, the
    /// caller reads stdout from ``outputDescriptor`` instead of ``standardOutput``.
    public init(
        _ executable: String, _ arguments: [String], withInput: Bool = false, environment: [String: String]? = nil,
        collectOutput: Bool = true
    ) throws {
        // Held from making the pipes to spawning: no child spawned meanwhile by another test
        // inherits an end before it is close-on-exec (a long-lived one, a database server,
        // would keep this child's output open after it exits).
        _ = Self.ignoreBrokenPipes
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        let stdoutPipe = try Self.pipe()
        let stderrPipe = try Self.pipe()
        let stdinPipe = withInput ? try Self.pipe() : nil
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdinPipe {
            posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, 2)
        // Test threads may block signals; the child starts as a shell would start it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGCHLD, SIGUSR1] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp =
            (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(stdoutPipe.write)
        close(stderrPipe.write)
        if let stdinPipe { close(stdinPipe.read) }
        guard status == 0 else {
            close(stdoutPipe.read)
            close(stderrPipe.read)
            if let stdinPipe { close(stdinPipe.write) }
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        input = Mutex(stdinPipe?.write)
        if collectOutput {
            outputDescriptor = nil
            drain(stdoutPipe.read, into: output)
        } else {
            outputDescriptor = stdoutPipe.read
        }
        drain(stderrPipe.read, into: errors)
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            _ = wait()
        }
        closeInput()
        if let outputDescriptor { close(outputDescriptor) }
    }

    /// Writes all of `bytes` to the child's stdin; false when it is closed or gone (a write to
    /// a dead child's pipe fails with EPIPE: this process ignores SIGPIPE once it starts one).
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard let descriptor = input.withLock({ $0 }) else { return false }
        return (try? FileOutput.writeAll(bytes, to: descriptor)) != nil
    }

    /// Closes the child's stdin (it reads end of file).
    public func closeInput() {
        input.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Waits for the child to end; after `timeout` it is killed (SIGKILL) and waited for.
    @discardableResult
    public func wait(timeout: Duration = .seconds(60)) -> Termination {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var killed = false
        while true {
            if let ended = reapIfEnded() {
                drained.wait()
                return ended
            }
            if !killed && clock.now > deadline {
                kill(pid, SIGKILL)
                killed = true
                killedForTimeout.withLock { $0 = true }
            }
            usleep(2_000)
        }
    }

    /// False once the child has ended (reaping it when it just did).
    public var isRunning: Bool { reapIfEnded() == nil }

    /// How the child ended, reaped without waiting; nil while it runs.
    private func reapIfEnded() -> Termination? {
        termination.withLock { known in
            if let known { return known }
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                let signal = status & 0x7F
                known = Termination(code: signal == 0 ? (status >> 8) & 0xFF : signal, exited: signal == 0)
            } else if reaped < 0 && errno != EINTR {
                known = Termination(code: -1, exited: false)
            }
            return known
        }
    }

    /// True when ``wait(timeout:)`` killed the child for running past its time limit.
    public var timedOut: Bool { killedForTimeout.withLock { $0 } }

    /// Everything the child wrote to stdout so far (all of it once ``wait(timeout:)`` returned);
    /// empty when the caller reads stdout itself.
    public var standardOutput: [UInt8] { output.bytes }
    /// Everything the child wrote to stderr so far.
    public var standardErrorBytes: [UInt8] { errors.bytes }
    /// Everything the child wrote to stderr so far, as text.
    public var standardError: String { String(decoding: errors.bytes, as: UTF8.self) }

    /// Waits until stderr holds a line satisfying `matches`, or `timeout` passes; the line.
    public func waitForErrorLine(timeout: Duration, _ matches: (String) -> Bool) -> String? {
        waitForLine(of: { self.standardError }, timeout: timeout, matches)
    }

    /// Waits until stdout holds a line satisfying `matches`, or `timeout` passes; the line.
    public func waitForOutputLine(timeout: Duration, _ matches: (String) -> Bool = { _ in true }) -> String? {
        waitForLine(of: { String(decoding: self.standardOutput, as: UTF8.self) }, timeout: timeout, matches)
    }

    private func waitForLine(of text: () -> String, timeout: Duration, _ matches: (String) -> Bool) -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            let lines = text().split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if let line = lines.first(where: { matches(String($0)) }) { return String(line) }
            if !isRunning { return nil }
            usleep(10_000)
        }
        return nil
    }

    /// Runs `executable` to its end with `stdin` as its whole input (and `environment` as its
    /// environment when given), killed after `timeout`: its termination, stdout and stderr.
    public static func run(
        _ executable: String, _ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String]? = nil,
        timeout: Duration = .seconds(60)
    ) throws -> Run {
        let child = try ChildProcess(executable, arguments, withInput: stdin != nil, environment: environment)
        if let stdin {
            let writer = Thread {
                child.write(stdin)
                child.closeInput()
            }
            writer.start()
        }
        let termination = child.wait(timeout: timeout)
        return Run(
            termination: termination, timedOut: child.timedOut, output: child.standardOutput,
            errorBytes: child.standardErrorBytes)
    }

    /// Runs `executable` to its end and returns its stdout as text; throws unless it exits 0.
    public static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let run = try run(executable, arguments)
        guard run.termination.succeeded else {
            let command = ([executable] + arguments).joined(separator: " ")
            throw Failure(description: "\(command) ended with \(run.termination): \(run.errors)")
        }
        return String(decoding: run.output, as: UTF8.self)
    }

    private func drain(_ descriptor: Int32, into sink: CollectedBytes) {
        drained.enter()
        let thread = Thread { [drained] in
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    sink.append(chunk[..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(descriptor)
            drained.leave()
        }
        thread.start()
    }

    private static let spawnLock = NSLock()

    /// A write to a pipe whose reader died must fail with EPIPE, not kill the tests.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    private static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        // Glibc's module does not export pipe2, so close-on-exec is set right after, under
        // the spawn lock.
        guard Glibc.pipe(&ends) == 0 else {
            throw Failure(description: "pipe failed: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}

/// Bytes a reader thread collects.
private final class CollectedBytes: Sendable {
    private let storage = Mutex<[UInt8]>([])

    func append(_ bytes: ArraySlice<UInt8>) {
        storage.withLock { $0.append(contentsOf: bytes) }
    }

    var bytes: [UInt8] { storage.withLock { $0 } }
}
