import Foundation
import PostgreSQLClient

/// Runs each measurement once to warm up, then `runs` times, and prints one table row per
/// figure: the median of the runs, with their minimum and maximum.
final class BenchmarkHarness {
    /// Measured runs per benchmark (after one warm-up).
    let runs: Int
    /// Smaller sizes, for a smoke run.
    let quick: Bool
    /// The server every benchmark uses.
    let url: String

    init(url: String, runs: Int, quick: Bool) {
        self.url = url
        self.runs = runs
        self.quick = quick
    }

    /// The quick or the full value of a size.
    func size(quick quickValue: Int, full fullValue: Int) -> Int {
        quick ? quickValue : fullValue
    }

    /// A new connection to the benchmark server.
    func connect() throws -> PostgresConnection {
        try PostgresConnection.connect(url, responseTimeout: .seconds(120))
    }

    /// One run's figures: name, value, unit.
    typealias Figures = [(String, Double, String)]

    /// Runs `body` (which returns named figures for one run) warm-up plus `runs` times
    /// and prints the median, minimum and maximum of each figure.
    func measure(_ name: String, _ body: () throws -> Figures) throws {
        try withoutActuallyEscaping(body) { body in try compare([(name, body)]) }
    }

    /// Like ``measure(_:_:)`` for several variants of one workload, run in turn within
    /// each round (A, B, A, B…) so that load from other processes falls on all alike.
    func compare(_ variants: [(String, () throws -> Figures)]) throws {
        for (_, body) in variants { _ = try body() }
        var samples: [[String: [Double]]] = Array(repeating: [:], count: variants.count)
        var order: [[(String, String)]] = Array(repeating: [], count: variants.count)
        for _ in 0..<runs {
            for (index, (_, body)) in variants.enumerated() {
                for (figure, value, unit) in try body() {
                    if samples[index][figure] == nil { order[index].append((figure, unit)) }
                    samples[index][figure, default: []].append(value)
                }
            }
        }
        for (index, (name, _)) in variants.enumerated() {
            for (figure, unit) in order[index] {
                let values = (samples[index][figure] ?? []).sorted()
                print(
                    row(
                        name, figure, format(Self.median(values)), format(values.first ?? 0),
                        format(values.last ?? 0), unit))
            }
        }
    }

    /// Prints the table header.
    func printHeader() {
        print(row("benchmark", "figure", "median", "min", "max", "unit"))
        print(String(repeating: "-", count: 112))
    }

    /// Seconds of `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        let (whole, fraction) = elapsed.components
        return Double(whole) + Double(fraction) / 1e18
    }

    /// Seconds of CPU (user and system) this process has used so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    /// The median of sorted `values`.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }

    /// The `fraction` percentile of sorted `values` (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let rank = Int((fraction * Double(values.count)).rounded(.up)) - 1
        return values[min(max(rank, 0), values.count - 1)]
    }

    /// Stops the run when a benchmark computed a wrong answer: a benchmark that does
    /// not check its answers measures nothing.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            FileHandle.standardError.write(Data("pg-bench: wrong answer: \(message())\n".utf8))
            exit(1)
        }
    }

    private func format(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String(format: "%.2f", value)
    }

    private func row(_ cells: String...) -> String {
        let widths = [26, 40, 12, 12, 12, 10]
        return zip(cells, widths).map { cell, width in
            cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
        }.joined()
    }
}
