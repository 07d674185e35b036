import ContactsCore
import ContactsFixtures
import ContactsModel
import ContactsSearch
import ContactsSupport
import Foundation

/// Contact search (PROTOCOL §2) at 1M contacts in one index, on two workloads: the project's
/// own (a `contacts generate` fixture, seed 1, and ``SearchQueryMix``) and an independent one
/// (`scripts/search/generate_search_mix.py`, seed 27: another generator's contacts and its own
/// 1,000 queries), so that no figure is tuned to one generator's data. For each: the index
/// build from the packed contacts beside SQLite FTS5's build, resident bytes per contact (and
/// their breakdown) beside the FTS5 database, the query mix at limit 20 and at limit all beside
/// FTS5 (trigram, same folded text) and the naive scan, deep pages (skip 10k, 100k, 500k) and
/// the full ranked list of the broadest query, and `fetchContacts` pages (``fetchPages``).
/// Every answer is checked against the baselines: totals against FTS5 and the naive scan, the
/// set of every match against FTS5's rows, ranked ids against the naive scan, pages of
/// listings against a filter-and-walk; a difference fails the run.
func searchBenchmarks(_ runner: BenchmarkRunner) throws {
    let count = runner.size(quick: 20_000, full: 1_000_000)
    let checks = SearchChecks(runner)
    print("(search: load average \(SearchBench.loadAverage()) at the start)")
    let project = try GeneratedFixtureDirectory(contacts: count, seed: 1)
    defer { withExtendedLifetime(project) {} }
    try searchWorkload(
        runner, "project mix", path: project.file("contacts.jsonl"), queryFile: nil, count: count, checks: checks)
    if let independent = try IndependentSearchMix(contacts: count, queries: runner.quick ? 300 : 1_000) {
        defer { withExtendedLifetime(independent) {} }
        try searchWorkload(
            runner, "independent mix", path: independent.contactsPath, queryFile: independent.queriesPath,
            count: count, checks: checks)
    } else {
        print("!!!! search: python3 is not available: the independent mix's rows are skipped")
    }
    checks.finish("search")
}

