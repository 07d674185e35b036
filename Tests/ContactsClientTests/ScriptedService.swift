import ContactsClient
import Foundation
import Synchronization
import Testing

/// Counts calls and records waits, for one test.
final class Recorder: Sendable {
    private let state = Mutex<(tokens: Int, sleeps: [TimeInterval])>((0, []))

    /// How many times the token provider was called.
    var tokenCalls: Int { state.withLock { $0.tokens } }
    /// Every wait between retries, in order.
    var sleeps: [TimeInterval] { state.withLock { $0.sleeps } }

    /// Counts a token request and returns the count.
    func countToken() -> Int {
        state.withLock { state in
            state.tokens += 1
            return state.tokens
        }
    }

    /// Records a wait without waiting.
    func sleep(_ seconds: TimeInterval) {
        state.withLock { $0.sleeps.append(seconds) }
    }
}

/// A retry policy with room for the tests' retries and no real waits (the recorder takes them).
let testPolicy = RetryPolicy(maxAttempts: 3, initialDelay: 0.1, maxDelay: 1, maxRetryAfter: 5)

/// A service talking to `script` (and keeping it alive); tokens are `token-1`, `token-2`, … (one per call of the
/// provider) unless `tokenProvider` is given.
func makeService(
    _ script: Script, recorder: Recorder = Recorder(), policy: RetryPolicy = testPolicy,
    tokenProvider: ContactsService.TokenProvider? = nil
) -> ContactsService {
    // The provider holds the script, so that the script (registered weakly) lives as long as
    // the service that talks to it.
    let provider = tokenProvider ?? { "token-\(recorder.countToken())" }
    return ContactsService(
        baseURL: script.baseURL,
        tokenProvider: { [script] in
            _ = script.host
            return try await provider()
        },
        sessionConfiguration: ScriptedURLProtocol.configuration,
        retryPolicy: policy,
        sleep: { recorder.sleep($0) })
}

/// The error `body` throws, or nil when it returns (any other error type is a test failure).
func serviceError<T>(_ body: () async throws -> T) async -> ContactsServiceError? {
    do {
        _ = try await body()
        return nil
    } catch let error as ContactsServiceError {
        return error
    } catch {
        Issue.record("threw \(type(of: error)), not ContactsServiceError: \(error)")
        return nil
    }
}
