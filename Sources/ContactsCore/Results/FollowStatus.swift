/// Whether one user follows another, and since when.
public struct FollowStatus: Hashable, Sendable {
    /// True when following.
    public var isFollowing: Bool
    /// The time the follow began (ms since the epoch); nil when not following.
    public var since: Int64?

    /// Not following.
    public static let notFollowing = FollowStatus(isFollowing: false, since: nil)
}

/// The status of one id of a batch (`checkBatchFollowingStatus`).
public struct BatchFollowStatus: Hashable, Sendable {
    /// The id asked about.
    public var userId: String
    /// Whether the acting user follows it.
    public var status: FollowStatus
}

/// The outcome of a follow or unfollow by contact, with the user the contact resolved to.
public struct ContactFollowOutcome: Hashable, Sendable {
    /// The registered user the contact's phones match (the smallest id when several).
    public var userId: String
    /// For a follow: true when the follow is new. For an unfollow: true when there was one.
    public var changed: Bool
}

/// Whether the acting user follows the user a contact resolves to.
public struct ContactFollowStatus: Hashable, Sendable {
    /// The registered user the contact's phones match (the smallest id when several).
    public var userId: String
    /// Whether the acting user follows them.
    public var status: FollowStatus
}
