/// A registered user as the directory holds them.
public struct RegisteredUser: Hashable, Sendable {
    /// The user's id.
    public var userId: String
    /// The user's phone number in E.164 form (`+…`).
    public var e164: String
    /// The registered display name (`""` when none was given).
    public var displayName: String
}

/// A contact of an upload that was not stored, and why.
public struct RejectedContact: Hashable, Sendable {
    /// Its index in the request's `contacts`.
    public var index: Int
    /// Why it was rejected.
    public var reason: ContactRejection
}

/// The outcome of an upload (PROTOCOL §5 `uploadContacts`).
public struct UploadOutcome: Hashable, Sendable {
    /// Contacts in the request.
    public var totalContacts: Int
    /// Contacts stored by it (a repeated id counts each time).
    public var numberOfUploadedContacts: Int
    /// The rejected entries, in request order.
    public var rejected: [RejectedContact]
}

/// How a matched user relates to the viewer.
public enum MatchRelation: String, Hashable, Sendable {
    /// Their phone is in my uploaded contacts.
    case contact
    /// My phone is in their uploaded contacts.
    case reverse
    /// Both.
    case mutual
}

/// One Find-Your-Friends match.
public struct ContactMatch: Hashable, Sendable {
    /// The matched user's id.
    public var userId: String
    /// Their registered display name.
    public var displayName: String
    /// Which way the match goes.
    public var relation: MatchRelation
    /// The smallest id of my contacts holding their number, or nil for a reverse-only match.
    public var contactId: String?
}

/// A page of matches with its keyset cursor.
public struct MatchPage: Hashable, Sendable {
    /// The matches, by userId bytes.
    public var matches: [ContactMatch]
    /// The last userId of this page when more matches follow; nil on the last page.
    public var nextCursor: String?
}

/// Whether one user follows another, and since when.
public struct FollowStatus: Hashable, Sendable {
    /// True when following.
    public var isFollowing: Bool
    /// The time the follow began; nil when not following.
    public var since: Int64?

    /// Not following.
    public static let notFollowing = FollowStatus(isFollowing: false, since: nil)
}

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
    /// When the follow began (for mutuals: when it became mutual).
    public var since: Int64
    /// The viewer's smallest-id contact holding their phone, if any.
    public var localContact: LocalContact?
}

/// A page of a longer ordered list with its total.
public struct Page<Item: Hashable & Sendable>: Hashable, Sendable {
    /// The items of the page.
    public var items: [Item]
    /// How many items the whole list has.
    public var total: Int
    /// The effective skip.
    public var skip: Int
    /// The effective limit.
    public var limit: Int
}

/// A feed entry: the event, its creator's id and current display name.
public struct FeedItem: Hashable, Sendable {
    /// The event.
    public var event: Event
    /// The creator's user id.
    public var creatorId: String
    /// The creator's display name now.
    public var creatorName: String
}

/// A user found in the directory.
public struct UserHit: Hashable, Sendable {
    /// The user's id.
    public var userId: String
    /// Their registered display name.
    public var displayName: String
    /// Whether the viewer follows them.
    public var isFollowing: Bool
}
