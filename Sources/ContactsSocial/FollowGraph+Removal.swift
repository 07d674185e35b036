extension FollowGraph {
    /// Removes every edge of `user`, both ways, and returns how many there were. The user
    /// stays registered with its id (and may get new edges).
    ///
    /// - Complexity: O(d) set removals in the other users' sets for d edges, plus the kept
    ///   orders that change; `user`'s own sets are dropped whole.
    @discardableResult
    package mutating func removeUser(_ user: UInt32) -> Int {
        guard isRegistered(user) else { return 0 }
        let node = nodes[Int(user)]
        // Edges user → followee: the followee loses a follower (and maybe a mutual).
        node.following.forEachMember { followee, index in
            let since = node.since[index]
            if let back = edgeSince(followee, user) {
                noteRemoving(user, from: .mutuals, of: followee, since: Swift.max(since, back))
                nodes[Int(followee)].mutualCount -= 1
            }
            noteRemoving(user, from: .followers, of: followee, since: since)
            nodes[Int(followee)].followers.remove(user)
        }
        // Edges follower → user: the follower loses a followee (mutuals were handled above).
        node.followers.forEachMember { follower, _ in
            guard let index = nodes[Int(follower)].following.index(of: user) else { return }
            noteRemoving(user, from: .following, of: follower, since: nodes[Int(follower)].since[index])
            nodes[Int(follower)].following.remove(user)
            nodes[Int(follower)].since.remove(at: index)
        }
        let removed = node.following.count + node.followers.count
        edgeCount -= removed
        dropOrders(of: user)
        nodes[Int(user)] = Node()
        return removed
    }
}
