extension ContactsService {
    /// Registers a user with their phone number (`registerUser`), or replaces the phone and
    /// display name of one already registered (follows, uploads and events are kept).
    ///
    /// `userId` defaults to this view's ``actingUserId``; with neither (a user token) the server
    /// registers the token's own user. A user token may register only itself (else
    /// `forbidden`); a service-scope token any user. `phone` is normalized with `region`
    /// (without one it must start with `+`); `invalid_params` when it does not normalize,
    /// `conflict` when another user holds it. Not retried (the app knows whether repeating a
    /// registration is what it wants).
    @discardableResult
    public func registerUser(
        userId: String? = nil, phone: String, region: String? = nil, displayName: String? = nil
    ) async throws(ContactsServiceError) -> RegisteredUser {
        var params = RPCParams()
        params.set("userId", userId ?? actingUserId)
        params.set("phone", phone)
        params.set("region", region)
        params.set("displayName", displayName)
        return try await send(
            RPCCall(method: "registerUser", params: params, repetition: .unsafe, sendsActingUser: false),
            expecting: RegisteredUser.self)
    }

    /// Deletes the acting user (`deleteUser`): their registration, follows both ways, uploaded
    /// contacts, events and recent searches. Other users' contacts holding their number stay
    /// but stop matching. Returns true once deleted; throws `not_found` for an unknown user.
    /// Not retried (a retry after a lost answer would say `not_found`).
    @discardableResult
    public func deleteUser() async throws(ContactsServiceError) -> Bool {
        try await send(
            RPCCall(method: "deleteUser", params: RPCParams(), repetition: .unsafe), expecting: SuccessResult.self
        ).success
    }
}
