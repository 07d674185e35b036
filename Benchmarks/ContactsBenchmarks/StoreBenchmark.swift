import ContactsCore
import ContactsModel
import ContactsStore
import ContactsSupport
import Foundation

/// The durable store of issue 7: mutations per second through `contacts serve --store`
/// against the same requests in memory (``storeMutationBenchmarks(_:)``), and opening a
/// store of 1M users, 10M follows and 1M contacts (target ≤ 10 s) against the plain SQLite
/// read of the same rows, with the file's bytes per user, follow and contact.
func storeBenchmarks(_ runner: BenchmarkRunner) throws {
    try storeMutationBenchmarks(runner)
    try storeOpenBenchmarks(runner)
}

/// Opening a bulk-built store through `ContactsEngine(storePath:)` — every in-memory index
/// rebuilt (users, phone table, follow graph, upload index, the user directory's search
/// index; each book's search index waits for its first search) — timed from the call to the
/// returned engine, median of a few opens,
/// each followed by the plain SQLite read of the same rows (the floor). The file stays in
/// the OS page cache between runs (it was just written), so both are warm.
private func storeOpenBenchmarks(_ runner: BenchmarkRunner) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "contacts-store-open-\(getpid())", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let users = runner.size(quick: 20_000, full: 1_000_000)
    let fixture = try StoreBulkFixture(
        path: directory.appendingPathComponent("open.db").path, users: users, followsPerUser: 10,
        contacts: runner.size(quick: 20_000, full: 1_000_000))
    let size = "\(fixture.userCount) users, \(fixture.followCount) follows, \(fixture.contactCount) contacts"
    runner.record(
        BenchmarkRow(
            workload: "store: bulk build (few transactions through SQLiteStore)", size: size, unit: "ms",
            ours: Statistics([fixture.buildMillis]), baseline: nil, bytesPerEntry: nil, baselineBytesPerEntry: nil))
    try recordDiskSize(runner, fixture, size: size)

    let runs = runner.quick ? 1 : 3
    var engineMillis: [Double] = []
    var engineCPUMillis: [Double] = []
    var loadMillis: [Double] = []
    var floorMillis: [Double] = []
    for _ in 0..<runs {
        let cpuStart = processCPUMilliseconds()
        var start = WallClock.monotonicNanoseconds()
        let engine = try ContactsEngine(storePath: fixture.path, storeOptions: StoreOptions(durability: .normal))
        engineMillis.append(Double(WallClock.monotonicNanoseconds() - start) / 1e6)
        engineCPUMillis.append(processCPUMilliseconds() - cpuStart)
        try checkReads(engine, fixture)
        try engine.close()

        start = WallClock.monotonicNanoseconds()
        let store = try SQLiteStore.open(path: fixture.path, options: StoreOptions(durability: .normal))
        var counter = StoreRowCounter()
        _ = try store.load(into: &counter)
        loadMillis.append(Double(WallClock.monotonicNanoseconds() - start) / 1e6)
        try store.close()
        guard counter.users == fixture.userCount, counter.follows == fixture.followCount,
            counter.contacts == fixture.contactCount
        else { throw BaselineError("the store load counted \(counter), not the fixture's rows") }
        runner.consume(counter.checksum)

        start = WallClock.monotonicNanoseconds()
        let floor = try StoreReadFloor(path: fixture.path)
        runner.consume(try floor.readAll())
        floorMillis.append(Double(WallClock.monotonicNanoseconds() - start) / 1e6)
    }
    let floor = Statistics(floorMillis)
    runner.record(
        BenchmarkRow(
            workload: "store: open through ContactsEngine, every index rebuilt but the books' search (target ≤ 10 s; "
                + "baseline: plain SQLite SELECT of the same rows)",
            size: size, unit: "ms", ours: Statistics(engineMillis), baseline: floor, bytesPerEntry: nil,
            baselineBytesPerEntry: nil))
    runner.record(
        BenchmarkRow(
            workload: "store: the same open, CPU time of all threads (user + system)", size: size, unit: "ms",
            ours: Statistics(engineCPUMillis), baseline: nil, bytesPerEntry: nil, baselineBytesPerEntry: nil))
    runner.record(
        BenchmarkRow(
            workload: "store: SQLiteStore.load alone (rows decoded, nothing built; baseline: plain SELECT)",
            size: size, unit: "ms", ours: Statistics(loadMillis), baseline: floor, bytesPerEntry: nil,
            baselineBytesPerEntry: nil))
}

