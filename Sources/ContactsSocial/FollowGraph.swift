import ContactsSupport

/// Who follows whom, over dense `UInt32` user indexes, with the `since` time of every edge.
///
/// Each user's following and followers are ``AdaptiveSet``s (2 bytes an edge end, less where
/// dense). The `since` of an edge is stored once, beside the follower's following set: entry
/// `i` of the follower's `SinceColumn` (offsets from a base, 5 bytes each for a few years'
/// spread) belongs to the `i`-th followee in index order, so ``since(_:_:)`` and
/// ``followStatuses(of:for:)`` are one membership test each. Counts of all three relations
/// are kept.
///
/// Pages go by `since` descending, then user id bytes ascending (the ids are registered with
/// ``registerUser(_:id:)``). A small relation is gathered and sorted when read; from a
/// threshold on (see `defaultMaterializeThreshold`) its order is kept materialized in an
/// `OrderedUserList`, so a page at any depth costs a block-size scan plus the page.
///
/// ```swift
/// var graph = FollowGraph()
/// try graph.registerUser(0, id: "ana")
/// try graph.registerUser(1, id: "bo")
/// try graph.follow(0, 1, since: 1_700_000_000_000)    // .followed
/// graph.since(0, 1)                                 // 1_700_000_000_000
/// try graph.page(.followers, of: 1, skip: 0, limit: 20).total   // 1
/// ```
///
/// A value type: copies are independent snapshots (copy-on-write).
package struct FollowGraph: Sendable {
    /// One user's edges.
    struct Node: Sendable {
        /// The users this user follows.
        var following = AdaptiveSet()
        /// `since[i]` is the `since` of the edge to the `i`-th member of `following`.
        var since = SinceColumn()
        /// The users following this user.
        var followers = AdaptiveSet()
        /// The number of users in both `following` and `followers`.
        var mutualCount: UInt32 = 0
        /// 1 + the position of this user's kept orders in `orders`, or 0 when none is kept.
        var orderSlot: UInt32 = 0
    }

    /// Every registered user's edges, by dense index.
    var nodes: [Node] = []
    /// Every registered user's id, for the tie-break of page order.
    var keys = UserSortKeys()
    /// Kept page orders of the users with a large relation; see `Node.orderSlot`.
    var orders: [RelationOrders] = []
    /// Positions in `orders` free for reuse.
    var freeOrderSlots: [UInt32] = []
    /// The size from which the page order of followers and mutuals is kept materialized (and
    /// below half of which it is dropped again).
    package let materializeThreshold: Int
    /// The same for following lists.
    let followingMaterializeThreshold: Int

    /// The number of follow edges.
    package internal(set) var edgeCount = 0

    /// Followers and mutuals lists of at least 512 users keep their page order. Below it a
    /// page gathers and sorts the list on read, and each member's `since` is a lookup in that
    /// member's own following set (a cache miss or two), so a page costs O(n log n) with a
    /// cache miss per member. A kept order costs 4 bytes a member, so it is kept only where
    /// reading would be slow.
    static let defaultMaterializeThreshold = 512

    /// Following lists keep their page order from 4,096 users on: their `since` values sit
    /// in the user's own column, read in sequence (no cache miss a member), so gathering and
    /// sorting costs far less a member than for followers — and most users follow fewer, so
    /// most following lists never pay the 4 bytes a member of a kept order.
    static let defaultFollowingMaterializeThreshold = 4096

    /// An empty graph.
    package init() {
        materializeThreshold = Self.defaultMaterializeThreshold
        followingMaterializeThreshold = Self.defaultFollowingMaterializeThreshold
    }

    /// An empty graph keeping every page order from `materializeThreshold` users on (tests
    /// use small thresholds to exercise both paths).
    package init(materializeThreshold: Int) {
        self.materializeThreshold = Swift.max(1, materializeThreshold)
        followingMaterializeThreshold = self.materializeThreshold
    }

    /// The number of registered user indexes; users are `0..<userCount`.
    package var userCount: Int { nodes.count }

    /// True when `additional` more users can be registered without the per-user storage
    /// growing (which copies every user's node).
    ///
    /// - Complexity: O(1).
    package func hasRoom(forAddingUsers additional: Int) -> Bool {
        nodes.hasRoom(forAdding: additional) && keys.hasRoom(forAdding: additional)
    }

    /// Gives the per-user storage room for `additional` more users where it has less, at
    /// least doubled: done off a lock, registering them under it copies no node.
    ///
    /// - Complexity: O(n) for n users when it grows; O(1) otherwise.
    package mutating func reserveRoom(forAddingUsers additional: Int) {
        nodes.reserveRoom(forAdding: additional)
        keys.reserveRoom(forAdding: additional)
    }

    /// Registers user index `user` with its id (whose UTF-8 bytes order pages), or changes
    /// the id of a registered user that has no edges. Registering the same id again is a
    /// no-op.
    ///
    /// - Throws: ``FollowGraphError/userIndexNotNext(_:expected:)`` unless `user` is
    ///   registered or is ``userCount``; ``FollowGraphError/userHasEdges(_:)`` when a user
    ///   with edges would change id.
    /// - Complexity: O(1) amortized.
    package mutating func registerUser(_ user: UInt32, id: String) throws(FollowGraphError) {
        let index = Int(user)
        if index == nodes.count {
            nodes.append(Node())
            keys.append(id)
            return
        }
        guard index < nodes.count else { throw .userIndexNotNext(user, expected: nodes.count) }
        if keys.ids[index] == id { return }
        let node = nodes[index]
        guard node.following.isEmpty && node.followers.isEmpty else { throw .userHasEdges(user) }
        keys.replace(index, with: id)
    }

    /// The id registered for `user`, or nil when it is not registered.
    func userID(of user: UInt32) -> String? {
        Int(user) < keys.count ? keys.ids[Int(user)] : nil
    }

    /// Makes `follower` follow `followee` since `since`. Following again keeps the original
    /// `since` and reports it.
    ///
    /// - Throws: ``FollowGraphError/unknownUser(_:)``, ``FollowGraphError/selfFollow(_:)``.
    /// - Complexity: O(c + k) to insert into two adaptive sets and the `since` column, plus
    ///   O(log n) `since` lookups per kept order that changes.
    @discardableResult
    package mutating func follow(_ follower: UInt32, _ followee: UInt32, since: Int64) throws(FollowGraphError)
        -> FollowOutcome
    {
        try checkRegistered(follower)
        try checkRegistered(followee)
        guard follower != followee else { throw .selfFollow(follower) }
        let (inserted, index) = nodes[Int(follower)].following.insert(followee)
        guard inserted else { return .alreadyFollowing(since: nodes[Int(follower)].since[index]) }
        nodes[Int(follower)].since.insert(since, at: index)
        nodes[Int(followee)].followers.insert(follower)
        edgeCount += 1
        noteInserted(followee, into: .following, of: follower)
        noteInserted(follower, into: .followers, of: followee)
        if nodes[Int(followee)].following.contains(follower) {
            nodes[Int(follower)].mutualCount += 1
            nodes[Int(followee)].mutualCount += 1
            noteInserted(followee, into: .mutuals, of: follower)
            noteInserted(follower, into: .mutuals, of: followee)
        }
        return .followed
    }

    /// Removes the edge `follower` → `followee`. Returns false when there was none (unknown
    /// users included).
    ///
    /// - Complexity: as ``follow(_:_:since:)``.
    @discardableResult
    package mutating func unfollow(_ follower: UInt32, _ followee: UInt32) -> Bool {
        guard isRegistered(follower), isRegistered(followee),
            let index = nodes[Int(follower)].following.index(of: followee)
        else { return false }
        let since = nodes[Int(follower)].since[index]
        if let back = edgeSince(followee, follower) {
            let mutualSince = Swift.max(since, back)
            noteRemoving(followee, from: .mutuals, of: follower, since: mutualSince)
            noteRemoving(follower, from: .mutuals, of: followee, since: mutualSince)
            nodes[Int(follower)].mutualCount -= 1
            nodes[Int(followee)].mutualCount -= 1
        }
        noteRemoving(followee, from: .following, of: follower, since: since)
        noteRemoving(follower, from: .followers, of: followee, since: since)
        nodes[Int(follower)].following.remove(followee)
        nodes[Int(follower)].since.remove(at: index)
        nodes[Int(followee)].followers.remove(follower)
        edgeCount -= 1
        return true
    }

    /// The `since` of the edge `follower` → `followee`, or nil when `follower` does not
    /// follow `followee` (unknown users and `follower == followee` included).
    ///
    /// - Complexity: one membership test, O(c + log k).
    package func since(_ follower: UInt32, _ followee: UInt32) -> Int64? {
        guard isRegistered(follower) else { return nil }
        return edgeSince(follower, followee)
    }

    /// True when `follower` follows `followee`.
    ///
    /// - Complexity: one membership test, O(c + log k).
    package func isFollowing(_ follower: UInt32, _ followee: UInt32) -> Bool {
        isRegistered(follower) && nodes[Int(follower)].following.contains(followee)
    }

    /// For each of `users`, in order, the `since` of `follower`'s edge to it, or nil when
    /// `follower` does not follow it (unknown indexes and `follower` itself included).
    ///
    /// - Complexity: when `follower` follows at most 4 users for each of `users`, O(f + m)
    ///   expected for f followees: they are put in a ``UInt32BatchSet`` by their index, and
    ///   each user is one lookup there. Else one membership test per user, O(m · (c + log k)).
    package func followStatuses(of follower: UInt32, for users: [UInt32]) -> [Int64?] {
        guard isRegistered(follower) else { return [Int64?](repeating: nil, count: users.count) }
        let following = nodes[Int(follower)].following
        let since = nodes[Int(follower)].since
        var statuses: [Int64?] = []
        statuses.reserveCapacity(users.count)
        if following.count <= 4 * users.count {
            var followees = UInt32BatchSet(capacity: following.count)
            following.forEachMember { member, _ in _ = followees.insert(member) }
            for user in users { statuses.append(followees.position(of: user).map { since[$0] }) }
        } else {
            for user in users { statuses.append(following.index(of: user).map { since[$0] }) }
        }
        return statuses
    }

    /// The number of users in `relation` of `user` (0 for an unknown user).
    ///
    /// - Complexity: O(1); counts are kept.
    package func count(_ relation: FollowRelation, of user: UInt32) -> Int {
        guard isRegistered(user) else { return 0 }
        let node = nodes[Int(user)]
        switch relation {
        case .following: return node.following.count
        case .followers: return node.followers.count
        case .mutuals: return Int(node.mutualCount)
        }
    }

    /// The users `user` follows, as a set (empty for an unknown user).
    package func followingSet(of user: UInt32) -> AdaptiveSet {
        isRegistered(user) ? nodes[Int(user)].following : AdaptiveSet()
    }

    /// The users following `user`, as a set (empty for an unknown user).
    package func followerSet(of user: UInt32) -> AdaptiveSet {
        isRegistered(user) ? nodes[Int(user)].followers : AdaptiveSet()
    }

    /// True when `user` is a registered index.
    @inline(__always)
    func isRegistered(_ user: UInt32) -> Bool { Int(user) < nodes.count }

    /// Throws unless `user` is a registered index.
    func checkRegistered(_ user: UInt32) throws(FollowGraphError) {
        guard isRegistered(user) else { throw .unknownUser(user) }
    }

    /// The `since` of the edge `follower` → `followee` (`follower` registered).
    @inline(__always)
    func edgeSince(_ follower: UInt32, _ followee: UInt32) -> Int64? {
        guard let index = nodes[Int(follower)].following.index(of: followee) else { return nil }
        return nodes[Int(follower)].since[index]
    }
}
