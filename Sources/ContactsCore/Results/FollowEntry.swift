/// A contact of the viewer's that holds a listed user's phone.
public struct LocalContact: Hashable, Sendable {
    /// The contact's id.
    public var contactId: String
    /// The contact's (effective) display name.
    public var displayName: String
}

/// One entry of a followers / following / mutuals page.
public struct FollowEntry: Hashable, Sendable {
    /// The listed user.
    public var userId: String
    /// Their registered display name.
    public var displayName: String
    /// When the follow began (for mutuals: when it became mutual), ms since the epoch.
    public var since: Int64
    /// The viewer's smallest-id contact holding their phone, if any.
    public var localContact: LocalContact?
}
