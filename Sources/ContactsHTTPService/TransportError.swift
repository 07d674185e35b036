import ContactsHTTP
import ContactsJSON

/// The answers of PROTOCOL §7's transport errors: a status and a short JSON body
/// `{"error": "..."}`, never a JSON-RPC response.
enum TransportError {
    /// How long a client should wait before retrying while the store loads, in seconds.
    static let loadingRetryAfterSeconds = 1

    /// `{"error": message}` with `status` and `headers`.
    static func response(_ status: Int, _ message: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var writer = JSONWriter(reserve: 64)
        writer.write(.object(["error": .string(message)]))
        var all = headers
        all.add(name: "Content-Type", value: "application/json")
        return HTTPResponse(status: status, headers: all, body: writer.bytes)
    }

    /// 404: no such path.
    static let notFound = response(404, "not found")

    /// 405 for `/rpc`: only POST.
    static let rpcMethodNotAllowed = response(405, "method not allowed (use POST)", headers: ["Allow": "POST"])

    /// 405 for the operations paths: only GET and HEAD.
    static let operationsMethodNotAllowed = response(
        405, "method not allowed (use GET)", headers: ["Allow": "GET, HEAD"])

    /// 401 with `WWW-Authenticate: Bearer` (RFC 6750): `invalid` says whether a token was
    /// sent (and refused) or none was.
    static func unauthorized(_ message: String, invalid: Bool) -> HTTPResponse {
        let challenge = invalid ? #"Bearer realm="contacts", error="invalid_token""# : #"Bearer realm="contacts""#
        return response(401, message, headers: ["WWW-Authenticate": challenge])
    }

    /// 415: the body is not declared JSON.
    static let unsupportedMediaType = response(415, "content type must be application/json")

    /// 503 while the engine loads its store.
    static let loading = response(
        503, "the store is still loading", headers: ["Retry-After": String(loadingRetryAfterSeconds)])

    /// 400: a `Contacts-Min-Position` that is not an integer.
    static let badMinimumPosition = response(400, "Contacts-Min-Position must be an integer")

    /// 500: the token could not be checked (libcrypto failed): the server's fault.
    static let tokenCheckFailed = response(500, "cannot check the token")
}
