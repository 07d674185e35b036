import ContactsCore
import ContactsJSON
import Foundation

/// A named group of benchmarks.
struct BenchmarkSuite: Sendable {
    let name: String
    let run: @Sendable (BenchmarkRunner) throws -> Void
}

/// Every benchmark suite (`--filter NAME` runs the suites whose name contains NAME, `--filter
/// =NAME` only the one named NAME).
let suites: [BenchmarkSuite] = [
    BenchmarkSuite(name: "hashing", run: hashingBenchmarks),
    BenchmarkSuite(name: "social", run: socialBenchmarks),
    BenchmarkSuite(name: "matching", run: matchingBenchmarks),
    BenchmarkSuite(name: "upload", run: uploadBenchmarks),
    BenchmarkSuite(name: "phone", run: phoneNormalizationBenchmarks),
    BenchmarkSuite(name: "search", run: searchBenchmarks),
    BenchmarkSuite(name: "search-10m", run: searchScaleBenchmarks),
    BenchmarkSuite(name: "search-memory", run: searchMemoryBenchmarks),
    BenchmarkSuite(name: "index-build", run: searchIndexBuildBenchmarks),
    BenchmarkSuite(name: "store", run: storeBenchmarks),
    BenchmarkSuite(name: "store-service", run: storeServiceThroughputBenchmarks),
    BenchmarkSuite(name: "http", run: httpLoadBenchmarks),
    BenchmarkSuite(name: "engines", run: enginesBenchmarks),
]

@main
enum BenchmarkMain {
    /// True when `--filter filter` runs the suite `name`: `=NAME` names it exactly, anything
    /// else is a part of its name.
    static func selects(_ filter: String, _ name: String) -> Bool {
        filter.hasPrefix("=") ? name == filter.dropFirst() : name.contains(filter)
    }

    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let quick = arguments.contains("--quick")
        arguments.removeAll { $0 == "--quick" }
        var options: [String: String] = [:]
        let valued = ["--json", "--filter", "--phone-answers"]
        while let index = arguments.firstIndex(where: valued.contains) {
            guard index + 1 < arguments.count else {
                FileHandle.standardError.write(Data("\(arguments[index]) needs a value\n".utf8))
                exit(1)
            }
            options[arguments[index]] = arguments[index + 1]
            arguments.removeSubrange(index...index + 1)
        }
        guard arguments.isEmpty else {
            FileHandle.standardError.write(
                Data(
                    "usage: ContactsBenchmarks [--quick] [--filter [=]NAME] [--json FILE] | --phone-answers FILE [--quick]\n"
                        .utf8))
            exit(1)
        }
        if let dumpPath = options["--phone-answers"] {
            try PhoneAnswerDump.write(to: dumpPath, contacts: PhoneInputs.fixtureContacts(quick: quick))
            return
        }
        let jsonPath = options["--json"]
        let filter = options["--filter"]
        #if DEBUG
            print("!!!! DEBUG BUILD: these numbers mean nothing; run `swift run -c release ContactsBenchmarks` !!!!")
        #endif
        let runner = BenchmarkRunner(quick: quick)
        print(BenchmarkRow.header)
        for suite in suites where filter.map({ Self.selects($0, suite.name) }) ?? true {
            do {
                try suite.run(runner)
            } catch {
                runner.fail("suite \(suite.name)", "threw \(error)")
            }
        }
        print("(\(runner.checkCount) answer comparisons passed)")
        if let jsonPath {
            var writer = JSONWriter()
            writer.write(.array(runner.rows.map(\.jsonValue)))
            try Data(writer.bytes).write(to: URL(fileURLWithPath: jsonPath))
        }
        guard runner.failures.isEmpty else {
            print("!!!! \(runner.failures.count) failure(s): the figures above prove nothing")
            for failure in runner.failures { print("!!!! \(failure)") }
            exit(1)
        }
    }
}