/// The rows of one workload: the contacts of `path` (`count` of them), and the queries of
/// `queryFile` (one a line) or, without it, ``SearchQueryMix`` drawn from the contacts. FTS5
/// runs on the first `ftsQueries` queries (all by default; none: no FTS5 database is built),
/// the naive scan on the first `naiveQueries`.
func searchWorkload(
    _ runner: BenchmarkRunner, _ label: String, path: String, queryFile: String?, count: Int, checks: SearchChecks,
    ftsQueries ftsLimit: Int? = nil, naiveQueries: Int? = nil
) throws {
    let size = SearchBench.sizeLabel(count)
    let before = SearchBench.residentBytes()
    var packed: PackedContacts? = try SearchBench.packedContacts(ofFile: path)
    let (buildMicros, built) = SearchBench.timed { ContactSearchIndex(packed: packed ?? PackedContacts()) }
    packed = nil
    let index = built
    let resident = SearchBench.residentBytes() - before
    let uploads = try SearchBench.uploadIndex(of: index.contacts, bookSize: SearchBench.bookSize)
    let withUploads = SearchBench.residentBytes() - before
    runner.blackHole(uploads)
    let contact = { (slot: Int) in index.contacts.contact(at: UInt32(slot)) }

    let fts: SearchFTS5Baseline?
    if ftsLimit != 0 {
        let (ftsBuildMicros, database) = try SearchBench.timed {
            try SearchFTS5Baseline(count: index.count, contact: contact)
        }
        fts = database
        checks.check(
            "\(label): FTS5 rows", database.rowCount, index.count,
            "FTS5 holds \(database.rowCount), ours \(index.count)")
        SearchBench.record(
            runner, "search, \(label): index build from the packed contacts (baseline: FTS5 build)", size: size,
            unit: "ms", ours: [buildMicros / 1e3], baseline: [ftsBuildMicros / 1e3], checks: checks)
    } else {
        fts = nil
        SearchBench.record(
            runner, "search, \(label): index build from the packed contacts", size: size, unit: "ms",
            ours: [buildMicros / 1e3], baseline: nil)
    }
    recordMemory(
        runner, label, index: index, resident: resident, withUploads: withUploads, fts: fts, size: size, checks: checks)

    var queries: [String]
    if let queryFile {
        queries = try String(contentsOfFile: queryFile, encoding: .utf8).split(separator: "\n").map(String.init)
    } else {
        var generator = SearchQueryMix(seed: 7)
        queries = generator.queries(runner.quick ? 300 : 1_000, fromCount: index.count, contact: contact).map(\.query)
    }
    let runs = runner.quick ? 1 : 3

    // The mix at limit 20, and at limit all (ranked slots and their ids read out).
    let (page20, pages) = SearchBench.medianTimes(queries, runs: runs) { index.hits($0, limit: 20) }
    let (pageAll, lists) = SearchBench.medianTimes(queries, runs: runs) { query -> (SearchHits, ByteStringList) in
        let hits = index.hits(query, limit: .max)
        return (hits, index.ids(of: hits))
    }
    if let fts {
        let ftsCount = min(queries.count, ftsLimit ?? queries.count)
        var fts20: [Double] = []
        var ftsAll: [Double] = []
        for number in 0..<ftsCount {
            let query = queries[number]
            let (micros20, answer20) = try SearchBench.timed { try fts.search(query, limit: 20) }
            fts20.append(micros20)
            checks.check(
                "\(label): total of \(query.debugDescription)", pages[number].total, answer20.total,
                "ours \(pages[number].total), FTS5 \(answer20.total)")
        }
        SearchBench.recordPercentiles(
            runner, "search, \(label): \(queries.count) queries, limit 20 (baseline: FTS5 on the first \(ftsCount))",
            size: size, ours: page20, baseline: fts20, checks: checks)
        for number in 0..<ftsCount {
            let query = queries[number]
            let (microsAll, answerAll) = try SearchBench.timed { try fts.search(query, limit: .max) }
            ftsAll.append(microsAll)
            checks.check(
                "\(label): every match of \(query.debugDescription)", lists[number].0.slots.sorted().map(Int64.init),
                answerAll.rows, "ours \(lists[number].0.slots.count) slots, FTS5 \(answerAll.rows.count) rows")
        }
        SearchBench.recordPercentiles(
            runner,
            "search, \(label): \(queries.count) queries, limit all, ids read out (baseline: FTS5 all rows, "
                + "the first \(ftsCount))",
            size: size, ours: pageAll, baseline: ftsAll, checks: checks)
    } else {
        SearchBench.recordPercentiles(
            runner, "search, \(label): \(queries.count) queries, limit 20", size: size, ours: page20, baseline: nil)
        SearchBench.recordPercentiles(
            runner, "search, \(label): \(queries.count) queries, limit all, ids read out", size: size, ours: pageAll,
            baseline: nil)
    }

    // The naive scan on the first few queries: totals and ranked ids.
    let naive = SearchNaiveBaseline(count: index.count, contact: contact)
    let naiveCount = min(queries.count, naiveQueries ?? (runner.quick ? 60 : 20))
    var naiveMicros: [Double] = []
    for number in 0..<naiveCount {
        let (micros, answer) = SearchBench.timed { naive.search(queries[number], limit: 20) }
        naiveMicros.append(micros)
        checks.check(
            "\(label): naive page of \(queries[number].debugDescription)", index.ids(of: pages[number]).strings,
            answer.ids, "the ranked ids differ")
        checks.check(
            "\(label): naive total of \(queries[number].debugDescription)", pages[number].total, answer.total,
            "ours \(pages[number].total), naive \(answer.total)")
    }
    SearchBench.recordPercentiles(
        runner, "search, \(label): limit 20 (baseline: the naive scan, the first \(naiveCount) queries)", size: size,
        ours: Array(page20.prefix(naiveCount)), baseline: naiveMicros, checks: checks)

    try deepPages(
        runner, label, index: index, fts: fts, naive: naive, queries: queries, totals: pages.map(\.total), size: size,
        checks: checks)
    fetchPages(runner, label, index: index, size: size, checks: checks)
}

