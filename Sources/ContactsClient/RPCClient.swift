import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The JSON-RPC-over-HTTP transport behind a ``ContactsService`` and all its acting views
/// (PROTOCOL §7, §8): one `POST /rpc` per call, the bearer token from the token provider, the
/// highest `Contacts-Position` seen sent back as `Contacts-Min-Position`, answers mapped to
/// results or ``ContactsServiceError``, and the retries of ``RetryPolicy``.
final class RPCClient: Sendable {
    /// Where requests go, how they are authorized, and how they are sent.
    struct Configuration: Sendable {
        /// The server's base URL; requests go to `baseURL/rpc`.
        var baseURL: URL
        /// Gives the bearer token for each request.
        var tokenProvider: ContactsService.TokenProvider
        /// The session requests are sent on.
        var session: URLSession
        /// The retries applied to calls safe to repeat.
        var retryPolicy: RetryPolicy
    }

    /// Waits the given number of seconds (throws when the task is cancelled).
    typealias Sleeper = @Sendable (TimeInterval) async throws -> Void

    /// The header each `/rpc` answer carries: the answering engine's position (PROTOCOL §8).
    static let positionHeader = "Contacts-Position"
    /// The header the client sends: answer only once this position is applied (PROTOCOL §8).
    static let minimumPositionHeader = "Contacts-Min-Position"

    /// The highest position seen by this transport.
    let positions = PositionTracker()

    private let configuration: Locked<Configuration?>
    private let sleep: Sleeper
    private let requestIDs = Locked<Int64>(0)

    /// A transport with `configuration` (nil: calls fail with `not_configured` until
    /// ``configure(baseURL:tokenProvider:sessionConfiguration:retryPolicy:)``).
    init(configuration: Configuration?, sleep: @escaping Sleeper) {
        self.configuration = Locked(configuration)
        self.sleep = sleep
    }

    deinit {
        configuration.withLock { $0?.session.finishTasksAndInvalidate() }
    }

    /// The longest single wait the sleeper takes (about 31 years): bounds the conversion to
    /// nanoseconds for any policy, however large its values.
    static let longestSleep: TimeInterval = 1e9

    /// Sleeps with `Task.sleep`, so that cancelling the calling task ends the wait.
    static let taskSleeper: Sleeper = { seconds in
        guard seconds > 0 else { return }  // also false for NaN
        try await Task.sleep(nanoseconds: UInt64(min(seconds, longestSleep) * 1_000_000_000))
    }

    /// The retry policy in force (the default one before the first configuration).
    var retryPolicy: RetryPolicy { configuration.withLock { $0?.retryPolicy ?? .default } }

    /// Points the transport at `baseURL` with `tokenProvider`; a new session (from
    /// `sessionConfiguration`) and policy when given, else the ones in force (a default session
    /// and policy the first time). The position seen is forgotten when the base URL changes
    /// (another server may be another store, with positions of its own).
    func configure(
        baseURL: URL, tokenProvider: @escaping ContactsService.TokenProvider,
        sessionConfiguration: URLSessionConfiguration?, retryPolicy: RetryPolicy?
    ) {
        let newSession = sessionConfiguration.map { URLSession(configuration: $0) }
        let (changed, replaced) = configuration.withLock { current -> (Bool, URLSession?) in
            let old = current
            current = Configuration(
                baseURL: baseURL, tokenProvider: tokenProvider,
                session: newSession ?? old?.session ?? URLSession(configuration: .default),
                retryPolicy: retryPolicy ?? old?.retryPolicy ?? .default)
            return (old?.baseURL != baseURL, newSession == nil ? nil : old?.session)
        }
        replaced?.finishTasksAndInvalidate()
        if changed { positions.reset() }
    }

    /// Calls `call.method` acting as `actingUserId` (sent as `params.as`, or left out when nil)
    /// and decodes its result as `Result`, retrying as ``retryPolicy`` and the 401 rule allow.
    func send<Result: Decodable>(
        _ call: RPCCall, actingUserId: String?, expecting: Result.Type
    ) async throws(ContactsServiceError) -> Result {
        guard let configuration = configuration.withLock({ $0 }) else {
            throw ContactsServiceError(
                reason: ContactsServiceError.Reason.notConfigured,
                message: "ContactsService.shared is used before configure(baseURL:tokenProvider:)")
        }
        let id = requestIDs.withLock { last in
            last &+= 1
            return last
        }
        var params = call.params
        if call.sendsActingUser, let actingUserId {
            params = params.prepending("as", actingUserId)
        }
        let body = try Self.encode(RPCRequest(id: id, method: call.method, params: params))
        let url = configuration.baseURL.appendingPathComponent("rpc")
        var refreshedToken = false
        var attempt = 1
        while true {
            do {
                let token = try await Self.token(from: configuration.tokenProvider, afterRefusal: refreshedToken)
                return try await post(
                    body, to: url, token: token, id: id, method: call.method, session: configuration.session)
            } catch let error {
                if error.reason == ContactsServiceError.Reason.unauthorized, !refreshedToken {
                    refreshedToken = true
                    continue
                }
                guard call.repetition == .safe, error.isRetryable,
                    let delay = configuration.retryPolicy.delay(
                        beforeRetry: attempt, retryAfter: error.retryAfter, random: Double.random(in: 0..<1))
                else { throw error }
                do {
                    try await sleep(delay)
                } catch {
                    throw Self.cancelled
                }
                attempt += 1
            }
        }
    }

