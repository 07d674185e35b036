import ContactsClient
import Foundation
import Testing

/// Which calls are retried, after which failures, how often, and how long the client waits.
@Suite struct RetryTests {
    /// The failures worth another try.
    static let retryableFailures: [(name: String, responder: Responder)] = [
        ("connection lost", Respond.network(.networkConnectionLost)),
        ("connection refused", Respond.network(.cannotConnectToHost)),
        ("timed out", Respond.network(.timedOut)),
        ("HTTP 503", Respond.status(503)),
        ("unavailable", Respond.error(code: -32013, reason: "unavailable")),
    ]

    /// Each method after each retryable failure: tried `maxAttempts` times when it is safe to
    /// repeat, once when it is not.
    @Test(arguments: MethodCase.all, retryableFailures.indices)
    func retriedExactlyWhenSafe(_ method: MethodCase, failure: Int) async throws {
        let responder = Self.retryableFailures[failure].responder
        let script = Script([], otherwise: responder)
        let recorder = Recorder()
        let service = makeService(script, recorder: recorder)
        let error = await serviceError { try await method.call(service) }
        #expect(error?.isRetryable == true)
        let expected = method.retried ? testPolicy.maxAttempts : 1
        #expect(script.requests.count == expected, "\(Self.retryableFailures[failure].name)")
        #expect(recorder.sleeps.count == expected - 1)
        #expect(Set(script.requests.map(\.body)).count == 1, "a retry resends the same request")
    }

    @Test(arguments: MethodCase.all.filter(\.retried))
    func aRetryThatSucceedsReturnsTheResult(_ method: MethodCase) async throws {
        let script = Script([Respond.network(), Respond.status(503), Respond.result(method.result)])
        let service = makeService(script)
        try await method.call(service)
        #expect(script.requests.count == 3)
    }

    /// Failures no retry can cure are thrown at once, whatever the method.
    @Test(
        arguments: [
            ("invalid_params", Respond.error(code: -32602, reason: "invalid_params")),
            ("not_found", Respond.error(code: -32004, reason: "not_found")),
            ("conflict", Respond.error(code: -32009, reason: "conflict")),
            ("forbidden", Respond.error(code: -32003, reason: "forbidden")),
            ("internal", Respond.error(code: -32603, reason: "internal")),
            ("rate_limited", Respond.error(code: -32029, data: #"{"reason":"rate_limited","retryAfterMs":1000}"#)),
            ("HTTP 404", Respond.status(404)),
            ("HTTP 413", Respond.status(413)),
            ("HTTP 500", Respond.status(500)),
            ("not JSON", Respond.raw(200, body: "nope")),
        ] as [(String, Responder)])
    func permanentFailuresAreNotRetried(_ name: String, _ responder: @escaping Responder) async throws {
        let script = Script([], otherwise: responder)
        let recorder = Recorder()
        let service = makeService(script, recorder: recorder)
        _ = await serviceError { try await service.socialService.getFeed() }
        #expect(script.requests.count == 1, "\(name)")
        #expect(recorder.sleeps.isEmpty)
    }

    /// A 503's Retry-After is waited out (plus less than one initial delay of spread).
    @Test func retryAfterIsHonoured() async throws {
        let script = Script([
            Respond.status(503, headers: ["Retry-After": "2"]),
            Respond.error(code: -32013, data: #"{"reason":"unavailable","retryAfterMs":1500}"#),
            Respond.result(#"{"items":[],"total":0,"skip":0,"limit":20}"#),
        ])
        let recorder = Recorder()
        let service = makeService(script, recorder: recorder)
        _ = try await service.socialService.getFeed()
        let sleeps = recorder.sleeps
        #expect(sleeps.count == 2)
        #expect(sleeps[0] >= 2 && sleeps[0] < 2 + testPolicy.initialDelay)
        #expect(sleeps[1] >= 1.5 && sleeps[1] < 1.5 + testPolicy.initialDelay)
    }

    /// A wait longer than the policy allows is left to the app: the error comes back with it.
    @Test func aLongRetryAfterIsThrownNotWaited() async throws {
        let script = Script([Respond.status(503, headers: ["Retry-After": "120"])])
        let recorder = Recorder()
        let service = makeService(script, recorder: recorder)
        let error = await serviceError { try await service.socialService.getFeed() }
        #expect(error?.retryAfter == 120)
        #expect(script.requests.count == 1)
        #expect(recorder.sleeps.isEmpty)
    }

    /// 401 → the token provider is asked once more → the call is resent once, with the new
    /// token, for any method (the server executed nothing), and it does not use up retries.
    @Test(arguments: MethodCase.all)
    func a401RefreshesTheTokenAndRetriesOnce(_ method: MethodCase) async throws {
        let script = Script([Respond.status(401, message: "expired"), Respond.result(method.result)])
        let recorder = Recorder()
        let service = makeService(script, recorder: recorder)
        try await method.call(service)
        #expect(recorder.tokenCalls == 2)
        #expect(script.requests.map { $0.header("Authorization") } == ["Bearer token-1", "Bearer token-2"])
        #expect(recorder.sleeps.isEmpty)
    }

    @Test func aRefreshedTokenStillAllowsRetries() async throws {
        let script = Script([
            Respond.status(401), Respond.network(), Respond.result(#"{"items":[],"total":0,"skip":0,"limit":20}"#),
        ])
        let service = makeService(script)
        _ = try await service.socialService.getFeed()
        #expect(script.requests.count == 3)
    }

    @Test func neverMeansOneTry() async throws {
        let script = Script([], otherwise: Respond.network())
        let service = makeService(script, policy: .never)
        _ = await serviceError { try await service.socialService.getFeed() }
        #expect(script.requests.count == 1)
    }

    /// Backoff: retry n waits between half and all of min(maxDelay, initial × 2^(n−1)).
    @Test(arguments: PositionTrackingTests.seeds)
    func backoffIsBoundedAndJittered(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let policy = RetryPolicy(maxAttempts: 8, initialDelay: 0.25, maxDelay: 2, maxRetryAfter: 10)
        for retry in 1..<8 {
            let random = Double.random(in: 0..<1, using: &generator)
            let full = min(2, 0.25 * pow(2, Double(retry - 1)))
            let delay = try? #require(policy.delay(beforeRetry: retry, retryAfter: nil, random: random))
            #expect(delay.map { $0 >= full / 2 && $0 < full + 1e-12 } == true, "seed \(seed) retry \(retry)")
        }
        #expect(policy.delay(beforeRetry: 8, retryAfter: nil, random: 0.5) == nil)
        #expect(policy.delay(beforeRetry: 1, retryAfter: 11, random: 0.5) == nil)
        #expect(policy.delay(beforeRetry: 1, retryAfter: 10, random: 0) == 10)
    }

    @Test func policiesClampNonsense() {
        let policy = RetryPolicy(maxAttempts: -3, initialDelay: -1, maxDelay: -1, maxRetryAfter: -1)
        #expect(policy == .never)
        #expect(RetryPolicy(maxAttempts: 1, initialDelay: .nan, maxDelay: .nan, maxRetryAfter: .nan) == .never)
        #expect(RetryPolicy.default.maxAttempts == 4)
    }
}
