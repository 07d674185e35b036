import ContactsJSON
import ContactsSupport

/// Who sent a request, as its transport vouches for them (PROTOCOL §7 "Who is calling").
public enum RPCCaller: Hashable, Sendable {
    /// Whoever holds the transport speaks for every user: `params.as` names the acting user
    /// (the stdio transport, and in-process hosts).
    case trusted
    /// A user's token: the caller acts only as `subject`; `params.as` may be absent or equal
    /// to it, and `registerUser` registers `subject` itself.
    case user(subject: String)
    /// A service-scope token (the app's own backend): it names the acting user in
    /// `params.as`, as the trusted transport does, and may register any user id.
    case service(subject: String)
}

extension RPCCaller {
    /// The params a user-token caller's request runs with: the acting user filled in from the
    /// token when absent (`as`, or `userId` for `registerUser`).
    ///
    /// - Throws: `forbidden` when the params name another user.
    func authorizedParams(_ params: JSONObject, method: String) throws(RPCError) -> JSONObject {
        guard case .user(let subject) = self else { return params }
        let key = method.utf8Equals("registerUser") ? "userId" : "as"
        var authorized = params
        switch params[key] {
        case nil, .null?:
            authorized[key] = .string(subject)
        case .string(let named)? where named.utf8Equals(subject):
            break
        default:
            throw RPCError(.forbidden, "the token is for user '\(subject)'; it cannot act as another user ('\(key)')")
        }
        return authorized
    }
}
