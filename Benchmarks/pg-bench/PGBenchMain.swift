import Foundation
import PostgreSQLClient

/// One named group of measurements.
struct Benchmark: Sendable {
    let name: String
    let run: @Sendable (BenchmarkHarness) throws -> Void
}

/// Every benchmark; `--filter NAME` runs those whose name contains NAME.
let benchmarks: [Benchmark] = [
    Benchmark(name: "round-trip", run: roundTripBenchmarks),
    Benchmark(name: "parameter-format", run: parameterFormatBenchmarks),
    Benchmark(name: "bulk-load", run: bulkLoadBenchmarks),
    Benchmark(name: "notify-latency", run: notifyLatencyBenchmark),
]

/// pg-bench: client-side figures of PostgreSQLClient against a real server.
///
///     scripts/pg/with-cluster.sh .build/release/pg-bench [--runs N] [--quick] [--filter NAME]
@main
enum PGBenchMain {
    static func main() {
        #if DEBUG
            print("pg-bench: WARNING: debug build; figures are meaningless (swift build -c release)")
        #endif
        var arguments = Array(CommandLine.arguments.dropFirst())
        var runs = 5
        var filter: String?
        let quick = arguments.contains("--quick")
        arguments.removeAll { $0 == "--quick" }
        while let index = arguments.firstIndex(where: { $0 == "--runs" || $0 == "--filter" }) {
            guard index + 1 < arguments.count else { fail("\(arguments[index]) needs a value") }
            if arguments[index] == "--runs" {
                guard let value = Int(arguments[index + 1]), value > 0 else { fail("--runs needs a positive number") }
                runs = value
            } else {
                filter = arguments[index + 1]
            }
            arguments.removeSubrange(index...index + 1)
        }
        guard arguments.isEmpty else { fail("usage: pg-bench [--runs N] [--quick] [--filter NAME]") }
        guard let url = ProcessInfo.processInfo.environment["CONTACTS_TEST_POSTGRES_URL"] else {
            fail("CONTACTS_TEST_POSTGRES_URL is not set: run scripts/pg/with-cluster.sh .build/release/pg-bench")
        }
        let harness = BenchmarkHarness(url: url, runs: runs, quick: quick)
        harness.printHeader()
        for benchmark in benchmarks where filter.map({ benchmark.name.contains($0) }) ?? true {
            do {
                try benchmark.run(harness)
            } catch {
                fail("\(benchmark.name): \(error)")
            }
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("pg-bench: \(message)\n".utf8))
        exit(1)
    }
}
