import ContactsSocial
import ContactsSupport

/// The social graph and feed a competent first version keeps, with the same answers as
/// `FollowGraph` and `EventStore`: per user a dictionary from followee to `since`, and the
/// followers and mutuals in page order (`since` descending, then user id bytes ascending) in
/// sorted arrays kept in order on every follow and unfollow (a binary search and an insertion,
/// never a sort on read); per creator the events in feed order, kept so on every create; a
/// feed page merges the followees' lists with a heap.
struct SocialBaseline {
    /// A user of a kept page order and the `since` of its place.
    struct Entry {
        let since: Int64
        let user: UInt32
    }

    /// The users' ids, by dense index (the order's tie-break).
    let ids: [String]
    /// Per user: followee → `since`.
    private(set) var following: [[UInt32: Int64]]
    /// Per user: the followers, in page order.
    private(set) var followers: [[Entry]]
    /// Per user: the users followed both ways, `since` the later edge, in page order.
    private(set) var mutuals: [[Entry]]
    /// Per creator: the events, oldest first (by `createdAt`, then event id bytes).
    private var events: [UInt32: [Event]] = [:]

    /// A graph of `ids.count` users holding `edges` (a repeated edge keeps its first `since`,
    /// as if followed in order), its orders sorted once at the end as a load would.
    init(ids: [String], edges: some Sequence<FollowEdge>) {
        self.ids = ids
        following = Array(repeating: [:], count: ids.count)
        followers = Array(repeating: [], count: ids.count)
        mutuals = Array(repeating: [], count: ids.count)
        for edge in edges where following[Int(edge.follower)][edge.followee] == nil {
            following[Int(edge.follower)][edge.followee] = edge.since
            followers[Int(edge.followee)].append(Entry(since: edge.since, user: edge.follower))
        }
        for user in followers.indices where !followers[user].isEmpty {
            for entry in followers[user] {
                if let back = following[user][entry.user] {
                    mutuals[user].append(Entry(since: max(back, entry.since), user: entry.user))
                }
            }
            followers[user].sort(by: comesBefore)
            mutuals[user].sort(by: comesBefore)
        }
    }

    /// The number of edges.
    var edgeCount: Int { following.reduce(0) { $0 + $1.count } }

    /// Page order: `since` descending, then user id bytes ascending.
    func comesBefore(_ first: Entry, _ second: Entry) -> Bool {
        first.since != second.since
            ? first.since > second.since : ids[Int(first.user)].utf8Precedes(ids[Int(second.user)])
    }

    /// Makes `follower` follow `followee` (the first `since` stays); true when the edge is new.
    ///
    /// - Complexity: O(log n + n) for the followee's n followers (the insertion moves the rest),
    ///   the same again for both mutual lists when the follow is mutual.
    @discardableResult
    mutating func follow(_ follower: UInt32, _ followee: UInt32, since: Int64) -> Bool {
        guard following[Int(follower)][followee] == nil else { return false }
        following[Int(follower)][followee] = since
        insert(Entry(since: since, user: follower), into: &followers[Int(followee)])
        if let back = following[Int(followee)][follower] {
            let mutualSince = max(since, back)
            insert(Entry(since: mutualSince, user: followee), into: &mutuals[Int(follower)])
            insert(Entry(since: mutualSince, user: follower), into: &mutuals[Int(followee)])
        }
        return true
    }

    /// Removes the edge `follower` → `followee`; true when there was one.
    ///
    /// - Complexity: as ``follow(_:_:since:)``.
    @discardableResult
    mutating func unfollow(_ follower: UInt32, _ followee: UInt32) -> Bool {
        guard let since = following[Int(follower)].removeValue(forKey: followee) else { return false }
        remove(Entry(since: since, user: follower), from: &followers[Int(followee)])
        if let back = following[Int(followee)][follower] {
            let mutualSince = max(since, back)
            remove(Entry(since: mutualSince, user: followee), from: &mutuals[Int(follower)])
            remove(Entry(since: mutualSince, user: follower), from: &mutuals[Int(followee)])
        }
        return true
    }

