import Foundation

/// How a ``ContactsService`` retries calls that failed in a way trying again may cure.
///
/// Only calls that are safe to repeat are retried: every read, and the writes whose repetition
/// leaves the same state (`followUser`, `unfollowUser`, `followContact`, `unfollowContact`,
/// `uploadContacts`, and `createEvent` when it is given an `eventId`). They are retried after a
/// `network` failure (no HTTP answer), an HTTP 503, or an `unavailable` (-32013) answer, at most
/// ``maxAttempts`` times in all, waiting between tries:
///
/// - when the server sent a hint (`Retry-After`): that long, plus up to ``initialDelay`` of
///   random spread so that many clients do not come back at once; a hint longer than
///   ``maxRetryAfter`` is not waited for: the error is thrown with its
///   ``ContactsServiceError/retryAfter`` so that the app can decide;
/// - otherwise: exponential backoff with equal jitter, between half and all of
///   `min(maxDelay, initialDelay × 2^(n−1))` before retry `n`.
///
/// Independently of this policy, an HTTP 401 makes the client ask its token provider once more
/// and resend once (any method: a 401 is answered before anything is executed).
public struct RetryPolicy: Sendable, Hashable {
    /// Tries in all, the first included (at least 1; 1 never retries).
    public var maxAttempts: Int
    /// The backoff before the first retry, in seconds; each later one doubles, up to ``maxDelay``.
    public var initialDelay: TimeInterval
    /// The longest backoff between two tries, in seconds.
    public var maxDelay: TimeInterval
    /// The longest server-requested wait (`Retry-After`) the client waits out by itself, in seconds.
    public var maxRetryAfter: TimeInterval

    /// A policy; values below their minimum are raised to it (1 attempt, 0 seconds; NaN is 0).
    public init(maxAttempts: Int, initialDelay: TimeInterval, maxDelay: TimeInterval, maxRetryAfter: TimeInterval) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = Self.seconds(initialDelay)
        self.maxDelay = Self.seconds(maxDelay)
        self.maxRetryAfter = Self.seconds(maxRetryAfter)
    }

    private static func seconds(_ value: TimeInterval) -> TimeInterval {
        value > 0 ? value : 0
    }

    /// Four tries over about two seconds of backoff; `Retry-After` hints up to 10 s waited out.
    ///
    /// A quarter of a second first lets a dropped keep-alive connection or a failover of the
    /// load balancer pass without the user noticing; three retries doubling from it (0.25, 0.5,
    /// 1 s, halved at worst by jitter) outlast a brief outage without holding a screen for
    /// long; 10 s covers an engine loading its store at start-up (its 503 says how long).
    public static let `default` = RetryPolicy(maxAttempts: 4, initialDelay: 0.25, maxDelay: 2, maxRetryAfter: 10)

    /// Never retries (the 401 token refresh still happens).
    public static let never = RetryPolicy(maxAttempts: 1, initialDelay: 0, maxDelay: 0, maxRetryAfter: 0)

    /// The wait before retry number `retry` (1 for the first retry), or `nil` when the policy
    /// gives up: no tries left, or the server asked for a longer wait than ``maxRetryAfter``.
    /// `random` is a uniform draw from `0..<1`.
    package func delay(beforeRetry retry: Int, retryAfter: TimeInterval?, random: Double) -> TimeInterval? {
        guard retry >= 1, retry < maxAttempts else { return nil }
        if let retryAfter {
            guard retryAfter <= maxRetryAfter else { return nil }
            return max(0, retryAfter) + random * initialDelay
        }
        let doublings = Double(min(retry - 1, 62))
        let backoff = min(maxDelay, initialDelay * pow(2, doublings))
        return backoff / 2 + random * backoff / 2
    }
}
