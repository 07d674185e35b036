import ContactsCore
import ContactsSocial
import ContactsSupport
import Testing

/// `FollowGraph` against `NaiveFollowModel`, every answer compared, pages in full order.
@Suite struct FollowGraphTests {
    static let seeds: [UInt64] = [11, 12, 13, 14, 15, 16]
    /// Small thresholds keep orders materialized (and dropped) constantly; 512 never does here.
    static let thresholds = [1, 4, 512]

    /// A random id: pieces that share prefixes (so the 8-byte prefix keys tie often),
    /// multi-byte UTF-8 and varied lengths.
    static func randomID(_ random: inout SplitMix64) -> String {
        let pieces = ["user-000", "user-0001", "a", "b", "é", "日本", "Z", "~", "0"]
        var id = ""
        for _ in 0..<(1 + Int(random.next() % 3)) { id += pieces[Int(random.next() % UInt64(pieces.count))] }
        return id + String(random.next() % 50)
    }

    /// A random `since`: few distinct values (ties) and the extremes.
    static func randomSince(_ random: inout SplitMix64) -> Int64 {
        switch random.next() % 10 {
        case 0: return .min
        case 1: return .max
        default: return Int64(random.next() % 6) * 1_000 - 2_000
        }
    }

    @Test(arguments: seeds, thresholds)
    func randomOperationsMatchModel(seed: UInt64, threshold: Int) throws {
        var random = SplitMix64(seed: seed)
        var graph = FollowGraph(materializeThreshold: threshold)
        var model = NaiveFollowModel()
        var usedIDs = Set<String>()
        func register() throws {
            var id = Self.randomID(&random)
            while usedIDs.contains(id) { id = Self.randomID(&random) }
            usedIDs.insert(id)
            try graph.registerUser(UInt32(model.ids.count), id: id)
            model.ids.append(id)
        }
        for _ in 0..<12 { try register() }
        func anyUser() -> UInt32 { UInt32(random.next() % UInt64(model.ids.count + 2)) }  // sometimes unknown
        for step in 0..<1_500 {
            let follower = anyUser()
            let followee = anyUser()
            switch random.next() % 100 {
            case 0..<50:
                let since = Self.randomSince(&random)
                let expected: Result<FollowOutcome, FollowGraphError>
                if !model.isRegistered(follower) {
                    expected = .failure(.unknownUser(follower))
                } else if !model.isRegistered(followee) {
                    expected = .failure(.unknownUser(followee))
                } else if follower == followee {
                    expected = .failure(.selfFollow(follower))
                } else if let old = model.since(follower, followee) {
                    expected = .success(.alreadyFollowing(since: old))
                } else {
                    model.edges[.init(follower: follower, followee: followee)] = since
                    expected = .success(.followed)
                }
                let outcome = Result { () throws(FollowGraphError) in try graph.follow(follower, followee, since: since)
                }
                #expect(outcome == expected)
            case 50..<75:
                let existed = model.edges.removeValue(forKey: .init(follower: follower, followee: followee)) != nil
                let unfollowed = graph.unfollow(follower, followee)
                #expect(unfollowed == existed)
            case 75..<77:
                let removed = model.isRegistered(follower) ? model.removeUser(follower) : 0
                let graphRemoved = graph.removeUser(follower)
                #expect(graphRemoved == removed)
            case 77..<80:
                if model.ids.count < 40 { try register() }
            case 80..<82:
                // Re-registering the same id is a no-op; a new id only for a user without edges.
                guard model.isRegistered(follower) else { break }
                let hasEdges = model.edges.keys.contains { $0.follower == follower || $0.followee == follower }
                let newID = Self.randomID(&random)
                if usedIDs.contains(newID) {
                    if newID == model.ids[Int(follower)] { try graph.registerUser(follower, id: newID) }
                    break
                }
                let failure = Self.failure { () throws(FollowGraphError) in try graph.registerUser(follower, id: newID)
                }
                if hasEdges {
                    #expect(failure == .userHasEdges(follower))
                } else {
                    #expect(failure == nil)
                    usedIDs.remove(model.ids[Int(follower)])
                    usedIDs.insert(newID)
                    model.ids[Int(follower)] = newID
                }
            default:
                // Short batches, and long ones, so that both of followStatuses' ways are taken.
                let batch = (0..<Int(random.next() % 4 == 0 ? 60 : random.next() % 6)).map { _ in anyUser() }
                let expected = batch.map { model.isRegistered(follower) ? model.since(follower, $0) : nil }
                #expect(graph.followStatuses(of: follower, for: batch) == expected)
            }
            #expect(graph.edgeCount == model.edges.count)
            #expect(
                graph.since(follower, followee)
                    == (model.isRegistered(follower) ? model.since(follower, followee) : nil))
            #expect(graph.isFollowing(follower, followee) == (model.since(follower, followee) != nil))
            try expectSamePages(graph, model, user: follower, random: &random)
            if step % 100 == 0 {
                try graph._checkInvariants()
                for user in 0..<UInt32(model.ids.count) {
                    try expectSamePages(graph, model, user: user, random: &random)
                }
            }
        }
        try graph._checkInvariants()
        let unexpectedIndex = UInt32(model.ids.count + 1)
        let failure = Self.failure { () throws(FollowGraphError) in try graph.registerUser(unexpectedIndex, id: "x") }
        #expect(failure == .userIndexNotNext(unexpectedIndex, expected: model.ids.count))

