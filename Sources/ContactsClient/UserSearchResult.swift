/// A registered user found by ``ContactsService/searchUsers(query:skip:limit:)``.
public struct UserSearchResult: Sendable, Hashable, Decodable, Identifiable {
    /// The user's id.
    public var userId: String
    /// The registered display name that matched.
    public var displayName: String?
    /// Whether the acting user follows them.
    public var isFollowing: Bool

    /// The user's id, for `Identifiable`.
    public var id: String { userId }

    /// A result.
    public init(userId: String, displayName: String?, isFollowing: Bool) {
        self.userId = userId
        self.displayName = displayName
        self.isFollowing = isFollowing
    }

    private enum CodingKeys: String, CodingKey {
        case userId
        case displayName
        case isFollowing
    }

    /// Reads `{userId, displayName, isFollowing}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userId = try container.decode(String.self, forKey: .userId)
        displayName = try container.decodeText(forKey: .displayName)
        isFollowing = try container.decode(Bool.self, forKey: .isFollowing)
    }
}
