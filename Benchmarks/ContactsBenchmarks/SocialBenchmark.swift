import ContactsCore
import ContactsSocial
import ContactsSupport
import Foundation

/// The social workloads of issue 6 — memory per edge of a power-law graph, batch follow
/// status, followers pages at depth 0 and half-way of a user with every user as follower, a
/// live follow of that user, mutuals, and a feed page — each against ``SocialBaseline``
/// (dictionaries per user, page orders kept sorted on write, feed by heap merge) in the same
/// run, answers checked equal.
func socialBenchmarks(_ runner: BenchmarkRunner) throws {
    let fixture = SocialFixture(
        userCount: runner.size(quick: 20_000, full: 1_000_000), mutualSide: runner.size(quick: 2_000, full: 10_000),
        feedFollowees: runner.size(quick: 200, full: 1_000), eventsPerCreator: runner.size(quick: 50, full: 100))
    try recordMemory(runner, fixture)

    // Our graph at full size: its build time and memory are facts (the baseline at this size
    // would not fit beside it; the memory comparison above is on a sample).
    let residentBefore = residentBytes()
    let buildStart = WallClock.monotonicNanoseconds()
    let graph = try FollowGraph(userIDs: fixture.ids, edges: fixture.edges)
    let buildMillis = Double(WallClock.monotonicNanoseconds() - buildStart) / 1e6
    let residentGrowth = residentBytes() - residentBefore
    let edges = graph.edgeCount
    let size = "\(fixture.userCount) users, \(edges) edges"
    runner.fact("follow graph bulk build, ours", size: size, unit: "ms", samples: [buildMillis])
    runner.fact(
        "follow graph memory, ours, bytes/edge (resident growth; bytes/entry: the sum of its buffers)", size: size,
        unit: "B/edge", samples: [Double(residentGrowth) / Double(edges)],
        bytesPerEntry: Double(graph.memoryFootprint) / Double(edges))
    for (part, bytes) in graph.memoryBreakdown {
        runner.fact(
            "follow graph memory, ours: \(part)", size: size, unit: "B/edge", samples: [Double(bytes) / Double(edges)])
    }

    // The baseline holds every edge the workloads read: those of the watched users, both ways.
    let watched: Set<UInt32> = [fixture.celebrity, fixture.mutualUser, fixture.feedUser]
    var baseline = SocialBaseline(
        ids: fixture.ids,
        edges: fixture.edges.lazy.filter { watched.contains($0.followee) || watched.contains($0.follower) })
    var events = EventStore()
    for event in fixture.events {
        try events.create(event)
        baseline.create(event)
    }

    // Batch status: half the ids followed, half random users.
    var random = SplitMix64(seed: 61)
    let followed = graph.followingSet(of: fixture.feedUser).members
    let batch = (0..<1_000).map { index in
        index % 2 == 0
            ? followed[Int(random.next() % UInt64(followed.count))] : UInt32(random.next() % UInt64(fixture.userCount))
    }
    runner.compare(
        "batch follow status, 1,000 dense indexes (baseline: the user's [UInt32: Int64])", size: size, operations: 1,
        ours: { graph.followStatuses(of: fixture.feedUser, for: batch) },
        baseline: { baseline.statuses(of: fixture.feedUser, for: batch) })
    // Ids resolved as each side would: ours by the engine's user table looking up the batch
    // at once (ByteStringTable), the baseline by a [String: UInt32] one id at a time.
    let batchIDs = batch.map { fixture.ids[Int($0)] }
    var userTable = ByteStringTable(minimumCapacity: fixture.ids.count)
    for id in fixture.ids { _ = try? userTable.insert(id) }
    let indexByID = Dictionary(uniqueKeysWithValues: fixture.ids.enumerated().map { ($1, UInt32($0)) })
    runner.compare(
        "batch follow status, 1,000 string ids (id lookup + membership; baseline: [String: UInt32], one by one)",
        size: size, operations: 1,
        ours: { [userTable] in
            graph.followStatuses(of: fixture.feedUser, for: userTable.ordinals(of: batchIDs).map { $0 ?? .max })
        },
        baseline: { baseline.statuses(of: fixture.feedUser, for: batchIDs.map { indexByID[$0] ?? .max }) })

    // The id lookup alone at the engine's scale: 1,000 random ids of a million-id table, where
    // every lookup misses the cache (the table's slots take 32 MB).
    let tableSize = runner.size(quick: 200_000, full: 1_000_000)
    let tableIDs = (0..<tableSize).map { "u" + String($0 + 10_000_000) }
    var bigTable = ByteStringTable(minimumCapacity: tableIDs.count)
    for id in tableIDs { _ = try? bigTable.insert(id) }
    let bigIndexByID = Dictionary(uniqueKeysWithValues: tableIDs.enumerated().map { ($1, UInt32($0)) })
    let lookedUp = (0..<1_000).map { _ in tableIDs[Int(random.next() % UInt64(tableIDs.count))] }
    runner.compare(
        "user id table, 1,000 random ids looked up as a batch (baseline: [String: UInt32], one by one)",
        size: "\(SearchBench.sizeLabel(tableSize)) ids", operations: 1,
        ours: { [bigTable] in bigTable.ordinals(of: lookedUp) },
        baseline: { lookedUp.map { bigIndexByID[$0] } })

    // Followers pages of the user everyone follows.
    let followerCount = graph.count(.followers, of: fixture.celebrity)
    for skip in [0, followerCount / 2] {
        runner.compare(
            "followers page (limit 20) at skip \(skip) of a user with \(followerCount) followers "
                + "(baseline: a sorted array kept on write)",
            size: size, operations: 1,
            ours: { try? graph.page(.followers, of: fixture.celebrity, skip: skip, limit: 20) },
            baseline: { baseline.followersPage(of: fixture.celebrity, skip: skip, limit: 20) })
    }

    // A live follow of that user and its undoing: both sides keep their orders on write.
    var live = graph
    let newFollower = fixture.celebrity + 1 + UInt32(random.next() % UInt64(fixture.userCount - 1))
    if baseline.following[Int(newFollower)][fixture.celebrity] != nil {
        baseline.unfollow(newFollower, fixture.celebrity)
    }
    _ = live.unfollow(newFollower, fixture.celebrity)
    let liveSince = SocialFixture.epoch + Int64(SocialFixture.span)
    runner.compare(
        "follow then unfollow a user with \(followerCount - 1) followers, first page read between", size: size,
        operations: 1,
        ours: {
            let followed = (try? live.follow(newFollower, fixture.celebrity, since: liveSince)) == .followed
            let page = try? live.page(.followers, of: fixture.celebrity, skip: 0, limit: 20)
            let unfollowed = live.unfollow(newFollower, fixture.celebrity)
            return followed && unfollowed ? page : nil
        },
        baseline: {
            let followed = baseline.follow(newFollower, fixture.celebrity, since: liveSince)
            let page = baseline.followersPage(of: fixture.celebrity, skip: 0, limit: 20)
            let unfollowed = baseline.unfollow(newFollower, fixture.celebrity)
            return followed && unfollowed ? page : nil
        })

    // Mutuals of a user following and followed by `mutualSide` users.
    let mutualSize =
        "following \(graph.count(.following, of: fixture.mutualUser)), followers "
        + "\(graph.count(.followers, of: fixture.mutualUser)), mutuals \(graph.count(.mutuals, of: fixture.mutualUser))"
    runner.compare(
        "mutuals page (limit 20) (baseline: a sorted array kept on write)", size: mutualSize, operations: 1,
        ours: { try? graph.page(.mutuals, of: fixture.mutualUser, skip: 0, limit: 20) },
        baseline: { baseline.mutualsPage(of: fixture.mutualUser, skip: 0, limit: 20) })
    let mutualFollowing = graph.followingSet(of: fixture.mutualUser)
    let mutualFollowers = graph.followerSet(of: fixture.mutualUser)
    runner.compare(
        "mutual count by set intersection (following ∩ followers; baseline: a dictionary probe per follower)",
        size: mutualSize, operations: 1,
        ours: { mutualFollowing.intersectionCount(mutualFollowers) },
        baseline: { baseline.mutualCountByIntersection(of: fixture.mutualUser) })

    // Feed of a user following creators with events.
    let feedSize = "\(fixture.creators.count) followees × \(fixture.events.count / fixture.creators.count) events"
    runner.compare(
        "feed first page (limit 20) (baseline: per-creator lists kept sorted, merged by a heap)", size: feedSize,
        operations: 1,
        ours: { try? events.feed(of: fixture.feedUser, in: graph, skip: 0, limit: 20) },
        baseline: { baseline.feed(of: fixture.feedUser, skip: 0, limit: 20) })
}

