import ContactsCore
import ContactsFixtures
import ContactsModel
import ContactsSearch
import ContactsSupport
import Foundation

/// Contact search (PROTOCOL §2) at scale, over the contacts of a `contacts generate` fixture
/// (generated in-process, seed 1) in one index: build time, bytes per contact, and query latency
/// percentiles over a mix of name substrings (1–8 characters), 4–7 digit phone fragments,
/// email fragments and 10% misses, under the `any` field (a search box) — against the naive
/// scan and SQLite FTS5 (trigram) over the same folded text, on the same queries — and once
/// more with each query under its own field (name, phone, email).
func searchBenchmarks(_ runner: BenchmarkRunner) throws {
    let count = runner.size(quick: 20_000, full: 1_000_000)
    let size = "\(count)"
    let contacts = try generatedContacts(count)
    var generator = SearchQueryMix(seed: 7)
    let mix = generator.queries(runner.quick ? 400 : 2_000, from: contacts)
    let queries = mix.map(\.query)

    var start = WallClock.monotonicNanoseconds()
    let index = ContactSearchIndex(contacts)
    let buildMillis = milliseconds(since: start)
    start = WallClock.monotonicNanoseconds()
    let fts = try SearchFTS5Baseline(contacts)
    let ftsMillis = milliseconds(since: start)
    let naive = SearchNaiveBaseline(contacts)
    runner.record(
        BenchmarkRow(
            workload: "search: build index (baseline: FTS5 build)", size: size, unit: "ms",
            ours: Statistics([buildMillis]), baseline: Statistics([ftsMillis]), bytesPerEntry: nil,
            baselineBytesPerEntry: nil))

    recordIndexBytes(runner, index, "search: index bytes/contact (baseline: the folded text it covers)", count: count)
    let footprint = index.footprint
    let perContact = { (bytes: Int) in Double(bytes) / Double(max(1, count)) }
    runner.record(
        BenchmarkRow(
            workload: "search: index + folded text bytes/contact (baseline: FTS5 database)", size: size, unit: "B",
            ours: Statistics([
                perContact(footprint.tableBytes + footprint.foldedTextBytes + footprint.storeOverheadBytes)
            ]),
            baseline: Statistics([perContact(fts.byteCount)]), bytesPerEntry: nil, baselineBytesPerEntry: nil))

    let (ours, totals) = timeEachQuery(queries, in: index, runner)
    record(runner, "search latency, whole mix", size: size, ours: ours, baseline: nil)
    // The same timings by query class (the field a query was drawn for; misses are `any`).
    let classes: [(name: String, field: SearchField)] = [
        ("name substrings", .name), ("phone fragments", .phone), ("email fragments", .email), ("misses", .any),
    ]
    for (name, field) in classes {
        let samples = zip(mix, ours).filter { $0.0.field == field }.map(\.1)
        record(
            runner, "search latency, \(name) (\(samples.count) of the mix, field any)", size: size, ours: samples,
            baseline: nil)
    }
    var fielded: [Double] = []
    for (query, field) in mix {
        let start = WallClock.monotonicNanoseconds()
        let page = index.search(query, field: field)
        fielded.append(microseconds(since: start))
        runner.consume(UInt64(page.total))
    }
    record(runner, "search latency, whole mix, each query under its field", size: size, ours: fielded, baseline: nil)

    let ftsCount = min(queries.count, runner.quick ? 400 : 300)
    var ftsSamples: [Double] = []
    for (number, query) in queries.prefix(ftsCount).enumerated() {
        let start = WallClock.monotonicNanoseconds()
        let answer = try fts.search(query, limit: 20)
        ftsSamples.append(microseconds(since: start))
        runner.consume(UInt64(answer.total))
        if answer.total != totals[number] {
            print("!!!! FTS5 total \(answer.total) differs from ours \(totals[number]) for \(query.debugDescription)")
        }
    }
    record(
        runner, "search latency vs FTS5 (\(ftsCount) queries)", size: size, ours: Array(ours.prefix(ftsCount)),
        baseline: ftsSamples)

    compareWithNaiveScan(
        runner, naive, index, queries, ours: ours, totals: totals, count: min(queries.count, runner.quick ? 100 : 60),
        workload: "search latency vs naive scan", size: size)
}

