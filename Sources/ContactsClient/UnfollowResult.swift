/// The answer to ``SocialService/unfollowUser(userId:)`` and
/// ``SocialService/unfollowContact(followedId:)``: `success` is false when there was no follow
/// to remove (also after a retry of a call whose first answer was lost).
public struct UnfollowResult: Sendable, Hashable, Decodable {
    /// True when this call removed a follow.
    public var success: Bool?
    /// For contact unfollows: the registered user the contact resolved to; `nil` for users.
    public var userId: String?

    /// A result.
    public init(success: Bool?, userId: String? = nil) {
        self.success = success
        self.userId = userId
    }

    private enum CodingKeys: String, CodingKey {
        case success
        case userId
    }

    /// Reads `{success, userId?}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        success = try container.decodeIfPresent(Bool.self, forKey: .success)
        userId = try container.decodeIfPresent(String.self, forKey: .userId)
    }
}
