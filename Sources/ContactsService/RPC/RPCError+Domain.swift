import ContactsCore

extension RPCError {
    /// The JSON-RPC error of an engine refusal: the one place where the domain's errors meet
    /// PROTOCOL §5's reasons. A bad value is `invalid_params` naming the param; unknown users
    /// and contacts `not_found`; a phone or event id held by another user `conflict`; an
    /// upload over the day's budget `rate_limited` with the wait; an unreachable store
    /// `unavailable`; anything else `internal`.
    public init(_ error: ContactsError) {
        switch error {
        case .invalidValue(let field, let problem):
            self.init(.invalidParams, "param '\(field)' \(problem)")
        case .selfFollow:
            self.init(.invalidParams, error.description)
        case .unknownUser, .unknownContact, .unmatchedContact:
            self.init(.notFound, error.description)
        case .phoneTaken, .eventTaken:
            self.init(.conflict, error.description)
        case .overBudget(_, _, _, let retryAfterMilliseconds):
            self.init(.rateLimited, error.description, retryAfterMs: retryAfterMilliseconds)
        case .unavailable:
            self.init(.unavailable, error.description)
        case .internalFailure:
            self.init(.internalError, error.description)
        }
    }
}
