import ContactsCore
import ContactsSupport

/// Runs measurements and collects table rows: each timed workload runs our implementation
/// and a baseline in the same process, one warm-up then several samples each, interleaved so
/// machine noise hits both alike; rows report medians, spread and the ratio.
final class BenchmarkRunner {
    /// Seconds-long smoke mode: small sizes, few samples.
    let quick: Bool
    /// Samples per measurement (after one warm-up).
    let samples: Int
    private(set) var rows: [BenchmarkRow] = []
    private var sink: UInt64 = 0

    init(quick: Bool) {
        self.quick = quick
        samples = quick ? 3 : 7
    }

    /// Picks the quick or the full value of a size.
    func size(quick quickValue: Int, full fullValue: Int) -> Int {
        quick ? quickValue : fullValue
    }

    /// Times `ours` and `baseline` (each doing `operations` operations per call and returning
    /// a value that keeps the optimizer honest) and records the nanoseconds per operation.
    func compare(
        _ workload: String, size: String, operations: Int, bytesPerEntry: Double? = nil,
        baselineBytesPerEntry: Double? = nil, ours: () -> UInt64, baseline: () -> UInt64
    ) {
        consume(ours())
        consume(baseline())
        var oursSamples: [Double] = []
        var baselineSamples: [Double] = []
        for _ in 0..<samples {
            oursSamples.append(time(operations: operations, ours))
            baselineSamples.append(time(operations: operations, baseline))
        }
        record(
            BenchmarkRow(
                workload: workload, size: size, unit: "ns/op", ours: Statistics(oursSamples),
                baseline: Statistics(baselineSamples), bytesPerEntry: bytesPerEntry,
                baselineBytesPerEntry: baselineBytesPerEntry))
    }

    /// Times one call of `body` per sample for ours and for the baseline, in milliseconds
    /// (for one-off work such as building a table).
    func compareOnce(
        _ workload: String, size: String, bytesPerEntry: Double? = nil, baselineBytesPerEntry: Double? = nil,
        ours: () -> UInt64, baseline: () -> UInt64
    ) {
        let runs = quick ? 1 : 3
        var oursSamples: [Double] = []
        var baselineSamples: [Double] = []
        for _ in 0..<runs {
            oursSamples.append(time(operations: 1, ours) / 1e6)
            baselineSamples.append(time(operations: 1, baseline) / 1e6)
        }
        record(
            BenchmarkRow(
                workload: workload, size: size, unit: "ms", ours: Statistics(oursSamples),
                baseline: Statistics(baselineSamples), bytesPerEntry: bytesPerEntry,
                baselineBytesPerEntry: baselineBytesPerEntry))
    }

    /// Records a row measured by the caller (latency percentiles, sizes).
    func record(_ row: BenchmarkRow) {
        rows.append(row)
        print(row.tableLine)
    }

    /// Nanoseconds per operation of one call of `body`.
    func time(operations: Int, _ body: () -> UInt64) -> Double {
        let start = WallClock.monotonicNanoseconds()
        consume(body())
        let elapsed = WallClock.monotonicNanoseconds() - start
        return Double(elapsed) / Double(max(1, operations))
    }

    /// Keeps `value` alive so the work producing it cannot be optimized away.
    func consume(_ value: UInt64) {
        sink &+= value
    }

    /// A value derived from everything consumed (printed once, so it is observable).
    var checksum: UInt64 { sink }
}