/// The file's size per entity: per table and its indexes from `dbstat` when SQLite has it,
/// else the whole file divided by each count (the workload says which).
private func recordDiskSize(_ runner: BenchmarkRunner, _ fixture: StoreBulkFixture, size: String) throws {
    let fileBytes = try FileManager.default.attributesOfItem(atPath: fixture.path)[.size] as? Int ?? 0
    let floor = try StoreReadFloor(path: fixture.path)
    let tables = floor.bytesPerTable()
    let entities: [(String, Int, [String])] = [
        ("user", fixture.userCount, ["users", "sqlite_autoindex_users_1", "sqlite_autoindex_users_2"]),
        ("follow", fixture.followCount, ["follows", "follows_by_followee"]),
        ("contact", fixture.contactCount, ["contacts"]),
    ]
    runner.record(
        BenchmarkRow(
            workload: "store: file bytes (WAL checkpointed on close)", size: size, unit: "MB",
            ours: Statistics([Double(fileBytes) / 1e6]), baseline: nil, bytesPerEntry: nil, baselineBytesPerEntry: nil
        ))
    for (entity, count, parts) in entities {
        let bytes: Double
        let source: String
        if let tables {
            bytes = Double(parts.reduce(0) { $0 + (tables[$1] ?? 0) })
            source = "dbstat: " + parts.joined(separator: " + ")
        } else {
            bytes = Double(fileBytes)
            source = "whole file / \(entity)s (no dbstat)"
        }
        let perEntity = bytes / Double(max(1, count))
        runner.record(
            BenchmarkRow(
                workload: "store: disk bytes per \(entity) (\(source))", size: size, unit: "B",
                ours: Statistics([perEntity]), baseline: nil, bytesPerEntry: perEntity, baselineBytesPerEntry: nil))
    }
}

/// User and system CPU time of the whole process (every thread) so far, in milliseconds.
private func processCPUMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let seconds = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
    let micros = usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
    return Double(seconds) * 1e3 + Double(micros) / 1e3
}

/// Fails unless the opened engine answers reads from what the store holds.
private func checkReads(_ engine: ContactsEngine, _ fixture: StoreBulkFixture) throws {
    let followers = try engine.followers(as: fixture.followedUser, skip: 0, limit: 20)
    let contacts = try engine.fetchContacts(as: fixture.owner, fieldType: .any, skip: 0, limit: 20)
    guard followers.total > 0, contacts.total > 0 else {
        throw BaselineError("the opened engine answers \(followers.total) followers, \(contacts.total) contacts")
    }
}

/// Counts the rows of a load (the store layer's decoding without any index).
private struct StoreRowCounter: StoreLoader, CustomStringConvertible {
    var users = 0
    var follows = 0
    var contacts = 0
    var checksum: UInt64 = 0

    mutating func loadUser(_ user: StoredUser) throws {
        users += 1
        checksum &+= user.e164
    }

    mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws {
        follows += 1
        checksum &+= UInt64(bitPattern: since)
    }

    mutating func loadContact(owner: StoreUserKey, contact: Contact, phones: [UInt64]) throws {
        contacts += 1
        checksum &+= UInt64(phones.count &+ contact.id.utf8.count)
    }

    mutating func loadEvent(_ event: EventRecord, creator: StoreUserKey) throws {}
    mutating func loadRecentSearches(user: StoreUserKey, queries: [String]) throws {}
    mutating func loadBudgetUsage(userId: String, day: Int64, used: Int) throws {}

    var description: String { "\(users) users, \(follows) follows, \(contacts) contacts" }
}
