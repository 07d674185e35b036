/// A request as known once its headers have arrived, before its body is read.
public struct HTTPRequestHead: Sendable, Equatable {
    /// The request method as sent, e.g. `POST` (methods are case-sensitive in HTTP).
    public var method: String

    /// The request target's path as sent, before any `?`: not percent-decoded, so that
    /// `/rpc` matches only `/rpc`.
    public var path: String

    /// The request target after the first `?`, as sent (not decoded); nil when there is no `?`.
    public var query: String?

    /// The request's header fields, in the order received.
    public var headers: HTTPHeaders

    /// When the head was complete, in nanoseconds of `WallClock.monotonicNanoseconds()` (`CLOCK_MONOTONIC`):
    /// the start of the request for logs and timings.
    public var receivedAt: UInt64

    /// Who the request's credentials vouch for, set by the application's `checkHead` (which
    /// gets the head `inout`) once it has checked them, and carried with the head to its
    /// `handle`; nil until then.
    public var principal: HTTPPrincipal?

    /// A request head with these parts.
    public init(
        method: String, path: String, query: String? = nil, headers: HTTPHeaders = HTTPHeaders(),
        receivedAt: UInt64 = 0, principal: HTTPPrincipal? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.receivedAt = receivedAt
        self.principal = principal
    }
}
