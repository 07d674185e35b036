internal import ContactsSupport

/// The tokens a ``JWTVerifier`` has verified, so that a client sending the same token on every
/// request pays for its signature and claims once.
///
/// Keyed by the whole token text, so only a byte-identical token hits; only tokens whose
/// signature and claims checked out are inserted (a forger cannot fill it); the time claims
/// are kept beside the result and checked again at every use, so a cached token still
/// expires. Bounded: two generations of at most half the capacity each; when the newer one
/// is full it becomes the older one and the oldest generation is dropped, and a hit in the
/// older generation moves the token to the newer one (an approximation of least recently used
/// at the cost of a dictionary operation).
package final class VerifiedTokenCache: Sendable {
    /// A verified token's time claims, in milliseconds since the Unix epoch.
    package struct Times: Hashable, Sendable {
        /// `exp`, rounded down.
        package var expiresAt: Int64
        /// `nbf`, rounded up, when present.
        package var notBefore: Int64?
        /// `iat`, rounded up, when present.
        package var issuedAt: Int64?

        /// Times with these values.
        package init(expiresAt: Int64, notBefore: Int64?, issuedAt: Int64?) {
            self.expiresAt = expiresAt
            self.notBefore = notBefore
            self.issuedAt = issuedAt
        }

        /// Checks the times against `now` with `leeway` (both in milliseconds): expired when
        /// `now - leeway >= exp`, not yet valid when `now + leeway < nbf`, issued in the future
        /// when `iat > now + leeway`. The arithmetic cannot overflow.
        package func check(now: Int64, leeway: Int64) throws(TokenError) {
            let now = Int128(now)
            let leeway = Int128(leeway)
            if now - leeway >= Int128(expiresAt) { throw .expired }
            if let notBefore, now + leeway < Int128(notBefore) { throw .notYetValid }
            if let issuedAt, Int128(issuedAt) > now + leeway { throw .issuedInFuture }
        }
    }

    /// A verified token and its time claims.
    package struct Entry: Hashable, Sendable {
        /// What the token says about its caller.
        package var token: VerifiedToken
        /// When it may be used.
        package var times: Times

        /// An entry with these values.
        package init(token: VerifiedToken, times: Times) {
            self.token = token
            self.times = times
        }
    }

    private struct Generations {
        var newer: [String: Entry] = [:]
        var older: [String: Entry] = [:]
    }

    private let generationCapacity: Int
    private let generations = ReadWriteLocked(Generations())

    /// A cache of at most `capacity` tokens; 0 makes a cache that keeps nothing.
    package init(capacity: Int) {
        generationCapacity = max(0, capacity) / 2
    }

    /// The entry for `token`, or nil when it was not verified here (or was forgotten).
    ///
    /// - Complexity: O(n) in the length of the token (one hash), under a shared lock; a hit in
    ///   the older generation takes the exclusive lock to move it.
    package func entry(for token: String) -> Entry? {
        guard generationCapacity > 0 else { return nil }
        if let entry = generations.read({ $0.newer[token] }) { return entry }
        return generations.write { generations in
            guard let entry = generations.older.removeValue(forKey: token) else { return nil }
            Self.insert(entry, for: token, into: &generations, capacity: generationCapacity)
            return entry
        }
    }

    /// Remembers `entry` for `token`.
    ///
    /// - Complexity: O(n) in the length of the token, amortized (a generation is dropped whole).
    package func insert(_ entry: Entry, for token: String) {
        guard generationCapacity > 0 else { return }
        generations.write { Self.insert(entry, for: token, into: &$0, capacity: generationCapacity) }
    }

    /// How many tokens are remembered (at most the capacity).
    package var count: Int {
        generations.read { $0.newer.count + $0.older.count }
    }

    private static func insert(_ entry: Entry, for token: String, into generations: inout Generations, capacity: Int) {
        if generations.newer.count >= capacity, generations.newer[token] == nil {
            generations.older = generations.newer
            generations.newer = Dictionary(minimumCapacity: capacity)
        }
        generations.newer[token] = entry
    }
}
