import ContactsCore
import ContactsSocial
import ContactsSupport
import Foundation

/// The social workloads of issue 6: memory per edge of a power-law graph, batch follow
/// status, followers pages at depth 0 and 500,000 of a user with every user as follower,
/// mutuals, and a feed page — each against `NaiveSocialGraph` (String-keyed dictionaries,
/// sort on read) in the same run.
func socialBenchmarks(_ runner: BenchmarkRunner) throws {
    let fixture = SocialFixture(
        userCount: runner.size(quick: 20_000, full: 1_000_000), mutualSide: runner.size(quick: 2_000, full: 10_000),
        feedFollowees: runner.size(quick: 200, full: 1_000), eventsPerCreator: runner.size(quick: 50, full: 100))

    // Our graph: built at once, its memory measured as resident growth and as the sum of
    // its buffers.
    let residentBefore = residentBytes()
    let buildStart = WallClock.monotonicNanoseconds()
    let graph = try FollowGraph(userIDs: fixture.ids, edges: fixture.edges)
    let buildMillis = Double(WallClock.monotonicNanoseconds() - buildStart) / 1e6
    let residentGrowth = residentBytes() - residentBefore
    let edges = graph.edgeCount
    let size = "\(fixture.userCount) users, \(edges) edges"
    runner.record(
        BenchmarkRow(
            workload: "follow graph bulk build", size: size, unit: "ms", ours: Statistics([buildMillis]),
            baseline: nil, bytesPerEntry: nil, baselineBytesPerEntry: nil))

    // The naive graph at full size would not fit beside ours: its bytes per edge are measured
    // on the first edges, and the timed baseline holds the edges the workloads touch.
    let sampleEdges = min(fixture.edges.count, runner.size(quick: 500_000, full: 4_000_000))
    let naiveBefore = residentBytes()
    var sample = NaiveSocialGraph()
    for edge in fixture.edges.prefix(sampleEdges) {
        sample.follow(fixture.ids[Int(edge.follower)], fixture.ids[Int(edge.followee)], since: edge.since)
    }
    let sampleEdgeCount = sample.following.values.reduce(0) { $0 + $1.count }
    let naiveBytesPerEdge = Double(residentBytes() - naiveBefore) / Double(sampleEdgeCount)
    sample = NaiveSocialGraph()
    runner.record(
        BenchmarkRow(
            workload: "follow graph memory, bytes/edge (both directions + since; resident growth)",
            size: size + "; baseline on \(sampleEdgeCount)", unit: "B/edge",
            ours: Statistics([Double(residentGrowth) / Double(edges)]),
            baseline: Statistics([naiveBytesPerEdge]), bytesPerEntry: Double(graph.memoryFootprint) / Double(edges),
            baselineBytesPerEntry: naiveBytesPerEdge))

    for (part, bytes) in graph.memoryBreakdown {
        runner.record(
            BenchmarkRow(
                workload: "follow graph memory: \(part)", size: size, unit: "B/edge",
                ours: Statistics([Double(bytes) / Double(edges)]), baseline: nil, bytesPerEntry: nil,
                baselineBytesPerEntry: nil))
    }

    var naive = NaiveSocialGraph()
    let watched: Set<UInt32> = [fixture.celebrity, fixture.mutualUser, fixture.feedUser]
    for edge in fixture.edges where watched.contains(edge.followee) || watched.contains(edge.follower) {
        naive.follow(fixture.ids[Int(edge.follower)], fixture.ids[Int(edge.followee)], since: edge.since)
    }
    var events = EventStore()
    for event in fixture.events {
        try events.create(event)
        naive.events[fixture.ids[Int(event.creator)], default: []].append(event)
    }

    // Our operations take microseconds: each sample repeats them (the naive ones run once).
    let repeats = 200

    // Batch status: half the ids followed, half random users.
    var random = SplitMix64(seed: 61)
    let followed = graph.followingSet(of: fixture.feedUser).members
    let batch = (0..<1_000).map { index in
        index % 2 == 0
            ? followed[Int(random.next() % UInt64(followed.count))] : UInt32(random.next() % UInt64(fixture.userCount))
    }
    let batchIDs = batch.map { fixture.ids[Int($0)] }
    // Ids resolved as the engine resolves them: a dictionary keyed by the ids' bytes.
    let indexByID = Dictionary(uniqueKeysWithValues: fixture.ids.enumerated().map { (ExactString($1), UInt32($0)) })
    let feedUserID = fixture.ids[Int(fixture.feedUser)]
    compareRepeated(
        runner, "batch follow status, 1,000 dense indexes", size: size, repeats: repeats,
        ours: { checksum(graph.followStatuses(of: fixture.feedUser, for: batch)) },
        baseline: { checksum(naive.statuses(of: feedUserID, for: batchIDs)) })
    compareRepeated(
        runner, "batch follow status, 1,000 string ids (id lookup + membership)", size: size, repeats: repeats,
        ours: {
            checksum(
                graph.followStatuses(of: fixture.feedUser, for: batchIDs.map { indexByID[ExactString($0)] ?? .max }))
        },
        baseline: { checksum(naive.statuses(of: feedUserID, for: batchIDs)) })

    // Followers pages of the user everyone follows.
    let celebrityID = fixture.ids[Int(fixture.celebrity)]
    let followerCount = graph.count(.followers, of: fixture.celebrity)
    for skip in [0, followerCount / 2] {
        compareRepeated(
            runner, "followers page (limit 20) at skip \(skip) of a user with \(followerCount) followers", size: size,
            repeats: repeats,
            ours: { pageChecksum(try? graph.page(.followers, of: fixture.celebrity, skip: skip, limit: 20)) },
            baseline: { checksum(naive.followersPage(of: celebrityID, skip: skip, limit: 20).map(\.1)) })
    }

    // Mutuals of a user following and followed by `mutualSide` users.
    let mutualUserID = fixture.ids[Int(fixture.mutualUser)]
    let mutualSize =
        "following \(graph.count(.following, of: fixture.mutualUser)), followers "
        + "\(graph.count(.followers, of: fixture.mutualUser)), mutuals \(graph.count(.mutuals, of: fixture.mutualUser))"
    compareRepeated(
        runner, "mutuals page (limit 20)", size: mutualSize, repeats: repeats,
        ours: { pageChecksum(try? graph.page(.mutuals, of: fixture.mutualUser, skip: 0, limit: 20)) },
        baseline: { checksum(naive.mutualsPage(of: mutualUserID, skip: 0, limit: 20).map(\.1)) })
    let mutualFollowing = graph.followingSet(of: fixture.mutualUser)
    let mutualFollowers = graph.followerSet(of: fixture.mutualUser)
    let naiveFollowing = Set((naive.following[mutualUserID] ?? [:]).keys)
    let naiveFollowers = naive.followers[mutualUserID] ?? []
    compareRepeated(
        runner, "mutual count by set intersection (following ∩ followers)", size: mutualSize, repeats: repeats,
        ours: { UInt64(mutualFollowing.intersectionCount(mutualFollowers)) },
        baseline: { UInt64(naiveFollowing.intersection(naiveFollowers).count) })

    // Feed of a user following creators with events.
    let feedSize = "\(fixture.creators.count) followees × \(fixture.events.count / fixture.creators.count) events"
    compareRepeated(
        runner, "feed first page (limit 20)", size: feedSize, repeats: repeats,
        ours: {
            let page = try? events.feed(of: fixture.feedUser, in: graph, skip: 0, limit: 20)
            return checksum(page?.items.map(\.createdAt) ?? []) &+ UInt64(page?.total ?? 0)
        },
        baseline: { checksum(naive.feed(of: feedUserID, skip: 0, limit: 20).map(\.createdAt)) })
}

