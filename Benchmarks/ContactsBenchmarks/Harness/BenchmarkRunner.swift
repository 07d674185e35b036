import ContactsSupport

/// Runs measurements and collects table rows.
///
/// A compared row runs our implementation and a baseline that computes the same answer, in
/// the same process: each body returns its answer, the two answers are compared after the
/// warm-up and after every sample (outside the timed region), and a mismatch fails the run
/// (a loud line naming the row and both answers, exit status 1 at the end, `--quick`
/// included). Samples alternate which side goes first, so machine noise hits both alike; rows
/// report medians, spread and the ratio. Every answer also goes to a black hole, so the work
/// producing it is never optimized away. Rows without a baseline are either one-off facts
/// (``fact(_:size:unit:samples:bytesPerEntry:)``) or reference figures that are not the same
/// computation (``reference(_:size:unit:samples:)``), and say so.
///
/// ```swift
/// runner.compare("probe", size: "1M", operations: probes.count,
///     ours: { probes.map { table.user(for: $0) } },
///     baseline: { probes.map { dictionary[$0] } })
/// ```
final class BenchmarkRunner {
    /// Seconds-long smoke mode: small sizes, few samples.
    let quick: Bool
    /// Timed samples per side and measurement (after one warm-up).
    let samples: Int
    /// The shortest a sample of repeatable work should last: the body is repeated within a
    /// sample until it does, so the clock's resolution and the call's set-up are noise.
    let minimumSampleNanoseconds: UInt64
    /// The longest warm-up after which a second call sizes the samples: longer calls are
    /// sampled one at a time anyway, and a second call would only cost time.
    let calibrationLimitNanoseconds: UInt64 = 1_000_000_000
    /// Every row recorded so far, in order.
    private(set) var rows: [BenchmarkRow] = []
    /// One line per failure (a mismatch or a suite that threw), in order.
    private(set) var failures: [String] = []
    /// How many answer comparisons passed.
    private(set) var checkCount = 0
    /// The black hole: the last answer given to ``blackHole(_:)``.
    private var sink: Any?

    init(quick: Bool) {
        self.quick = quick
        samples = quick ? 3 : 7
        minimumSampleNanoseconds = quick ? 2_000_000 : 20_000_000
    }

    /// Picks the quick or the full value of a size.
    func size(quick quickValue: Int, full fullValue: Int) -> Int {
        quick ? quickValue : fullValue
    }

    /// Times repeatable work (each call doing `operations` operations and returning its
    /// answer), ours against the baseline, and records nanoseconds per operation. Each side is
    /// called once as a warm-up (answers checked), once more to size its samples when the
    /// warm-up was short (``calibrationLimitNanoseconds``), then ``samples`` times, each sample
    /// repeating the call until it lasts ``minimumSampleNanoseconds``; the answers of each
    /// sample's last call are checked.
    func compare<Answer: Equatable>(
        _ workload: String, size: String, operations: Int, bytesPerEntry: Double? = nil,
        baselineBytesPerEntry: Double? = nil, ours: () -> Answer, baseline: () -> Answer
    ) {
        compare(
            workload, size: size, operations: operations, bytesPerEntry: bytesPerEntry,
            baselineBytesPerEntry: baselineBytesPerEntry, ours: ours, baseline: baseline, rule: EqualAnswers())
    }

