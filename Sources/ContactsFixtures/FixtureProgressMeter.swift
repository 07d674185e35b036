/// Counts units of work and reports to a progress callback at most about every 1% of the
/// total (and always at the start and at the end).
package struct FixtureProgressMeter: ~Copyable {
    /// Reports per run, at most (plus the final one).
    private static let reports = 100

    private let total: Int
    private let step: Int
    private let report: (_ done: Int, _ total: Int) -> Void
    private var done = 0
    private var nextReport: Int

    init(total: Int, report: @escaping (_ done: Int, _ total: Int) -> Void) {
        self.total = total
        self.report = report
        step = max(1, total / Self.reports)
        nextReport = step
        report(0, total)
    }

    /// Counts `units` more units done.
    mutating func advance(by units: Int = 1) {
        done += units
        if done >= nextReport, done < total {
            report(done, total)
            nextReport = done + step
        }
    }

    /// Reports the end.
    consuming func finish() {
        report(total, total)
    }
}
