/// The social graph (PROTOCOL §5): follows, statuses and follower pages.
extension ContactsEngine {
    /// The most ids `checkBatchFollowingStatus` takes (duplicates count).
    public static let maximumBatchStatusIDs = 1000

    /// The acting user follows `target` from `at` on; following again keeps the first `since`.
    ///
    /// - Returns: true when the follow is new, false when already following.
    /// - Throws: `invalid_params` for myself; `not_found` for an unknown target.
    public func followUser(as userId: String, target: String, at: Int64) throws(RPCError) -> Bool {
        guard !userId.utf8Equals(target) else { throw .invalidParams("a user cannot follow themselves") }
        return try state.write { (state: inout EngineState) throws(RPCError) -> Bool in
            let me = try state.registeredUser(userId)
            let other = try state.registeredUser(target)
            return try follow(me, other, in: &state, at: at)
        }
    }

    /// The acting user stops following `target`; false when they were not following
    /// (always for myself).
    ///
    /// - Throws: `not_found` for an unknown target.
    public func unfollowUser(as userId: String, target: String) throws(RPCError) -> Bool {
        try state.write { (state: inout EngineState) throws(RPCError) -> Bool in
            let me = try state.registeredUser(userId)
            let other = try state.registeredUser(target)
            return try unfollow(me, other, in: &state)
        }
    }

    /// Whether the acting user follows `target`, and since when.
    public func isFollowingUser(as userId: String, target: String) throws(RPCError) -> FollowStatus {
        try state.read { (state: EngineState) throws(RPCError) -> FollowStatus in
            let me = try state.registeredUser(userId)
            let other = try state.registeredUser(target)
            return state.followStatus(me, other)
        }
    }

    /// The status for each distinct id of `targets` (first-seen order; ids compared by bytes);
    /// unknown ids and myself are simply not followed.
    ///
    /// - Complexity: one id lookup and one membership test per id.
    public func checkBatchFollowingStatus(as userId: String, targets: [String]) throws(RPCError)
        -> [(userId: String, status: FollowStatus)]
    {
        guard targets.count <= Self.maximumBatchStatusIDs else {
            throw .invalidParams("at most \(Self.maximumBatchStatusIDs) userIds")
        }
        return try state.read { (state: EngineState) throws(RPCError) in
            let me = try state.registeredUser(userId)
            var seen = Set<ExactString>()
            var distinct: [String] = []
            for target in targets where seen.insert(ExactString(target)).inserted { distinct.append(target) }
            // An unknown id is asked about as myself, whom I never follow.
            let indexes = distinct.map { state.index(of: $0) ?? me }
            let sinces = state.graph.followStatuses(of: me, for: indexes)
            return zip(distinct, sinces).map { target, since in
                (target, since.map { FollowStatus(isFollowing: true, since: $0) } ?? .notFollowing)
            }
        }
    }

    /// Who follows the acting user: by `since` descending, then userId bytes.
    public func followers(as userId: String, skip: Int, limit: Int) throws(RPCError) -> Page<FollowEntry> {
        try followPage(.followers, of: userId, skip: skip, limit: limit)
    }

    /// Whom the acting user follows: by `since` descending, then userId bytes.
    public func following(as userId: String, skip: Int, limit: Int) throws(RPCError) -> Page<FollowEntry> {
        try followPage(.following, of: userId, skip: skip, limit: limit)
    }

    /// Users following and followed by the acting user; `since` is when the follow became
    /// mutual (the later edge).
    public func mutualFollows(as userId: String, skip: Int, limit: Int) throws(RPCError) -> Page<FollowEntry> {
        try followPage(.mutuals, of: userId, skip: skip, limit: limit)
    }

