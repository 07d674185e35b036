/// Who a request's credentials vouch for, as the application's `checkHead` established it
/// (see ``HTTPRequestHead/principal``): the handler reads it instead of checking the
/// credentials a second time.
public struct HTTPPrincipal: Sendable, Hashable {
    /// The authenticated subject, such as a bearer token's `sub` claim.
    public var subject: String

    /// The scope the credentials grant, such as a bearer token's `scope` claim; nil for none.
    public var scope: String?

    /// A principal with this subject and scope.
    public init(subject: String, scope: String? = nil) {
        self.subject = subject
        self.scope = scope
    }
}
