import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One keep-alive HTTP/1.1 connection to a `contacts serve --listen` on 127.0.0.1, sending
/// one JSON-RPC request at a time (`POST /rpc` with a bearer token) and waiting for its
/// response: what one client of the HTTP service does.
final class ServiceHTTPConnection {
    private let descriptor: Int32
    private let token: String
    private let port: Int
    private var buffer: [UInt8] = []
    private var nextID = 1

    /// Connects to 127.0.0.1:`port`; requests carry `token`.
    init(port: Int, token: String) throws {
        self.port = port
        self.token = token
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw BaselineError("socket: \(String(cString: strerror(errno)))") }
        var noDelay: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
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
            let message = String(cString: strerror(errno))
            _ = Glibc.close(descriptor)
            throw BaselineError("connect to 127.0.0.1:\(port): \(message)")
        }
    }

    deinit {
        _ = Glibc.close(descriptor)
    }

    /// Sends one request (`params` is the JSON text of the params object) and returns the
    /// response body.
    ///
    /// - Throws: when the answer is not 200 with a JSON-RPC result, or the connection fails.
    func call(_ method: String, params: String) throws -> String {
        let id = nextID
        nextID += 1
        let body = #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":"# + params + "}"
        let head =
            "POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        try send(Array((head + body).utf8))
        let (status, response) = try readResponse()
        guard status == 200, response.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"result""#) else {
            throw BaselineError("\(method) over HTTP answered \(status): \(response.prefix(300))")
        }
        return response
    }

    /// A `GET` of `path` without a token, answering its status (for `/readyz`).
    func status(of path: String) throws -> Int {
        try send(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
        return try readResponse().status
    }

    private func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { throw BaselineError("send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Reads one response with a `Content-Length` body (what the service sends).
    private func readResponse() throws -> (status: Int, body: String) {
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Range<Int>?
        while true {
            headEnd = headEnd ?? buffer.firstRange(of: separator)
            if let headEnd {
                let head = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self)
                let lines = head.split(separator: "\r\n")
                let statusParts = lines.first?.split(separator: " ") ?? []
                guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
                    throw BaselineError("not an HTTP response: \(head.prefix(200))")
                }
                var length = 0
                for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
                    length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
                if buffer.count >= headEnd.upperBound + length {
                    let body = String(decoding: buffer[headEnd.upperBound..<headEnd.upperBound + length], as: UTF8.self)
                    buffer.removeSubrange(0..<headEnd.upperBound + length)
                    return (status, body)
                }
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw BaselineError("the service closed the connection") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
