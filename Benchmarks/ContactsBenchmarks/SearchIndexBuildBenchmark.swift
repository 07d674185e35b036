import ContactsCore
import ContactsModel
import ContactsSearch
import ContactsSupport
import Foundation

/// The search index build alone (`--filter index-build`), at 1M contacts of the project's
/// generator (seed 1, as the search suite's project mix): `ContactSearchIndex(packed:)` timed
/// several times from the same packed contacts, the median against one SQLite FTS5 build of
/// the same folded text. Each build's phases (folding, the ranking sort, the tables, the
/// rest) are printed from its progress calls, and the processor time of the builds (every
/// thread's) is a row of its own: on a loaded machine, what a build costs apart from waiting
/// for a core. Every build is checked against the first (the totals of a sample of the search
/// suite's query mix), and the last against FTS5: its row count and those totals.
func searchIndexBuildBenchmarks(_ runner: BenchmarkRunner) throws {
    let count = runner.size(quick: 20_000, full: 1_000_000)
    let size = SearchBench.sizeLabel(count)
    let checks = SearchChecks(runner)
    print("(index-build: load average \(SearchBench.loadAverage()) at the start)")
    let project = try GeneratedFixtureDirectory(contacts: count, seed: 1)
    defer { withExtendedLifetime(project) {} }
    let packed = try SearchBench.packedContacts(ofFile: project.file("contacts.jsonl"))

    let builds = runner.quick ? 3 : 5
    var samples: [Double] = []
    var processor: [Double] = []
    var phases: [[Double]] = []
    var index = ContactSearchIndex()
    var queries: [String] = []
    var firstTotals: [Int] = []
    for build in 0..<builds {
        index = ContactSearchIndex()  // the previous build let go first
        // The progress units: n contacts folded, then n for the ranking sort, then n for the tables.
        var marks: [UInt64] = []
        var phase = 0
        let start = WallClock.monotonicNanoseconds()
        let cpuStart = processCPUMilliseconds()
        let (micros, built) = SearchBench.timed {
            ContactSearchIndex(packed: packed) { done, total in
                while phase < 3, done * 3 >= total * (phase + 1) {
                    marks.append(WallClock.monotonicNanoseconds())
                    phase += 1
                }
            }
        }
        let cpu = processCPUMilliseconds() - cpuStart
        index = built
        samples.append(micros / 1e3)
        processor.append(cpu)
        let ends = marks.map { Double($0 - start) / 1e6 }
        if ends.count == 3 {
            phases.append([ends[0], ends[1] - ends[0], ends[2] - ends[1], micros / 1e3 - ends[2]])
        }
        let load = SearchBench.loadAverage()
        print(
            "(index-build: build \(build + 1): \(Int(micros / 1e3)) ms, \(Int(cpu)) ms of processor time; load \(load))"
        )
        if build == 0 {
            var generator = SearchQueryMix(seed: 7)
            let sampleCount = runner.quick ? 100 : 60
            queries = generator.queries(sampleCount, fromCount: index.count) { index.contacts.contact(at: UInt32($0)) }
                .map(\.query)
            firstTotals = queries.map { index.hits($0, limit: 20).total }
        } else {
            checks.check(
                "index-build: build \(build + 1) totals", queries.map { index.hits($0, limit: 20).total }, firstTotals,
                "the totals differ from the first build's")
        }
    }
    if !phases.isEmpty {
        let names = ["fold", "ranking sort", "tables", "layout and the rest"]
        let medians = (0..<4).map { part in Statistics(phases.map { $0[part] }).median }
        print(
            "(index-build: median phases, ms: "
                + zip(names, medians).map { "\($0) \(Int($1.rounded()))" }.joined(separator: ", ") + ")")
    }

    let (ftsMicros, fts) = try SearchBench.timed {
        try SearchFTS5Baseline(count: index.count) { index.contacts.contact(at: UInt32($0)) }
    }
    checks.check("index-build: FTS5 rows", fts.rowCount, index.count, "FTS5 holds \(fts.rowCount), ours \(index.count)")
    for (query, total) in zip(queries, firstTotals) {
        let answer = try fts.search(query, limit: 1)
        checks.check(
            "index-build: total of \(query.debugDescription)", total, answer.total,
            "ours \(total), FTS5 \(answer.total)")
    }
    SearchBench.record(
        runner, "search index build from the packed contacts, median of \(builds) (baseline: one FTS5 build)",
        size: size, unit: "ms", ours: samples, baseline: [ftsMicros / 1e3], checks: checks)
    SearchBench.record(
        runner, "search index build, processor time of every thread, median of \(builds)", size: size, unit: "ms",
        ours: processor, baseline: nil)
    checks.finish("index-build")
}