/// Resident bytes per contact after the build (the packed contacts and the search index; the
/// build's transient memory handed back), beside the FTS5 database's bytes; then with the
/// upload index of the same contacts in books of ``SearchBench/bookSize``; then the same
/// contacts as the engine holds them (one packed set and search tables a book); then the
/// breakdown of the one index.
private func recordMemory(
    _ runner: BenchmarkRunner, _ label: String, index: ContactSearchIndex, resident: Int, withUploads: Int,
    fts: SearchFTS5Baseline?, size: String, checks: SearchChecks
) {
    let count = Double(max(1, index.count))
    let footprint = index.footprint
    if let fts {
        checks.check(
            "\(label): FTS5 rows", fts.rowCount, index.count, "FTS5 holds \(fts.rowCount), ours \(index.count)")
    }
    SearchBench.record(
        runner,
        "search, \(label): resident bytes/contact, packed contacts + search index"
            + (fts == nil ? "" : " (baseline: FTS5 database)"),
        size: size, unit: "B", ours: [Double(resident) / count], baseline: fts.map { [Double($0.byteCount) / count] },
        checks: checks)
    SearchBench.record(
        runner,
        "search, \(label): resident bytes/contact, packed contacts + search index + upload index "
            + "(books of \(SearchBench.bookSize))",
        size: size, unit: "B", ours: [Double(withUploads) / count], baseline: nil)
    let books = SearchBench.residentBytesOfBooks(of: index.contacts, bookSize: SearchBench.bookSize)
    SearchBench.record(
        runner,
        "search, \(label): resident bytes/contact, as the engine holds them: books of \(SearchBench.bookSize) "
            + "(packed contacts + each book's search tables, built) + upload index",
        size: size, unit: "B", ours: [Double(books + withUploads - resident) / count], baseline: nil)
    let parts: [(String, Int)] = [
        ("packed contacts", index.contactBytes), ("folded text", footprint.foldedTextBytes),
        ("text store overhead", footprint.storeOverheadBytes), ("gram tables", footprint.tableBytes),
        ("slot maps", footprint.slotMapBytes), ("upload index (resident)", withUploads - resident),
    ]
    for (part, bytes) in parts {
        SearchBench.record(
            runner, "search, \(label): of which \(part), bytes/contact", size: size, unit: "B",
            ours: [Double(bytes) / count], baseline: nil)
    }
}