    /// ``compare(_:size:operations:bytesPerEntry:baselineBytesPerEntry:ours:baseline:)`` with
    /// the row's own agreement `rule`, and `sampleCount` samples instead of ``samples`` when
    /// given (for a row whose calls take seconds).
    func compare<Answer>(
        _ workload: String, size: String, operations: Int, samples sampleCount: Int? = nil,
        bytesPerEntry: Double? = nil, baselineBytesPerEntry: Double? = nil, ours: () -> Answer,
        baseline: () -> Answer, rule: some AnswerRule<Answer>
    ) {
        let oursWarmUp = timed(repeats: 1, ours)
        let baselineWarmUp = timed(repeats: 1, baseline)
        var oursSamples = [Double(oursWarmUp.nanoseconds) / Double(max(1, operations))]
        var baselineSamples = [Double(baselineWarmUp.nanoseconds) / Double(max(1, operations))]
        var checks = 0
        func row(_ kind: BenchmarkRow.Kind) -> BenchmarkRow {
            BenchmarkRow(
                kind, workload: workload, size: size, unit: "ns/op", ours: Statistics(oursSamples),
                baseline: Statistics(baselineSamples), checks: checks, bytesPerEntry: bytesPerEntry,
                baselineBytesPerEntry: baselineBytesPerEntry)
        }
        guard check(workload, oursWarmUp.answer, baselineWarmUp.answer, rule) else { return record(row(.mismatch)) }
        checks += 1
        let oursRepeats = repeats(afterWarmUp: oursWarmUp.nanoseconds, ours)
        let baselineRepeats = repeats(afterWarmUp: baselineWarmUp.nanoseconds, baseline)
        oursSamples.removeAll()
        baselineSamples.removeAll()
        for sample in 0..<(sampleCount ?? samples) {
            var oursRun: (nanoseconds: UInt64, answer: Answer)
            var baselineRun: (nanoseconds: UInt64, answer: Answer)
            if sample % 2 == 0 {
                oursRun = timed(repeats: oursRepeats, ours)
                baselineRun = timed(repeats: baselineRepeats, baseline)
            } else {
                baselineRun = timed(repeats: baselineRepeats, baseline)
                oursRun = timed(repeats: oursRepeats, ours)
            }
            oursSamples.append(Double(oursRun.nanoseconds) / Double(max(1, operations * oursRepeats)))
            baselineSamples.append(Double(baselineRun.nanoseconds) / Double(max(1, operations * baselineRepeats)))
            guard check(workload, oursRun.answer, baselineRun.answer, rule) else { return record(row(.mismatch)) }
            checks += 1
        }
        record(row(.checked))
    }

    /// Times work that is not repeatable at will (a build, rounds that use up fresh users):
    /// `runs` runs (by default ``samples``), each one call of each side with the run's index,
    /// alternating which side goes first, the answers of every run checked; records `unit` per
    /// operation of a call. With `warmUp`, one more run comes first, untimed (its answers are
    /// checked too). Indexes count from 0, the warm-up's included: `runs + 1` of them then.
    func compareRuns<Answer: Equatable>(
        _ workload: String, size: String, unit: BenchmarkTimeUnit = .milliseconds, operations: Int = 1,
        runs: Int? = nil, warmUp: Bool = false, bytesPerEntry: Double? = nil, baselineBytesPerEntry: Double? = nil,
        ours: (_ run: Int) -> Answer, baseline: (_ run: Int) -> Answer
    ) {
        var oursSamples: [Double] = []
        var baselineSamples: [Double] = []
        var checks = 0
        func row(_ kind: BenchmarkRow.Kind) -> BenchmarkRow {
            BenchmarkRow(
                kind, workload: workload, size: size, unit: unit.label(perOperation: operations > 1),
                ours: Statistics(oursSamples), baseline: Statistics(baselineSamples), checks: checks,
                bytesPerEntry: bytesPerEntry, baselineBytesPerEntry: baselineBytesPerEntry)
        }
        let first = warmUp ? -1 : 0
        for run in first..<(runs ?? samples) {
            let index = run - first
            var oursRun: (nanoseconds: UInt64, answer: Answer)
            var baselineRun: (nanoseconds: UInt64, answer: Answer)
            if index % 2 == 0 {
                oursRun = timed(repeats: 1) { ours(index) }
                baselineRun = timed(repeats: 1) { baseline(index) }
            } else {
                baselineRun = timed(repeats: 1) { baseline(index) }
                oursRun = timed(repeats: 1) { ours(index) }
            }
            if run >= 0 {
                oursSamples.append(unit.value(nanoseconds: oursRun.nanoseconds, operations: operations))
                baselineSamples.append(unit.value(nanoseconds: baselineRun.nanoseconds, operations: operations))
            }
            guard check(workload, oursRun.answer, baselineRun.answer, EqualAnswers()) else {
                return record(row(.mismatch))
            }
            checks += 1
        }
        record(row(.checked))
    }

    /// Records figures the caller measured on both sides (memory per entry, latency through a
    /// subprocess), with the answer each side computed, checked equal.
    func compareMeasured<Answer: Equatable>(
        _ workload: String, size: String, unit: String, ours: Measured<Answer>, baseline: Measured<Answer>,
        bytesPerEntry: Double? = nil, baselineBytesPerEntry: Double? = nil
    ) {
        let agree = check(workload, ours.answer, baseline.answer, EqualAnswers())
        record(
            BenchmarkRow(
                agree ? .checked : .mismatch, workload: workload, size: size, unit: unit,
                ours: Statistics(ours.samples), baseline: Statistics(baseline.samples), checks: agree ? 1 : 0,
                bytesPerEntry: bytesPerEntry, baselineBytesPerEntry: baselineBytesPerEntry))
    }

