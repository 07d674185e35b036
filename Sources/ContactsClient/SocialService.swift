import Foundation

/// The follow graph, events and the feed of the acting user: ``ContactsService/socialService``.
///
/// Every method is `async` and throws ``ContactsServiceError``. Reads are retried after
/// network failures, 503 and `unavailable` (see ``RetryPolicy``); each write says whether it is.
public struct SocialService: Sendable {
    let client: RPCClient
    let actingUserId: String?

    /// Calls `method` with `params` as the acting user.
    func send<Result: Decodable>(
        _ method: String, _ params: RPCParams, _ repetition: RPCCall.Repetition, expecting: Result.Type
    ) async throws(ContactsServiceError) -> Result {
        try await client.send(
            RPCCall(method: method, params: params, repetition: repetition), actingUserId: actingUserId,
            expecting: expecting)
    }

    /// Params holding one member.
    static func params(_ key: String, _ value: any Encodable & Sendable) -> RPCParams {
        var params = RPCParams()
        params.set(key, value)
        return params
    }

    /// `skip` and `limit`, each left out when nil (server defaults: 0 and 20).
    static func page(skip: Int?, limit: Int?) -> RPCParams {
        var params = RPCParams()
        params.set("skip", skip)
        params.set("limit", limit)
        return params
    }

    // MARK: Users

    /// Follows the user `userId` (`followUser`).
    ///
    /// Returns `success: true` when the follow was made now, `alreadyFollowing: true` when it
    /// existed. Retried (following twice is following once; a retry after a lost answer
    /// reports `alreadyFollowing`). Throws `invalid_params` for yourself, `not_found` for an
    /// unknown user.
    @discardableResult
    public func followUser(userId: String) async throws(ContactsServiceError) -> FollowResult {
        try await send("followUser", Self.params("userId", userId), .safe, expecting: FollowResult.self)
    }

    /// Stops following `userId` (`unfollowUser`); `success` is false when there was no follow.
    /// Retried. Throws `not_found` for an unknown user.
    @discardableResult
    public func unfollowUser(userId: String) async throws(ContactsServiceError) -> UnfollowResult {
        try await send("unfollowUser", Self.params("userId", userId), .safe, expecting: UnfollowResult.self)
    }

    /// Whether the acting user follows `userId`, and since when (`isFollowingUser`). Retried.
    /// Throws `not_found` for an unknown user.
    public func isFollowingUser(userId: String) async throws(ContactsServiceError) -> FollowingStatus {
        try await send("isFollowingUser", Self.params("userId", userId), .safe, expecting: FollowingStatus.self)
    }

    /// The follow status of each of `userIds` (at most 1,000, duplicates counted), keyed by id
    /// (`checkBatchFollowingStatus`). Unknown ids and the acting user are simply not followed.
    /// Retried.
    ///
    /// - Note: The keys are Swift strings, which compare canonically: two ids that differ only in
    ///   Unicode normalization are distinct to the server but one key here.
    public func checkBatchFollowingStatus(
        userIds: [String]
    ) async throws(ContactsServiceError) -> [String: FollowingStatus] {
        try await send(
            "checkBatchFollowingStatus", Self.params("userIds", userIds), .safe, expecting: StatusesResult.self
        ).statuses
    }

    /// The users who follow the acting user, newest follow first (`getFollowers`); each item's
    /// ``FollowRelationship/follower`` is set. `skip` ≥ 0 and `limit` 1–1000 (default 20).
    /// Retried.
    public func getFollowers(skip: Int? = nil, limit: Int? = nil) async throws(ContactsServiceError) -> RelationshipPage
    {
        try await relationships("getFollowers", skip: skip, limit: limit, listing: .followers)
    }

    /// The users the acting user follows, newest follow first (`getFollowing`); each item's
    /// ``FollowRelationship/following`` is set. Retried.
    public func getFollowing(skip: Int? = nil, limit: Int? = nil) async throws(ContactsServiceError) -> RelationshipPage
    {
        try await relationships("getFollowing", skip: skip, limit: limit, listing: .following)
    }

    /// The users who follow the acting user and whom they follow back, by when that became
    /// mutual, newest first (`getMutualFollows`); both ``FollowRelationship/follower`` and
    /// ``FollowRelationship/following`` are set. Retried.
    public func getMutualFollows(
        skip: Int? = nil, limit: Int? = nil
    ) async throws(ContactsServiceError) -> RelationshipPage {
        try await relationships("getMutualFollows", skip: skip, limit: limit, listing: .mutual)
    }

    private func relationships(
        _ method: String, skip: Int?, limit: Int?, listing: RelationshipListing
    ) async throws(ContactsServiceError) -> RelationshipPage {
        let page = try await send(
            method, Self.page(skip: skip, limit: limit), .safe, expecting: ResultPage<RelationshipItem>.self)
        return RelationshipPage(
            items: page.items.map { $0.relationship(in: listing) }, total: page.total, skip: page.skip,
            limit: page.limit)
    }

    // MARK: Contacts

    /// Whether the acting user follows the registered user whose phone is in their contact
    /// `followedId` (`isFollowingContact`); ``FollowingStatus/userId`` names that user. Retried.
    /// Throws `not_found` when no registered user has the contact's phones.
    public func isFollowingContact(followedId: String) async throws(ContactsServiceError) -> FollowingStatus {
        try await send(
            "isFollowingContact", Self.params("contactId", followedId), .safe, expecting: FollowingStatus.self)
    }

    /// Follows the registered user whose phone is in the acting user's contact `followedId`
    /// (`followContact`; when several users match, the smallest user id). `contactId`, when
    /// given, names the same contact (the SDK's second argument) and must equal `followedId`:
    /// else `invalid_params`, and nothing is sent. ``FollowResult/userId`` names the user.
    /// Retried like ``followUser(userId:)``. Throws `not_found` when no user matches.
    @discardableResult
    public func followContact(
        followedId: String, contactId: String? = nil
    ) async throws(ContactsServiceError) -> FollowResult {
        if let contactId, contactId.utf8.elementsEqual(followedId.utf8) == false {
            throw ContactsServiceError(
                reason: ContactsServiceError.Reason.invalidParams,
                message: "followContact: contactId \(contactId.debugDescription) is not followedId "
                    + "\(followedId.debugDescription); both name the contact to follow")
        }
        return try await send(
            "followContact", Self.params("contactId", followedId), .safe, expecting: FollowResult.self)
    }

    /// Stops following the registered user whose phone is in contact `followedId`
    /// (`unfollowContact`). Retried. Throws `not_found` when no user matches.
    @discardableResult
    public func unfollowContact(followedId: String) async throws(ContactsServiceError) -> UnfollowResult {
        try await send("unfollowContact", Self.params("contactId", followedId), .safe, expecting: UnfollowResult.self)
    }
}
