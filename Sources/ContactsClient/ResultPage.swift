/// One page of a skip/limit listing: the items, the total count over all pages, and the
/// `skip` and `limit` the server applied (PROTOCOL §6: pages echo the effective values).
public struct ResultPage<Item: Sendable & Hashable>: Sendable, Hashable {
    /// The items of this page, in the listing's order.
    public var items: [Item]
    /// How many items the whole listing holds.
    public var total: Int
    /// How many items come before this page.
    public var skip: Int
    /// The most items a page of this listing holds (20 unless asked otherwise).
    public var limit: Int

    /// A page.
    public init(items: [Item], total: Int, skip: Int, limit: Int) {
        self.items = items
        self.total = total
        self.skip = skip
        self.limit = limit
    }

    /// Whether items follow this page (`skip + items.count < total`).
    public var hasMore: Bool { skip + items.count < total }
}

extension ResultPage: Decodable where Item: Decodable {
    private enum CodingKeys: String, CodingKey {
        case items
        case total
        case skip
        case limit
    }

    /// Reads `{items, total, skip, limit}`; every member required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([Item].self, forKey: .items)
        total = try container.decode(Int.self, forKey: .total)
        skip = try container.decode(Int.self, forKey: .skip)
        limit = try container.decode(Int.self, forKey: .limit)
    }
}

/// A page of followers, followees or mutual follows.
public typealias RelationshipPage = ResultPage<FollowRelationship>
/// A page of the feed.
public typealias FeedPage = ResultPage<FeedEvent>
/// A page of contacts (search or fetch).
public typealias ContactPage = ResultPage<Contact>
/// A page of the user directory.
public typealias UserSearchPage = ResultPage<UserSearchResult>
