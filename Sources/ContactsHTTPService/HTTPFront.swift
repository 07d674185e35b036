import ContactsAuth
import ContactsCore
import ContactsHTTP
import ContactsJSON
import ContactsMetrics
import ContactsService
import ContactsSupport

/// PROTOCOL §7 over an ``HTTPServer``: the routes, the transport errors in their order, who is
/// calling, `Contacts-Position` and `Contacts-Min-Position` (§8), the operations endpoints and
/// the metrics.
///
/// The front exists before the engine: it answers `/healthz` at once, and `/rpc` and
/// `/readyz` 503 until ``engineLoaded(_:)``.
///
/// ```swift
/// let front = try HTTPFront(configuration: configuration)
/// let server = try front.startServer()        // listening; /rpc answers 503 meanwhile
/// front.engineLoaded(try ContactsEngine(storePath: path))
/// ```
package final class HTTPFront: Sendable {
    /// The engine and the JSON-RPC server over it, once loaded.
    private struct Loaded: Sendable {
        let engine: ContactsEngine
        let server: JSONRPCServer
    }

    /// The configuration the front runs with.
    package let configuration: HTTPServiceConfiguration
    /// The metrics behind `/metrics`.
    package let metrics: ServiceMetrics
    private let loaded: ReadWriteLocked<Loaded?>
    private let accessLog: AccessLog?

    /// A front with no engine yet.
    ///
    /// - Throws: ``ContactsMetrics/MetricsError`` should the metrics not register (a bug).
    package init(configuration: HTTPServiceConfiguration) throws {
        let loaded = ReadWriteLocked<Loaded?>(nil)
        self.configuration = configuration
        self.loaded = loaded
        metrics = try ServiceMetrics(statistics: { loaded.read { $0?.engine }?.statistics })
        accessLog = configuration.accessLog ? AccessLog() : nil
    }

    /// Starts serving: the HTTP server is bound and answering when this returns.
    ///
    /// - Throws: ``ContactsHTTP/HTTPServerError`` when the address cannot be bound.
    package func startServer() throws(HTTPServerError) -> HTTPServer {
        try HTTPServer(
            configuration: configuration.server, checkHead: { [self] in checkHead(&$0) },
            finishResponse: { [self] in finishResponse($0, &$1) }, prioritize: { [self] in prioritize($0) },
            handle: { [self] in handle($0) })
    }

    /// Serves `engine` from now on (with the method table of ``ContactsMethods``).
    package func engineLoaded(_ engine: ContactsEngine) {
        let server = JSONRPCServer(methods: ContactsMethods.table(for: engine))
        metrics.register(methods: server.methodNames)
        loaded.write { $0 = Loaded(engine: engine, server: server) }
    }

    /// Whether the engine has loaded.
    package var isReady: Bool { loaded.read { $0 != nil } }

    // MARK: - The three steps of a request

    /// Once the head is in: the transport errors that need no body, in §7's order (404, 405,
    /// 401, 415); 413 follows from the server, 503 from ``handle(_:)`` once the body is in.
    /// For `/rpc`, the caller the bearer token vouches for goes on in `head.principal`: the
    /// token is verified once a request, when its head arrives.
    func checkHead(_ head: inout HTTPRequestHead) -> HTTPResponse? {
        switch Route(head.path) {
        case nil:
            return TransportError.notFound
        case .operations?:
            return head.method == "GET" || head.method == "HEAD" ? nil : TransportError.operationsMethodNotAllowed
        case .rpc?:
            guard head.method == "POST" else { return TransportError.rpcMethodNotAllowed }
            switch caller(of: head) {
            case .caller(let principal): head.principal = principal
            case .refused(let refusal): return refusal
            }
            guard Self.isJSON(head.headers["Content-Type"]) else { return TransportError.unsupportedMediaType }
            return nil
        }
    }

    /// Whether a request calls a method that changes state (found without parsing the whole
    /// body): the server runs those at its own priority, ahead of the reads (see
    /// ``ContactsHTTP/HTTPServerConfiguration/handlerNiceness``), so that a change's work is
    /// not stretched by the reads sharing the cores.
    func prioritize(_ request: HTTPRequest) -> Bool {
        guard Route(request.head.path) == .rpc, let server = loaded.read({ $0?.server }) else { return false }
        let method = request.body.withUnsafeBufferPointer { JSONParser.stringMember("method", ofObjectIn: $0) }
        return method.map { server.changes(method: $0) } ?? false
    }

    /// The whole request: `/rpc` through the JSON-RPC server, or an operations endpoint.
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        switch Route(request.head.path) {
        case .rpc?: rpc(request)
        case .operations(let endpoint)?: operations(endpoint)
        case nil: TransportError.notFound
        }
    }

    /// Every response for a parsed head, last: `Contacts-Position` on `/rpc` answers, the
    /// transport refusals counted, and the access log.
    func finishResponse(_ head: HTTPRequestHead, _ response: inout HTTPResponse) {
        if Route(head.path) == .rpc {
            let position = loaded.read { $0?.engine }?.position ?? 0
            response.headers.add(name: "Contacts-Position", value: String(position))
            if response.status != 200 && response.status != 204 { metrics.recordRefusal(status: response.status) }
        }
        accessLog?.write(head, response)
    }

    // MARK: - /rpc

    private func rpc(_ request: HTTPRequest) -> HTTPResponse {
        guard let loaded = loaded.read({ $0 }) else { return TransportError.loading }
        guard let principal = request.head.principal else {
            // Only a head that `checkHead` admitted reaches here, with its caller.
            return TransportError.unauthorized("missing bearer token", invalid: false)
        }
        let caller: RPCCaller =
            principal.scope == Self.serviceScope
            ? .service(subject: principal.subject) : .user(subject: principal.subject)
        // From the head's arrival, as the access log: the time the body took to come in and
        // any wait for a handler thread (a change waits for one of the priority threads) count.
        let started = request.head.receivedAt
        var minimumPosition: Int64?
        if let text = request.head.headers["Contacts-Min-Position"] {
            guard let value = Int64(text.trimmingASCIISpaces) else { return TransportError.badMinimumPosition }
            minimumPosition = value
        }
        let line = request.body.withUnsafeBufferPointer { JSONRPCServer.request(inLine: $0) }
        var method = metrics.series(forMethod: nil)
        let response: RPCResponse?
        switch line {
        case .blank:
            response = nil
        case .unreadable(let error):
            response = error
        case .request(let value):
            method = metrics.series(forMethod: value.objectValue?["method"]?.stringValue)
            if let minimumPosition,
                !loaded.engine.waitForPosition(
                    minimumPosition, timeoutMilliseconds: configuration.minimumPositionWaitMilliseconds)
            {
                response = Self.positionNotReached(value, minimumPosition, engine: loaded.engine)
            } else {
                response = loaded.server.respond(to: value, caller: caller)
            }
        }
        guard let response else {
            metrics.record(
                method: method, outcome: ServiceMetrics.notification,
                nanoseconds: Self.nanoseconds(since: started))
            return HTTPResponse(status: 204)
        }
        var writer = JSONWriter(reserve: 256)
        response.write(to: &writer)
        metrics.record(
            method: method, outcome: Self.outcome(of: response), nanoseconds: Self.nanoseconds(since: started)
        )
        return HTTPResponse(status: 200, headers: Self.jsonHeaders, body: writer.bytes)
    }

    /// The answer when the engine did not reach `position` in time: `unavailable` with
    /// `data.position`, for the request's id; nil for a notification (not executed).
    private static func positionNotReached(_ request: JSONValue, _ position: Int64, engine: ContactsEngine)
        -> RPCResponse?
    {
        let envelope = request.objectValue
        if envelope != nil, envelope?["id"] == nil { return nil }
        var id: JSONValue = .null
        switch envelope?["id"] {
        case .string(let value)?: id = .string(value)
        case .number(let value)?: id = .number(value)
        default: break
        }
        let reached = engine.position
        return JSONRPCServer.errorResponse(
            id: id,
            RPCError(
                .unavailable, "this engine has applied position \(reached), not yet \(position)", position: reached))
    }

    /// The monotonic nanoseconds from `start` until now (0 for a start not yet reached).
    private static func nanoseconds(since start: UInt64) -> UInt64 {
        let now = WallClock.monotonicNanoseconds()
        return now > start ? now - start : 0
    }

    /// `ok`, or the error's reason.
    private static func outcome(of response: RPCResponse) -> String {
        switch response.body {
        case .result: ServiceMetrics.success
        case .error(let error): error.reason.rawValue
        }
    }

    private static let jsonHeaders: HTTPHeaders = ["Content-Type": "application/json"]

    // MARK: - Who is calling

    /// The `scope` of a service token's principal (PROTOCOL §7).
    private static let serviceScope = "service"

    /// Who a request's bearer token vouches for, or the answer refusing it.
    private enum CallerCheck {
        /// The token is good: its subject, with the service scope for a service token.
        case caller(HTTPPrincipal)
        /// No good token: the 401 (or, when libcrypto failed, the 500).
        case refused(HTTPResponse)
    }

    /// The caller a request's bearer token vouches for, or the 401 (or 500) refusing it.
    private func caller(of head: HTTPRequestHead) -> CallerCheck {
        let values = head.headers.values(for: "Authorization")
        guard let value = values.first else {
            return .refused(TransportError.unauthorized("missing bearer token", invalid: false))
        }
        guard values.count == 1 else {
            return .refused(TransportError.unauthorized("more than one Authorization header", invalid: true))
        }
        guard let token = Self.bearerToken(in: value) else {
            return .refused(TransportError.unauthorized("the Authorization scheme must be Bearer", invalid: true))
        }
        do {
            let verified = try configuration.verifier.verify(token)
            return .caller(
                HTTPPrincipal(subject: verified.subject, scope: verified.isService ? Self.serviceScope : nil))
        } catch .cryptoFailure {
            return .refused(TransportError.tokenCheckFailed)
        } catch {
            return .refused(TransportError.unauthorized(error.description, invalid: true))
        }
    }

    /// The token of an `Authorization: Bearer <token>` value (the scheme in any case,
    /// RFC 7235), or nil for another scheme or an empty token.
    static func bearerToken(in value: String) -> String? {
        let bytes = value.utf8[...]
        let scheme = "bearer".utf8
        guard bytes.count > scheme.count, bytes.dropFirst(scheme.count).first == UInt8(ascii: " "),
            zip(bytes, scheme).allSatisfy({ $0 | 0x20 == $1 })
        else { return nil }
        let token = bytes.dropFirst(scheme.count + 1).trimmingASCIISpaces
        return token.isEmpty ? nil : String(decoding: token, as: UTF8.self)
    }

    /// Whether a `Content-Type` value is JSON: `application/json` or `application/<x>+json`,
    /// in any case, with any parameters (`; charset=utf-8`).
    ///
    /// - Complexity: O(n) in the value's UTF-8 length, without allocating.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let utf8 = contentType.utf8[...]
        let mediaType = utf8[..<(utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex)]
        let trimmed = mediaType.trimmingASCIISpaces
        let prefix = "application/".utf8
        let suffix = "+json".utf8
        func matches(_ part: some Collection<UInt8>, _ expected: String.UTF8View) -> Bool {
            part.elementsEqual(expected) { asciiLowercase($0) == $1 }
        }
        return matches(trimmed, "application/json".utf8)
            || (trimmed.count >= prefix.count + suffix.count && matches(trimmed.prefix(prefix.count), prefix)
                && matches(trimmed.suffix(suffix.count), suffix))
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    // MARK: - Operations

    private func operations(_ endpoint: Route.Operation) -> HTTPResponse {
        switch endpoint {
        case .health:
            return HTTPResponse(status: 200, headers: Self.jsonHeaders, body: Array(#"{"status":"ok"}"#.utf8))
        case .readiness:
            guard isReady else { return TransportError.loading }
            return HTTPResponse(status: 200, headers: Self.jsonHeaders, body: Array(#"{"status":"ready"}"#.utf8))
        case .metrics:
            return HTTPResponse(
                status: 200, headers: ["Content-Type": MetricsRegistry.contentType],
                body: metrics.registry.expositionBytes())
        }
    }
}

extension String {
    /// This string without leading and trailing ASCII spaces and tabs.
    var trimmingASCIISpaces: String {
        let trimmed = utf8[...].trimmingASCIISpaces
        return trimmed.count == utf8.count ? self : String(decoding: trimmed, as: UTF8.self)
    }
}

extension Substring.UTF8View {
    /// These bytes without leading and trailing ASCII spaces and tabs (no copy).
    var trimmingASCIISpaces: Substring.UTF8View {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return self[startIndex..<startIndex]
        }
        return self[first...last]
    }
}
