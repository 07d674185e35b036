import ContactsCore
import ContactsFixtures
import ContactsModel
import ContactsSearch
import ContactsSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The answers of one search suite checked against its baselines: a difference is printed
/// loudly and fails the run when the suite ends (a benchmark whose baseline computed something
/// else proves nothing).
final class SearchChecks {
    /// The differences found, one line each.
    private(set) var failures: [String] = []
    /// How many answers agreed.
    private(set) var passed = 0

    /// Checks `ours` against `baseline` for `workload`; `what` describes a difference.
    @discardableResult
    func check<T: Equatable>(_ workload: String, _ ours: T, _ baseline: T, _ what: @autoclosure () -> String) -> Bool {
        guard ours != baseline else {
            passed += 1
            return true
        }
        let line = "\(workload): \(what())"
        failures.append(line)
        print("!!!! ANSWERS DIFFER \(line)")
        return false
    }

    /// Ends the suite: prints how many answers agreed, and exits with status 1 when any
    /// differed.
    func finish(_ suite: String) {
        print("(\(suite): \(passed) answers checked equal to their baselines)")
        guard !failures.isEmpty else { return }
        print("!!!! \(failures.count) search answer(s) differ from their baselines: the rows above prove nothing")
        exit(1)
    }
}

/// What the search rows share: latency percentiles, timings, and the process's memory.
enum SearchBench {
    /// Records a row of `ours` beside `baseline`, both measured by the caller.
    static func record(
        _ runner: BenchmarkRunner, _ workload: String, size: String, unit: String, ours: [Double], baseline: [Double]?,
        bytesPerEntry: Double? = nil, baselineBytesPerEntry: Double? = nil
    ) {
        runner.record(
            BenchmarkRow(
                workload: workload, size: size, unit: unit, ours: Statistics(ours),
                baseline: baseline.map(Statistics.init), bytesPerEntry: bytesPerEntry,
                baselineBytesPerEntry: baselineBytesPerEntry))
    }

    /// Records p50, p95 and p99 rows (µs) of `ours` against `baseline` over the same queries.
    static func recordPercentiles(
        _ runner: BenchmarkRunner, _ workload: String, size: String, ours: [Double], baseline: [Double]?
    ) {
        for percent in [50, 95, 99] {
            record(
                runner, "\(workload), p\(percent)", size: size, unit: "µs", ours: [percentile(ours, percent)],
                baseline: baseline.map { [percentile($0, percent)] })
        }
    }

    /// The `percent`th percentile of `samples` (nearest rank).
    static func percentile(_ samples: [Double], _ percent: Int) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, max(0, (sorted.count * percent + 99) / 100 - 1))]
    }

    /// Microseconds of one call of `body`, and what it returned.
    static func timed<T>(_ body: () throws -> T) rethrows -> (micros: Double, value: T) {
        let start = WallClock.monotonicNanoseconds()
        let value = try body()
        return (Double(WallClock.monotonicNanoseconds() - start) / 1e3, value)
    }

    /// Per query, the median of `runs` timings of `body(query)` (runs interleaved: every query
    /// once, then again), and the last answer of each.
    static func medianTimes<T>(_ queries: [String], runs: Int, _ body: (String) -> T) -> (
        micros: [Double], answers: [T]
    ) {
        var samples = [[Double]](repeating: [], count: queries.count)
        var answers: [T] = []
        for run in 0..<runs {
            for (number, query) in queries.enumerated() {
                let (micros, answer) = timed { body(query) }
                samples[number].append(micros)
                if run == runs - 1 { answers.append(answer) }
            }
        }
        return (samples.map { Statistics($0).median }, answers)
    }

    /// The resident bytes of this process now, after handing freed memory back to the system.
    static func residentBytes() -> Int {
        trimMalloc()
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// glibc's `malloc_trim(0)` (found at run time: Swift's Glibc module does not declare it):
    /// freed heap pages go back to the system, so that resident memory counts what is held.
    private static func trimMalloc() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    /// The peak resident bytes of this process so far (VmHWM).
    static func peakResidentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }

    /// The machine's load average over the last minute, for the table's notes.
    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init)
            ?? "?"
    }

    /// The contacts of a JSON Lines file, packed as they are read (no `Contact` array kept).
    static func packedContacts(ofFile path: String) throws -> PackedContacts {
        let reader = try FixtureReader<Contact>(path: path)
        var packed = PackedContacts()
        while let contact = try reader.next() { packed.put(contact) }
        return packed
    }

    /// A size as the table shows it (1M, 10M, 20000).
    static func sizeLabel(_ count: Int) -> String {
        count >= 1_000_000 && count % 1_000_000 == 0 ? "\(count / 1_000_000)M" : "\(count)"
    }
}
