import ContactsCore
import ContactsModel
import ContactsStore
import ContactsSupport
import Foundation

/// The durable store of issue 7: mutations per second through `contacts serve --store`
/// against the same requests in memory, every response checked equal
/// (``storeMutationBenchmarks(_:)``); opening a store of 1M users, 10M follows and 1M
/// contacts (target ≤ 10 s; a load time, no baseline); the store's load of those rows against
/// the plain SQLite read of the same rows, answers checked equal; the file's bytes per
/// user, follow and contact; then issue 24's PostgreSQL rows beside SQLite (the same store's
/// open, load and bytes, ``storeBackendOpenBenchmarks(_:_:size:sqliteBytes:)``), skipped with
/// a note without a server. The service's rows with 1 and 8 clients are the suite
/// `store-service` (``storeServiceThroughputBenchmarks(_:)``; `--filter store` runs both).
func storeBenchmarks(_ runner: BenchmarkRunner) throws {
    try storeMutationBenchmarks(runner)
    try storeOpenBenchmarks(runner)
}

/// Opening a bulk-built store through `ContactsEngine(storePath:)` — every in-memory index
/// rebuilt (users, phone table, follow graph, upload index, the user directory's search
/// index; each book's search index waits for its first search) — timed from the call to the
/// returned engine, median of a few opens (a load time: a fact, no baseline); then the
/// store's load alone against the plain SQLite read of the same rows, answers checked equal.
/// The file stays in the OS page cache between runs (it was just written), so all are warm.
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
    runner.fact(
        "store: bulk build (SQLiteStore.importRows, as store copy: one transaction, secondary indexes built at the end)",
        size: size, unit: "ms",
        samples: [fixture.buildMillis])
    let sqliteBytes = try recordDiskSize(runner, fixture, size: size)

    let runs = runner.quick ? 1 : 3
    var engineMillis: [Double] = []
    var engineCPUMillis: [Double] = []
    for _ in 0..<runs {
        let cpuStart = processCPUMilliseconds()
        let start = WallClock.monotonicNanoseconds()
        let engine = try ContactsEngine(storePath: fixture.path, storeOptions: StoreOptions(durability: .normal))
        engineMillis.append(Double(WallClock.monotonicNanoseconds() - start) / 1e6)
        engineCPUMillis.append(processCPUMilliseconds() - cpuStart)
        try checkReads(engine, fixture)
        try engine.close()
    }
    runner.fact(
        "store: open through ContactsEngine, every index rebuilt but the books' search (target ≤ 10 s; "
            + "the plain SELECT below is its I/O floor)",
        size: size, unit: "ms", samples: engineMillis)
    runner.fact(
        "store: the same open, CPU time of all threads (user + system)", size: size, unit: "ms",
        samples: engineCPUMillis)

    // The rows alone: the store's load (decoding every row, building nothing) against the
    // plain SQLite read of the same rows; each run opens the file afresh.
    var failure: (any Error)?
    runner.compareRuns(
        "store: SQLiteStore.load alone (rows decoded, nothing built; baseline: plain SELECT of the same rows), "
            + "row counts and column sums",
        size: size, runs: runs,
        ours: { _ in
            var rows = StoreRowsAnswer()
            do {
                let store = try SQLiteStore.open(path: fixture.path, options: StoreOptions(durability: .normal))
                _ = try store.load(into: &rows)
                try store.close()
            } catch {
                failure = error
            }
            return rows
        },
        baseline: { _ in
            do {
                let (rows, touched) = try StoreReadFloor(path: fixture.path).readRows()
                runner.blackHole(touched)
                return rows
            } catch {
                failure = error
                return StoreRowsAnswer()
            }
        })
    if let failure { throw failure }
    let expected = (fixture.userCount, fixture.followCount, fixture.contactCount)
    let read = try StoreReadFloor(path: fixture.path).readRows().rows
    guard (read.users, read.follows, read.contacts) == expected else {
        throw BaselineError("the store holds \(read), not the fixture's rows \(expected)")
    }
    try storeBackendOpenBenchmarks(runner, fixture, size: size, sqliteBytes: sqliteBytes)
}

/// The on-disk size of one kind of entity: bytes per row and where the figure comes from.
struct StoreEntityBytes {
    /// `user`, `follow` or `contact`.
    let entity: String
    /// Its rows.
    let rows: Int
    /// Bytes per row.
    let bytes: Double
    /// Which tables and indexes were counted.
    let source: String
}

/// The file's size per entity: per table and its indexes from `dbstat` when SQLite has it,
/// else the whole file divided by each count (the workload says which); returned for the
/// PostgreSQL rows to stand beside.
private func recordDiskSize(_ runner: BenchmarkRunner, _ fixture: StoreBulkFixture, size: String) throws
    -> [StoreEntityBytes]
{
    let fileBytes = try FileManager.default.attributesOfItem(atPath: fixture.path)[.size] as? Int ?? 0
    let floor = try StoreReadFloor(path: fixture.path)
    let tables = floor.bytesPerTable()
    let entities: [(String, Int, [String])] = [
        ("user", fixture.userCount, ["users", "sqlite_autoindex_users_1", "sqlite_autoindex_users_2"]),
        ("follow", fixture.followCount, ["follows", "follows_by_followee"]),
        ("contact", fixture.contactCount, ["contacts"]),
    ]
    runner.fact(
        "store: file bytes (WAL checkpointed on close)", size: size, unit: "MB", samples: [Double(fileBytes) / 1e6])
    return entities.map { entity, count, parts in
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
        runner.fact(
            "store: disk bytes per \(entity) (\(source))", size: size, unit: "B", samples: [perEntity],
            bytesPerEntry: perEntity)
        return StoreEntityBytes(entity: entity, rows: count, bytes: perEntity, source: source)
    }
}

/// User and system CPU time of the whole process (every thread) so far, in milliseconds.
func processCPUMilliseconds() -> Double {
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