/// Pages at skip 10k, 100k and 500k (limit 20) of the broadest queries (and of the empty
/// one) beside FTS5 at the same offset (by rowid); pages at random skips of the broadest and
/// of the empty query (limit 20, p50/p95/p99); and their whole ranked lists beside FTS5's
/// rows: each checked against the naive scan's ranked list.
private func deepPages(
    _ runner: BenchmarkRunner, _ label: String, index: ContactSearchIndex, fts: SearchFTS5Baseline?,
    naive: SearchNaiveBaseline, queries: [String], totals: [Int], size: String, checks: SearchChecks
) throws {
    // The three broadest queries with terms, then the empty one (every contact) when the mix has it.
    var broadest: [String] = []
    for number in totals.indices.sorted(by: { totals[$0] > totals[$1] })
    where !broadest.contains(queries[number]) && !SearchQuery(queries[number]).isEmpty {
        broadest.append(queries[number])
        if broadest.count == 3 { break }
    }
    if let empty = queries.first(where: { SearchQuery($0).isEmpty }) { broadest.append(empty) }
    for query in broadest {
        let ranked = naive.search(query, limit: .max)
        for skip in [10_000, 100_000, 500_000] where skip < ranked.total {
            let ours = (0..<5).map { _ in SearchBench.timed { index.hits(query, skip: skip, limit: 20) } }
            checks.check(
                "\(label): page at \(skip) of \(query.debugDescription)", index.ids(of: ours[0].value).strings,
                Array(ranked.ids.dropFirst(skip).prefix(20)), "the ranked ids differ")
            let workload =
                "search, \(label): page at skip \(skip), limit 20, of \(query.debugDescription) (\(ranked.total) matches"
            if let fts {
                let baseline = try (0..<3).map { _ in
                    try SearchBench.timed { try fts.search(query, limit: 20, offset: skip) }
                }
                checks.check(
                    "\(label): total at \(skip) of \(query.debugDescription)", ours[0].value.total,
                    baseline[0].value.total, "ours \(ours[0].value.total), FTS5 \(baseline[0].value.total)")
                SearchBench.record(
                    runner, workload + "; baseline: FTS5 OFFSET)", size: size, unit: "µs", ours: ours.map(\.micros),
                    baseline: baseline.map(\.micros), checks: checks)
            } else {
                _ = checks.take()
                SearchBench.record(
                    runner, workload + ", checked against the naive scan)", size: size, unit: "µs",
                    ours: ours.map(\.micros), baseline: nil)
            }
        }
        guard query == broadest.first || SearchQuery(query).isEmpty else { continue }
        var random = SplitMix64(seed: 26)
        let skips = (0..<400).map { _ in Int(random.next() % UInt64(max(1, ranked.total))) }
        var anySkip: [Double] = []
        for skip in skips {
            let (micros, page) = SearchBench.timed { index.hits(query, skip: skip, limit: 20) }
            anySkip.append(micros)
            checks.check(
                "\(label): page at \(skip) of \(query.debugDescription)", index.ids(of: page).strings,
                Array(ranked.ids.dropFirst(skip).prefix(20)), "the ranked ids differ")
        }
        _ = checks.take()
        SearchBench.recordPercentiles(
            runner,
            "search, \(label): pages at \(skips.count) random skips, limit 20, of \(query.debugDescription) "
                + "(\(ranked.total) matches, checked against the naive scan)",
            size: size, ours: anySkip, baseline: nil)
        let whole = (0..<5).map { _ in
            SearchBench.timed { () -> (SearchHits, ByteStringList) in
                let hits = index.hits(query, limit: .max)
                return (hits, index.ids(of: hits))
            }
        }
        checks.check(
            "\(label): whole ranked list of \(query.debugDescription)", whole[0].value.1.strings, ranked.ids,
            "the ranked ids differ")
        let workload =
            "search, \(label): whole ranked list of \(query.debugDescription) (\(ranked.total) matches), ids read out"
        if let fts {
            let baseline = try (0..<3).map { _ in try SearchBench.timed { try fts.search(query, limit: .max) } }
            checks.check(
                "\(label): every match of \(query.debugDescription)", whole[0].value.0.slots.sorted().map(Int64.init),
                baseline[0].value.rows, "the matches differ from FTS5's rows")
            SearchBench.record(
                runner, workload + " (baseline: FTS5 all rows)", size: size, unit: "ms",
                ours: whole.map { $0.micros / 1e3 }, baseline: baseline.map { $0.micros / 1e3 }, checks: checks)
        } else {
            _ = checks.take()
            SearchBench.record(
                runner, workload + " (checked against the naive scan)", size: size, unit: "ms",
                ours: whole.map { $0.micros / 1e3 }, baseline: nil)
        }
    }
}

/// The independent workload: `scripts/search/generate_search_mix.py` run into a temporary
/// directory (removed with the value), or nil without `python3`.
final class IndependentSearchMix {
    let directory: String
    var contactsPath: String { directory + "/contacts.jsonl" }
    var queriesPath: String { directory + "/queries.txt" }

    /// The seed of the independent mix, pinned so that every run measures the same data.
    static let seed = 27

    init?(contacts: Int, queries: Int) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/search/generate_search_mix.py").path
        directory =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("contacts-search-mix-\(UUID().uuidString)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", script, "--contacts", "\(contacts)", "--queries", "\(queries)", "--seed", "\(Self.seed)",
            "--out", directory,
        ]
        do {
            try process.run()
        } catch {
            return nil
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BaselineError("generate_search_mix.py failed with status \(process.terminationStatus)")
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
