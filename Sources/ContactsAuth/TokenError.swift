/// Why a bearer token was refused, in words fit for the body of a 401 answer.
///
/// Every case but ``cryptoFailure(_:)`` is the caller's fault (answer 401 with
/// `WWW-Authenticate: Bearer`); ``cryptoFailure(_:)`` is the server's (answer 500). The
/// descriptions never echo the token, the secret or a claim's value; only an unaccepted
/// `alg` is named (shortened, printable ASCII only).
public enum TokenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a JWS compact serialization of two JSON objects and a signature; says what is wrong.
    case malformed(String)
    /// The header's `alg` is not exactly `HS256` (`none`, `HS512`, `hs256`, …); holds the alg.
    case algorithmNotAccepted(String)
    /// A header parameter that is not honoured: a `typ` other than JWT, or any `crit`.
    case unsupportedHeader(String)
    /// The signature is not the HMAC-SHA256 of the header and claims under the secret.
    case badSignature
    /// A required claim (`sub`, `exp`, and `aud` when an audience is configured) is absent.
    case missingClaim(String)
    /// A claim has the wrong type or value: the claim's name and the problem.
    case invalidClaim(String, problem: String)
    /// `exp` has passed (beyond the leeway).
    case expired
    /// `nbf` has not come yet (beyond the leeway).
    case notYetValid
    /// `iat` is in the future (beyond the leeway).
    case issuedInFuture
    /// `aud` does not name the configured audience.
    case wrongAudience
    /// libcrypto failed while computing the signature (the server's fault, not the token's).
    case cryptoFailure(CryptoError)

    /// The longest `alg` shown in a message, in characters: enough for every registered JWS
    /// algorithm name, short enough that a hostile header cannot fill the answer.
    private static let maximumShownAlgorithmLength = 32

    /// The problem, in words: "token expired", "alg 'none' is not accepted", …
    public var description: String {
        switch self {
        case .malformed(let problem): "malformed token: \(problem)"
        case .algorithmNotAccepted(let algorithm): "alg '\(Self.shown(algorithm))' is not accepted (only HS256 is)"
        case .unsupportedHeader(let problem): "token header \(problem)"
        case .badSignature: "bad signature"
        case .missingClaim(let name): "token has no '\(name)' claim"
        case .invalidClaim(let name, let problem): "token claim '\(name)' \(problem)"
        case .expired: "token expired"
        case .notYetValid: "token not valid yet"
        case .issuedInFuture: "token issued in the future"
        case .wrongAudience: "token is not for this audience"
        case .cryptoFailure(let error): "cannot check the token: \(error)"
        }
    }

    /// `algorithm` made safe to show: printable ASCII kept, anything else as `?`, cut short.
    private static func shown(_ algorithm: String) -> String {
        var shown = ""
        for (index, scalar) in algorithm.unicodeScalars.enumerated() {
            if index == maximumShownAlgorithmLength {
                shown += "..."
                break
            }
            shown.unicodeScalars.append((0x20...0x7E).contains(scalar.value) ? scalar : "?")
        }
        return shown
    }
}
