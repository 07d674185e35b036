/// A registered user connected to the acting user through phone numbers (Find Your Friends).
public struct ContactMatch: Sendable, Hashable, Decodable, Identifiable {
    /// The matched user's id.
    public var userId: String
    /// The matched user's registered display name, `nil` when empty.
    public var displayName: String?
    /// Whose book holds whose number.
    public var relation: MatchRelation
    /// The smallest id of the acting user's contacts holding the matched user's number;
    /// `nil` for `reverse` matches.
    public var contactId: String?

    /// The user's id, for `Identifiable`.
    public var id: String { userId }

    /// A match.
    public init(userId: String, displayName: String?, relation: MatchRelation, contactId: String?) {
        self.userId = userId
        self.displayName = displayName
        self.relation = relation
        self.contactId = contactId
    }

    private enum CodingKeys: String, CodingKey {
        case userId
        case displayName
        case relation
        case contactId
    }

    /// Reads `{userId, displayName, relation, contactId}`; an unknown relation is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userId = try container.decode(String.self, forKey: .userId)
        displayName = try container.decodeText(forKey: .displayName)
        relation = try container.decode(MatchRelation.self, forKey: .relation)
        contactId = try container.decodeIfPresent(String.self, forKey: .contactId)
    }
}

/// A page of matches, ordered by user id bytes, and the cursor of the next page.
public struct ContactMatchesPage: Sendable, Hashable, Decodable {
    /// The matches of this page.
    public var matches: [ContactMatch]
    /// Pass it to ``FriendFinder/lookupContactMatches(cursor:limit:)`` for the next page;
    /// `nil` on the last page.
    public var nextCursor: String?

    /// A page.
    public init(matches: [ContactMatch], nextCursor: String?) {
        self.matches = matches
        self.nextCursor = nextCursor
    }

    private enum CodingKeys: String, CodingKey {
        case matches
        case nextCursor
    }

    /// Reads `{matches, nextCursor}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        matches = try container.decode([ContactMatch].self, forKey: .matches)
        nextCursor = try container.decodeIfPresent(String.self, forKey: .nextCursor)
    }
}
