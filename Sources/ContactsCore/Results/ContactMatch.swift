/// How a matched user relates to the viewer.
public enum MatchRelation: Hashable, Sendable, CaseIterable {
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

extension MatchRelation: CustomStringConvertible {
    /// `contact`, `reverse` or `mutual`.
    public var description: String {
        switch self {
        case .contact: "contact"
        case .reverse: "reverse"
        case .mutual: "mutual"
        }
    }
}
