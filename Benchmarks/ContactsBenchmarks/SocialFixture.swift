import ContactsCore
import ContactsSocial
import ContactsSupport
import Foundation

/// A deterministic power-law follow graph with a few users built for the social workloads:
/// user 0 is followed by everyone, user 1 follows `mutualSide` users and is followed by as
/// many (half of them the same: mutuals), user 2 follows `feedFollowees` creators (users 3…)
/// who have `eventsPerCreator` events each.
///
/// Out-degrees are Pareto-distributed (minimum 19, capped at 5,000: mean ≈ 130 draws, ≈ 100
/// distinct followees once the repeated draws of the most popular users are dropped); followees
/// are drawn log-uniformly by popularity rank (P(rank r) ∝ 1/r, Zipf with exponent 1) and the
/// ranks are scattered over the index space by a multiplicative bijection, so in-degrees
/// follow a power law and popular users are not all in one chunk.
struct SocialFixture {
    let userCount: Int
    let ids: [String]
    /// Every edge; repeats (a popular user drawn twice by one follower) are left for the bulk
    /// build to drop, as a store reload would never have them.
    let edges: [FollowEdge]
    let celebrity: UInt32 = 0
    let mutualUser: UInt32 = 1
    let feedUser: UInt32 = 2
    let creators: Range<UInt32>
    let events: [Event]

    static let minimumOutDegree = 19.0
    static let maximumOutDegree = 5_000.0
    /// 2023-11-14, the start of the `since` range, which spans three years.
    static let epoch: Int64 = 1_700_000_000_000
    static let span: UInt64 = 3 * 365 * 86_400_000

    init(userCount: Int, mutualSide: Int, feedFollowees: Int, eventsPerCreator: Int) {
        self.userCount = userCount
        ids = (0..<userCount).map { "user\($0)" }
        var random = SplitMix64(seed: 6)
        let scatter = Self.coprimeMultiplier(for: userCount)
        func user(rank: Int) -> UInt32 { UInt32((rank &* scatter &+ 12_345) % userCount) }
        func since() -> Int64 { Self.epoch + Int64(random.next() % Self.span) }
        func unit() -> Double { Double(random.next() >> 11 + 1) / Double(1 << 53) }  // (0, 1]
        let logUsers = log(Double(userCount))
        var edges: [FollowEdge] = []
        edges.reserveCapacity(userCount * 102)
        for follower in 0..<UInt32(userCount) {
            let degree = Int(min(Self.maximumOutDegree, Self.minimumOutDegree / unit()))
            for _ in 0..<degree {
                let rank = min(userCount - 1, Int(exp(unit() * logUsers)) - 1)
                let followee = user(rank: rank)
                if followee != follower {
                    edges.append(FollowEdge(follower: follower, followee: followee, since: since()))
                }
            }
            if follower != celebrity {
                edges.append(FollowEdge(follower: follower, followee: celebrity, since: since()))
            }
        }
        for index in 0..<mutualSide + mutualSide / 2 {
            let other = user(rank: index * 7 + 100)
            guard other != mutualUser else { continue }
            if index < mutualSide {
                edges.append(FollowEdge(follower: mutualUser, followee: other, since: since()))
            }
            if index >= mutualSide / 2 {
                edges.append(FollowEdge(follower: other, followee: mutualUser, since: since()))
            }
        }
        creators = 3..<UInt32(3 + feedFollowees)
        var events: [Event] = []
        for creator in creators {
            edges.append(FollowEdge(follower: feedUser, followee: creator, since: since()))
            for index in 0..<eventsPerCreator {
                events.append(
                    Event(
                        eventId: "ev-\(creator)-\(index)", creator: creator, title: "Event \(index)",
                        description: index % 2 == 0 ? "details" : nil, location: nil, startTime: nil,
                        createdAt: since()))
            }
        }
        self.edges = edges
        self.events = events
    }

    /// A multiplier coprime with `count`, so `rank × multiplier mod count` is a bijection.
    static func coprimeMultiplier(for count: Int) -> Int {
        var candidate = 7_919
        while gcd(candidate, count) != 1 { candidate += 2 }
        return candidate
    }

    private static func gcd(_ first: Int, _ second: Int) -> Int {
        second == 0 ? first : gcd(second, first % second)
    }
}
