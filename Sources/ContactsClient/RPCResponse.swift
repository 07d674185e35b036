/// A JSON-RPC response to one of the client's requests, decoded in one pass: either the
/// method's result, decoded as `Result`, or the error object.
struct RPCResponse<Result: Decodable>: Decodable {
    /// What the server answered.
    enum Outcome {
        /// The method's result.
        case result(Result)
        /// The JSON-RPC error object.
        case failure(RPCErrorObject)
    }

    /// The response's `id`: the request's number, or `nil` when the server sent null (its
    /// answer to a request it could not read) or something else.
    let id: Int64?
    /// The result or the error.
    let outcome: Outcome

    private enum CodingKeys: String, CodingKey {
        case id
        case result
        case error
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try? container.decodeIfPresent(Int64.self, forKey: .id)
        if container.contains(.error), try !container.decodeNil(forKey: .error) {
            outcome = .failure(try container.decode(RPCErrorObject.self, forKey: .error))
        } else {
            outcome = .result(try container.decode(Result.self, forKey: .result))
        }
    }
}

/// A JSON-RPC error object: `{"code":…, "message":…, "data":{"reason":…, …}}` (PROTOCOL §5).
struct RPCErrorObject: Decodable {
    /// The error code (-32602, …).
    let code: Int
    /// The server's explanation.
    let message: String
    /// `data.reason`, when the server sent a string there.
    let reason: String?
    /// `data.retryAfterMs` of `rate_limited`, when present and a number.
    let retryAfterMs: Double?
    /// `data.position` of `unavailable`, when present and an integer.
    let position: Int64?

    private enum CodingKeys: String, CodingKey {
        case code
        case message
        case data
    }

    private enum DataKeys: String, CodingKey {
        case reason
        case retryAfterMs
        case position
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(Int.self, forKey: .code)
        message = (try? container.decodeIfPresent(String.self, forKey: .message)) ?? ""
        // `data` is free-form in JSON-RPC: take what has the documented type, ignore the rest.
        let data = try? container.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        reason = try? data?.decodeIfPresent(String.self, forKey: .reason)
        retryAfterMs = try? data?.decodeIfPresent(Double.self, forKey: .retryAfterMs)
        position = try? data?.decodeIfPresent(Int64.self, forKey: .position)
    }

    /// The error as the client throws it; `httpStatus` is that of the answer that carried it.
    func serviceError(httpStatus: Int) -> ContactsServiceError {
        let reason = reason ?? ContactsServiceError.Reason.forCode(code) ?? ContactsServiceError.Reason.internalError
        let retryAfter = retryAfterMs.flatMap { $0.isFinite ? max(0, $0) / 1_000 : nil }
        return ContactsServiceError(
            reason: reason, message: message, retryAfter: retryAfter, code: code, httpStatus: httpStatus,
            position: position)
    }
}

/// The body of an HTTP transport error (PROTOCOL §7): `{"error": "..."}`.
struct TransportErrorBody: Decodable {
    /// The server's explanation.
    let error: String
}
