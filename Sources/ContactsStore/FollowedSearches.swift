/// A recent search as a feed reads it back from a shared store.
package struct FollowedSearch: Hashable, Sendable {
    /// Who searched.
    package var userId: String
    /// The query.
    package var query: String
    /// The store's order of the search: larger is more recent, on every engine.
    package var order: Int64

    /// Makes one.
    package init(userId: String, query: String, order: Int64) {
        self.userId = userId
        self.query = query
        self.order = order
    }
}

/// What ``ChangeFeed/searches(after:limit:)`` read, from one snapshot of the store.
package struct FollowedSearches: Hashable, Sendable {
    /// The change position of the snapshot.
    package var position: Int64
    /// The searches, oldest first.
    package var searches: [FollowedSearch]

    /// Makes one.
    package init(position: Int64, searches: [FollowedSearch]) {
        self.position = position
        self.searches = searches
    }
}
