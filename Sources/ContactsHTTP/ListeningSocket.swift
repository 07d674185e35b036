#if canImport(Glibc)
    import Glibc
#endif

/// A bound, listening TCP socket, handed to libmicrohttpd, which owns it from then on.
struct ListeningSocket {
    /// The socket's descriptor.
    let descriptor: Int32
    /// The port it is bound to (the kernel's choice when 0 was asked).
    let port: Int

    /// The listen backlog: the kernel caps it at `net.core.somaxconn`, so asking for the
    /// most lets bursts of connections wait instead of being refused by the kernel.
    private static let backlog: Int32 = SOMAXCONN

    /// Resolves `host`, then binds and listens on the first of its addresses that accepts.
    static func bind(host: String, port: Int) throws(HTTPServerError) -> ListeningSocket {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .addressResolution(host: host, message: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var lastError = HTTPServerError.addressResolution(host: host, message: "no usable address")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            do {
                return try bind(current.pointee, label: "\(host):\(port)")
            } catch {
                lastError = error
            }
            entry = current.pointee.ai_next
        }
        throw lastError
    }

    private static func bind(_ address: addrinfo, label: String) throws(HTTPServerError) -> ListeningSocket {
        let descriptor = socket(address.ai_family, address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .socket(call: "socket", address: label, errno: errno) }
        do throws(HTTPServerError) {
            var one: Int32 = 1
            let size = socklen_t(MemoryLayout<Int32>.size)
            guard setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, size) == 0 else {
                throw .socket(call: "setsockopt(SO_REUSEADDR)", address: label, errno: errno)
            }
            guard Glibc.bind(descriptor, address.ai_addr, address.ai_addrlen) == 0 else {
                throw .socket(call: "bind", address: label, errno: errno)
            }
            guard listen(descriptor, backlog) == 0 else {
                throw .socket(call: "listen", address: label, errno: errno)
            }
            return ListeningSocket(descriptor: descriptor, port: try boundPort(descriptor, label: label))
        } catch {
            // The socket was never handed on: closing it cannot touch anyone else's descriptor.
            _ = close(descriptor)
            throw error
        }
    }

    private static func boundPort(_ descriptor: Int32, label: String) throws(HTTPServerError) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { throw .socket(call: "getsockname", address: label, errno: errno) }
        let networkOrder: UInt16
        switch Int32(storage.ss_family) {
        case AF_INET:
            networkOrder = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self).sin_port }
        case AF_INET6:
            networkOrder = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in6.self).sin6_port }
        default:
            throw .socket(call: "getsockname (unknown address family)", address: label, errno: EAFNOSUPPORT)
        }
        return Int(UInt16(bigEndian: networkOrder))
    }
}
