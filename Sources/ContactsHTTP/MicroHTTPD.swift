internal import CMicroHTTPD
import ContactsSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The one place that talks to libmicrohttpd: a daemon on event-loop threads whose
/// callbacks drive a `ServerCore`.
///
/// Audit notes (the only unsafe code of the module):
/// - the daemon holds the core retained (`Unmanaged`) from `init` until `stop` returns;
/// - each connection holds its `ConnectionRecord` retained in its socket context from the
///   "started" to the "closed" notification, and each request its `RequestContext` in its
///   request context from the URI callback to the "completed" callback;
/// - a `RequestContext` is touched only by the event-loop thread of its connection; the
///   worker thread gets a `Sendable` copy of the request and a `ResponseSlot`;
/// - a suspended connection's pointer crosses to a worker thread only to be resumed, which
///   libmicrohttpd allows from any thread; the connection cannot close while suspended, and
///   the daemon is stopped only once every request has finished.
final class MicroHTTPDDaemon: Sendable {
    private struct DaemonPointer: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private let daemon: DaemonPointer
    private let context: UnsafeSendableRawPointer
    /// The listening socket once libmicrohttpd has handed it back in `stopAccepting`.
    private let listeningSocket = Mutex<Int32?>(nil)

    /// The per-connection memory of libmicrohttpd, which bounds a request's line and headers
    /// and the body bytes read at a time: room for long tokens, 16 MiB for 1024 connections.
    /// libmicrohttpd zeroes the whole pool between two requests on a connection, so a smaller
    /// pool costs less on every keep-alive request.
    private static let connectionMemoryLimit = 16 * 1024

    /// Starts the threads of `configuration.threading` serving `socket` (which libmicrohttpd
    /// owns from now on) for `core`.
    ///
    /// If libmicrohttpd fails to start, the socket may stay open: libmicrohttpd closes it on
    /// some of its failure paths and not on others, and closing it twice could close another
    /// thread's descriptor.
    init(socket: ListeningSocket, core: ServerCore, configuration: HTTPServerConfiguration) throws(HTTPServerError) {
        let flags: UInt32
        let threads: Int
        switch configuration.threading {
        case .threadPerConnection:
            // Each connection's thread polls its own socket; the listening thread accepts.
            flags =
                MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL_INTERNAL_THREAD.rawValue
                | MHD_USE_ITC.rawValue | MHD_USE_TURBO.rawValue
            threads = 1
        case .eventLoops:
            flags =
                MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ITC.rawValue
                | MHD_USE_TURBO.rawValue
            threads = configuration.eventLoopThreads
        }
        // libmicrohttpd splits its own connection limit evenly between its threads; the
        // registry enforces the real limit, so libmicrohttpd's must never bind first, even
        // when every connection (those being refused included) lands on one thread.
        let libraryLimit = UInt32(clamping: 2 * configuration.maxConnections * threads)
        // libmicrohttpd's inactivity timeout (whole seconds) backs up the watchdog and bounds
        // how long a slow reader may stall a response.
        let idleSeconds = (configuration.idleTimeout.nanoseconds + 999_999_999) / 1_000_000_000
        let context = Unmanaged.passRetained(core).toOpaque()
        guard
            let daemon = contacts_mhd_start_daemon(
                flags, socket.descriptor, configuration.threading == .eventLoops ? UInt32(threads) : 0, libraryLimit,
                UInt32(idleSeconds),
                Self.connectionMemoryLimit, Self.accessHandler, Self.requestCompleted, Self.connectionNotified,
                Self.requestLineArrived, context)
        else {
            Unmanaged<ServerCore>.fromOpaque(context).release()
            throw .libraryStartFailed
        }
        self.daemon = DaemonPointer(pointer: daemon)
        self.context = UnsafeSendableRawPointer(pointer: context)
    }

    /// Stops accepting connections: new ones are refused by the kernel from now on, while the
    /// open ones go on.
    func stopAccepting() {
        let descriptor = MHD_quiesce_daemon(daemon.pointer)
        guard descriptor >= 0 else { return }
        // libmicrohttpd hands the socket back and forgets it. Shutting it down makes Linux stop
        // listening at once; it is closed only in `stop`, once no event-loop thread that may
        // still be looking at it runs.
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        listeningSocket.withLock { $0 = descriptor }
    }

    /// Closes every connection, stops the event-loop threads and releases the core. Call it
    /// once, after every request has finished.
    func stop() {
        MHD_stop_daemon(daemon.pointer)
        if let descriptor = listeningSocket.withLock({ $0 }) {
            // Returned by `MHD_quiesce_daemon` and known to nobody else.
            _ = close(descriptor)
        }
        Unmanaged<ServerCore>.fromOpaque(context.pointer).release()
    }

