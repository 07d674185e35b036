import ContactsCore

/// Contact search at ten times the size of ``searchBenchmarks(_:)``: 10 million contacts of a
/// `contacts generate` fixture (seed 1) in one index, the same kind of query mix under `any`.
/// It records the build time, the bytes per contact beside the folded text, and the mix's
/// latency; the baselines (naive scan, FTS5) run at 1 million only, where they take minutes
/// already. The targets are set at 1 million; this shows how the index scales.
func searchScaleBenchmarks(_ runner: BenchmarkRunner) throws {
    let count = runner.size(quick: 20_000, full: 10_000_000)
    let size = "\(count)"
    let contacts = try generatedContacts(count)
    var generator = SearchQueryMix(seed: 7)
    let queries = generator.queries(runner.quick ? 400 : 2_000, from: contacts).map(\.query)

    let start = WallClock.monotonicNanoseconds()
    let index = ContactSearchIndex(contacts)
    runner.record(
        BenchmarkRow(
            workload: "search at scale: build index", size: size, unit: "ms",
            ours: Statistics([milliseconds(since: start)]), baseline: nil, bytesPerEntry: nil,
            baselineBytesPerEntry: nil))
    let footprint = index.footprint
    let perContact = { (bytes: Int) in Double(bytes) / Double(max(1, count)) }
    runner.record(
        BenchmarkRow(
            workload: "search at scale: index bytes/contact (baseline: the folded text it covers)", size: size,
            unit: "B", ours: Statistics([perContact(footprint.tableBytes)]),
            baseline: Statistics([perContact(footprint.foldedTextBytes)]),
            bytesPerEntry: perContact(footprint.tableBytes),
            baselineBytesPerEntry: perContact(footprint.foldedTextBytes)))

    for query in queries.prefix(20) { runner.consume(UInt64(index.search(query).total)) }
    var latencies: [Double] = []
    for query in queries {
        let start = WallClock.monotonicNanoseconds()
        let page = index.search(query)
        latencies.append(microseconds(since: start))
        runner.consume(UInt64(page.total))
    }
    record(runner, "search at scale: latency, whole mix", size: size, ours: latencies, baseline: nil)
}