/// Runs the first `count` of `queries` through the naive scan, checks each answer against
/// the index's, and records their latencies beside `ours` (the index's, same queries).
func compareWithNaiveScan(
    _ runner: BenchmarkRunner, _ naive: SearchNaiveBaseline, _ index: ContactSearchIndex, _ queries: [String],
    ours: [Double], totals: [Int], count: Int, workload: String, size: String
) {
    var naiveSamples: [Double] = []
    for (number, query) in queries.prefix(count).enumerated() {
        let start = WallClock.monotonicNanoseconds()
        let answer = naive.search(query, limit: 20)
        naiveSamples.append(microseconds(since: start))
        runner.consume(UInt64(answer.total))
        if answer.total != totals[number] || answer.ids != index.search(query).ids {
            print("!!!! naive scan differs from the index for \(query.debugDescription)")
        }
    }
    record(
        runner, "\(workload) (\(count) queries)", size: size, ours: Array(ours.prefix(count)), baseline: naiveSamples)
}

/// Records the bytes per contact of `index`'s tables beside the folded text they cover.
func recordIndexBytes(_ runner: BenchmarkRunner, _ index: ContactSearchIndex, _ workload: String, count: Int) {
    let footprint = index.footprint
    let perContact = { (bytes: Int) in Double(bytes) / Double(max(1, count)) }
    runner.record(
        BenchmarkRow(
            workload: workload, size: "\(count)", unit: "B", ours: Statistics([perContact(footprint.tableBytes)]),
            baseline: Statistics([perContact(footprint.foldedTextBytes)]),
            bytesPerEntry: perContact(footprint.tableBytes),
            baselineBytesPerEntry: perContact(footprint.foldedTextBytes)))
}

/// One pass over `queries` under `any`, each query timed alone (the first 20 run once
/// before, as warm-up): the microseconds and the total of each.
func timeEachQuery(_ queries: [String], in index: ContactSearchIndex, _ runner: BenchmarkRunner) -> (
    micros: [Double], totals: [Int]
) {
    for query in queries.prefix(20) { runner.consume(UInt64(index.search(query).total)) }
    var micros: [Double] = []
    var totals: [Int] = []
    for query in queries {
        let start = WallClock.monotonicNanoseconds()
        let page = index.search(query)
        micros.append(microseconds(since: start))
        totals.append(page.total)
        runner.consume(UInt64(page.total))
    }
    return (micros, totals)
}

/// The contacts of a `contacts generate` fixture of `count` contacts (seed 1), written to a
/// temporary directory and read back.
func generatedContacts(_ count: Int) throws -> [Contact] {
    let fixture = try GeneratedFixtureDirectory(contacts: count, seed: 1)
    defer { withExtendedLifetime(fixture) {} }
    return try FixtureReader<Contact>.readAll(path: fixture.file("contacts.jsonl"))
}

/// Records p50, p95 and p99 rows (µs) of `ours` against `baseline` over the same queries.
func record(_ runner: BenchmarkRunner, _ workload: String, size: String, ours: [Double], baseline: [Double]?) {
    for percent in [50, 95, 99] {
        runner.record(
            BenchmarkRow(
                workload: "\(workload), p\(percent)", size: size, unit: "µs",
                ours: Statistics([percentile(ours, percent)]),
                baseline: baseline.map { Statistics([percentile($0, percent)]) }, bytesPerEntry: nil,
                baselineBytesPerEntry: nil))
    }
}

/// The `percent`th percentile of `samples` (nearest rank).
private func percentile(_ samples: [Double], _ percent: Int) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, (sorted.count * percent + 99) / 100 - 1)]
}

func milliseconds(since start: UInt64) -> Double {
    Double(WallClock.monotonicNanoseconds() - start) / 1e6
}

func microseconds(since start: UInt64) -> Double {
    Double(WallClock.monotonicNanoseconds() - start) / 1e3
}
