import ContactsAuth

/// Makes tokens with any header and claims text, signed with a test secret: the verifier's
/// tests need tokens no well-behaved signer makes.
struct TokenFactory {
    let secret: JWTSecret
    let signer: JWTSigner

    /// The times the tests use: 2023-11-14T22:13:20Z, in seconds and milliseconds.
    static let nowSeconds: Int64 = 1_700_000_000
    static let now: Int64 = nowSeconds * 1000

    init(secret: String = "test-secret-of-at-least-32-bytes!") throws {
        self.secret = try JWTSecret(bytes: Array(secret.utf8))
        signer = try JWTSigner(secret: self.secret)
    }

    /// A verifier for this factory's secret.
    func verifier(audience: String? = nil, leeway: Duration = JWTVerifier.defaultLeeway) throws -> JWTVerifier {
        try JWTVerifier(secret: secret, audience: audience, leeway: leeway, clock: { Self.now })
    }

    /// A token with this header and these claims, as JSON text, correctly signed.
    func token(header: String = #"{"alg":"HS256","typ":"JWT"}"#, claims: String) throws -> String {
        try signer.sign(encodedHeader: Base64URL.encode(header.utf8), payload: Array(claims.utf8))
    }

    /// A token with claims `{"sub":"u1","exp":<now + 1 h>}` plus `extra` members (JSON text
    /// without braces, e.g. `"aud":"x"`), correctly signed.
    func token(extraClaims extra: String) throws -> String {
        try token(claims: #"{"sub":"u1","exp":\#(Self.nowSeconds + 3600)"# + (extra.isEmpty ? "" : "," + extra) + "}")
    }
}

/// The error `body` throws, or nil when it returns.
func tokenError(_ body: () throws(TokenError) -> VerifiedToken) -> TokenError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
