import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to 127.0.0.1 for tests that speak HTTP byte by byte: slow
/// clients, half-open connections, malformed requests, pipelining.
final class RawConnection: Sendable {
    enum Failure: Error, CustomStringConvertible {
        case system(String, Int32)

        var description: String {
            switch self {
            case .system(let call, let code): return "\(call): \(String(cString: strerror(code)))"
            }
        }
    }

    private let descriptor: Int32
    private let isClosed = Atomic(false)

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure.system("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            let code = errno
            _ = Glibc.close(descriptor)
            throw Failure.system("connect", code)
        }
    }

    deinit {
        close()
    }

    /// Sends all of `text`; false when the peer has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// Sends all of `bytes`; false when the peer has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Reads until `isComplete` holds for what was read, the peer closes, or `timeout`
    /// passes; returns what was read and whether the peer closed.
    func read(timeout: Duration, until isComplete: ([UInt8]) -> Bool = { _ in false }) -> (
        bytes: [UInt8], closed: Bool
    ) {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !isComplete(received) {
            let left = deadline - clock.now
            guard left > .zero else { return (received, false) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return (received, true) }
            received.append(contentsOf: buffer[..<count])
        }
        return (received, false)
    }

    /// Waits up to `timeout` for the peer to close, dropping whatever it sends; returns how
    /// long that took, or nil if it did not close in time.
    func timeUntilClosed(timeout: Duration) -> Duration? {
        let clock = ContinuousClock()
        let start = clock.now
        let (_, closed) = read(timeout: timeout)
        return closed ? clock.now - start : nil
    }

    /// Closes the connection.
    func close() {
        guard !isClosed.exchange(true, ordering: .relaxed) else { return }
        _ = Glibc.close(descriptor)
    }
}

extension [UInt8] {
    /// Whether these bytes hold `count` complete HTTP responses, each with a
    /// `Content-Length` (the only kind the tests read).
    func holdsResponses(_ count: Int) -> Bool {
        HTTPResponseParser.responses(in: self).count >= count
    }
}

/// Splits bytes received on a connection into responses (status, headers, body), for
/// responses with `Content-Length`.
enum HTTPResponseParser {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
    }

    static func responses(in bytes: [UInt8]) -> [Response] {
        var responses: [Response] = []
        var start = 0
        let separator = Array("\r\n\r\n".utf8)
        while let end = bytes[start...].firstRange(of: separator) {
            let head = String(decoding: bytes[start..<end.lowerBound], as: UTF8.self)
            let lines = head.components(separatedBy: "\r\n")
            let statusParts = lines[0].split(separator: " ")
            guard statusParts.count >= 2, let status = Int(statusParts[1]) else { break }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                    .trimmingCharacters(in: .whitespaces)
            }
            let length = Int(headers["content-length"] ?? "0") ?? 0
            guard bytes.count >= end.upperBound + length else { break }
            responses.append(
                Response(status: status, headers: headers, body: Array(bytes[end.upperBound..<end.upperBound + length]))
            )
            start = end.upperBound + length
        }
        return responses
    }
}
