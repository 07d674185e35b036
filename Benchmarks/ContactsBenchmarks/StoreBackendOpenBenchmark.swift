import ContactsCore
import ContactsModel
import ContactsPostgres
import ContactsStore
import ContactsSupport
import Foundation

/// The bulk fixture's store copied into a fresh PostgreSQL database (`contacts store copy`'s
/// path: binary `COPY`, indexes rebuilt after), then opened there and from the SQLite file
/// side by side (issue 24: PostgreSQL's open within 1.5× SQLite's): the engine open, the
/// store's load alone, and the disk bytes per user, follow and contact
/// (`pg_total_relation_size` beside SQLite's `dbstat`), every answer checked equal.
func storeBackendOpenBenchmarks(
    _ runner: BenchmarkRunner, _ fixture: StoreBulkFixture, size: String, sqliteBytes: [StoreEntityBytes]
) throws {
    let rows = "the PostgreSQL store-open rows"
    guard let server = PostgresBenchDatabase.serverURI(skipping: rows) else { return }
    let database = try PostgresBenchDatabase(serverURI: server, label: "open")
    defer { withExtendedLifetime(database) {} }
    let sqlite = StoreLocation.sqlite(path: fixture.path)
    let postgres = StoreLocation.postgres(uri: database.uri)
    let options = StoreOptions(durability: .normal)

    let copyStart = WallClock.monotonicNanoseconds()
    let copied = try StoreCopy.copy(from: sqlite, to: postgres, options: options)
    runner.fact(
        "store copy SQLite → PostgreSQL (binary COPY, indexes and constraints rebuilt after, ANALYZE)", size: size,
        unit: "ms", samples: [Double(WallClock.monotonicNanoseconds() - copyStart) / 1e6])
    try recordPostgresDiskSize(runner, database, copied.target, size: size, sqliteBytes: sqliteBytes)

    // The engine open: the same rows into the same in-memory indexes; each run opens both
    // (alternating which goes first) and times only the initializer.
    let runs = runner.quick ? 1 : 3
    var postgresMillis: [Double] = []
    var sqliteMillis: [Double] = []
    var postgresAnswers: [EngineOpenAnswer] = []
    var sqliteAnswers: [EngineOpenAnswer] = []
    for run in 0..<runs {
        for side in run % 2 == 0 ? [postgres, sqlite] : [sqlite, postgres] {
            let start = WallClock.monotonicNanoseconds()
            let engine = try ContactsEngine(storeLocation: side.text, storeOptions: options)
            let millis = Double(WallClock.monotonicNanoseconds() - start) / 1e6
            let answer = try EngineOpenAnswer(engine, fixture)
            try engine.close()
            if side == postgres {
                postgresMillis.append(millis)
                postgresAnswers.append(answer)
            } else {
                sqliteMillis.append(millis)
                sqliteAnswers.append(answer)
            }
        }
    }
    let ratio = Statistics(postgresMillis).median / Statistics(sqliteMillis).median
    runner.compareMeasured(
        "store open through ContactsEngine, PostgreSQL vs SQLite (every index rebuilt but the books' search; "
            + "PostgreSQL takes \(format(ratio))× SQLite's time, target ≤ 1.5×), counts, position and first pages",
        size: size, unit: "ms", ours: Measured(samples: postgresMillis, answer: postgresAnswers),
        baseline: Measured(samples: sqliteMillis, answer: sqliteAnswers))

    // The rows alone: each store's load into the same counting loader (row counts and column
    // sums of every table: the loaded state's checksum).
    var failure: (any Error)?
    func load(_ location: StoreLocation) -> StoreRowsAnswer {
        var rows = StoreRowsAnswer()
        do {
            let store = try location.open(options: options)
            _ = try store.load(into: &rows)
            try store.close()
        } catch {
            failure = error
        }
        return rows
    }
    runner.compareRuns(
        "store load alone, PostgreSQLStore (binary COPY out) vs SQLiteStore (rows decoded, nothing built), "
            + "row counts and column sums",
        size: size, runs: runs, ours: { _ in load(postgres) }, baseline: { _ in load(sqlite) })
    if let failure { throw failure }
}

/// What an opened engine answers, compared between the backends: its counts and position,
/// and the first pages of a followed user's followers and of an owner's contacts.
private struct EngineOpenAnswer: Equatable {
    let statistics: EngineStatistics
    let position: Int64
    let followers: Page<FollowEntry>
    let contacts: Page<Contact>

    init(_ engine: ContactsEngine, _ fixture: StoreBulkFixture) throws {
        statistics = engine.statistics
        position = engine.position
        followers = try engine.followers(as: fixture.followedUser, skip: 0, limit: 20)
        contacts = try engine.fetchContacts(as: fixture.owner, fieldType: .any, skip: 0, limit: 20)
        guard statistics.users == fixture.userCount, statistics.follows == fixture.followCount,
            statistics.contacts == fixture.contactCount, followers.total > 0, contacts.total > 0
        else {
            throw BaselineError(
                "the opened engine holds \(statistics) with \(followers.total) followers and \(contacts.total) "
                    + "contacts on its first pages, not the fixture's")
        }
    }
}

/// PostgreSQL's bytes per entity, beside SQLite's: `pg_total_relation_size` (heap, indexes,
/// TOAST) of each entity's tables over its rows (the inspection's counts, checked equal to
/// SQLite's).
private func recordPostgresDiskSize(
    _ runner: BenchmarkRunner, _ database: PostgresBenchDatabase, _ inspection: StoreInspection, size: String,
    sqliteBytes: [StoreEntityBytes]
) throws {
    // A user's number is the key of its `phone_owners` row (SQLite: the users table's second
    // unique index).
    let tablesOf = ["user": ["users", "phone_owners"], "follow": ["follows"], "contact": ["contacts"]]
    let sizes = try database.totalRelationSizes(tablesOf.values.flatMap { $0 })
    for sqlite in sqliteBytes {
        guard let tables = tablesOf[sqlite.entity] else { continue }
        let rows = inspection.rows(of: tables[0])
        let perEntity = Double(tables.reduce(0) { $0 + (sizes[$1] ?? 0) }) / Double(max(1, rows))
        runner.compareMeasured(
            "store: disk bytes per \(sqlite.entity), PostgreSQL (pg_total_relation_size: "
                + tables.joined(separator: " + ") + ") vs SQLite (\(sqlite.source)), rows", size: size,
            unit: "B", ours: Measured(samples: [perEntity], answer: rows),
            baseline: Measured(samples: [sqlite.bytes], answer: sqlite.rows), bytesPerEntry: perEntity,
            baselineBytesPerEntry: sqlite.bytes)
    }
}

extension StoreLocation {
    /// The text `--store` and ``ContactsEngine/init(configuration:storeLocation:storeOptions:)`` take.
    var text: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let uri): uri
        }
    }
}
