import ContactsCore
import ContactsStore
import ContactsSupport
import Dispatch
import Foundation
import PostgreSQLClient

/// Several engines on one PostgreSQL store (PROTOCOL §8), in process, each run on a fresh
/// schema of the test server dropped afterwards (`CONTACTS_TEST_POSTGRES_URL`; skipped with a
/// note without it):
///
/// 1. convergence: a follow written on engine A, from A's answer until engine B has applied
///    it (p50 and p99 of each run), beside the commit on A itself;
/// 2. writes per second from concurrent clients spread over three engines, beside the same
///    writes all sent to one engine, the follow graphs checked equal;
/// 3. catch-up: N follows written, then a new engine opens (loads the store, then follows
///    the log) until it has applied them all, beside the engine that followed them live while
///    they were written; its follow graph checked equal to the live engine's.
func enginesBenchmarks(_ runner: BenchmarkRunner) throws {
    guard let url = ProcessInfo.processInfo.environment["CONTACTS_TEST_POSTGRES_URL"], !url.isEmpty else {
        print("(engines: skipped, CONTACTS_TEST_POSTGRES_URL is not set: run inside scripts/pg/with-cluster.sh)")
        return
    }
    let runs = runner.quick ? 1 : 3
    try enginesConvergence(runner, url: url, runs: runs, writes: runner.size(quick: 40, full: 1_000))
    try enginesThroughput(runner, url: url, runs: runs, writes: runner.size(quick: 120, full: 6_000))
    try enginesCatchUp(runner, url: url, runs: runs, writes: runner.size(quick: 200, full: 20_000))
}

/// A run that could not go on.
private struct EnginesBenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A fresh schema of the server at `url` for one run, dropped by ``drop()``.
private final class BenchmarkSchema {
    let admin: PostgresConnection
    let name = "bench_engines_" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    /// The URI of the schema (`search_path` set to it).
    let location: String

    init(url: String) throws {
        admin = try PostgresConnection.connect(url, responseTimeout: .seconds(60))
        try admin.execute("CREATE SCHEMA \(name)")
        location = url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + name
    }

    func drop() {
        _ = try? admin.execute("DROP SCHEMA IF EXISTS \(name) CASCADE")
        admin.close()
    }
}

/// An engine on `location`, committing with `synchronous_commit` as the server has it.
private func benchmarkEngine(_ location: String) throws -> ContactsEngine {
    try ContactsEngine(storeLocation: location, storeOptions: StoreOptions(durability: .normal))
}

/// Registers `count` users `b0`, `b1`, … on `engine`.
private func registerBenchmarkUsers(_ count: Int, on engine: ContactsEngine) throws -> [String] {
    let users = (0..<count).map { "b\($0)" }
    for (index, user) in users.enumerated() {
        _ = try engine.registerUser(user, phone: "+1415\(String(5_550_000 + index))", displayName: user, at: 1)
    }
    return users
}

/// Everyone's followees on `engine`, by user: the state compared between engines.
private func followGraph(_ engine: ContactsEngine, users: [String]) throws -> [[String]] {
    try users.map { user in try engine.following(as: user, skip: 0, limit: users.count).items.map(\.userId) }
}

/// The `write`-th distinct follow among `users` (follower, followee).
private func followPair(_ write: Int, users: [String]) -> (String, String) {
    let follower = write % users.count
    let step = 1 + (write / users.count) % (users.count - 1)
    return (users[follower], users[(follower + step) % users.count])
}

/// The value at `fraction` of `samples` (nearest rank).
private func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)]
}

private func enginesConvergence(_ runner: BenchmarkRunner, url: String, runs: Int, writes: Int) throws {
    var convergence: (p50: [Double], p99: [Double]) = ([], [])
    var commit: (p50: [Double], p99: [Double]) = ([], [])
    var graphs: (a: [[[String]]], b: [[[String]]]) = ([], [])
    for _ in 0..<runs {
        let schema = try BenchmarkSchema(url: url)
        defer { schema.drop() }
        let a = try benchmarkEngine(schema.location)
        let b = try benchmarkEngine(schema.location)
        defer {
            try? a.close()
            try? b.close()
        }
        let users = try registerBenchmarkUsers(50, on: a)
        guard b.waitForPosition(a.position, timeoutMilliseconds: 10_000) else {
            throw EnginesBenchmarkError("engine B did not apply the registrations within 10 s")
        }
        var delays: [Double] = []
        var commits: [Double] = []
        for write in 0..<writes {
            let (follower, followee) = followPair(write, users: users)
            let start = WallClock.monotonicNanoseconds()
            _ = try a.followUser(as: follower, target: followee, at: Int64(write))
            let answered = WallClock.monotonicNanoseconds()
            guard b.waitForPosition(a.position, timeoutMilliseconds: 5_000) else {
                throw EnginesBenchmarkError("engine B did not apply write \(write) within 5 s")
            }
            let applied = WallClock.monotonicNanoseconds()
            commits.append(Double(answered - start) / 1e6)
            delays.append(Double(applied - answered) / 1e6)
        }
        convergence.p50.append(percentile(delays, 0.5))
        convergence.p99.append(percentile(delays, 0.99))
        commit.p50.append(percentile(commits, 0.5))
        commit.p99.append(percentile(commits, 0.99))
        graphs.a.append(try followGraph(a, users: users))
        graphs.b.append(try followGraph(b, users: users))
    }
    let size = "\(writes) follows, 2 engines"
    runner.compareMeasured(
        "engines: p50 delay, A answers a write → B has applied it (baseline: the commit on A)", size: size,
        unit: "ms", ours: Measured(samples: convergence.p50, answer: graphs.b),
        baseline: Measured(samples: commit.p50, answer: graphs.a))
    runner.compareMeasured(
        "engines: p99 delay, A answers a write → B has applied it (baseline: the commit on A)", size: size,
        unit: "ms", ours: Measured(samples: convergence.p99, answer: graphs.b),
        baseline: Measured(samples: commit.p99, answer: graphs.a))
}

