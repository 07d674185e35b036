import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request as the scripted peer received it.
struct RecordedRequest: Sendable {
    /// The HTTP method.
    var httpMethod: String
    /// The URL's path.
    var path: String
    /// Every header, by lowercased name.
    var headers: [String: String]
    /// The body bytes.
    var body: Data

    /// The header `name` (any case).
    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body as JSON.
    var json: JSON? { JSON.parse(body) }
    /// The JSON-RPC method name.
    var rpcMethod: String? {
        if case .string(let method)? = json?["method"] { return method }
        return nil
    }
    /// The JSON-RPC params object.
    var params: [String: JSON] { json?["params"]?.members ?? [:] }
    /// The JSON-RPC id.
    var rpcID: JSON { json?["id"] ?? .null }
    /// `Contacts-Min-Position`, as a number.
    var minimumPosition: Int64? { header("Contacts-Min-Position").flatMap { Int64($0) } }
}

/// What the scripted peer does with one request.
enum Reply: Sendable {
    /// An HTTP answer.
    case http(status: Int, headers: [String: String], body: Data)
    /// No answer: the connection fails with this error code.
    case failure(URLError.Code)
}

/// Makes the reply to a request.
typealias Responder = @Sendable (RecordedRequest) -> Reply

/// Responders for the common answers; JSON-RPC ones echo the request's id.
enum Respond {
    /// 200 with `{"jsonrpc":"2.0","id":<the request's>,"result":<result>}`.
    static func result(_ result: String, position: Int64? = nil) -> Responder {
        { request in
            rpc(request, member: "\"result\":\(result)", position: position)
        }
    }

    /// 200 with a JSON-RPC error object; `data` is the raw JSON of `data` (nil: no member).
    static func error(code: Int, message: String = "scripted", data: String?, position: Int64? = nil) -> Responder {
        { request in
            let dataMember = data.map { ",\"data\":\($0)" } ?? ""
            return rpc(
                request, member: "\"error\":{\"code\":\(code),\"message\":\(quoted(message))\(dataMember)}",
                position: position)
        }
    }

    /// 200 with a JSON-RPC error with `data.reason`.
    static func error(code: Int, reason: String, position: Int64? = nil) -> Responder {
        error(code: code, data: "{\"reason\":\(quoted(reason))}", position: position)
    }

    /// An HTTP status with `{"error": message}` (a §7 transport error).
    static func status(_ status: Int, message: String = "scripted", headers: [String: String] = [:]) -> Responder {
        { _ in
            .http(status: status, headers: headers, body: Data("{\"error\":\(quoted(message))}".utf8))
        }
    }

    /// A raw answer.
    static func raw(_ status: Int, body: String, headers: [String: String] = [:]) -> Responder {
        { _ in .http(status: status, headers: headers, body: Data(body.utf8)) }
    }

    /// A connection failure.
    static func network(_ code: URLError.Code = .networkConnectionLost) -> Responder {
        { _ in .failure(code) }
    }

    private static func rpc(_ request: RecordedRequest, member: String, position: Int64?) -> Reply {
        var headers = ["Content-Type": "application/json"]
        if let position { headers["Contacts-Position"] = String(position) }
        let body = "{\"jsonrpc\":\"2.0\",\"id\":\(request.rpcID),\(member)}"
        return .http(status: 200, headers: headers, body: Data(body.utf8))
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}

/// One test's scripted peer: answers its requests in turn from a list of responders, then with
/// `otherwise`, and records every request.
final class Script: Sendable {
    /// The host requests for this script go to (unique per script).
    let host = UUID().uuidString.lowercased() + ScriptedURLProtocol.hostSuffix
    private let state: Mutex<(pending: [Responder], requests: [RecordedRequest])>
    private let otherwise: Responder

    /// A script answering with `responders` in order, then with `otherwise` (by default a 500
    /// that fails the test's expectations loudly).
    init(_ responders: [Responder], otherwise: Responder? = nil) {
        state = Mutex((responders, []))
        self.otherwise = otherwise ?? Respond.status(500, message: "unscripted request")
        ScriptedURLProtocol.register(self)
    }

    deinit {
        ScriptedURLProtocol.unregister(host)
    }

    /// The base URL whose requests this script answers.
    var baseURL: URL { URL(string: "http://\(host):8080")! }

    /// Every request received, in order.
    var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// The JSON-RPC methods received, in order.
    var methods: [String] { requests.compactMap(\.rpcMethod) }

    fileprivate func reply(to request: RecordedRequest) -> Reply {
        let responder = state.withLock { state -> Responder in
            state.requests.append(request)
            return state.pending.isEmpty ? otherwise : state.pending.removeFirst()
        }
        return responder(request)
    }
}

/// Answers every request of a session from the ``Script`` registered for its host.
final class ScriptedURLProtocol: URLProtocol {
    private static let scripts = Mutex<[String: WeakScript]>([:])

    /// Holds a script without keeping it alive.
    private struct WeakScript: @unchecked Sendable {
        weak var script: Script?
    }

    static func register(_ script: Script) {
        scripts.withLock { $0[script.host] = WeakScript(script: script) }
    }

    static func unregister(_ host: String) {
        _ = scripts.withLock { $0.removeValue(forKey: host) }
    }

    /// A session configuration whose requests go to the scripts.
    static var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [ScriptedURLProtocol.self]
        return configuration
    }

    /// The suffix of every script's host: requests to other hosts are not this class's.
    static let hostSuffix = ".scripted.test"

    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.host?.hasSuffix(hostSuffix) ?? false
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let host = request.url?.host ?? ""
        let script = Self.scripts.withLock { $0[host]?.script }
        var headers: [String: String] = [:]
        for (name, value) in request.allHTTPHeaderFields ?? [:] { headers[name.lowercased()] = value }
        let recorded = RecordedRequest(
            httpMethod: request.httpMethod ?? "GET", path: request.url?.path ?? "", headers: headers,
            body: Self.body(of: request))
        let reply = script?.reply(to: recorded) ?? .failure(.cannotFindHost)
        switch reply {
        case .failure(let code):
            client?.urlProtocol(self, didFailWithError: URLError(code))
        case .http(let status, let headers, let body):
            guard let url = request.url,
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else {
                client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
                return
            }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: body)
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    override func stopLoading() {}

    private static func body(of request: URLRequest) -> Data {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return Data() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        stream.open()
        defer { stream.close() }
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