    /// Records a one-off fact about ours that has no baseline (a memory size, a load time).
    func fact(_ workload: String, size: String, unit: String, samples: [Double], bytesPerEntry: Double? = nil) {
        record(
            BenchmarkRow(
                .fact, workload: workload, size: size, unit: unit, ours: Statistics(samples), baseline: nil,
                bytesPerEntry: bytesPerEntry))
    }

    /// Records a figure for context that is not the same computation as any row's ours (a
    /// memory latency floor, a phase of ours): no baseline, no ratio.
    func reference(_ workload: String, size: String, unit: String, samples: [Double]) {
        record(
            BenchmarkRow(
                .reference, workload: workload, size: size, unit: unit, ours: Statistics(samples), baseline: nil))
    }

    /// Nanoseconds per operation of repeatable work, one warm-up then ``samples`` samples
    /// repeated as in ``compare(_:size:operations:bytesPerEntry:baselineBytesPerEntry:ours:baseline:)``:
    /// for a ``reference(_:size:unit:samples:)`` row.
    func measure<Answer>(operations: Int, _ body: () -> Answer) -> [Double] {
        let count = repeats(afterWarmUp: timed(repeats: 1, body).nanoseconds, body)
        return (0..<samples).map { _ in
            Double(timed(repeats: count, body).nanoseconds) / Double(max(1, operations * count))
        }
    }

    /// Adds `row` to the table and prints it.
    func record(_ row: BenchmarkRow) {
        rows.append(row)
        print(row.tableLine)
    }

    /// Nanoseconds for `repeats` calls of `body`, and the last call's answer; every answer
    /// goes to the black hole.
    private func timed<Answer>(repeats: Int, _ body: () -> Answer) -> (nanoseconds: UInt64, answer: Answer) {
        let start = WallClock.monotonicNanoseconds()
        var answer = body()
        for _ in 1..<max(1, repeats) {
            blackHole(answer)
            answer = body()
        }
        let elapsed = WallClock.monotonicNanoseconds() - start
        blackHole(answer)
        return (elapsed, answer)
    }

    /// How many calls of `body` make a sample of at least ``minimumSampleNanoseconds``: sized
    /// on a second call when the warm-up took under ``calibrationLimitNanoseconds`` (a first
    /// call pays for first touches and copies the others do not), else on the warm-up.
    private func repeats<Answer>(afterWarmUp warmUp: UInt64, _ body: () -> Answer) -> Int {
        let call = warmUp < calibrationLimitNanoseconds ? min(warmUp, timed(repeats: 1, body).nanoseconds) : warmUp
        return Int(max(1, minimumSampleNanoseconds / max(1, call)))
    }

    /// Keeps `value` observable (stored in the runner), so the work that produced it stays.
    @inline(never)
    func blackHole<T>(_ value: T) {
        sink = value
    }

    /// Keeps `value` observable, for suites that fold their answers into an integer.
    func consume(_ value: UInt64) {
        blackHole(value)
    }

    /// Compares one pair of answers under `rule`; on a difference prints a loud line naming
    /// `workload` and what differs, records the failure and returns false.
    @discardableResult
    func check<Answer>(_ workload: String, _ ours: Answer, _ baseline: Answer, _ rule: some AnswerRule<Answer>) -> Bool
    {
        guard let difference = rule.difference(ours: ours, baseline: baseline) else {
            checkCount += 1
            return true
        }
        fail(workload, "answers differ: \(difference)")
        return false
    }

    /// ``check(_:_:_:_:)`` with equality as the rule.
    @discardableResult
    func check<Answer: Equatable>(_ workload: String, ours: Answer, baseline: Answer) -> Bool {
        check(workload, ours, baseline, EqualAnswers())
    }

    /// Records a failure of `workload` (the run will exit with status 1) and prints it loudly.
    func fail(_ workload: String, _ message: String) {
        let line = "\(workload): \(message)"
        failures.append(line)
        print("!!!! FAILED \(line)")
    }
}