    private func followPage(_ relation: FollowRelation, of userId: String, skip: Int, limit: Int) throws(RPCError)
        -> Page<FollowEntry>
    {
        try state.read { (state: EngineState) throws(RPCError) -> Page<FollowEntry> in
            let me = try state.registeredUser(userId)
            let page: FollowPage
            do {
                page = try state.graph.page(relation, of: me, skip: skip, limit: limit)
            } catch {
                throw .invalidParams("\(error)")
            }
            let own = state.ownContacts(of: me)
            let items = page.items.compactMap { item -> FollowEntry? in
                guard let record = state.user(item.user) else { return nil }
                let local = own.smallestID(holding: record.e164).flatMap { id in
                    own.book?.contact(withID: id).map {
                        LocalContact(contactId: id, displayName: $0.effectiveDisplayName)
                    }
                }
                return FollowEntry(
                    userId: record.userId, displayName: record.displayName, since: item.since, localContact: local)
            }
            return Page(items: items, total: page.total, skip: skip, limit: limit)
        }
    }

    /// `followUser` for the user my contact `contactId` resolves to; returns that userId too.
    public func followContact(as userId: String, contactId: String, at: Int64) throws(RPCError)
        -> (userId: String, followed: Bool)
    {
        try state.write { (state: inout EngineState) throws(RPCError) in
            let me = try state.registeredUser(userId)
            let (other, otherId) = try state.resolveContact(contactId, of: me)
            return (otherId, try follow(me, other, in: &state, at: at))
        }
    }

    /// `unfollowUser` for the user my contact `contactId` resolves to.
    public func unfollowContact(as userId: String, contactId: String) throws(RPCError)
        -> (userId: String, success: Bool)
    {
        try state.write { (state: inout EngineState) throws(RPCError) in
            let me = try state.registeredUser(userId)
            let (other, otherId) = try state.resolveContact(contactId, of: me)
            return (otherId, try unfollow(me, other, in: &state))
        }
    }

    /// `isFollowingUser` for the user my contact `contactId` resolves to.
    public func isFollowingContact(as userId: String, contactId: String) throws(RPCError)
        -> (userId: String, status: FollowStatus)
    {
        try state.read { (state: EngineState) throws(RPCError) in
            let me = try state.registeredUser(userId)
            let (other, otherId) = try state.resolveContact(contactId, of: me)
            return (otherId, state.followStatus(me, other))
        }
    }

    private func follow(_ me: UInt32, _ other: UInt32, in state: inout EngineState, at: Int64) throws(RPCError) -> Bool
    {
        guard state.graph.since(me, other) == nil, let follower = state.user(me), let followee = state.user(other)
        else {
            return false
        }
        try persist { transaction in
            _ = try transaction.follow(followerId: follower.userId, followeeId: followee.userId, since: at)
        }
        try Self.applied { () throws(FollowGraphError) in _ = try state.graph.follow(me, other, since: at) }
        return true
    }

    private func unfollow(_ me: UInt32, _ other: UInt32, in state: inout EngineState) throws(RPCError) -> Bool {
        guard me != other, state.graph.since(me, other) != nil, let follower = state.user(me),
            let followee = state.user(other)
        else { return false }
        try persist { transaction in
            _ = try transaction.unfollow(followerId: follower.userId, followeeId: followee.userId)
        }
        return state.graph.unfollow(me, other)
    }
}

extension EngineState {
    /// Whether `follower` follows `followee`, and since when.
    func followStatus(_ follower: UInt32, _ followee: UInt32) -> FollowStatus {
        guard follower != followee, let since = graph.since(follower, followee) else { return .notFollowing }
        return FollowStatus(isFollowing: true, since: since)
    }

    /// The registered user my contact `contactId` resolves to: the smallest userId among the
    /// users its phones match, never myself.
    ///
    /// - Throws: `not_found` when I have no such contact or it matches no other user.
    func resolveContact(_ contactId: String, of me: UInt32) throws(RPCError) -> (UInt32, String) {
        guard let numbers = books[me]?.numbers(ofContact: contactId) else {
            throw .notFound("you have no contact '\(contactId)'")
        }
        var best: (index: UInt32, userId: String)?
        for number in numbers {
            guard let owner = phoneOwners.user(for: number), owner != me, let record = user(owner) else { continue }
            if best.map({ record.userId.utf8Precedes($0.userId) }) ?? true { best = (owner, record.userId) }
        }
        guard let best else { throw .notFound("contact '\(contactId)' matches no registered user") }
        return best
    }
}
