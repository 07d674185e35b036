import ContactsCore
import Foundation

/// An external program the load benchmarks drive (`wrk`, `redis-server`, `curl`), found on
/// `PATH`.
struct CommandLineTool {
    let url: URL

    /// The program at `url`.
    init(url: URL) {
        self.url = url
    }

    /// The program `name` on `PATH`, or nil when it is not installed.
    init?(_ name: String) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                url = candidate
                return
            }
        }
        return nil
    }

    /// Runs the program with `arguments` to its end and returns what it wrote on stdout
    /// (stderr passes through).
    ///
    /// - Throws: when it cannot start or exits with a status other than 0.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BaselineError(
                "\(url.lastPathComponent) \(arguments.prefix(4).joined(separator: " ")) … exited with status \(process.terminationStatus)"
            )
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Starts the program with `arguments` in the background, its stdout and stderr appended
    /// to `logPath`.
    func start(_ arguments: [String], logPath: String) throws -> Process {
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else {
            throw BaselineError("cannot create \(logPath)")
        }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.standardOutput = log
        process.standardError = log
        try process.run()
        return process
    }
}

/// A TCP port on 127.0.0.1 that was free a moment ago (the kernel's pick for port 0).
func freeLoopbackPort() throws -> Int {
    let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketDescriptor >= 0 else { throw BaselineError("socket() failed: errno \(errno)") }
    defer { close(socketDescriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            bind(socketDescriptor, socketAddress, length) == 0
                && getsockname(socketDescriptor, socketAddress, &length) == 0
        }
    }
    guard bound else { throw BaselineError("binding a loopback port failed: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
}
