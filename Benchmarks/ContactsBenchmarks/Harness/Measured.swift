/// One side of a comparison that the caller measured: its figures and the answer it computed.
struct Measured<Answer: Equatable> {
    /// The figures, one per sample (a single one for a size).
    let samples: [Double]
    /// What the side computed, compared with the other side's.
    let answer: Answer
}

/// The unit of a timed row (``BenchmarkRunner/compareRuns(_:size:unit:operations:runs:warmUp:bytesPerEntry:baselineBytesPerEntry:ours:baseline:)``).
enum BenchmarkTimeUnit {
    case nanoseconds
    case microseconds
    case milliseconds

    /// The unit's symbol, per operation when a call does more than one.
    func label(perOperation: Bool) -> String {
        let symbol =
            switch self {
            case .nanoseconds: "ns"
            case .microseconds: "µs"
            case .milliseconds: "ms"
            }
        return perOperation ? symbol + "/op" : symbol
    }

    /// `nanoseconds` for `operations` operations, in this unit per operation.
    func value(nanoseconds: UInt64, operations: Int) -> Double {
        let perOperation = Double(nanoseconds) / Double(max(1, operations))
        switch self {
        case .nanoseconds: return perOperation
        case .microseconds: return perOperation / 1e3
        case .milliseconds: return perOperation / 1e6
        }
    }
}
