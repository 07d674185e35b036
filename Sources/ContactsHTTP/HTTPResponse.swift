/// A response the application gives the server to send.
///
/// The server adds `Content-Length` (and `Date`) itself: do not set them. A header whose
/// name or value holds a line break, or a status outside 100...999, cannot be sent: the
/// server answers 500 instead. Responses to `HEAD` requests and 1xx, 204 and 304 responses
/// are sent without a body.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200.
    public var status: Int

    /// The header fields to send, in order.
    public var headers: HTTPHeaders

    /// The body bytes.
    public var body: [UInt8]

    /// A response with this status, headers and body.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