    /// One HTTP exchange: the request with the current position, the answer's position kept,
    /// the answer turned into the result or an error.
    private func post<Result: Decodable>(
        _ body: Data, to url: URL, token: String, id: Int64, method: String, session: URLSession
    ) async throws(ContactsServiceError) -> Result {
        if Task.isCancelled { throw Self.cancelled }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue(String(positions.current), forHTTPHeaderField: Self.minimumPositionHeader)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw Self.transportError(error)
        }
        guard let http = response as? HTTPURLResponse else {
            throw Self.invalidResponse("\(method): the answer is not an HTTP response")
        }
        if let value = http.value(forHTTPHeaderField: Self.positionHeader),
            let position = Int64(value.trimmingCharacters(in: .whitespaces))
        {
            positions.observe(position)
        }
        switch http.statusCode {
        case 200:
            return try Self.decode(Result.self, from: data, id: id, method: method)
        case 204:
            throw Self.invalidResponse("\(method): HTTP 204 (no body) to a request with an id")
        case 401:
            throw ContactsServiceError(
                reason: ContactsServiceError.Reason.unauthorized,
                message: Self.transportMessage(data) ?? "the server refused the token", httpStatus: 401)
        case 503:
            throw ContactsServiceError(
                reason: ContactsServiceError.Reason.unavailable,
                message: Self.transportMessage(data) ?? "the service is not ready",
                retryAfter: http.value(forHTTPHeaderField: "Retry-After").flatMap(RetryAfterHeader.seconds),
                httpStatus: 503)
        default:
            let detail = Self.transportMessage(data).map { ": \($0)" } ?? ""
            throw ContactsServiceError(
                reason: ContactsServiceError.Reason.httpStatus,
                message: "\(method): HTTP \(http.statusCode)\(detail)", httpStatus: http.statusCode)
        }
    }

    /// The provider's token; `afterRefusal` while asking again after a 401, which the provider
    /// sees as ``ContactsService/tokenWasRefused``.
    private static func token(
        from tokenProvider: ContactsService.TokenProvider, afterRefusal: Bool
    ) async throws(ContactsServiceError) -> String {
        do {
            return try await ContactsService.$tokenWasRefused.withValue(afterRefusal) { try await tokenProvider() }
        } catch {
            if error is CancellationError { throw cancelled }
            throw ContactsServiceError(
                reason: ContactsServiceError.Reason.tokenUnavailable, message: "the token provider failed: \(error)")
        }
    }

    private static func encode(_ request: RPCRequest) throws(ContactsServiceError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        do {
            return try encoder.encode(request)
        } catch {
            throw ContactsServiceError(
                reason: ContactsServiceError.Reason.invalidParams,
                message: "\(request.method): the request cannot be written as JSON: \(error)")
        }
    }

    private static func decode<Result: Decodable>(
        _ type: Result.Type, from data: Data, id: Int64, method: String
    ) throws(ContactsServiceError) -> Result {
        let response: RPCResponse<Result>
        do {
            response = try JSONDecoder().decode(RPCResponse<Result>.self, from: data)
        } catch let error as DecodingError {
            throw invalidResponse("\(method): \(error.summary)")
        } catch {
            throw invalidResponse("\(method): \(error)")
        }
        switch response.outcome {
        case .result(let result):
            guard response.id == id else {
                throw invalidResponse(
                    "\(method): the answer is for request \(response.id.map(String.init) ?? "null"), not \(id)")
            }
            return result
        case .failure(let failure):
            throw failure.serviceError(httpStatus: 200)
        }
    }

    private static func transportMessage(_ data: Data) -> String? {
        (try? JSONDecoder().decode(TransportErrorBody.self, from: data))?.error
    }

    private static func transportError(_ error: any Error) -> ContactsServiceError {
        if error is CancellationError { return cancelled }
        if let urlError = error as? URLError {
            if urlError.code == .cancelled { return cancelled }
            return ContactsServiceError(
                reason: ContactsServiceError.Reason.network,
                message: "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
        }
        return ContactsServiceError(reason: ContactsServiceError.Reason.network, message: "\(error)")
    }

    private static func invalidResponse(_ message: String) -> ContactsServiceError {
        ContactsServiceError(reason: ContactsServiceError.Reason.invalidResponse, message: message)
    }

    private static let cancelled = ContactsServiceError(
        reason: ContactsServiceError.Reason.cancelled, message: "the calling task was cancelled")
}

/// A JSON-RPC 2.0 request object.
private struct RPCRequest: Encodable {
    let jsonrpc = "2.0"
    let id: Int64
    let method: String
    let params: RPCParams
}
