import ContactsSupport
import Dispatch
import Synchronization

/// Everything the libmicrohttpd callbacks of one server share: the limits, the
/// application's closures, the open connections, the handler threads (ordinary and priority)
/// and the requests under way.
final class ServerCore: Sendable {
    /// The header, body and idle timeouts, in nanoseconds.
    let headerTimeout: Int64
    let bodyTimeout: Int64
    let idleTimeout: Int64
    /// The largest body accepted.
    let maxBodyBytes: Int
    /// The application's early answer, called on an event-loop thread once headers are in;
    /// what it sets in the head goes on with the request.
    let checkHead: @Sendable (inout HTTPRequestHead) -> HTTPResponse?
    /// The application's handler, called on a worker thread with the whole request.
    let handle: @Sendable (HTTPRequest) -> HTTPResponse
    /// Whether the application wants `handle` run on `priorityWorkers` for a request, called
    /// on an event-loop thread once its body is in.
    let prioritize: @Sendable (HTTPRequest) -> Bool
    /// The threads, at the priority of the thread that started the server, that run `handle`
    /// for the requests `prioritize` picks.
    let priorityWorkers: WorkerPool
    /// The application's last touch on every response sent for a parsed request head,
    /// called on an event-loop thread.
    let finishResponse: @Sendable (HTTPRequestHead, inout HTTPResponse) -> Void
    /// The open connections.
    let registry: ConnectionRegistry
    /// The threads that run `handle` with ``HTTPServerConfiguration/Threading/eventLoops``;
    /// nil when each connection's thread runs it.
    let workers: WorkerPool?
    /// The nice value of the threads that run `handle`, when lower than the process's (see
    /// ``HTTPServerConfiguration/handlerNiceness``); nil to leave them at the process's.
    let handlerNice: Int32?
    /// Entered when a request's headers are complete, left when it is finished: graceful
    /// shutdown waits on it.
    let requestsUnderWay = DispatchGroup()

    private let draining = Atomic<Bool>(false)

    /// A core enforcing `configuration` (already validated) with the application's closures.
    init(
        configuration: HTTPServerConfiguration,
        checkHead: @escaping @Sendable (inout HTTPRequestHead) -> HTTPResponse?,
        handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
        prioritize: @escaping @Sendable (HTTPRequest) -> Bool,
        finishResponse: @escaping @Sendable (HTTPRequestHead, inout HTTPResponse) -> Void
    ) {
        headerTimeout = configuration.headerTimeout.nanoseconds
        bodyTimeout = configuration.bodyTimeout.nanoseconds
        idleTimeout = configuration.idleTimeout.nanoseconds
        maxBodyBytes = configuration.maxBodyBytes
        self.checkHead = checkHead
        self.handle = handle
        self.prioritize = prioritize
        // Started here, on the thread starting the server, whose priority they keep.
        priorityWorkers = WorkerPool(
            minimumThreads: configuration.priorityThreads, maximumThreads: configuration.priorityThreads,
            name: "http change")
        self.finishResponse = finishResponse
        registry = ConnectionRegistry(maxConnections: configuration.maxConnections)
        // Read on the thread starting the server, which runs at the process's priority.
        let handlerNice = ThreadNiceness.lowered(by: configuration.handlerNiceness)
        self.handlerNice = handlerNice
        switch configuration.threading {
        case .threadPerConnection:
            workers = nil
        case .eventLoops:
            workers = WorkerPool(
                minimumThreads: configuration.workerThreads, maximumThreads: configuration.maxWorkerThreads,
                name: "http handler", niceness: handlerNice)
        }
    }

    /// Whether graceful shutdown has begun: new requests are then refused with 503 and every
    /// response closes its connection.
    var isDraining: Bool { draining.load(ordering: .acquiring) }

    /// Marks the start of graceful shutdown.
    func beginDraining() {
        draining.store(true, ordering: .releasing)
    }

    /// The server's own answer when a request's body is larger than `maxBodyBytes`.
    static let bodyTooLarge = errorResponse(status: 413, message: "request body too large")

    /// The server's own answer to a request that arrives once shutdown has begun.
    static let shuttingDown: HTTPResponse = {
        var response = errorResponse(status: 503, message: "server shutting down")
        response.headers.add(name: "Retry-After", value: "1")
        return response
    }()

    /// The server's answer to a request with several different `Content-Length` values, or
    /// with both `Content-Length` and `Transfer-Encoding`.
    static let ambiguousFraming = errorResponse(status: 400, message: "ambiguous request framing")

    /// The server's answer when the application's response cannot be sent (a bad status or
    /// header).
    static let invalidResponse = errorResponse(status: 500, message: "invalid response from the application")

    /// A response with the service's transport-error shape, `{"error": "..."}`.
    private static func errorResponse(status: Int, message: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"],
            body: Array("{\"error\":\"\(message)\"}".utf8))
    }
}
