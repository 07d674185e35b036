import ContactsClient
import Foundation
import Testing

/// Every method sends PROTOCOL §5's method name and params, exactly, as one `POST /rpc` with
/// §7's headers; `as` only from an acting view (and never for `registerUser`).
@Suite struct WireFormatTests {
    @Test(arguments: MethodCase.all)
    func sendsTheMethodAndParams(_ method: MethodCase) async throws {
        let script = Script([Respond.result(method.result)])
        let service = makeService(script)
        try await method.call(service)
        let request = try #require(script.requests.first)
        #expect(script.requests.count == 1)
        #expect(request.rpcMethod == method.method)
        #expect(request.params == JSON.parse(method.params)?.members)
        #expect(request.params["as"] == nil, "a service without an acting user leaves `as` to the token")
        #expect(request.json?["jsonrpc"] == .string("2.0"))
        guard case .int = request.rpcID else {
            Issue.record("the id is not an integer: \(request.rpcID)")
            return
        }
    }

    @Test(arguments: MethodCase.all)
    func actingViewsSendAs(_ method: MethodCase) async throws {
        let script = Script([Respond.result(method.result)])
        let service = makeService(script).acting(as: MethodCase.actingUser)
        #expect(service.actingUserId == MethodCase.actingUser)
        try await method.call(service)
        let request = try #require(script.requests.first)
        #expect(request.params == method.expectedActingParams)
    }

    @Test func postsToRPCWithTheHeaders() async throws {
        let script = Script([Respond.result(#"{"success":true}"#)])
        let recorder = Recorder()
        let service = makeService(script, recorder: recorder)
        _ = try await service.socialService.unfollowUser(userId: "u2")
        let request = try #require(script.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(request.path == "/rpc")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Authorization") == "Bearer token-1")
        #expect(request.header("Contacts-Min-Position") == "0")
    }

    @Test func aBaseURLWithAPathKeepsIt() async throws {
        let script = Script([Respond.result(#"{"success":true}"#)])
        let service = ContactsService(
            baseURL: script.baseURL.appendingPathComponent("api/v1"), tokenProvider: { "t" },
            sessionConfiguration: ScriptedURLProtocol.configuration, retryPolicy: .never)
        _ = try await service.socialService.unfollowUser(userId: "u2")
        #expect(script.requests.first?.path == "/api/v1/rpc")
    }

    /// Ids go out byte for byte: no Unicode normalization, escapes decoded back to the same text.
    @Test func idsAreSentExactly() async throws {
        let ids = ["e\u{301}", "\u{E9}", "a/b\"c\\d", "\u{1F600}\u{200D}", "tab\u{7F}"]
        let script = Script(ids.map { _ in Respond.result(#"{"success":true}"#) })
        let service = makeService(script)
        for id in ids {
            _ = try await service.acting(as: id).socialService.unfollowUser(userId: id)
        }
        for (request, id) in zip(script.requests, ids) {
            guard case .string(let sent)? = request.params["userId"], case .string(let acting)? = request.params["as"]
            else {
                Issue.record("userId or as missing: \(request.params)")
                continue
            }
            #expect(Array(sent.utf8) == Array(id.utf8))
            #expect(Array(acting.utf8) == Array(id.utf8))
        }
    }

    /// The SDK's second argument names the same contact; a different one is refused before sending.
    @Test func followContactRefusesTwoDifferentContacts() async throws {
        let script = Script([])
        let service = makeService(script)
        let error = await serviceError {
            try await service.socialService.followContact(followedId: "c1", contactId: "c2")
        }
        #expect(error?.reason == ContactsServiceError.Reason.invalidParams)
        #expect(script.requests.isEmpty)
        // Canonically equal but different bytes are different contacts too.
        let other = await serviceError {
            try await service.socialService.followContact(followedId: "e\u{301}", contactId: "\u{E9}")
        }
        #expect(other?.reason == ContactsServiceError.Reason.invalidParams)
    }

    @Test func aStartTimeBeyondInt64MillisecondsIsRefused() async throws {
        let script = Script([])
        let service = makeService(script)
        let error = await serviceError {
            try await service.socialService.createEvent(title: "t", startTime: Date(timeIntervalSince1970: 1e300))
        }
        #expect(error?.reason == ContactsServiceError.Reason.invalidParams)
        #expect(script.requests.isEmpty)
    }
}
