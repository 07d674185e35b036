/// What a verified bearer token says about its caller (PROTOCOL §7, "Who is calling").
public struct VerifiedToken: Hashable, Sendable {
    /// The `sub` claim: a valid id (1–128 UTF-8 bytes, no Cc code point). For a user token,
    /// the acting user; for a service token, only who the backend is.
    public let subject: String
    /// True for the app's own backend (`scope` holds `service`): it names the acting user in
    /// `params.as` and may register any user.
    public let isService: Bool
    /// When the token expires (`exp`), in milliseconds since the Unix epoch, rounded down.
    public let expiresAt: Int64

    /// A verified token with these claims.
    public init(subject: String, isService: Bool, expiresAt: Int64) {
        self.subject = subject
        self.isService = isService
        self.expiresAt = expiresAt
    }
}