        // The same edges built at once (in shuffled order, each duplicated later with another
        // since that must lose) answer exactly alike.
        var edges = model.edges.map {
            FollowEdge(follower: $0.key.follower, followee: $0.key.followee, since: $0.value)
        }
        edges.shuffle(using: &random)
        edges += edges.map { FollowEdge(follower: $0.follower, followee: $0.followee, since: $0.since &+ 1) }
        let bulk = try FollowGraph(userIDs: model.ids, edges: edges, materializeThreshold: threshold)
        try bulk._checkInvariants()
        #expect(bulk.edgeCount == model.edges.count)
        for user in 0..<UInt32(model.ids.count) { try expectSamePages(bulk, model, user: user, random: &random) }
    }

    @Test func userFollowedByEveryone() throws {
        let userCount = 700  // above the default threshold of 512: the followers order is kept
        var random = SplitMix64(seed: 99)
        let ids = (0..<userCount).map { "member-\(String($0, radix: 7))" }
        var graph = FollowGraph()
        var model = NaiveFollowModel(ids: ids)
        for (user, id) in ids.enumerated() { try graph.registerUser(UInt32(user), id: id) }
        for follower in (1..<UInt32(userCount)).shuffled(using: &random) {
            let since = Int64(random.next() % 40)  // many ties, broken by id bytes
            try graph.follow(follower, 0, since: since)
            model.edges[.init(follower: follower, followee: 0)] = since
        }
        // A few follow back: mutuals.
        for user in 1..<UInt32(30) {
            try graph.follow(0, user, since: 100 + Int64(user % 3))
            model.edges[.init(follower: 0, followee: user)] = 100 + Int64(user % 3)
        }
        try graph._checkInvariants()
        for skip in [0, 1, 19, 20, 300, 650, 698, 699, 700, 5_000] {
            for relation in FollowRelation.allCases {
                #expect(
                    try graph.page(relation, of: 0, skip: skip, limit: 20)
                        == model.page(relation, of: 0, skip: skip, limit: 20))
            }
        }
        #expect(
            try graph.page(.followers, of: 0, skip: 0, limit: 1_000)
                == model.page(.followers, of: 0, skip: 0, limit: 1_000))
        // Most unfollow: the kept order shrinks, then is dropped under half the threshold.
        for follower in (1..<UInt32(userCount)).shuffled(using: &random).prefix(600) {
            let unfollowed = graph.unfollow(follower, 0)
            #expect(unfollowed)
            model.edges[.init(follower: follower, followee: 0)] = nil
        }
        try graph._checkInvariants()
        #expect(
            try graph.page(.followers, of: 0, skip: 5, limit: 50) == model.page(.followers, of: 0, skip: 5, limit: 50))
        let removed = graph.removeUser(0)
        #expect(removed == model.removeUser(0))
        try graph._checkInvariants()
        for user in 0..<UInt32(userCount) where user % 50 == 0 {
            try expectSamePages(graph, model, user: user, random: &random)
        }
    }

    @Test func usersWithoutEdges() throws {
        var graph = FollowGraph()
        try graph.registerUser(0, id: "alone")
        try graph.registerUser(1, id: "other")
        for user: UInt32 in [0, 1, 7] {
            for relation in FollowRelation.allCases {
                #expect(try graph.page(relation, of: user, skip: 0, limit: 20) == FollowPage(items: [], total: 0))
                #expect(graph.count(relation, of: user) == 0)
            }
            #expect(graph.followStatuses(of: user, for: [0, 1, 7]) == [nil, nil, nil])
        }
        let removed = graph.removeUser(0)
        let unfollowed = graph.unfollow(0, 1)
        #expect(removed == 0 && !unfollowed)
        #expect(graph.since(0, 0) == nil)
        #expect(throws: FollowGraphError.invalidPage(skip: -1, limit: 20)) {
            try graph.page(.following, of: 0, skip: -1, limit: 20)
        }
        #expect(throws: FollowGraphError.selfFollow(1)) { try graph.follow(1, 1, since: 0) }
        #expect(throws: FollowGraphError.unknownUser(9)) { try graph.follow(0, 9, since: 0) }
        #expect(throws: FollowGraphError.invalidEdge(FollowEdge(follower: 0, followee: 0, since: 1))) {
            try FollowGraph(userIDs: ["a"], edges: [FollowEdge(follower: 0, followee: 0, since: 1)])
        }
        #expect(graph.edgeCount == 0)
        try graph._checkInvariants()
    }

    @Test func followingAgainKeepsSinceAndRefollowGetsANewOne() throws {
        var graph = FollowGraph()
        try graph.registerUser(0, id: "a")
        try graph.registerUser(1, id: "b")
        var outcomes = [try graph.follow(0, 1, since: 5), try graph.follow(0, 1, since: 9)]
        #expect(outcomes == [.followed, .alreadyFollowing(since: 5)])
        #expect(graph.since(0, 1) == 5)
        outcomes = [try graph.follow(1, 0, since: 7)]
        #expect(outcomes == [.followed])
        #expect(try graph.page(.mutuals, of: 0, skip: 0, limit: 5).items == [FollowPage.Item(user: 1, since: 7)])
        let unfollowed = graph.unfollow(0, 1)
        #expect(unfollowed && graph.count(.mutuals, of: 1) == 0)
        outcomes = [try graph.follow(0, 1, since: 11)]
        #expect(outcomes == [.followed])
        #expect(graph.since(0, 1) == 11)
        #expect(try graph.page(.mutuals, of: 1, skip: 0, limit: 5).items == [FollowPage.Item(user: 0, since: 11)])
    }

    /// The error `body` throws, or nil.
    static func failure(_ body: () throws(FollowGraphError) -> Void) -> FollowGraphError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// Compares every relation of `user` on a few pages, including past the end.
    private func expectSamePages(
        _ graph: FollowGraph, _ model: NaiveFollowModel, user: UInt32, random: inout SplitMix64
    ) throws {
        for relation in FollowRelation.allCases {
            #expect(
                graph.count(relation, of: user)
                    == (model.isRegistered(user) ? model.members(relation, of: user).count : 0))
            let skip = Int(random.next() % 8)
            let limit = Int(random.next() % 6)
            for (pageSkip, pageLimit) in [(0, 1_000), (skip, limit)] {
                let expected =
                    model.isRegistered(user)
                    ? model.page(relation, of: user, skip: pageSkip, limit: pageLimit) : FollowPage(items: [], total: 0)
                #expect(try graph.page(relation, of: user, skip: pageSkip, limit: pageLimit) == expected)
            }
        }
    }
}