/// Memory per edge of both sides on the same first edges of the fixture (the baseline at full
/// size would not fit): resident growth while each is built, ours first (a later build may
/// reuse pages an earlier one freed, which can only favour the baseline); the answer is the
/// number of distinct edges each holds.
private func recordMemory(_ runner: BenchmarkRunner, _ fixture: SocialFixture) throws {
    let sample = Array(fixture.edges.prefix(runner.size(quick: 500_000, full: 4_000_000)))
    var before = residentBytes()
    var graph: FollowGraph? = try FollowGraph(userIDs: fixture.ids, edges: sample)
    let oursGrowth = residentBytes() - before
    let oursEdges = graph?.edgeCount ?? 0
    let oursFootprint = graph?.memoryFootprint ?? 0
    graph = nil
    before = residentBytes()
    var baseline: SocialBaseline? = SocialBaseline(ids: fixture.ids, edges: sample)
    let baselineGrowth = residentBytes() - before
    let baselineEdges = baseline?.edgeCount ?? 0
    baseline = nil
    let perEdge = { (bytes: Int, edges: Int) in Double(bytes) / Double(max(1, edges)) }
    runner.compareMeasured(
        "follow graph memory, bytes/edge (both directions + since + kept orders; resident growth), distinct edges",
        size: "\(fixture.userCount) users, first \(sample.count) edges", unit: "B/edge",
        ours: Measured(samples: [perEdge(oursGrowth, oursEdges)], answer: oursEdges),
        baseline: Measured(samples: [perEdge(baselineGrowth, baselineEdges)], answer: baselineEdges),
        bytesPerEntry: perEdge(oursFootprint, oursEdges))
}

/// The process's resident memory in bytes (from /proc/self/statm; 0 where unavailable).
private func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
