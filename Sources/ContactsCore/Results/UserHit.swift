/// A user found in the directory (`searchUsers`).
public struct UserHit: Hashable, Sendable {
    /// The user's id.
    public var userId: String
    /// Their registered display name.
    public var displayName: String
    /// Whether the viewer follows them.
    public var isFollowing: Bool
}
