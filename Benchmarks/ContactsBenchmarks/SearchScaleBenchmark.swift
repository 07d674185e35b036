import ContactsCore
import ContactsModel
import ContactsSearch
import ContactsSupport

/// Contact search at ten times the size of ``searchBenchmarks(_:)``: 10 million contacts of a
/// `contacts generate` fixture (seed 1) in one index, the project's query mix: the same rows
/// (build, resident bytes and their breakdown, the mix at limit 20 and at limit all, deep
/// pages, the whole ranked list), checked against the naive scan on the first 5 queries and
/// on every deep page (each query reads all 10 million contacts). FTS5 runs at 1 million only
/// (``searchBenchmarks(_:)``): at 10 million its build alone would take most of the run.
func searchScaleBenchmarks(_ runner: BenchmarkRunner) throws {
    let count = runner.size(quick: 20_000, full: 10_000_000)
    let checks = SearchChecks(runner)
    print("(search-10m: load average \(SearchBench.loadAverage()) at the start)")
    let fixture = try GeneratedFixtureDirectory(contacts: count, seed: 1)
    defer { withExtendedLifetime(fixture) {} }
    try searchWorkload(
        runner, "project mix", path: fixture.file("contacts.jsonl"), queryFile: nil, count: count, checks: checks,
        ftsQueries: 0, naiveQueries: 5)
    SearchBench.record(
        runner, "search at 10M: peak resident bytes of the process, baselines included",
        size: SearchBench.sizeLabel(count),
        unit: "GB", ours: [Double(SearchBench.peakResidentBytes()) / 1e9], baseline: nil)
    checks.finish("search-10m")
}
