import Synchronization

/// An HTTP/1.1 server (libmicrohttpd underneath) that hands each request to the
/// application's closures.
///
/// ```swift
/// let server = try HTTPServer(
///     configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 8080),
///     checkHead: { head in head.path == "/rpc" ? nil : HTTPResponse(status: 404) },
///     handle: { request in HTTPResponse(status: 200, body: request.body) })
/// // ... later, e.g. on SIGTERM:
/// server.shutdown()
/// ```
///
/// Every request goes through two steps:
/// 1. once its headers are in, `checkHead` runs on an event-loop thread; a response it returns
///    is sent at once and the body is never read (the connection then closes if a body was
///    announced). It must be quick and must not block. It gets the head `inout`: what it sets
///    there (such as ``HTTPRequestHead/principal``, once it has checked the credentials)
///    reaches `handle` and `finishResponse` with the head.
/// 2. otherwise, the server reads the body (answering 413 itself beyond
///    ``HTTPServerConfiguration/maxBodyBytes``: at once when `Content-Length` says so,
///    after dropping the bytes for a chunked body), then calls `handle` on a worker thread.
///    `handle` may block: other connections go on meanwhile.
///
/// `prioritize`, called on an event-loop thread once a request's body is in (it must be quick),
/// picks the requests whose `handle` runs on ``HTTPServerConfiguration/priorityThreads``
/// threads at the priority of the thread that made the server, while the others run
/// ``HTTPServerConfiguration/handlerNiceness`` below it: the work to do first when the cores
/// are busy.
///
/// Every response sent for a request whose head was parsed, the server's own answers (413,
/// 503, 400 for ambiguous framing, 500 for an unsendable response) included, goes through
/// `finishResponse` last, on an event-loop thread: the place for headers every response
/// carries (such as `Contacts-Position`). It must be quick and must not block.
///
/// Requests of one connection are answered in order, one at a time. Malformed HTTP is
/// answered 400 (or the connection closed) by libmicrohttpd, without `finishResponse`. The
/// server answers 503 itself to requests that arrive after ``shutdown()`` began. Its own
/// answers carry `{"error": "..."}` JSON bodies. The server runs until ``shutdown()``, even
/// when this object is no longer referenced.
public final class HTTPServer: Sendable {
    /// The port the server listens on (the kernel's choice when the configuration said 0).
    public let port: Int

    /// The configuration the server runs with.
    public let configuration: HTTPServerConfiguration

    private let core: ServerCore
    private let daemon: MicroHTTPDDaemon
    private let watchdog: Watchdog
    private let finished = Mutex(false)

    /// Binds the configured address and starts serving at once.
    ///
    /// - Throws: ``HTTPServerError`` when the configuration is out of range, the host does not
    ///   resolve, the address cannot be bound, or libmicrohttpd does not start.
    public init(
        configuration: HTTPServerConfiguration,
        checkHead: @escaping @Sendable (inout HTTPRequestHead) -> HTTPResponse? = { _ in nil },
        finishResponse: @escaping @Sendable (HTTPRequestHead, inout HTTPResponse) -> Void = { _, _ in },
        prioritize: @escaping @Sendable (HTTPRequest) -> Bool = { _ in false },
        handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws(HTTPServerError) {
        try configuration.validate()
        let socket = try ListeningSocket.bind(host: configuration.host, port: configuration.port)
        let core = ServerCore(
            configuration: configuration, checkHead: checkHead, handle: handle, prioritize: prioritize,
            finishResponse: finishResponse)
        let daemon: MicroHTTPDDaemon
        do {
            daemon = try MicroHTTPDDaemon(socket: socket, core: core, configuration: configuration)
        } catch {
            core.workers?.stop()
            core.priorityWorkers.stop()
            throw error
        }
        self.port = socket.port
        self.configuration = configuration
        self.core = core
        self.daemon = daemon
        self.watchdog = Watchdog(core: core)
    }

    /// The number of connections open now.
    public var openConnections: Int { core.registry.count }

    /// The number of handler threads of ``HTTPServerConfiguration/Threading/eventLoops`` now
    /// (more than ``HTTPServerConfiguration/workerThreads`` while handlers block); 0 with a
    /// thread per connection.
    public var workerThreadCount: Int { core.workers?.threadCount ?? 0 }

    /// Shuts down gracefully and returns once done: stops accepting connections, closes the
    /// connections without a request under way, lets every request whose headers had arrived
    /// finish (its body is read within the body timeout, its handler runs, its response is
    /// sent with `Connection: close`), answers 503 to requests arriving meanwhile on open
    /// connections, then stops every thread. Later calls return at once.
    ///
    /// Do not call it from `handle` or `checkHead`: it waits for them.
    public func shutdown() {
        finished.withLock { finished in
            guard !finished else { return }
            finished = true
            core.beginDraining()
            daemon.stopAccepting()
            core.registry.closeIdleAndRefuseNew()
            core.requestsUnderWay.wait()
            daemon.stop()
            watchdog.stop()
            core.workers?.stop()
            core.priorityWorkers.stop()
        }
    }
}
