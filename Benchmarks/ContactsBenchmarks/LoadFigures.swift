/// What one run of a load generator measured: throughput and latency percentiles.
struct LoadFigures {
    /// Requests answered per second.
    let rate: Double
    let p50Millis: Double
    let p99Millis: Double
    let p999Millis: Double
    /// The slowest request (redis-benchmark: its own maximum).
    let maxMillis: Double

    /// `N/s, p50 / p99 / p99.9 / max ms`, for a row's workload text.
    var summary: String {
        "\(format(rate))/s, p50 \(format(p50Millis)) / p99 \(format(p99Millis)) / p99.9 \(format(p999Millis)) / "
            + "max \(format(maxMillis)) ms"
    }

    /// The medians of each figure over `runs` (which must not be empty).
    static func medians(_ runs: [LoadFigures]) -> LoadFigures {
        func median(_ figure: (LoadFigures) -> Double) -> Double { Statistics(runs.map(figure)).median }
        return LoadFigures(
            rate: median(\.rate), p50Millis: median(\.p50Millis), p99Millis: median(\.p99Millis),
            p999Millis: median(\.p999Millis), maxMillis: median(\.maxMillis))
    }
}
