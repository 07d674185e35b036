import ContactsCore
import ContactsSocial

/// The obviously-correct model of a follow graph: a dictionary from (follower, followee)
/// pairs to `since`, pages computed by filtering and sorting everything.
struct NaiveFollowModel {
    struct Pair: Hashable {
        let follower: UInt32
        let followee: UInt32
    }

    var ids: [String] = []
    var edges: [Pair: Int64] = [:]

    func isRegistered(_ user: UInt32) -> Bool { Int(user) < ids.count }

    func since(_ follower: UInt32, _ followee: UInt32) -> Int64? {
        edges[Pair(follower: follower, followee: followee)]
    }

    func members(_ relation: FollowRelation, of user: UInt32) -> [FollowPage.Item] {
        switch relation {
        case .following:
            return edges.filter { $0.key.follower == user }.map {
                FollowPage.Item(user: $0.key.followee, since: $0.value)
            }
        case .followers:
            return edges.filter { $0.key.followee == user }.map {
                FollowPage.Item(user: $0.key.follower, since: $0.value)
            }
        case .mutuals:
            return members(.following, of: user).compactMap { item in
                since(item.user, user).map { FollowPage.Item(user: item.user, since: max(item.since, $0)) }
            }
        }
    }

    func page(_ relation: FollowRelation, of user: UInt32, skip: Int, limit: Int) -> FollowPage {
        let all = members(relation, of: user).sorted { left, right in
            if left.since != right.since { return left.since > right.since }
            let leftID = Array(ids[Int(left.user)].utf8)
            let rightID = Array(ids[Int(right.user)].utf8)
            if leftID != rightID { return leftID.lexicographicallyPrecedes(rightID) }
            return left.user < right.user
        }
        return FollowPage(items: Array(all.dropFirst(skip).prefix(limit)), total: all.count)
    }

    mutating func removeUser(_ user: UInt32) -> Int {
        let before = edges.count
        edges = edges.filter { $0.key.follower != user && $0.key.followee != user }
        return before - edges.count
    }
}
