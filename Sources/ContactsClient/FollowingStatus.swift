import Foundation

/// Whether the acting user follows someone, and since when.
public struct FollowingStatus: Sendable, Hashable, Decodable {
    /// True when the acting user follows them.
    public var isFollowing: Bool
    /// When the follow was made; `nil` when not following.
    public var since: Date?
    /// For ``SocialService/isFollowingContact(followedId:)``: the registered user the contact
    /// resolved to; `nil` otherwise.
    public var userId: String?

    /// A status.
    public init(isFollowing: Bool, since: Date?, userId: String? = nil) {
        self.isFollowing = isFollowing
        self.since = since
        self.userId = userId
    }

    private enum CodingKeys: String, CodingKey {
        case isFollowing
        case since
        case userId
    }

    /// Reads `{isFollowing, since, userId?}` (`since` in ms since the epoch, or null).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isFollowing = try container.decode(Bool.self, forKey: .isFollowing)
        since = try container.decodeTimeIfPresent(forKey: .since)
        userId = try container.decodeIfPresent(String.self, forKey: .userId)
    }
}
