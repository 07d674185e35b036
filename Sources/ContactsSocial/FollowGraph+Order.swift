/// The kept page orders of one user: one optional list per relation.
struct RelationOrders: Sendable {
    var following: OrderedUserList?
    var followers: OrderedUserList?
    var mutuals: OrderedUserList?

    /// The list of `relation`.
    subscript(relation: FollowRelation) -> OrderedUserList? {
        get {
            switch relation {
            case .following: following
            case .followers: followers
            case .mutuals: mutuals
            }
        }
        set {
            switch relation {
            case .following: following = newValue
            case .followers: followers = newValue
            case .mutuals: mutuals = newValue
            }
        }
    }

    /// True when no list is kept.
    var isEmpty: Bool { following == nil && followers == nil && mutuals == nil }
}

/// A user's place in a page: its `since` in the relation and its index.
struct PageKey {
    let since: Int64
    let user: UInt32
}

extension FollowGraph {
    /// The `since` of `member` in `relation` of `user`: the edge user → member (following),
    /// member → user (followers), or the later of both (mutuals). Both users are registered
    /// and `member` is in the relation.
    @inline(__always)
    func since(of member: UInt32, in relation: FollowRelation, of user: UInt32) -> Int64 {
        switch relation {
        case .following: return edgeSince(user, member) ?? .min
        case .followers: return edgeSince(member, user) ?? .min
        case .mutuals: return Swift.max(edgeSince(user, member) ?? .min, edgeSince(member, user) ?? .min)
        }
    }

    /// The size from which the page order of `relation` is kept.
    @inline(__always)
    func threshold(for relation: FollowRelation) -> Int {
        relation == .following ? followingMaterializeThreshold : materializeThreshold
    }

    /// Page order: `since` descending, then user id bytes ascending.
    @inline(__always)
    func comesBefore(_ first: PageKey, _ second: PageKey) -> Bool {
        if first.since != second.since { return first.since > second.since }
        return keys.precedes(first.user, second.user)
    }

    /// Every member of `relation` of `user` with its `since`, in index order.
    ///
    /// - Complexity: O(n) set steps; for followers and mutuals also one `since` lookup in
    ///   another user's following set per member.
    func pageKeys(_ relation: FollowRelation, of user: UInt32) -> [PageKey] {
        let node = nodes[Int(user)]
        var result: [PageKey] = []
        result.reserveCapacity(count(relation, of: user))
        switch relation {
        case .following:
            node.following.forEachMember { member, index in
                result.append(PageKey(since: node.since[index], user: member))
            }
        case .followers:
            node.followers.forEachMember { member, _ in
                result.append(PageKey(since: edgeSince(member, user) ?? .min, user: member))
            }
        case .mutuals:
            node.following.forEachCommonMember(with: node.followers) { member, index in
                let mutualSince = Swift.max(node.since[index], edgeSince(member, user) ?? .min)
                result.append(PageKey(since: mutualSince, user: member))
            }
        }
        return result
    }

    /// Every member of `relation` of `user` with its `since`, in page order.
    func sortedPageKeys(_ relation: FollowRelation, of user: UInt32) -> [PageKey] {
        var entries = pageKeys(relation, of: user)
        entries.sort { comesBefore($0, $1) }
        return entries
    }

    /// The kept order of `relation` of `user`, if any.
    func orderList(_ relation: FollowRelation, of user: UInt32) -> OrderedUserList? {
        let slot = nodes[Int(user)].orderSlot
        return slot == 0 ? nil : orders[Int(slot) - 1][relation]
    }

    /// Updates the kept order of `relation` of `user` after `member` joined the relation (the
    /// sets already hold the new edge): inserts it, or materializes the order when the
    /// relation just reached its threshold.
    mutating func noteInserted(_ member: UInt32, into relation: FollowRelation, of user: UInt32) {
        if var list = takeOrderList(relation, of: user) {
            let target = PageKey(since: since(of: member, in: relation, of: user), user: member)
            list.insert(member) { comesBefore(PageKey(since: since(of: $0, in: relation, of: user), user: $0), target) }
            storeOrderList(list, relation, of: user)
        } else if count(relation, of: user) >= threshold(for: relation) {
            let ordered = sortedPageKeys(relation, of: user).map(\.user)
            storeOrderList(OrderedUserList(ordered: ordered), relation, of: user)
        }
    }

    /// Updates the kept order of `relation` of `user` before `member`, whose `since` in the
    /// relation is `since`, leaves it (the sets still hold the edge): removes it, and drops
    /// the order when the relation falls below half of its threshold.
    mutating func noteRemoving(_ member: UInt32, from relation: FollowRelation, of user: UInt32, since: Int64) {
        guard var list = takeOrderList(relation, of: user) else { return }
        if count(relation, of: user) - 1 < threshold(for: relation) / 2 { return }
        let target = PageKey(since: since, user: member)
        list.remove(member) {
            comesBefore(PageKey(since: self.since(of: $0, in: relation, of: user), user: $0), target)
        }
        storeOrderList(list, relation, of: user)
    }

    /// Moves the kept order of `relation` of `user` out of `orders` (so it can be changed in
    /// place while the graph is read); the slot is released when no order is left in it.
    private mutating func takeOrderList(_ relation: FollowRelation, of user: UInt32) -> OrderedUserList? {
        let slot = Int(nodes[Int(user)].orderSlot)
        guard slot != 0, let list = orders[slot - 1][relation] else { return nil }
        orders[slot - 1][relation] = nil
        if orders[slot - 1].isEmpty {
            freeOrderSlots.append(UInt32(slot - 1))
            nodes[Int(user)].orderSlot = 0
        }
        return list
    }

    /// Stores `list` as the kept order of `relation` of `user`, taking a slot if needed.
    mutating func storeOrderList(_ list: OrderedUserList, _ relation: FollowRelation, of user: UInt32) {
        var slot = Int(nodes[Int(user)].orderSlot)
        if slot == 0 {
            if let free = freeOrderSlots.popLast() {
                slot = Int(free) + 1
            } else {
                orders.append(RelationOrders())
                slot = orders.count
            }
            nodes[Int(user)].orderSlot = UInt32(slot)
        }
        orders[slot - 1][relation] = list
    }

    /// Drops every kept order of `user`.
    mutating func dropOrders(of user: UInt32) {
        let slot = Int(nodes[Int(user)].orderSlot)
        guard slot != 0 else { return }
        orders[slot - 1] = RelationOrders()
        freeOrderSlots.append(UInt32(slot - 1))
        nodes[Int(user)].orderSlot = 0
    }
}
