internal import ContactsJSON
public import ContactsSupport

/// Verifies HS256 bearer tokens (RFC 7519 JWTs in RFC 7515 compact serialization) by the
/// rules of PROTOCOL §7, "Who is calling".
///
/// A token is accepted when, in this order: it is three strict base64url parts; its header is
/// a JSON object whose `alg` is exactly `HS256` (every other alg, `none` included, is refused),
/// whose `typ`, if present, is JWT, and that has no `crit`; its signature is the HMAC-SHA256 of
/// `header.payload` under the secret (compared in constant time); and its claims are a JSON
/// object with a valid-id `sub`, a numeric `exp` not yet passed, any `nbf` reached and any
/// `iat` not in the future (all with ``leeway``), and, when ``audience`` is set, an `aud`
/// naming it. Nothing about the claims is looked at before the signature is checked.
///
/// ```swift
/// let verifier = try JWTVerifier(secret: secret, audience: "contacts")
/// let caller = try verifier.verify(bearerToken)   // throws TokenError → 401
/// ```
///
/// Thread-safe: one verifier serves every connection. Verified tokens are remembered in a
/// small cache keyed by the whole token (see ``VerifiedTokenCache``); the time claims are
/// checked again at each use.
public final class JWTVerifier: Sendable {
    /// The leeway PROTOCOL §7 sets for `exp`, `nbf` and `iat`: 30 s.
    public static let defaultLeeway: Duration = .seconds(30)

    /// The longest token accepted, in bytes: far above what a JWT with the claims here needs
    /// (about 200 bytes), and a bound on the work a hostile token can cause.
    public static let maximumTokenByteCount = 8192

    /// How many verified tokens a verifier remembers unless told otherwise: several tokens for
    /// each of the service's default 1024 connections, at a few hundred bytes each.
    public static let defaultCacheCapacity = 8192

    /// The audience tokens must name in `aud`, or nil when `aud` is not checked.
    public let audience: String?
    /// How far `exp`, `nbf` and `iat` may be off from the verifier's clock.
    public let leeway: Duration

    private let leewayMilliseconds: Int64
    private let clock: @Sendable () -> Int64
    private let mac: HMACSHA256
    private let cache: VerifiedTokenCache

    /// A verifier for tokens signed with `secret`.
    ///
    /// - Parameters:
    ///   - audience: when set, a token's `aud` (a string or an array of strings) must contain
    ///     it (byte for byte); a token without `aud` is then refused.
    ///   - leeway: clock skew allowed for the time claims (whole milliseconds; not negative).
    ///   - clock: milliseconds since the Unix epoch, for ``verify(_:)``.
    ///   - cacheCapacity: how many verified tokens are remembered (0: none).
    /// - Throws: ``CryptoError`` when libcrypto cannot provide HMAC-SHA256.
    public init(
        secret: JWTSecret,
        audience: String? = nil,
        leeway: Duration = defaultLeeway,
        clock: @escaping @Sendable () -> Int64 = WallClock.milliseconds,
        cacheCapacity: Int = defaultCacheCapacity
    ) throws(CryptoError) {
        precondition(leeway >= .zero, "a token leeway cannot be negative")
        self.audience = audience
        self.leeway = leeway
        let (seconds, attoseconds) = leeway.components
        leewayMilliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        self.clock = clock
        mac = try HMACSHA256(key: secret.bytes)
        cache = VerifiedTokenCache(capacity: cacheCapacity)
    }

    /// The caller that `token` (the text after `Bearer `) vouches for, now by the verifier's clock.
    ///
    /// - Complexity: O(n) in the length of the token.
    /// - Throws: ``TokenError`` saying why the token is refused.
    public func verify(_ token: String) throws(TokenError) -> VerifiedToken {
        try verify(token, now: clock())
    }

    /// The caller that `token` vouches for at time `now` (milliseconds since the Unix epoch).
    ///
    /// - Complexity: O(n) in the length of the token; a token verified before costs one hash
    ///   of its text and a lock.
    /// - Throws: ``TokenError`` saying why the token is refused.
    public func verify(_ token: String, now: Int64) throws(TokenError) -> VerifiedToken {
        guard token.utf8.count <= Self.maximumTokenByteCount else {
            throw .malformed("is longer than \(Self.maximumTokenByteCount) bytes")
        }
        // ASCII first: a cached token is ASCII, and ASCII strings are equal as `String`s only
        // when their bytes are (no canonical equivalence can match a different spelling).
        guard withUTF8(of: token, { $0.allSatisfy { $0 < 0x80 } }) else {
            throw .malformed("has a byte that is not ASCII")
        }
        if let entry = cache.entry(for: token) {
            try entry.times.check(now: now, leeway: leewayMilliseconds)
            return entry.token
        }
        let entry = try withUTF8(of: token) { bytes in
            Result { () throws(TokenError) in try verifySignedToken(bytes) }
        }.get()
        try entry.times.check(now: now, leeway: leewayMilliseconds)
        cache.insert(entry, for: token)
        return entry.token
    }

    /// Everything but the time checks: structure, header, signature, then the claims.
    private func verifySignedToken(_ bytes: UnsafeRawBufferPointer) throws(TokenError) -> VerifiedTokenCache.Entry {
        guard let firstDot = bytes.firstIndex(of: UInt8(ascii: ".")),
            let secondDot = bytes[(firstDot + 1)...].firstIndex(of: UInt8(ascii: "."))
        else { throw .malformed("is not three base64url parts separated by dots") }
        guard !bytes[(secondDot + 1)...].contains(UInt8(ascii: ".")) else {
            throw .malformed("has more than three parts")
        }
        let header = try Self.object(in: UnsafeRawBufferPointer(rebasing: bytes[..<firstDot]), named: "header")
        try Self.checkHeader(header)
        let signature: [UInt8]
        do {
            signature = try Base64URL.decode(UnsafeRawBufferPointer(rebasing: bytes[(secondDot + 1)...]))
        } catch {
            throw .malformed("signature \(error)")
        }
        let expected: [UInt8]
        do {
            expected = try mac.authenticationCode(of: UnsafeRawBufferPointer(rebasing: bytes[..<secondDot]))
        } catch {
            throw .cryptoFailure(error)
        }
        guard HMACSHA256.constantTimeEquals(expected, signature) else { throw .badSignature }
        let claims = try Self.object(
            in: UnsafeRawBufferPointer(rebasing: bytes[(firstDot + 1)..<secondDot]), named: "payload")
        return try checkClaims(claims)
    }

    /// The JSON object that a base64url part encodes.
    private static func object(in part: UnsafeRawBufferPointer, named name: String) throws(TokenError) -> JSONObject {
        let json: [UInt8]
        do {
            json = try Base64URL.decode(part)
        } catch {
            throw .malformed("\(name) \(error)")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(json)
        } catch {
            throw .malformed("\(name) is not JSON (\(error))")
        }
        guard let object = value.objectValue else { throw .malformed("\(name) is not a JSON object") }
        return object
    }
}
