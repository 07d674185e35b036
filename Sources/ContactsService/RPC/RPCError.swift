import ContactsCore
import ContactsJSON

/// A JSON-RPC error as PROTOCOL §5 defines them: a reason (sent as `data.reason`) that fixes
/// the numeric code, a human message, and for `rate_limited` the wait in `data.retryAfterMs`.
public struct RPCError: Error, Hashable, Sendable {
    /// The reasons of the protocol's error table; raw values are the wire names.
    public enum Reason: String, Sendable, CaseIterable {
        /// Invalid JSON (-32700).
        case parseError = "parse_error"
        /// Not a valid request object (-32600).
        case invalidRequest = "invalid_request"
        /// No such method (-32601).
        case unknownMethod = "unknown_method"
        /// A parameter is missing, of the wrong type or out of its limits (-32602).
        case invalidParams = "invalid_params"
        /// The acting user or a target does not exist (-32004).
        case notFound = "not_found"
        /// The target is held by someone else (-32009).
        case conflict = "conflict"
        /// Over a budget; see `retryAfterMs` (-32029).
        case rateLimited = "rate_limited"
        /// The caller's token does not let it act as the user it names (-32003, PROTOCOL §7).
        case forbidden = "forbidden"
        /// The store cannot be reached, or the engine has not reached the position asked for
        /// in time (-32013, PROTOCOL §8); a retry may succeed.
        case unavailable = "unavailable"
        /// A failure of ours, not the caller's (-32603).
        case internalError = "internal"

        /// The JSON-RPC error code of the reason.
        public var code: Int {
            switch self {
            case .parseError: -32700
            case .invalidRequest: -32600
            case .unknownMethod: -32601
            case .invalidParams: -32602
            case .notFound: -32004
            case .conflict: -32009
            case .rateLimited: -32029
            case .forbidden: -32003
            case .unavailable: -32013
            case .internalError: -32603
            }
        }
    }

    /// Why the request failed.
    public var reason: Reason
    /// What is wrong, naming the parameter or target.
    public var message: String
    /// For `rate_limited`: milliseconds until a retry can succeed.
    public var retryAfterMs: Int64?
    /// For `unavailable` after a wait for a position: the position the engine had reached
    /// (PROTOCOL §8, sent as `data.position`).
    public var position: Int64?

    /// Makes an error.
    public init(_ reason: Reason, _ message: String, retryAfterMs: Int64? = nil, position: Int64? = nil) {
        self.reason = reason
        self.message = message
        self.retryAfterMs = retryAfterMs
        self.position = position
    }

    /// `invalid_params` with `message`.
    public static func invalidParams(_ message: String) -> RPCError { RPCError(.invalidParams, message) }
    /// `not_found` with `message`.
    public static func notFound(_ message: String) -> RPCError { RPCError(.notFound, message) }
    /// `conflict` with `message`.
    public static func conflict(_ message: String) -> RPCError { RPCError(.conflict, message) }

    /// The `error` member of a response.
    public var jsonValue: JSONValue {
        var data: JSONObject = ["reason": .string(reason.rawValue)]
        if let retryAfterMs { data["retryAfterMs"] = .integer(retryAfterMs) }
        if let position { data["position"] = .integer(position) }
        return .object(["code": .integer(reason.code), "message": .string(message), "data": .object(data)])
    }
}
