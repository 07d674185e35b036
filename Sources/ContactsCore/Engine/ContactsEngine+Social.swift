/// The social graph (PROTOCOL §5): follows, statuses and follower pages.
extension ContactsEngine {
    /// The most ids `checkBatchFollowingStatus` takes.
    public static let maximumBatchStatusIDs = 1000

    /// The acting user follows `target` from `at` on; following again keeps the first `since`.
    ///
    /// - Returns: true when the follow is new, false when already following.
    /// - Throws: `invalid_params` for myself; `not_found` for an unknown target.
    public func followUser(as userId: String, target: String, at: Int64) throws(RPCError) -> Bool {
        guard userId != target else { throw .invalidParams("a user cannot follow themselves") }
        return try state.write { (state: inout EngineState) throws(RPCError) -> Bool in
            let me = try state.actingUser(userId)
            let other = try state.targetUser(target)
            return state.graph.follow(me, other, since: at)
        }
    }

    /// The acting user stops following `target`; false when they were not following
    /// (always for myself). - Throws: `not_found` for an unknown target.
    public func unfollowUser(as userId: String, target: String) throws(RPCError) -> Bool {
        try state.write { (state: inout EngineState) throws(RPCError) -> Bool in
            let me = try state.actingUser(userId)
            let other = try state.targetUser(target)
            return me != other && state.graph.unfollow(me, other)
        }
    }

    /// Whether the acting user follows `target`, and since when.
    public func isFollowingUser(as userId: String, target: String) throws(RPCError) -> FollowStatus {
        try state.read { (state: borrowing EngineState) throws(RPCError) -> FollowStatus in
            let me = try state.actingUser(userId)
            let other = try state.targetUser(target)
            return state.followStatus(me, other)
        }
    }

    /// The status for each distinct id of `targets` (first-seen order); unknown ids and
    /// myself are simply not followed.
    ///
    /// - Complexity: one id lookup and one membership test per id.
    public func checkBatchFollowingStatus(as userId: String, targets: [String]) throws(RPCError)
        -> [(userId: String, status: FollowStatus)]
    {
        guard targets.count <= Self.maximumBatchStatusIDs else {
            throw .invalidParams("at most \(Self.maximumBatchStatusIDs) userIds")
        }
        return try state.read { (state: borrowing EngineState) throws(RPCError) in
            let me = try state.actingUser(userId)
            var seen = Set<String>()
            var statuses: [(userId: String, status: FollowStatus)] = []
            for target in targets where seen.insert(target).inserted {
                let status = state.userIndex[target].map { state.followStatus(me, $0) } ?? .notFollowing
                statuses.append((target, status))
            }
            return statuses
        }
    }

    /// Who follows the acting user: by `since` descending, then userId bytes.
    public func followers(as userId: String, skip: Int, limit: Int) throws(RPCError) -> Page<FollowEntry> {
        try followPage(userId, skip: skip, limit: limit) { graph, me in graph.followersOrdered(of: me) }
    }

    /// Whom the acting user follows: by `since` descending, then userId bytes.
    public func following(as userId: String, skip: Int, limit: Int) throws(RPCError) -> Page<FollowEntry> {
        try followPage(userId, skip: skip, limit: limit) { graph, me in graph.followingOrdered(of: me) }
    }

    /// Users following and followed by the acting user; `since` is when the follow became
    /// mutual (the later edge).
    public func mutualFollows(as userId: String, skip: Int, limit: Int) throws(RPCError) -> Page<FollowEntry> {
        try followPage(userId, skip: skip, limit: limit) { graph, me in graph.mutualsOrdered(of: me) }
    }

    private func followPage(
        _ userId: String, skip: Int, limit: Int,
        _ ordered: (borrowing FollowGraph, UInt32) -> OrderedEdges
    ) throws(RPCError) -> Page<FollowEntry> {
        try state.read { (state: borrowing EngineState) throws(RPCError) -> Page<FollowEntry> in
            let me = try state.actingUser(userId)
            let edges = ordered(state.graph, me)
            let book = state.books[me]
            let items = edges.page(skip: skip, limit: limit).compactMap { edge -> FollowEntry? in
                guard let record = state.user(edge.user) else { return nil }
                let local = book?.smallestHolder(of: record.e164).flatMap { id in
                    book?.contacts[id].map { LocalContact(contactId: id, displayName: $0.contact.effectiveDisplayName) }
                }
                return FollowEntry(
                    userId: record.userId, displayName: record.displayName, since: edge.since, localContact: local)
            }
            return Page(items: items, total: edges.count, skip: skip, limit: limit)
        }
    }

    /// Resolves the acting user's contact `contactId` to the registered user its phones
    /// match (the smallest userId when several; never myself).
    ///
    /// - Throws: `not_found` when I have no such contact or it matches no other user.
    func resolveContact(_ contactId: String, of me: UInt32, in state: borrowing EngineState) throws(RPCError) -> UInt32 {
        guard let stored = state.books[me]?.contacts[contactId] else {
            throw .notFound("you have no contact '\(contactId)'")
        }
        var best: UserRecord?
        var bestIndex: UInt32?
        for number in stored.numbers {
            guard let owner = state.phoneOwners[number], owner != me, let record = state.user(owner) else { continue }
            if best.map({ record.userId.utf8Precedes($0.userId) }) ?? true {
                best = record
                bestIndex = owner
            }
        }
        guard let bestIndex else { throw .notFound("contact '\(contactId)' matches no registered user") }
        return bestIndex
    }

    /// `followUser` for the user my contact `contactId` resolves to; returns that userId too.
    public func followContact(as userId: String, contactId: String, at: Int64) throws(RPCError)
        -> (userId: String, followed: Bool)
    {
        try state.write { (state: inout EngineState) throws(RPCError) in
            let me = try state.actingUser(userId)
            let other = try resolveContact(contactId, of: me, in: state)
            let followed = state.graph.follow(me, other, since: at)
            return (state.user(other)?.userId ?? "", followed)
        }
    }

    /// `unfollowUser` for the user my contact `contactId` resolves to.
    public func unfollowContact(as userId: String, contactId: String) throws(RPCError) -> (userId: String, success: Bool) {
        try state.write { (state: inout EngineState) throws(RPCError) in
            let me = try state.actingUser(userId)
            let other = try resolveContact(contactId, of: me, in: state)
            return (state.user(other)?.userId ?? "", state.graph.unfollow(me, other))
        }
    }

    /// `isFollowingUser` for the user my contact `contactId` resolves to.
    public func isFollowingContact(as userId: String, contactId: String) throws(RPCError)
        -> (userId: String, status: FollowStatus)
    {
        try state.read { (state: borrowing EngineState) throws(RPCError) in
            let me = try state.actingUser(userId)
            let other = try resolveContact(contactId, of: me, in: state)
            return (state.user(other)?.userId ?? "", state.followStatus(me, other))
        }
    }
}

extension EngineState {
    /// Whether `follower` follows `followee`, and since when.
    func followStatus(_ follower: UInt32, _ followee: UInt32) -> FollowStatus {
        guard follower != followee, let since = graph.since(follower, followee) else { return .notFollowing }
        return FollowStatus(isFollowing: true, since: since)
    }
}