    // MARK: - Callbacks (event-loop threads)

    private static let connectionNotified: MHD_NotifyConnectionCallback = { context, connection, slot, code in
        guard let context, let connection, let slot else { return }
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        if code == .CONNECTION_NOTIFY_STARTED {
            let record = ConnectionRecord(
                descriptor: contacts_mhd_connection_fd(connection), now: Int64(WallClock.monotonicNanoseconds()),
                headerTimeout: core.headerTimeout)
            slot.pointee = Unmanaged.passRetained(record).toOpaque()
            _ = core.registry.admit(record)
        } else if code == .CONNECTION_NOTIFY_CLOSED, let raw = slot.pointee {
            slot.pointee = nil
            core.registry.remove(Unmanaged<ConnectionRecord>.fromOpaque(raw).takeRetainedValue())
        }
    }

    private static let requestLineArrived:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
            context, target, connection in
            guard let context, let connection else { return nil }
            let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
            let record = contacts_mhd_socket_context(connection).map {
                Unmanaged<ConnectionRecord>.fromOpaque($0).takeUnretainedValue()
            }
            record?.requestLineArrived(now: Int64(WallClock.monotonicNanoseconds()), headerTimeout: core.headerTimeout)
            let request = RequestContext(target: target.map { String(cString: $0) } ?? "", connection: record)
            return Unmanaged.passRetained(request).toOpaque()
        }

    private static let requestCompleted: MHD_RequestCompletedCallback = { context, _, slot, _ in
        guard let context, let slot, let raw = slot.pointee else { return }
        slot.pointee = nil
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        let request = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
        request.connection?.requestFinished(now: Int64(WallClock.monotonicNanoseconds()), idleTimeout: core.idleTimeout)
        if request.isUnderWay {
            core.requestsUnderWay.leave()
        }
    }

    private static let accessHandler: MHD_AccessHandlerCallback = {
        context, connection, _, method, _, data, size, slot in
        guard let context, let connection, let size, let raw = slot?.pointee else { return .NO }
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        let request = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
        switch request.phase {
        case .head:
            return headersArrived(request, method: method.map { String(cString: $0) } ?? "", connection, core)
        case .body where size.pointee > 0, .discarding where size.pointee > 0:
            request.receive(
                UnsafeRawBufferPointer(start: data, count: size.pointee), limit: core.maxBodyBytes,
                tooLarge: ServerCore.bodyTooLarge)
            size.pointee = 0
            return .YES
        case .body:
            return bodyArrived(request, connection, core)
        case .discarding(let response):
            request.connection?.bodyArrived()
            request.phase = .answered
            return send(response, for: request, connection, core)
        case .handling:
            request.phase = .answered
            return send(request.slot?.take() ?? ServerCore.invalidResponse, for: request, connection, core)
        case .answered:
            return .NO
        }
    }

    // MARK: - Request steps (event-loop threads)

    private static func headersArrived(
        _ request: RequestContext, method: String, _ connection: OpaquePointer, _ core: ServerCore
    ) -> MHD_Result {
        let now = Int64(WallClock.monotonicNanoseconds())
        request.connection?.headersArrived(now: now, bodyTimeout: core.bodyTimeout)
        if core.workers == nil, let nice = core.handlerNice {
            // Thread per connection: this thread runs the connection's handlers.
            request.connection?.lowerThreadPriority(to: nice)
        }
        core.requestsUnderWay.enter()
        request.isUnderWay = true
        let (path, query) = splitTarget(request.target)
        var head = HTTPRequestHead(
            method: method, path: path, query: query, headers: headers(of: connection), receivedAt: UInt64(now))
        request.head = head
        if core.isDraining {
            request.phase = .answered
            return send(ServerCore.shuttingDown, for: request, connection, core)
        }
        let lengths = head.headers.values(for: "Content-Length")
        if lengths.contains(where: { $0 != lengths[0] })
            || (!lengths.isEmpty && head.headers["Transfer-Encoding"] != nil)
        {
            // Framing that two parsers may read differently (RFC 9112 §6.3): refused, so that
            // no proxy in front can disagree with this server on where the request ends.
            request.phase = .answered
            return send(ServerCore.ambiguousFraming, for: request, connection, core, closing: true)
        }
        let declaredLength = lengths.first.flatMap { Int($0) }
        let early = core.checkHead(&head) ?? (declaredLength ?? 0 > core.maxBodyBytes ? ServerCore.bodyTooLarge : nil)
        request.head = head
        if let early {
            // Answering now makes libmicrohttpd skip the body and close the connection; a
            // small body announced without `Expect` is cheaper to drop and keep the
            // connection (a request without a body simply ends here).
            let chunked = head.headers["Transfer-Encoding"] != nil
            let expectsContinue = head.headers["Expect"] != nil
            if !chunked, !expectsContinue, declaredLength ?? 0 <= RequestContext.largestDrainedBody {
                request.phase = .discarding(early)
                return .YES
            }
            request.phase = .answered
            return send(early, for: request, connection, core)
        }
        request.reserveBody(declaredLength: declaredLength ?? 0)
        request.phase = .body
        return .YES
    }

    private static func bodyArrived(_ request: RequestContext, _ connection: OpaquePointer, _ core: ServerCore)
        -> MHD_Result
    {
        request.connection?.bodyArrived()
        guard let head = request.head else {
            request.phase = .answered
            return send(ServerCore.invalidResponse, for: request, connection, core)
        }
        let work = HTTPRequest(head: head, body: request.takeBody())
        let handle = core.handle
        let prioritized = core.prioritize(work)
        guard let workers = prioritized ? core.priorityWorkers : core.workers else {
            // Thread per connection: this is the connection's own thread.
            request.phase = .answered
            return send(handle(work), for: request, connection, core)
        }
        if core.workers == nil {
            // Thread per connection, a prioritized request: this thread waits for its answer.
            request.phase = .answered
            return send(workers.run { handle(work) }, for: request, connection, core)
        }
        let slot = ResponseSlot()
        request.slot = slot
        request.phase = .handling
        MHD_suspend_connection(connection)
        let suspended = SuspendedConnection(pointer: connection)
        workers.submit {
            slot.store(handle(work))
            suspended.resume()
        }
        return .YES
    }

    /// Queues `response` (passed through the application's `finishResponse`) on
    /// `connection`, closing the connection after it when `closing` says so or the server
    /// shuts down; a response libmicrohttpd refuses (bad status or header) becomes a 500.
    private static func send(
        _ response: HTTPResponse, for request: RequestContext, _ connection: OpaquePointer, _ core: ServerCore,
        closing: Bool = false
    ) -> MHD_Result {
        let closing = closing || core.isDraining
        func finished(_ response: HTTPResponse) -> HTTPResponse {
            var response = response
            if let head = request.head {
                core.finishResponse(head, &response)
            }
            return response
        }
        func queued(_ candidate: HTTPResponse) -> Bool {
            guard let made = makeResponse(candidate, closing: closing) else { return false }
            defer { MHD_destroy_response(made) }
            return MHD_queue_response(connection, UInt32(candidate.status), made) == .YES
        }
        // The application's response, else a 500 with the application's touch, else a bare 500.
        let sent =
            queued(finished(response)) || queued(finished(ServerCore.invalidResponse))
            || queued(ServerCore.invalidResponse)
        return sent ? .YES : .NO
    }

    private static func makeResponse(_ response: HTTPResponse, closing: Bool) -> OpaquePointer? {
        guard (100...999).contains(response.status) else { return nil }
        let made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return nil }
        var fields = response.headers.fields
        if closing {
            fields.append(HTTPHeaders.Field(name: "Connection", value: "close"))
        }
        for field in fields where MHD_add_response_header(made, field.name, field.value) != .YES {
            MHD_destroy_response(made)
            return nil
        }
        return made
    }

    private static func headers(of connection: OpaquePointer) -> HTTPHeaders {
        var fields: [HTTPHeaders.Field] = []
        _ = withUnsafeMutablePointer(to: &fields) { list in
            MHD_get_connection_values_n(
                connection, .HEADER_KIND,
                { list, _, name, nameLength, value, valueLength in
                    guard let list else { return .NO }
                    let fields = list.assumingMemoryBound(to: [HTTPHeaders.Field].self)
                    fields.pointee.append(
                        HTTPHeaders.Field(
                            name: MicroHTTPDDaemon.text(name, count: nameLength),
                            value: MicroHTTPDDaemon.text(value, count: valueLength)))
                    return .YES
                }, list)
        }
        return HTTPHeaders(fields)
    }

    private static func text(_ start: UnsafePointer<CChar>?, count: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : count), as: UTF8.self)
    }

    /// Splits a request target at its first `?` into the path and the query.
    static func splitTarget(_ target: String) -> (path: String, query: String?) {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, nil) }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }
}

/// A raw pointer that is only ever handed back to libmicrohttpd's own callbacks.
private struct UnsafeSendableRawPointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}

/// A suspended libmicrohttpd connection, resumed from a worker thread once its response is
/// ready (libmicrohttpd allows resuming from any thread).
private struct SuspendedConnection: @unchecked Sendable {
    let pointer: OpaquePointer

    func resume() {
        MHD_resume_connection(pointer)
    }
}
