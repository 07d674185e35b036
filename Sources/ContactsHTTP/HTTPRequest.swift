/// A complete request: its head and its whole body (at most the configured
/// ``HTTPServerConfiguration/maxBodyBytes``).
public struct HTTPRequest: Sendable, Equatable {
    /// The method, target and headers.
    public var head: HTTPRequestHead

    /// The body bytes, with any chunked transfer coding removed; empty when there is none.
    public var body: [UInt8]

    /// A request with this head and body.
    public init(head: HTTPRequestHead, body: [UInt8] = []) {
        self.head = head
        self.body = body
    }
}