    /// `since` of `user`'s edge to each of `users`, or nil.
    func statuses(of user: UInt32, for users: [UInt32]) -> [Int64?] {
        let mine = following[Int(user)]
        return users.map { mine[$0] }
    }

    /// Up to `limit` followers of `user` from `skip` on, and the total: a slice of the kept order.
    func followersPage(of user: UInt32, skip: Int, limit: Int) -> FollowPage {
        page(followers[Int(user)], skip: skip, limit: limit)
    }

    /// Up to `limit` mutuals of `user` from `skip` on, and the total: a slice of the kept order.
    func mutualsPage(of user: UInt32, skip: Int, limit: Int) -> FollowPage {
        page(mutuals[Int(user)], skip: skip, limit: limit)
    }

    /// How many of `user`'s followers `user` follows back, by probing the following
    /// dictionary once per follower.
    func mutualCountByIntersection(of user: UInt32) -> Int {
        let mine = following[Int(user)]
        return followers[Int(user)].reduce(0) { $0 + (mine[$1.user] == nil ? 0 : 1) }
    }

    /// Stores `event` in its creator's list, in order.
    mutating func create(_ event: Event) {
        var list = events.removeValue(forKey: event.creator) ?? []
        if let last = list.last, isNewer(last, than: event) {
            let position = SortedArraySearch.partitionPoint(of: list) { !isNewer($0, than: event) }
            list.insert(event, at: position)
        } else {
            list.append(event)
        }
        events[event.creator] = list
    }

    /// Up to `limit` events of the users `user` follows, newest first, from `skip` on, and the
    /// total: the followees' lists merged with a max-heap of one cursor per followee.
    ///
    /// - Complexity: O(f + (skip + limit) log f) for f followees with events.
    func feed(of user: UInt32, skip: Int, limit: Int) -> FeedPage {
        var lists: [[Event]] = []
        var total = 0
        for followee in following[Int(user)].keys where followee != user {
            guard let list = events[followee], !list.isEmpty else { continue }
            total += list.count
            lists.append(list)
        }
        // (list, position) cursors, the heap's root the newest event.
        var heap = lists.indices.map { (list: $0, position: lists[$0].count - 1) }
        func newer(_ first: (list: Int, position: Int), _ second: (list: Int, position: Int)) -> Bool {
            isNewer(lists[first.list][first.position], than: lists[second.list][second.position])
        }
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { return }
                var newest = left
                if left + 1 < heap.count && newer(heap[left + 1], heap[left]) { newest = left + 1 }
                guard newer(heap[newest], heap[parent]) else { return }
                heap.swapAt(parent, newest)
                parent = newest
            }
        }
        for parent in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(parent) }
        var items: [Event] = []
        var passed = 0
        while items.count < limit, let top = heap.first {
            if passed >= skip { items.append(lists[top.list][top.position]) }
            passed += 1
            if top.position > 0 {
                heap[0].position -= 1
            } else {
                heap[0] = heap[heap.count - 1]
                heap.removeLast()
            }
            if !heap.isEmpty { siftDown(0) }
        }
        return FeedPage(items: items, total: total)
    }

    /// Feed order: `createdAt` descending, then event id bytes descending.
    private func isNewer(_ first: Event, than second: Event) -> Bool {
        first.createdAt != second.createdAt
            ? first.createdAt > second.createdAt : second.eventId.utf8Precedes(first.eventId)
    }

    private func page(_ entries: [Entry], skip: Int, limit: Int) -> FollowPage {
        let start = min(skip, entries.count)
        let items = entries[start..<min(entries.count, start + limit)].map {
            FollowPage.Item(user: $0.user, since: $0.since)
        }
        return FollowPage(items: items, total: entries.count)
    }

    private func insert(_ entry: Entry, into list: inout [Entry]) {
        list.insert(entry, at: SortedArraySearch.partitionPoint(of: list) { comesBefore($0, entry) })
    }

    private func remove(_ entry: Entry, from list: inout [Entry]) {
        let position = SortedArraySearch.partitionPoint(of: list) { comesBefore($0, entry) }
        if position < list.count, list[position].user == entry.user { list.remove(at: position) }
    }
}