/// Times `ours` repeated `repeats` times per sample and `baseline` once per sample (it is
/// thousands of times slower), interleaved after one warm-up each, and records ns per
/// operation for both.
private func compareRepeated(
    _ runner: BenchmarkRunner, _ workload: String, size: String, repeats: Int, ours: () -> UInt64,
    baseline: () -> UInt64
) {
    runner.consume(ours())
    runner.consume(baseline())
    var oursSamples: [Double] = []
    var baselineSamples: [Double] = []
    for _ in 0..<runner.samples {
        oursSamples.append(
            runner.time(operations: repeats) {
                var total: UInt64 = 0
                for _ in 0..<repeats { total &+= ours() }
                return total
            })
        baselineSamples.append(runner.time(operations: 1, baseline))
    }
    runner.record(
        BenchmarkRow(
            workload: workload, size: size, unit: "ns/op", ours: Statistics(oursSamples),
            baseline: Statistics(baselineSamples), bytesPerEntry: nil, baselineBytesPerEntry: nil))
}

/// A value depending on every element (nil counts as a distinct value).
private func checksum(_ values: some Sequence<Int64?>) -> UInt64 {
    values.reduce(0) { $0 &* 31 &+ UInt64(bitPattern: $1 ?? 7) }
}

/// A value depending on every element.
private func checksum(_ values: some Sequence<Int64>) -> UInt64 {
    values.reduce(0) { $0 &* 31 &+ UInt64(bitPattern: $1) }
}

/// A value depending on a page's items and total.
private func pageChecksum(_ page: FollowPage?) -> UInt64 {
    guard let page else { return 0 }
    return page.items.reduce(UInt64(page.total)) { $0 &* 31 &+ UInt64($1.user) &+ UInt64(bitPattern: $1.since) }
}

/// The process's resident memory in bytes (from /proc/self/statm; 0 where unavailable).
private func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
