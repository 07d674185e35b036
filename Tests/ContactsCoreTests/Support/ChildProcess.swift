import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn` and reaped with `waitpid` (Foundation's
/// `Process.waitUntilExit` was seen to hang when tests spawn processes in parallel).
///
/// Its standard output and error are pipes drained by two threads for its whole life (so a
/// full pipe never blocks it); its standard input is a pipe the test writes to, or
/// `/dev/null`. Every pipe end this side keeps is close-on-exec, so children spawned at the
/// same time by other tests never inherit them.
final class ChildProcess: Sendable {
    /// How a child ended.
    struct Termination: Equatable, CustomStringConvertible {
        /// The exit status, or the number of the signal that killed it.
        var code: Int32
        /// True when it exited (rather than died of a signal).
        var exited: Bool

        var description: String { exited ? "exit \(code)" : "signal \(code)" }
        /// True when it exited with status 0.
        var succeeded: Bool { exited && code == 0 }
    }

    /// Why a child could not be started or waited for.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The child's process id.
    let pid: pid_t
    private let input: Mutex<Int32?>
    private let output = CollectedBytes()
    private let errors = CollectedBytes()
    private let drained = DispatchGroup()
    private let termination = Mutex<Termination?>(nil)

    /// Starts `executable` (a path) with `arguments`; with `withInput`, its stdin is a pipe
    /// for ``write(_:)`` and ``closeInput()``, else `/dev/null`.
    init(_ executable: String, _ arguments: [String], withInput: Bool = false) throws {
        // Held from making the pipes to spawning: no child spawned meanwhile by another test
        // inherits an end before it is close-on-exec (a long-lived one, a database server,
        // would keep this child's output open after it exits).
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
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
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
        drain(stdoutPipe.read, into: output)
        drain(stderrPipe.read, into: errors)
    }

    deinit {
        if termination.withLock({ $0 }) == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        closeInput()
    }

    /// Writes all of `bytes` to the child's stdin; false when it is closed or gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        guard let descriptor = input.withLock({ $0 }) else { return false }
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Closes the child's stdin (it reads end of file).
    func closeInput() {
        input.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) {
        if termination.withLock({ $0 }) == nil { kill(pid, signal) }
    }

    /// Waits for the child to end; after `timeout` it is killed (SIGKILL) and waited for.
    @discardableResult
    func wait(timeout: Duration = .seconds(60)) -> Termination {
        if let known = termination.withLock({ $0 }) { return known }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var killed = false
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR {
                return remember(Termination(code: -1, exited: false))
            }
            if !killed && clock.now > deadline {
                kill(pid, SIGKILL)
                killed = true
            }
            usleep(2_000)
        }
        drained.wait()
        let signal = status & 0x7F
        return remember(Termination(code: signal == 0 ? (status >> 8) & 0xFF : signal, exited: signal == 0))
    }

    /// Everything the child wrote to stdout so far (all of it once ``wait(timeout:)`` returned).
    var standardOutput: [UInt8] { output.bytes }
    /// Everything the child wrote to stderr so far, as text.
    var standardError: String { String(decoding: errors.bytes, as: UTF8.self) }

    /// Waits until stderr holds a line satisfying `matches`, or `timeout` passes; the line.
    func waitForErrorLine(timeout: Duration, _ matches: (String) -> Bool) -> String? {
        waitForLine(of: { self.standardError }, timeout: timeout, matches)
    }

    /// Waits until stdout holds a line satisfying `matches`, or `timeout` passes; the line.
    func waitForOutputLine(timeout: Duration, _ matches: (String) -> Bool = { _ in true }) -> String? {
        waitForLine(of: { String(decoding: self.standardOutput, as: UTF8.self) }, timeout: timeout, matches)
    }

    private func waitForLine(of text: () -> String, timeout: Duration, _ matches: (String) -> Bool) -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            let lines = text().split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if let line = lines.first(where: { matches(String($0)) }) { return String(line) }
            if termination.withLock({ $0 }) != nil || kill(pid, 0) != 0 { return nil }
            usleep(10_000)
        }
        return nil
    }

    /// Runs `executable` to its end with `stdin` as its whole input: its termination, stdout
    /// and stderr.
    static func run(
        _ executable: String, _ arguments: [String], stdin: [UInt8]? = nil, timeout: Duration = .seconds(60)
    ) throws -> (termination: Termination, output: [UInt8], errors: String) {
        let child = try ChildProcess(executable, arguments, withInput: stdin != nil)
        if let stdin {
            let writer = Thread {
                child.write(stdin)
                child.closeInput()
            }
            writer.start()
        }
        let termination = child.wait(timeout: timeout)
        return (termination, child.standardOutput, child.standardError)
    }

    /// Runs `executable` to its end and returns its stdout as text; throws unless it exits 0.
    static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let run = try run(executable, arguments)
        guard run.termination.succeeded else {
            let command = ([executable] + arguments).joined(separator: " ")
            throw Failure(description: "\(command) ended with \(run.termination): \(run.errors)")
        }
        return String(decoding: run.output, as: UTF8.self)
    }

    private func remember(_ value: Termination) -> Termination {
        termination.withLock { $0 = value }
        return value
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