/// `writes` follows from `clients` concurrent clients, client `c` on `engines[c % count]`;
/// the writes per second.
private func concurrentFollows(_ writes: Int, clients: Int, engines: [ContactsEngine], users: [String]) throws
    -> Double
{
    let failures = ReadWriteLocked<[String]>([])
    let start = WallClock.monotonicNanoseconds()
    DispatchQueue.concurrentPerform(iterations: clients) { client in
        let engine = engines[client % engines.count]
        for write in stride(from: client, to: writes, by: clients) {
            let (follower, followee) = followPair(write, users: users)
            do {
                _ = try engine.followUser(as: follower, target: followee, at: Int64(write))
            } catch {
                failures.write { $0.append("\(follower) → \(followee): \(error)") }
            }
        }
    }
    let seconds = Double(WallClock.monotonicNanoseconds() - start) / 1e9
    if let failure = failures.read({ $0.first }) { throw EnginesBenchmarkError("a follow failed: \(failure)") }
    return Double(writes) / seconds
}

private func enginesThroughput(_ runner: BenchmarkRunner, url: String, runs: Int, writes: Int) throws {
    let clients = 12
    var three: [Double] = []
    var one: [Double] = []
    var threeGraphs: [[[String]]] = []
    var oneGraphs: [[[String]]] = []
    for run in 0..<runs {
        for spread in run % 2 == 0 ? [3, 1] : [1, 3] {
            let schema = try BenchmarkSchema(url: url)
            defer { schema.drop() }
            let engines = try (0..<spread).map { _ in try benchmarkEngine(schema.location) }
            defer { for engine in engines { try? engine.close() } }
            let users = try registerBenchmarkUsers(200, on: engines[0])
            for engine in engines where !engine.waitForPosition(engines[0].position, timeoutMilliseconds: 10_000) {
                throw EnginesBenchmarkError("an engine did not apply the registrations within 10 s")
            }
            let rate = try concurrentFollows(writes, clients: clients, engines: engines, users: users)
            let head = engines.map(\.position).max() ?? 0
            for engine in engines where !engine.waitForPosition(head, timeoutMilliseconds: 10_000) {
                throw EnginesBenchmarkError("an engine did not converge within 10 s")
            }
            let graphs = try engines.map { try followGraph($0, users: users) }
            guard graphs.allSatisfy({ $0 == graphs[0] }) else {
                throw EnginesBenchmarkError("the engines of one store ended with different follow graphs")
            }
            if spread == 3 {
                three.append(rate)
                threeGraphs.append(graphs[0])
            } else {
                one.append(rate)
                oneGraphs.append(graphs[0])
            }
        }
    }
    runner.compareMeasured(
        "engines: follows/s from \(clients) clients over 3 engines (baseline: all on 1 engine)",
        size: "\(writes) follows", unit: "writes/s", ours: Measured(samples: three, answer: threeGraphs),
        baseline: Measured(samples: one, answer: oneGraphs))
}

private func enginesCatchUp(_ runner: BenchmarkRunner, url: String, runs: Int, writes: Int) throws {
    var late: [Double] = []
    var live: [Double] = []
    var lateGraphs: [[[String]]] = []
    var liveGraphs: [[[String]]] = []
    for _ in 0..<runs {
        let schema = try BenchmarkSchema(url: url)
        defer { schema.drop() }
        let writer = try benchmarkEngine(schema.location)
        let follower = try benchmarkEngine(schema.location)
        defer {
            try? writer.close()
            try? follower.close()
        }
        let users = try registerBenchmarkUsers(500, on: writer)
        guard follower.waitForPosition(writer.position, timeoutMilliseconds: 10_000) else {
            throw EnginesBenchmarkError("the live engine did not apply the registrations within 10 s")
        }
        let first = writer.position + 1
        let start = WallClock.monotonicNanoseconds()
        _ = try concurrentFollows(writes, clients: 8, engines: [writer], users: users)
        let head = writer.position
        guard follower.waitForPosition(head, timeoutMilliseconds: 30_000) else {
            throw EnginesBenchmarkError("the live engine did not apply the follows within 30 s")
        }
        live.append(Double(head - first + 1) / (Double(WallClock.monotonicNanoseconds() - start) / 1e9))
        let opening = WallClock.monotonicNanoseconds()
        let newcomer = try benchmarkEngine(schema.location)
        defer { try? newcomer.close() }
        guard newcomer.waitForPosition(head, timeoutMilliseconds: 60_000) else {
            throw EnginesBenchmarkError("the late engine did not reach position \(head) within 60 s")
        }
        late.append(Double(head - first + 1) / (Double(WallClock.monotonicNanoseconds() - opening) / 1e9))
        lateGraphs.append(try followGraph(newcomer, users: users))
        liveGraphs.append(try followGraph(follower, users: users))
    }
    runner.compareMeasured(
        "engines: catch-up of a late engine, changes/s (baseline: an engine following them live)",
        size: "\(writes) follows", unit: "changes/s", ours: Measured(samples: late, answer: lateGraphs),
        baseline: Measured(samples: live, answer: liveGraphs))
}
