import ContactsClient
import Foundation
import Synchronization
import Testing

/// A user's token expiring while the app runs, against a real `contacts serve --listen`: the
/// server refuses it once its `exp` and PROTOCOL §7's 30 s leeway have passed, the client asks
/// the provider again with ``ContactsService/tokenWasRefused`` set, and the provider's new token
/// carries the call through; the app sees no error. (Waits out the leeway: about 32 s, while
/// the other suites run.)
@Suite(.timeLimit(.minutes(3)))
struct TokenExpiryTests {
    /// §7's leeway on `exp`, plus a second for the token's whole-second `iat`.
    static let leeway: TimeInterval = 31

    @Test func aTokenExpiringMidRunIsRefreshedOnRefusal() async throws {
        let server = try ContactsServerProcess()
        try await server.backend().registerUser(userId: "ann", phone: "+14155550101")
        let tokens = RefreshingTokens(secretFile: server.secretFile, user: "ann")
        let app = ContactsService(baseURL: server.baseURL, tokenProvider: { try tokens.token() })

        #expect(try await app.socialService.getFeed().total == 0)
        let first = try #require(tokens.minted.first)
        let expiry = try #require(Self.expiry(of: first))
        let wait = expiry + Self.leeway - Date().timeIntervalSince1970
        if wait > 0 { try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000)) }

        // The old token alone is refused now: the expiry is real.
        let stale = ContactsService(baseURL: server.baseURL, tokenProvider: { first })
        let refused = await serviceError { try await stale.socialService.getFeed() }
        #expect(refused?.reason == ContactsServiceError.Reason.unauthorized)
        #expect(refused?.httpStatus == 401)

        // The app's next call: refused once, a fresh token minted, no error; the call after it
        // goes on with the fresh token.
        #expect(try await app.socialService.getFeed().total == 0)
        #expect(tokens.minted.count == 2)
        #expect(tokens.refusalsSeen == 1)
        #expect(try await app.socialService.getFollowers().total == 0)
        #expect(tokens.minted.count == 2)
        #expect(tokens.refusalsSeen == 1)
    }

    /// The `exp` claim of a JWT, in seconds since the epoch (the test reads its own tokens).
    static func expiry(of token: String) -> TimeInterval? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let exp = claims["exp"] as? NSNumber
        else { return nil }
        return exp.doubleValue
    }
}

/// A token cache as an app keeps one: it hands out its token until the server refuses it
/// (``ContactsService/tokenWasRefused``), then mints a new one. Its first token lives one
/// second (`contacts token --ttl 1`), later ones an hour.
private final class RefreshingTokens: Sendable {
    private let secretFile: String
    private let user: String
    private let state = Mutex<(minted: [String], refusals: Int)>(([], 0))

    init(secretFile: String, user: String) {
        self.secretFile = secretFile
        self.user = user
    }

    /// The tokens minted so far, oldest first.
    var minted: [String] { state.withLock { $0.minted } }
    /// How many calls came with ``ContactsService/tokenWasRefused`` set.
    var refusalsSeen: Int { state.withLock { $0.refusals } }

    func token() throws -> String {
        let refused = ContactsService.tokenWasRefused
        let current = state.withLock { state -> String? in
            if refused { state.refusals += 1 }
            return refused ? nil : state.minted.last
        }
        if let current { return current }
        let fresh = try ContactsServerProcess.token(
            secretFile: secretFile, sub: user, service: false, ttl: minted.isEmpty ? 1 : 3_600)
        state.withLock { $0.minted.append(fresh) }
        return fresh
    }
}
