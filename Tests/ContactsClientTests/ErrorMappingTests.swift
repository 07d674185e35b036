import ContactsClient
import Foundation
import Testing

/// Every way a call can fail becomes one ``ContactsServiceError`` with the documented reason,
/// message, code, status and retry hint.
@Suite struct ErrorMappingTests {
    /// PROTOCOL §5, §7 and §8's codes and reasons.
    static let serviceReasons: [(code: Int, reason: String)] = [
        (-32700, "parse_error"), (-32600, "invalid_request"), (-32601, "unknown_method"),
        (-32602, "invalid_params"), (-32004, "not_found"), (-32009, "conflict"), (-32029, "rate_limited"),
        (-32603, "internal"), (-32003, "forbidden"), (-32013, "unavailable"),
    ]

    /// Each reason comes through from `data.reason`, with the code, the message and status 200.
    @Test(arguments: serviceReasons.map(\.reason))
    func serviceReasonsComeThrough(reason: String) async throws {
        let code = try #require(Self.serviceReasons.first { $0.reason == reason }?.code)
        let script = Script([
            Respond.error(code: code, message: "because \(reason)", data: "{\"reason\":\"\(reason)\"}")
        ])
        let service = makeService(script, policy: .never)
        let error = try #require(await serviceError { try await service.socialService.followUser(userId: "u2") })
        #expect(error.reason == reason)
        #expect(error.code == code)
        #expect(error.message == "because \(reason)")
        #expect(error.httpStatus == 200)
        #expect(error.retryAfter == nil)
        #expect(error.isRetryable == (reason == "unavailable"))
    }

    /// Without `data.reason` (or with a `data` that is not an object) the code decides.
    @Test(arguments: serviceReasons.map(\.reason))
    func theCodeGivesTheReasonWhenDataHasNone(reason: String) async throws {
        let code = try #require(Self.serviceReasons.first { $0.reason == reason }?.code)
        let script = Script([
            Respond.error(code: code, data: nil), Respond.error(code: code, data: "[1]"),
            Respond.error(code: code, data: "{\"reason\":7}"),
        ])
        let service = makeService(script, policy: .never)
        for _ in 0..<3 {
            let error = await serviceError { try await service.socialService.followUser(userId: "u2") }
            #expect(error?.reason == reason)
        }
    }

    @Test func aReasonTheClientDoesNotKnowIsPassedThrough() async throws {
        let script = Script([
            Respond.error(code: -32050, reason: "too_many_friends"), Respond.error(code: -32050, data: nil),
        ])
        let service = makeService(script, policy: .never)
        let known = await serviceError { try await service.socialService.followUser(userId: "u2") }
        #expect(known?.reason == "too_many_friends")
        #expect(known?.code == -32050)
        let unknown = await serviceError { try await service.socialService.followUser(userId: "u2") }
        #expect(unknown?.reason == ContactsServiceError.Reason.internalError)
    }

    @Test func rateLimitedCarriesRetryAfterAndIsNotRetried() async throws {
        let script = Script([
            Respond.error(code: -32029, data: #"{"reason":"rate_limited","retryAfterMs":3600500}"#)
        ])
        let service = makeService(script)
        let error = try #require(
            await serviceError { try await service.friendFinder.uploadContacts([Contact(id: "c")]) })
        #expect(error.reason == ContactsServiceError.Reason.rateLimited)
        #expect(error.retryAfter == 3_600.5)
        #expect(!error.isRetryable)
        #expect(script.requests.count == 1)
    }

