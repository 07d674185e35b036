#if canImport(Glibc)
    import Glibc
#endif

/// Why an ``HTTPServer`` could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// A configuration value is out of range; the message names it.
    case invalidConfiguration(String)
    /// The host name did not resolve to any address.
    case addressResolution(host: String, message: String)
    /// A socket call failed: the call, the address and the system's `errno`.
    case socket(call: String, address: String, errno: Int32)
    /// libmicrohttpd refused to start (it says no more; the usual cause is too few threads or
    /// too little memory).
    case libraryStartFailed

    /// A sentence naming what went wrong.
    public var description: String {
        switch self {
        case .invalidConfiguration(let message):
            return "invalid HTTP server configuration: \(message)"
        case .addressResolution(let host, let message):
            return "cannot resolve host \"\(host)\": \(message)"
        case .socket(let call, let address, let code):
            return "\(call) on \(address) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .libraryStartFailed:
            return "libmicrohttpd failed to start the HTTP daemon"
        }
    }
}
