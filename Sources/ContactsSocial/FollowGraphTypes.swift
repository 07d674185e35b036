/// A follow edge: `follower` follows `followee` since `since` (milliseconds; any `Int64`).
package struct FollowEdge: Sendable, Hashable {
    /// The dense index of the user who follows.
    package var follower: UInt32
    /// The dense index of the user followed.
    package var followee: UInt32
    /// When the follow began (the `at` of the request), in milliseconds.
    package var since: Int64

    /// An edge from `follower` to `followee` since `since`.
    package init(follower: UInt32, followee: UInt32, since: Int64) {
        self.follower = follower
        self.followee = followee
        self.since = since
    }
}

/// The three lists a ``FollowGraph`` pages through for a user.
package enum FollowRelation: Sendable, Hashable, CaseIterable {
    /// The users the user follows; `since` is when the user followed them.
    case following
    /// The users who follow the user; `since` is when they followed.
    case followers
    /// The users followed both ways; `since` is when the follow became mutual (the later of
    /// the two edges).
    case mutuals
}

/// What ``FollowGraph/follow(_:_:since:)`` did.
package enum FollowOutcome: Sendable, Hashable {
    /// A new edge was added.
    case followed
    /// The edge already existed; it keeps its original `since`, given here.
    case alreadyFollowing(since: Int64)
}

/// One page of a ``FollowRelation``: users by `since` descending, then user id bytes
/// ascending.
package struct FollowPage: Sendable, Hashable {
    /// One user of a page and the `since` of its place in the relation.
    package struct Item: Sendable, Hashable {
        /// The dense user index.
        package var user: UInt32
        /// When the follow began (for mutuals: when it became mutual).
        package var since: Int64

        /// An item for `user` since `since`.
        package init(user: UInt32, since: Int64) {
            self.user = user
            self.since = since
        }
    }

    /// The users of the page, in page order.
    package var items: [Item]
    /// The number of users in the whole relation, whatever the page.
    package var total: Int

    /// A page of `items` out of `total`.
    package init(items: [Item], total: Int) {
        self.items = items
        self.total = total
    }
}

/// Why a ``FollowGraph`` refused a request. A refused request changes nothing.
package enum FollowGraphError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The user index was never registered.
    case unknownUser(UInt32)
    /// A user cannot follow themselves.
    case selfFollow(UInt32)
    /// User indexes are dense: the next one registered must be `expected`.
    case userIndexNotNext(UInt32, expected: Int)
    /// The id of a user with edges cannot change (its place in other users' pages would).
    case userHasEdges(UInt32)
    /// `skip` and `limit` must not be negative.
    case invalidPage(skip: Int, limit: Int)
    /// An edge of a bulk build names an unregistered user or the same user twice.
    case invalidEdge(FollowEdge)
    /// A bulk build takes at most `UInt32.max` edges.
    case tooManyEdges(Int)

    /// A one-line explanation naming the offending value.
    package var description: String {
        switch self {
        case .unknownUser(let user): "user index \(user) is not registered"
        case .selfFollow(let user): "user index \(user) cannot follow itself"
        case .userIndexNotNext(let user, let expected):
            "user index \(user) is not the next one (\(expected)); indexes are dense"
        case .userHasEdges(let user): "user index \(user) has follow edges; its id cannot change"
        case .invalidPage(let skip, let limit): "skip \(skip) and limit \(limit) must not be negative"
        case .invalidEdge(let edge):
            "edge \(edge.follower) → \(edge.followee) names an unregistered user or the same user twice"
        case .tooManyEdges(let count): "\(count) edges exceed the bulk build limit of \(UInt32.max)"
        }
    }
}
