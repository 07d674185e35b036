import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client of the contacts service: friend finding, the follow graph and feed, and contact
/// search, over the service's JSON-RPC on HTTP (PROTOCOL §7).
///
/// Apps use the ``shared`` instance, configured once with the server's address and a closure
/// that returns the signed-in user's current token:
///
/// ```swift
/// ContactsService.shared.configure(baseURL: serverURL, tokenProvider: { try await session.freshToken() })
/// let result = try await ContactsService.shared.socialService.followUser(userId: "user-id")
/// ```
///
/// Servers acting for many users make their own instance with a service-scope token (a JWT with
/// `"scope": "service"`) and act as one user at a time with ``acting(as:)``:
///
/// ```swift
/// let service = ContactsService(baseURL: serverURL, tokenProvider: { serviceToken })
/// try await service.acting(as: "u1").socialService.followUser(userId: "u2")
/// ```
///
/// With a user token the server takes the acting user from the token, and the client sends no
/// `params.as`; an acting view sends `params.as` on every call but `registerUser`.
///
/// **Reading your own writes.** Every answer carries the answering engine's position; the
/// instance keeps the highest it has seen and sends it as `Contacts-Min-Position` with every
/// request, so whichever engine answers has applied everything the instance wrote before. The
/// instance and all its acting views share one position (see the DocC article for why).
///
/// **Retries.** Reads and idempotent writes are retried after network failures, HTTP 503 and
/// `unavailable` answers as ``retryPolicy`` says; each method's documentation says whether it is
/// retried. A 401 makes the client ask the token provider once more and resend once.
///
/// Instances are `Sendable`: share one across tasks. Every call is `async` and throws only
/// ``ContactsServiceError``.
public final class ContactsService: Sendable {
    /// Gives the bearer token for a request. It is called before every request (and once more
    /// after a 401), so it should return a cached token and refresh it only when it is about to
    /// expire or has just been refused (``tokenWasRefused`` is true then).
    public typealias TokenProvider = @Sendable () async throws -> String

    /// True while the client calls a token provider again because the server has just refused
    /// the token it gave (HTTP 401: expired, revoked, or signed with a rotated secret); false
    /// on every other call. A provider that caches its token reads it to know when to get a
    /// new one even though its own clock says the cached one is still valid:
    ///
    /// ```swift
    /// tokenProvider: {
    ///     if ContactsService.tokenWasRefused || cache.expiresSoon { try await cache.refresh() }
    ///     return cache.token
    /// }
    /// ```
    @TaskLocal public static var tokenWasRefused = false

    /// The app-wide instance; calls fail with `not_configured` until
    /// ``configure(baseURL:tokenProvider:)`` is called.
    public static let shared = ContactsService(
        client: RPCClient(configuration: nil, sleep: RPCClient.taskSleeper), actingUserId: nil)

    /// The user this view acts as (sent as `params.as`), or `nil` when the token's user acts.
    public let actingUserId: String?

    /// Follows, follow status, followers and following, mutual follows, events and the feed.
    public let socialService: SocialService

    /// Digits-style Find Your Friends: address-book upload, matches, and deleting the uploads.
    public let friendFinder: FriendFinder

    let client: RPCClient

    /// An instance for the server at `baseURL` (requests go to `baseURL/rpc`), authorized by the
    /// tokens `tokenProvider` returns, with the default session configuration and retry policy.
    public convenience init(baseURL: URL, tokenProvider: @escaping TokenProvider) {
        self.init(baseURL: baseURL, tokenProvider: tokenProvider, sessionConfiguration: .default)
    }

    /// An instance for the server at `baseURL` with its own URL session configuration (timeouts,
    /// proxies, protocol classes) and retry policy.
    public convenience init(
        baseURL: URL, tokenProvider: @escaping TokenProvider, sessionConfiguration: URLSessionConfiguration,
        retryPolicy: RetryPolicy = .default
    ) {
        self.init(
            baseURL: baseURL, tokenProvider: tokenProvider, sessionConfiguration: sessionConfiguration,
            retryPolicy: retryPolicy, sleep: RPCClient.taskSleeper)
    }

    /// An instance whose waits between retries go through `sleep` (tests record them instead).
    package convenience init(
        baseURL: URL, tokenProvider: @escaping TokenProvider, sessionConfiguration: URLSessionConfiguration,
        retryPolicy: RetryPolicy, sleep: @escaping @Sendable (TimeInterval) async throws -> Void
    ) {
        let client = RPCClient(configuration: nil, sleep: sleep)
        client.configure(
            baseURL: baseURL, tokenProvider: tokenProvider, sessionConfiguration: sessionConfiguration,
            retryPolicy: retryPolicy)
        self.init(client: client, actingUserId: nil)
    }

    private init(client: RPCClient, actingUserId: String?) {
        self.client = client
        self.actingUserId = actingUserId
        socialService = SocialService(client: client, actingUserId: actingUserId)
        friendFinder = FriendFinder(client: client, actingUserId: actingUserId)
    }

    /// Points this instance, and every view made from it, at the server at `baseURL`, authorized
    /// by `tokenProvider`. Call it once at start-up on ``shared``; calling it again replaces both
    /// (for example when another user signs in) and keeps the session and retry policy. Calls
    /// already under way finish with the old configuration. When the base URL changes, the
    /// position seen so far is forgotten.
    public func configure(baseURL: URL, tokenProvider: @escaping TokenProvider) {
        client.configure(
            baseURL: baseURL, tokenProvider: tokenProvider, sessionConfiguration: nil, retryPolicy: nil)
    }

    /// ``configure(baseURL:tokenProvider:)`` with a new URL session configuration (timeouts,
    /// proxies, protocol classes) and retry policy; the old session finishes its tasks and is
    /// invalidated.
    public func configure(
        baseURL: URL, tokenProvider: @escaping TokenProvider, sessionConfiguration: URLSessionConfiguration,
        retryPolicy: RetryPolicy = .default
    ) {
        client.configure(
            baseURL: baseURL, tokenProvider: tokenProvider, sessionConfiguration: sessionConfiguration,
            retryPolicy: retryPolicy)
    }

    /// A view of this instance that acts as `userId`: every call sends `params.as = userId`
    /// (PROTOCOL §7: a service-scope token names the acting user there; a user token allows only
    /// its own `sub`, else `forbidden`). The view shares this instance's configuration, session
    /// and position, so what one view writes every other view reads. O(1).
    public func acting(as userId: String) -> ContactsService {
        ContactsService(client: client, actingUserId: userId)
    }

    /// The highest `Contacts-Position` this instance (or any of its views) has seen, which it
    /// sends as `Contacts-Min-Position`; 0 before the first answer.
    public var position: Int64 { client.positions.current }

    /// The retry policy of this instance and its views.
    public var retryPolicy: RetryPolicy { client.retryPolicy }

    /// Sends `call` as this view's acting user and decodes its result.
    func send<Result: Decodable>(_ call: RPCCall, expecting: Result.Type) async throws(ContactsServiceError) -> Result {
        try await client.send(call, actingUserId: actingUserId, expecting: expecting)
    }
}
