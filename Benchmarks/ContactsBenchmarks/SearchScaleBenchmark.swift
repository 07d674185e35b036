import ContactsCore
import ContactsModel
import ContactsSearch
import ContactsSupport

/// Contact search at ten times the size of ``searchBenchmarks(_:)``: 10 million contacts of a
/// `contacts generate` fixture (seed 1) in one index, the same kind of query mix under `any`.
/// It records the build time (beside folding the text alone), the bytes per contact beside the
/// folded text, the mix's latency, and the first few queries against the naive scan; FTS5
/// runs at 1 million only, where it takes minutes already. The targets are set at 1
/// million; this shows how the index scales.
func searchScaleBenchmarks(_ runner: BenchmarkRunner) throws {
    let count = runner.size(quick: 20_000, full: 10_000_000)
    let size = "\(count)"
    let contacts = try generatedContacts(count)
    var generator = SearchQueryMix(seed: 7)
    let queries = generator.queries(runner.quick ? 400 : 2_000, from: contacts).map(\.query)

    var start = WallClock.monotonicNanoseconds()
    let index = ContactSearchIndex(contacts)
    let buildMillis = milliseconds(since: start)
    start = WallClock.monotonicNanoseconds()
    let naive = SearchNaiveBaseline(contacts)
    runner.record(
        BenchmarkRow(
            workload: "search at scale: build index (baseline: folding the text alone, the naive scan's build)",
            size: size, unit: "ms", ours: Statistics([buildMillis]), baseline: Statistics([milliseconds(since: start)]),
            bytesPerEntry: nil, baselineBytesPerEntry: nil))
    recordIndexBytes(
        runner, index, "search at scale: index bytes/contact (baseline: the folded text it covers)", count: count)
    let (latencies, totals) = timeEachQuery(queries, in: index, runner)
    record(runner, "search at scale: latency, whole mix", size: size, ours: latencies, baseline: nil)

    // The naive scan reads all 10 million contacts a query (about a second): a few queries.
    compareWithNaiveScan(
        runner, naive, index, queries, ours: latencies, totals: totals, count: runner.quick ? 40 : 10,
        workload: "search at scale: latency vs naive scan", size: size)
}
