extension FollowGraph {
    /// Up to `limit` users of `relation` of `user` from position `skip` on, by `since`
    /// descending then user id bytes ascending, and the relation's total. An unknown user has
    /// empty relations; `skip` past the end gives an empty page with the true total.
    ///
    /// ```swift
    /// let page = try graph.page(.followers, of: celebrity, skip: 500_000, limit: 20)
    /// ```
    ///
    /// - Throws: ``FollowGraphError/invalidPage(skip:limit:)`` for a negative `skip` or
    ///   `limit`.
    /// - Complexity: from `materializeThreshold` members on, O(n / 1,024 + limit) plus a
    ///   `since` lookup per item, whatever `skip` is; below it, O(n log n) for the n < 512
    ///   members.
    public func page(_ relation: FollowRelation, of user: UInt32, skip: Int, limit: Int) throws(FollowGraphError)
        -> FollowPage
    {
        guard skip >= 0, limit >= 0 else { throw .invalidPage(skip: skip, limit: limit) }
        let total = count(relation, of: user)
        guard skip < total, limit > 0 else { return FollowPage(items: [], total: total) }
        if let list = orderList(relation, of: user) {
            let items = list.elements(skip: skip, limit: limit).map { member in
                FollowPage.Item(user: member, since: since(of: member, in: relation, of: user))
            }
            return FollowPage(items: items, total: total)
        }
        let entries = sortedPageKeys(relation, of: user)
        let items = entries[skip..<Swift.min(entries.count, skip + Swift.min(limit, entries.count))].map {
            FollowPage.Item(user: $0.user, since: $0.since)
        }
        return FollowPage(items: items, total: total)
    }
}
