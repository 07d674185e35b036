extension ContactsServiceError {
    /// The values ``ContactsServiceError/reason`` takes.
    ///
    /// The first group are the service's reasons (PROTOCOL §5, §7, §8), sent in the JSON-RPC
    /// error's `data.reason`; when a server leaves `data.reason` out, the client derives it from
    /// the error code. The second group are found by the client: no JSON-RPC answer arrived, or
    /// the answer could not be used.
    public enum Reason {
        // MARK: Service reasons

        /// The server could not parse the request as JSON (-32700). A client bug if it happens.
        public static let parseError = "parse_error"
        /// The request was not a valid JSON-RPC request (-32600). A client bug if it happens.
        public static let invalidRequest = "invalid_request"
        /// The server does not know the method (-32601): it is older than this client.
        public static let unknownMethod = "unknown_method"
        /// A parameter is missing, of the wrong type or beyond a limit (-32602): `limit` outside
        /// 1–1000, more than 10,000 contacts in an upload, a query over 256 characters, following
        /// yourself, an id that is empty, too long or holds control characters, … The client
        /// also uses it for the few arguments it checks itself (a `startTime` out of range).
        public static let invalidParams = "invalid_params"
        /// The acting user or the target does not exist (-32004).
        public static let notFound = "not_found"
        /// The change clashes with existing data (-32009): a phone registered to another user,
        /// an event id held by another user.
        public static let conflict = "conflict"
        /// Over the daily upload budget (-32029); ``ContactsServiceError/retryAfter`` is the time
        /// to the next UTC day. Never retried by the client.
        public static let rateLimited = "rate_limited"
        /// The server failed (-32603).
        public static let internalError = "internal"
        /// The token does not allow the call (-32003): a user token naming another user in
        /// `params.as`, or registering another user id.
        public static let forbidden = "forbidden"
        /// The service cannot answer now (-32013 from the service: the database is unreachable,
        /// or the engine did not reach the client's `Contacts-Min-Position` within 5 s; or an
        /// HTTP 503 while the engine loads its store, with ``ContactsServiceError/retryAfter``
        /// from `Retry-After`). Retried by the client for calls safe to repeat.
        public static let unavailable = "unavailable"

        // MARK: Client reasons

        /// HTTP 401: no valid token, after the client asked the token provider for a fresh one
        /// and tried once more.
        public static let unauthorized = "unauthorized"
        /// The token provider threw; the request was not sent. The message holds its error.
        public static let tokenUnavailable = "token_unavailable"
        /// An HTTP status other than 200, 401 and 503 (404 wrong base URL, 413 body over 16 MiB,
        /// …); ``ContactsServiceError/httpStatus`` holds it and the message the body's `error`.
        public static let httpStatus = "http_status"
        /// No HTTP answer arrived: the connection failed, was lost, or timed out. Retried by the
        /// client for calls safe to repeat; the request may or may not have been executed.
        public static let network = "network"
        /// The answer was not the JSON-RPC response expected: not JSON, another request's id, a
        /// missing or mistyped member, a 204 to a request. The message names what is wrong.
        public static let invalidResponse = "invalid_response"
        /// ``ContactsService/shared`` was used before ``ContactsService/configure(baseURL:tokenProvider:)``.
        public static let notConfigured = "not_configured"
        /// The calling task was cancelled; the request may or may not have been executed.
        public static let cancelled = "cancelled"

        /// The reason a JSON-RPC error code stands for when the server sent no `data.reason`.
        static func forCode(_ code: Int) -> String? {
            switch code {
            case -32700: parseError
            case -32600: invalidRequest
            case -32601: unknownMethod
            case -32602: invalidParams
            case -32004: notFound
            case -32009: conflict
            case -32029: rateLimited
            case -32603: internalError
            case -32003: forbidden
            case -32013: unavailable
            default: nil
            }
        }
    }
}
