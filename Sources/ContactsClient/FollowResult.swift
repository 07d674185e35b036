/// The answer to ``SocialService/followUser(userId:)`` and
/// ``SocialService/followContact(followedId:contactId:)``.
///
/// `success` is true when this call made the follow, `alreadyFollowing` when it existed before
/// (then `success` is false). After a retry of a call whose first answer was lost, a follow
/// made by the first try reports `alreadyFollowing`.
public struct FollowResult: Sendable, Hashable, Decodable {
    /// True when this call made the follow.
    public var success: Bool?
    /// True when the follow existed already.
    public var alreadyFollowing: Bool?
    /// For contact follows: the registered user the contact resolved to; `nil` for user follows.
    public var userId: String?

    /// A result.
    public init(success: Bool?, alreadyFollowing: Bool?, userId: String? = nil) {
        self.success = success
        self.alreadyFollowing = alreadyFollowing
        self.userId = userId
    }

    private enum CodingKeys: String, CodingKey {
        case success
        case alreadyFollowing
        case userId
    }

    /// Reads `{success, alreadyFollowing, userId?}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        success = try container.decodeIfPresent(Bool.self, forKey: .success)
        alreadyFollowing = try container.decodeIfPresent(Bool.self, forKey: .alreadyFollowing)
        userId = try container.decodeIfPresent(String.self, forKey: .userId)
    }
}