    @Test func unavailableCarriesTheEnginesPosition() async throws {
        let script = Script([Respond.error(code: -32013, data: #"{"reason":"unavailable","position":41}"#)])
        let service = makeService(script, policy: .never)
        let error = await serviceError { try await service.getSearchSuggestions(prefix: "a") }
        #expect(error?.reason == ContactsServiceError.Reason.unavailable)
        #expect(error?.position == 41)
    }

    @Test func a503IsUnavailableWithRetryAfterSeconds() async throws {
        let script = Script([Respond.status(503, message: "loading the store", headers: ["Retry-After": "7"])])
        let service = makeService(script, policy: .never)
        let error = try #require(await serviceError { try await service.socialService.getFeed() })
        #expect(error.reason == ContactsServiceError.Reason.unavailable)
        #expect(error.retryAfter == 7)
        #expect(error.httpStatus == 503)
        #expect(error.code == nil)
        #expect(error.message == "loading the store")
    }

    @Test func a503RetryAfterMayBeAnHTTPDate() async throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let written = Date()
        let inAMinute = formatter.string(from: written.addingTimeInterval(60))
        let script = Script([
            Respond.status(503, headers: ["Retry-After": inAMinute]),
            Respond.status(503, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"]),
            Respond.status(503, headers: ["Retry-After": "soon"]),
            Respond.status(503),
        ])
        let service = makeService(script, policy: .never)
        let future = try #require(await serviceError { try await service.socialService.getFeed() }?.retryAfter)
        // The answer is read whenever the test gets a thread (the whole suite may run at
        // once): the date is then a minute after `written`, less the time gone since.
        let gone = Date().timeIntervalSince(written)
        #expect(Double(future) <= 60 && Double(future) >= 59 - gone.rounded(.up))
        let past = await serviceError { try await service.socialService.getFeed() }
        #expect(past?.retryAfter == 0)
        let unreadable = await serviceError { try await service.socialService.getFeed() }
        #expect(unreadable?.reason == ContactsServiceError.Reason.unavailable)
        #expect(unreadable?.retryAfter == nil)
        let absent = await serviceError { try await service.socialService.getFeed() }
        #expect(absent?.retryAfter == nil)
    }

    /// §7's other transport statuses: `http_status` with the status and the body's `error`.
    @Test(arguments: [404, 405, 413, 415, 500, 502])
    func otherStatusesAreHTTPStatus(status: Int) async throws {
        let script = Script([Respond.status(status, message: "status \(status) here")])
        let service = makeService(script, policy: .never)
        let error = try #require(await serviceError { try await service.socialService.getFeed() })
        #expect(error.reason == ContactsServiceError.Reason.httpStatus)
        #expect(error.httpStatus == status)
        #expect(error.message.contains("status \(status) here"))
        #expect(!error.isRetryable)
        #expect(script.requests.count == 1)
    }

    /// 401 twice: the token provider is asked again, the call resent once, then `unauthorized`.
    @Test func a401TwiceIsUnauthorized() async throws {
        let script = Script([Respond.status(401, message: "expired"), Respond.status(401, message: "bad signature")])
        let recorder = Recorder()
        let service = makeService(script, recorder: recorder)
        let error = try #require(await serviceError { try await service.socialService.getFeed() })
        #expect(error.reason == ContactsServiceError.Reason.unauthorized)
        #expect(error.httpStatus == 401)
        #expect(error.message == "bad signature")
        #expect(recorder.tokenCalls == 2)
        #expect(script.requests.map { $0.header("Authorization") } == ["Bearer token-1", "Bearer token-2"])
    }

    @Test(arguments: [URLError.Code.cannotConnectToHost, .networkConnectionLost, .timedOut, .cannotFindHost])
    func connectionFailuresAreNetwork(code: URLError.Code) async throws {
        let script = Script([Respond.network(code)])
        let service = makeService(script, policy: .never)
        let error = try #require(await serviceError { try await service.socialService.getFeed() })
        #expect(error.reason == ContactsServiceError.Reason.network)
        #expect(error.httpStatus == nil)
        #expect(error.isRetryable)
    }

    /// Answers that are not the expected JSON-RPC response: each names what is wrong.
    @Test(
        arguments: [
            ("not JSON", Respond.raw(200, body: "<html>")),
            ("no result", Respond.raw(200, body: #"{"jsonrpc":"2.0","id":1}"#)),
            ("another id", Respond.raw(200, body: #"{"jsonrpc":"2.0","id":999,"result":{"deleted":1}}"#)),
            ("a string id", Respond.raw(200, body: #"{"jsonrpc":"2.0","id":"1","result":{"deleted":1}}"#)),
            ("missing member", Respond.result(#"{"gone":1}"#)),
            ("wrong type", Respond.result(#"{"deleted":"1"}"#)),
            ("fraction", Respond.result(#"{"deleted":1.5}"#)),
            ("null member", Respond.result(#"{"deleted":null}"#)),
            ("a 204", Respond.raw(204, body: "")),
        ] as [(String, Responder)])
    func unusableAnswersAreInvalidResponse(_ name: String, _ responder: @escaping Responder) async throws {
        let script = Script([responder])
        let service = makeService(script, policy: .never)
        let error = try #require(await serviceError { try await service.friendFinder.deleteAllUploadedContacts() })
        #expect(error.reason == ContactsServiceError.Reason.invalidResponse, "\(name)")
        #expect(error.message.hasPrefix("deleteAllUploadedContacts"), "\(name): \(error.message)")
    }

    @Test func aMissingMemberIsNamedWithItsPath() async throws {
        let script = Script([
            Respond.result(
                #"{"items":[{"userId":"u2","displayName":"B","localContact":null}],"total":1,"skip":0,"limit":20}"#)
        ])
        let service = makeService(script, policy: .never)
        let error = try #require(await serviceError { try await service.socialService.getFeed() })
        #expect(error.message.contains("result.items[0].eventId is missing"), "\(error.message)")
    }

    @Test func aFailingTokenProviderIsTokenUnavailable() async throws {
        struct SignedOut: Error {}
        let script = Script([])
        let service = makeService(script, tokenProvider: { throw SignedOut() })
        let error = await serviceError { try await service.socialService.getFeed() }
        #expect(error?.reason == ContactsServiceError.Reason.tokenUnavailable)
        #expect(error?.message.contains("SignedOut") == true)
        #expect(script.requests.isEmpty)
    }

    @Test func cancellingTheTaskIsCancelled() async throws {
        // The first answer is a 503 whose retry waits in a real sleep: cancelling ends it.
        let script = Script([Respond.status(503)])
        let service = ContactsService(
            baseURL: script.baseURL, tokenProvider: { "t" }, sessionConfiguration: ScriptedURLProtocol.configuration,
            retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: 60, maxDelay: 60, maxRetryAfter: 0))
        let task = Task { await serviceError { try await service.socialService.getFeed() } }
        while script.requests.isEmpty { await Task.yield() }
        task.cancel()
        let error = await task.value
        #expect(error?.reason == ContactsServiceError.Reason.cancelled)
        #expect(script.requests.count == 1)
    }

    @Test func descriptionsNameTheReasonAndTheHint() {
        let error = ContactsServiceError(reason: "rate_limited", message: "over budget", retryAfter: 60)
        #expect(error.description == "rate_limited: over budget (retry after 60.0 s)")
    }
}
