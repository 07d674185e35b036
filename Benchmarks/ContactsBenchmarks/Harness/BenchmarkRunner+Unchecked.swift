import ContactsSupport

extension BenchmarkRunner {
    /// Times `ours` and `baseline` without comparing their answers, recording an
    /// ``BenchmarkRow/Kind/unchecked`` row (labelled so): only for rows not yet converted to
    /// ``compare(_:size:operations:bytesPerEntry:baselineBytesPerEntry:ours:baseline:)``.
    func compareUnchecked(
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

    /// One call per sample of each side, in milliseconds, answers not compared (see
    /// ``compareUnchecked(_:size:operations:bytesPerEntry:baselineBytesPerEntry:ours:baseline:)``).
    func compareOnceUnchecked(
        _ workload: String, size: String, bytesPerEntry: Double? = nil, baselineBytesPerEntry: Double? = nil,
        ours: () -> UInt64, baseline: () -> UInt64
    ) {
        var oursSamples: [Double] = []
        var baselineSamples: [Double] = []
        for _ in 0..<(quick ? 1 : 3) {
            oursSamples.append(time(operations: 1, ours) / 1e6)
            baselineSamples.append(time(operations: 1, baseline) / 1e6)
        }
        record(
            BenchmarkRow(
                workload: workload, size: size, unit: "ms", ours: Statistics(oursSamples),
                baseline: Statistics(baselineSamples), bytesPerEntry: bytesPerEntry,
                baselineBytesPerEntry: baselineBytesPerEntry))
    }

    /// Nanoseconds per operation of one call of `body`, its answer consumed.
    func time(operations: Int, _ body: () -> UInt64) -> Double {
        let start = WallClock.monotonicNanoseconds()
        consume(body())
        let elapsed = WallClock.monotonicNanoseconds() - start
        return Double(elapsed) / Double(max(1, operations))
    }
}
