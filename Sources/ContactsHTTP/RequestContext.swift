/// One request as its connection's event-loop thread assembles it, from the request line
/// to the response. Only that thread touches it, so it needs no lock (and is not `Sendable`).
final class RequestContext {
    /// Where the request is.
    enum Phase {
        /// The request line has arrived; the headers have not.
        case head
        /// The headers have been checked; body bytes are arriving and are kept.
        case body
        /// Body bytes are arriving and are dropped; this response answers the request once
        /// the body is over.
        case discarding(HTTPResponse)
        /// The body is complete and a worker runs the handler.
        case handling
        /// A response has been queued.
        case answered
    }

    /// How much body storage to reserve up front at most: a client declaring a large body
    /// and sending it slowly does not get the whole limit allocated at once.
    static let largestUpfrontReservation = 256 * 1024

    /// The largest declared body that an early answer (from `checkHead`) waits for and drops
    /// so that the connection stays open: reading that much costs less than a new
    /// connection. A larger (or chunked) body is never read, and the connection closes after
    /// the answer.
    static let largestDrainedBody = 64 * 1024

    /// Where the request is.
    var phase = Phase.head
    /// The request target as sent (path and query).
    let target: String
    /// The connection's deadlines, when libmicrohttpd has reported the connection.
    let connection: ConnectionRecord?
    /// The head, once checked.
    var head: HTTPRequestHead?
    /// Whether the server counts this request as under way (its headers are complete).
    var isUnderWay = false
    /// Where the worker leaves the response, while the handler runs.
    var slot: ResponseSlot?
    private var body: [UInt8] = []

    /// A request with this target on this connection.
    init(target: String, connection: ConnectionRecord?) {
        self.target = target
        self.connection = connection
    }

    /// Reserves room for a body of `declaredLength` bytes (at most
    /// `largestUpfrontReservation`).
    func reserveBody(declaredLength: Int) {
        body.reserveCapacity(min(max(declaredLength, 0), Self.largestUpfrontReservation))
    }

    /// Appends body bytes; once the body exceeds `limit`, drops them and what was kept, and
    /// answers `tooLarge` when the body is over.
    func receive(_ bytes: UnsafeRawBufferPointer, limit: Int, tooLarge: HTTPResponse) {
        guard case .body = phase else { return }
        guard bytes.count <= limit - body.count else {
            phase = .discarding(tooLarge)
            body = []
            return
        }
        body.append(contentsOf: bytes)
    }

    /// The body received, leaving none here.
    func takeBody() -> [UInt8] {
        defer { body = [] }
        return body
    }
}
