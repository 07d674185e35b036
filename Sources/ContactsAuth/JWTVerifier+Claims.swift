internal import ContactsJSON
internal import ContactsModel
internal import ContactsSupport

extension JWTVerifier {
    /// The claims whose meaning would be ambiguous if repeated.
    private static let watchedClaimNames = ["sub", "exp", "nbf", "iat", "aud", "scope"]

    /// The scope token that makes a service token (PROTOCOL §7: `"scope": "service"`).
    private static let serviceScope = "service"

    /// Checks the claims of a correctly signed token, except the time checks, which are made
    /// at each use (``VerifiedTokenCache/Times/check(now:leeway:)``).
    ///
    /// - `sub`: required, a string that is a valid id (1–128 UTF-8 bytes, no Cc code point).
    /// - `exp`: required; `nbf`, `iat`: optional; each a JSON number of seconds, fractions
    ///   allowed (RFC 7519 §2), read exactly to the millisecond (``NumericDate``).
    /// - `aud`: a string or an array of strings, whenever present; it must contain
    ///   ``audience`` when one is set, and is then required.
    /// - `scope`: a string, whenever present; a space-separated list of scope tokens (as in
    ///   RFC 8693 §4.2), and a token whose list holds `service` is a service token.
    func checkClaims(_ claims: JSONObject) throws(TokenError) -> VerifiedTokenCache.Entry {
        if let repeated = Self.repeatedName(in: claims, among: Self.watchedClaimNames) {
            throw .malformed("claims repeat '\(repeated)'")
        }
        guard let subjectValue = claims["sub"] else { throw .missingClaim("sub") }
        guard let subject = subjectValue.stringValue else { throw .invalidClaim("sub", problem: "is not a string") }
        if let problem = Identifier.problem(with: subject) {
            throw .invalidClaim("sub", problem: "is not a valid id (it \(problem))")
        }
        guard let expiry = claims["exp"] else { throw .missingClaim("exp") }
        let times = VerifiedTokenCache.Times(
            expiresAt: try Self.numericDate(expiry, claim: "exp", rounding: .down),
            notBefore: try claims["nbf"].map { value throws(TokenError) in
                try Self.numericDate(value, claim: "nbf", rounding: .up)
            },
            issuedAt: try claims["iat"].map { value throws(TokenError) in
                try Self.numericDate(value, claim: "iat", rounding: .up)
            })
        let audiences = try claims["aud"].map { value throws(TokenError) in try Self.audiences(value) }
        if let audience {
            guard let audiences else { throw .missingClaim("aud") }
            guard audiences.contains(where: { $0.utf8Equals(audience) }) else { throw .wrongAudience }
        }
        let isService = try claims["scope"].map { value throws(TokenError) in try Self.hasServiceScope(value) } ?? false
        return VerifiedTokenCache.Entry(
            token: VerifiedToken(subject: subject, isService: isService, expiresAt: times.expiresAt),
            times: times)
    }

    private static func numericDate(
        _ value: JSONValue, claim: String, rounding: NumericDate.Rounding
    ) throws(TokenError) -> Int64 {
        guard case .number(let number) = value else { throw .invalidClaim(claim, problem: "is not a number") }
        guard let milliseconds = NumericDate.milliseconds(number, rounding: rounding) else {
            throw .invalidClaim(claim, problem: "is out of range")
        }
        return milliseconds
    }

    private static func audiences(_ value: JSONValue) throws(TokenError) -> [String] {
        if let single = value.stringValue { return [single] }
        let problem = "is not a string or an array of strings"
        guard let elements = value.arrayValue else { throw .invalidClaim("aud", problem: problem) }
        var audiences: [String] = []
        audiences.reserveCapacity(elements.count)
        for element in elements {
            guard let audience = element.stringValue else { throw .invalidClaim("aud", problem: problem) }
            audiences.append(audience)
        }
        return audiences
    }

    private static func hasServiceScope(_ value: JSONValue) throws(TokenError) -> Bool {
        guard let scope = value.stringValue else { throw .invalidClaim("scope", problem: "is not a string") }
        return scope.utf8.split(separator: UInt8(ascii: " ")).contains { $0.elementsEqual(serviceScope.utf8) }
    }
}
