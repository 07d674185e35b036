package import ContactsJSON

/// Makes HS256 tokens that ``JWTVerifier`` accepts: for the `contacts token` command and for
/// tests (production tokens come from the app's identity service, signed with the same secret).
///
/// ```swift
/// let signer = try JWTSigner(secret: secret)
/// let token = try signer.sign(subject: "u1", expiresAt: now + 3_600_000)
/// ```
public final class JWTSigner: Sendable {
    /// The JOSE header of every token made here.
    private static let encodedHeader = Base64URL.encode(#"{"alg":"HS256","typ":"JWT"}"#.utf8)

    private let mac: HMACSHA256

    /// A signer with `secret`.
    ///
    /// - Throws: ``CryptoError`` when libcrypto cannot provide HMAC-SHA256.
    public init(secret: JWTSecret) throws(CryptoError) {
        mac = try HMACSHA256(key: secret.bytes)
    }

    /// A compact token for `subject` with these claims, in this order: `sub`, `aud`, `scope`
    /// (`"service"` when `isService`), `iat`, `nbf`, `exp`. Times are milliseconds since the
    /// Unix epoch, written as NumericDate seconds (a fraction only when they are not whole
    /// seconds); nil leaves the claim out.
    ///
    /// The subject is written as given, even when it is not a valid id, so that tests can make
    /// tokens the verifier must refuse.
    /// - Throws: ``CryptoError`` when libcrypto fails (out of memory).
    public func sign(
        subject: String,
        expiresAt: Int64,
        notBefore: Int64? = nil,
        issuedAt: Int64? = nil,
        audience: String? = nil,
        isService: Bool = false
    ) throws(CryptoError) -> String {
        var claims: [(String, JSONValue)] = [("sub", .string(subject))]
        if let audience { claims.append(("aud", .string(audience))) }
        if isService { claims.append(("scope", .string("service"))) }
        if let issuedAt { claims.append(("iat", Self.numericDate(issuedAt))) }
        if let notBefore { claims.append(("nbf", Self.numericDate(notBefore))) }
        claims.append(("exp", Self.numericDate(expiresAt)))
        return try sign(claims: JSONObject(claims))
    }

    /// A compact token whose claims are exactly `claims` (any JSON object), for tests that
    /// need claims ``sign(subject:expiresAt:notBefore:issuedAt:audience:isService:)`` does not make.
    package func sign(claims: JSONObject) throws(CryptoError) -> String {
        try sign(encodedHeader: Self.encodedHeader, payload: Array(JSONValue.object(claims).jsonText.utf8))
    }

    /// A compact token with this already base64url-encoded header and these payload bytes,
    /// for tests that need a header this signer never makes.
    package func sign(encodedHeader: String, payload: [UInt8]) throws(CryptoError) -> String {
        let signingInput = encodedHeader + "." + Base64URL.encode(payload)
        let signature = try Array(signingInput.utf8).withUnsafeBufferPointer { bytes throws(CryptoError) in
            try mac.authenticationCode(of: UnsafeRawBufferPointer(bytes))
        }
        return signingInput + "." + Base64URL.encode(signature)
    }

    private static func numericDate(_ milliseconds: Int64) -> JSONValue {
        .number(JSONNumber(validatedLiteral: NumericDate.literal(milliseconds: milliseconds)))
    }
}
