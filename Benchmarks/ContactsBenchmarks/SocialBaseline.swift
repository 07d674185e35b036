import ContactsCore
import ContactsSocial
import ContactsSupport

/// The naive social graph the benchmarks compare with: String-keyed dictionaries and sets,
/// every page gathered and sorted on read.
struct NaiveSocialGraph {
    /// follower → (followee → since).
    var following: [String: [String: Int64]] = [:]
    /// followee → followers.
    var followers: [String: Set<String>] = [:]
    /// creator → events.
    var events: [String: [Event]] = [:]

    /// Adds an edge unless it exists (the first `since` stays).
    mutating func follow(_ follower: String, _ followee: String, since: Int64) {
        guard following[follower]?[followee] == nil else { return }
        following[follower, default: [:]][followee] = since
        followers[followee, default: []].insert(follower)
    }

    /// `since` of `user`'s edge to each id, or nil.
    func statuses(of user: String, for ids: [String]) -> [Int64?] {
        let mine = following[user] ?? [:]
        return ids.map { mine[$0] }
    }

    /// A followers page: every follower with its `since`, sorted, sliced.
    func followersPage(of user: String, skip: Int, limit: Int) -> ArraySlice<(String, Int64)> {
        let items = (followers[user] ?? []).map { ($0, following[$0]?[user] ?? .min) }
        return Self.page(items, skip: skip, limit: limit)
    }

    /// A mutuals page: followees who follow back, `since` the later edge, sorted, sliced.
    func mutualsPage(of user: String, skip: Int, limit: Int) -> ArraySlice<(String, Int64)> {
        let mine = following[user] ?? [:]
        let back = followers[user] ?? []
        let items = mine.compactMap { followee, since -> (String, Int64)? in
            guard back.contains(followee) else { return nil }
            return (followee, max(since, following[followee]?[user] ?? .min))
        }
        return Self.page(items, skip: skip, limit: limit)
    }

    /// A feed page: the followees' events, sorted newest first, sliced.
    func feed(of user: String, skip: Int, limit: Int) -> ArraySlice<Event> {
        var all: [Event] = []
        for followee in (following[user] ?? [:]).keys where followee != user {
            all.append(contentsOf: events[followee] ?? [])
        }
        all.sort { left, right in
            left.createdAt != right.createdAt
                ? left.createdAt > right.createdAt : right.eventId.utf8Precedes(left.eventId)
        }
        return all.dropFirst(skip).prefix(limit)
    }

    private static func page(_ items: [(String, Int64)], skip: Int, limit: Int) -> ArraySlice<(String, Int64)> {
        items.sorted { left, right in left.1 != right.1 ? left.1 > right.1 : left.0.utf8Precedes(right.0) }
            .dropFirst(skip).prefix(limit)
    }
}
