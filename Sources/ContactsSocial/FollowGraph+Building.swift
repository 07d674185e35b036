extension FollowGraph {
    /// A graph of the users `userIDs` (user index `i` has id `userIDs[i]`) and `edges`, built
    /// at once — for loading a stored graph or a benchmark. Where an edge appears more than
    /// once, the first one's `since` is kept, as if the edges had been followed in order.
    ///
    /// Every array is allocated at its final size: sets and `since` columns come from a
    /// counting sort by follower, followers from a second counting sort by followee, and the
    /// kept orders of large relations are sorted once.
    ///
    /// - Throws: ``FollowGraphError/invalidEdge(_:)`` for an edge with an unknown user or a
    ///   self-follow (nothing is built).
    /// - Complexity: O(E log d + U) for E edges, U users and d the largest out-degree, plus
    ///   O(n log n) per kept order of n users.
    package init(userIDs: [String], edges: [FollowEdge]) throws(FollowGraphError) {
        self.init()
        try build(userIDs: userIDs, edges: edges)
    }

    /// ``init(userIDs:edges:)`` with every order threshold at `materializeThreshold` (for
    /// tests).
    package init(userIDs: [String], edges: [FollowEdge], materializeThreshold: Int) throws(FollowGraphError) {
        self.init(materializeThreshold: materializeThreshold)
        try build(userIDs: userIDs, edges: edges)
    }

    /// Fills an empty graph with `userIDs` and `edges`.
    private mutating func build(userIDs: [String], edges: [FollowEdge]) throws(FollowGraphError) {
        guard edges.count <= Int(UInt32.max) else { throw .tooManyEdges(edges.count) }
        let userCount = userIDs.count
        for edge in edges
        where Int(edge.follower) >= userCount || Int(edge.followee) >= userCount
            || edge.follower == edge.followee
        {
            throw .invalidEdge(edge)
        }
        for id in userIDs { keys.append(id) }
        nodes = [Node](repeating: Node(), count: userCount)
        buildFollowing(from: edges)
        let followerSince = buildFollowers()
        for user in 0..<UInt32(userCount) {
            let node = nodes[Int(user)]
            nodes[Int(user)].mutualCount = UInt32(node.following.intersectionCount(node.followers))
            for relation in FollowRelation.allCases where count(relation, of: user) >= threshold(for: relation) {
                var keys: [PageKey]
                if relation == .followers {
                    // The followers' `since` came with them: no lookup in each follower's set.
                    keys = []
                    keys.reserveCapacity(count(relation, of: user))
                    node.followers.forEachMember { member, rank in
                        keys.append(PageKey(since: followerSince.since(ofFollowerAt: rank, of: user), user: member))
                    }
                } else {
                    keys = pageKeys(relation, of: user)
                }
                keys.sort { comesBefore($0, $1) }
                storeOrderList(OrderedUserList(ordered: keys.map(\.user)), relation, of: user)
            }
        }
    }

    /// Fills every user's following set and `since` column from `edges` (validated).
    private mutating func buildFollowing(from edges: [FollowEdge]) {
        let userCount = nodes.count
        // Counting sort of edge positions by follower, input order kept within a follower.
        var starts = [Int](repeating: 0, count: userCount + 1)
        for edge in edges { starts[Int(edge.follower) + 1] += 1 }
        for user in 0..<userCount { starts[user + 1] += starts[user] }
        var positions = [UInt32](repeating: 0, count: edges.count)
        var cursors = starts
        for (position, edge) in edges.enumerated() {
            positions[cursors[Int(edge.follower)]] = UInt32(position)
            cursors[Int(edge.follower)] += 1
        }
        cursors = []
        // Per follower: sort (followee, arrival) pairs, keep the first of each followee.
        var scratch: [UInt64] = []
        var followees: [UInt32] = []
        for user in 0..<userCount where starts[user] < starts[user + 1] {
            let slice = positions[starts[user]..<starts[user + 1]]
            scratch.removeAll(keepingCapacity: true)
            for (arrival, position) in slice.enumerated() {
                scratch.append(UInt64(edges[Int(position)].followee) << 32 | UInt64(arrival))
            }
            scratch.sort()
            followees.removeAll(keepingCapacity: true)
            var since: [Int64] = []
            since.reserveCapacity(scratch.count)
            for pair in scratch {
                let followee = UInt32(truncatingIfNeeded: pair >> 32)
                if let last = followees.last, last == followee { continue }
                followees.append(followee)
                since.append(edges[Int(slice[slice.startIndex + Int(pair & 0xFFFF_FFFF)])].since)
            }
            nodes[user].following = followees.withUnsafeBufferPointer { AdaptiveSet(ascending: $0) }
            nodes[user].since = SinceColumn(since)
            edgeCount += followees.count
        }
    }

    /// Fills every user's followers set from the following sets (a counting sort by
    /// followee; walking followers in ascending order leaves each list sorted), and returns
    /// each follower's `since`, in the same order, for the orders kept by the build.
    private mutating func buildFollowers() -> FollowerSince {
        let userCount = nodes.count
        var starts = [Int](repeating: 0, count: userCount + 1)
        for node in nodes {
            node.following.forEachMember { followee, _ in starts[Int(followee) + 1] += 1 }
        }
        for user in 0..<userCount { starts[user + 1] += starts[user] }
        var followers = [UInt32](repeating: 0, count: starts[userCount])
        var since = [Int64](repeating: 0, count: starts[userCount])
        var cursors = starts
        for follower in 0..<userCount {
            let node = nodes[follower]
            node.following.forEachMember { followee, index in
                followers[cursors[Int(followee)]] = UInt32(follower)
                since[cursors[Int(followee)]] = node.since[index]
                cursors[Int(followee)] += 1
            }
        }
        followers.withUnsafeBufferPointer { followers in
            for user in 0..<userCount where starts[user] < starts[user + 1] {
                let slice = UnsafeBufferPointer(rebasing: followers[starts[user]..<starts[user + 1]])
                nodes[user].followers = AdaptiveSet(ascending: slice)
            }
        }
        return FollowerSince(starts: starts, since: since)
    }
}

/// The `since` of every follow, grouped by followee, each group in ascending follower order
/// (the order of the followee's followers set): a by-product of the build's counting sort.
private struct FollowerSince {
    let starts: [Int]
    let since: [Int64]

    /// The `since` of the follower at `rank` (ascending) in `user`'s followers set.
    @inline(__always)
    func since(ofFollowerAt rank: Int, of user: UInt32) -> Int64 {
        since[starts[Int(user)] + rank]
    }
}
