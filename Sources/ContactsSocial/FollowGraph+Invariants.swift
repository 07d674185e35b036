import ContactsSupport

extension FollowGraph {
    /// Checks every structure against every other: each set's own layout, `since` columns as
    /// long as following sets, every edge present from both ends, no self-follow, the kept
    /// counts, and each kept order (present exactly for the relations it must be, equal to
    /// the relation sorted afresh, its order slot owned by one user).
    ///
    /// - Complexity: O(E log E); for tests.
    package func _checkInvariants() throws(InvariantViolation) {
        guard keys.count == nodes.count else { throw InvariantViolation("\(keys.count) ids for \(nodes.count) users") }
        try keys._checkInvariants()
        var edges = 0
        var reverseEdges = 0
        var slotOwners = [Int](repeating: 0, count: orders.count)
        for user in 0..<UInt32(nodes.count) {
            let node = nodes[Int(user)]
            try node.following._checkInvariants()
            try node.followers._checkInvariants()
            try node.since._checkInvariants()
            guard node.since.count == node.following.count else {
                throw InvariantViolation(
                    "user \(user): \(node.since.count) since values, \(node.following.count) followees")
            }
            guard !node.following.contains(user) else { throw InvariantViolation("user \(user) follows itself") }
            for followee in node.following where !nodes[Int(followee)].followers.contains(user) {
                throw InvariantViolation("edge \(user) → \(followee) missing from the followers of \(followee)")
            }
            for follower in node.followers where !nodes[Int(follower)].following.contains(user) {
                throw InvariantViolation("follower \(follower) of \(user) does not follow it")
            }
            edges += node.following.count
            reverseEdges += node.followers.count
            let mutuals = node.following.intersectionCount(node.followers)
            guard mutuals == Int(node.mutualCount) else {
                throw InvariantViolation("user \(user) keeps \(node.mutualCount) mutuals, has \(mutuals)")
            }
            if node.orderSlot != 0 {
                guard Int(node.orderSlot) <= orders.count else { throw InvariantViolation("user \(user): bad slot") }
                slotOwners[Int(node.orderSlot) - 1] += 1
                guard !orders[Int(node.orderSlot) - 1].isEmpty else {
                    throw InvariantViolation("user \(user) holds an empty order slot")
                }
            }
            for relation in FollowRelation.allCases {
                try checkOrder(relation, of: user)
            }
        }
        guard edges == edgeCount, reverseEdges == edgeCount else {
            throw InvariantViolation(
                "edgeCount \(edgeCount), following total \(edges), followers total \(reverseEdges)")
        }
        for slot in freeOrderSlots where Int(slot) >= orders.count || !orders[Int(slot)].isEmpty {
            throw InvariantViolation("free order slot \(slot) is not empty")
        }
        for (slot, owners) in slotOwners.enumerated() where owners > 1 || (owners == 0 && !orders[slot].isEmpty) {
            throw InvariantViolation("order slot \(slot) has \(owners) owners")
        }
    }

    /// Checks the kept order of `relation` of `user`.
    private func checkOrder(_ relation: FollowRelation, of user: UInt32) throws(InvariantViolation) {
        let size = count(relation, of: user)
        guard let list = orderList(relation, of: user) else {
            guard size < threshold(for: relation) else {
                throw InvariantViolation("user \(user): \(relation) of \(size) has no kept order")
            }
            return
        }
        try list._checkInvariants()
        guard size >= threshold(for: relation) / 2 else {
            throw InvariantViolation("user \(user): \(relation) of \(size) keeps an order")
        }
        let expected = sortedPageKeys(relation, of: user).map(\.user)
        guard list.allElements == expected else {
            throw InvariantViolation("user \(user): kept \(relation) order differs from the relation sorted afresh")
        }
    }

    /// Approximate heap bytes of the whole graph, by part: the node array, following sets,
    /// `since` columns, followers sets, kept orders and ids.
    package var memoryBreakdown: KeyValuePairs<String, Int> {
        var following = 0
        var since = 0
        var followers = 0
        for node in nodes {
            following += node.following.memoryFootprint
            since += node.since.memoryFootprint
            followers += node.followers.memoryFootprint
        }
        var kept = SocialStorage.heapBytes(of: orders) + SocialStorage.heapBytes(of: freeOrderSlots)
        for slot in orders {
            for relation in FollowRelation.allCases { kept += slot[relation]?.memoryFootprint ?? 0 }
        }
        return [
            "nodes": SocialStorage.heapBytes(of: nodes), "following": following, "since": since,
            "followers": followers, "orders": kept, "ids": keys.memoryFootprint,
        ]
    }

    /// Approximate heap bytes of the whole graph (the sum of ``memoryBreakdown``).
    package var memoryFootprint: Int {
        memoryBreakdown.reduce(0) { $0 + $1.value }
    }
}
