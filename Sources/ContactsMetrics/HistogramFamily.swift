/// A histogram metric with labels: one ``Histogram`` per distinct set of label values, all
/// with the same buckets.
///
/// ```swift
/// let durations = try registry.histogramFamily(
///     "contacts_request_duration_seconds", help: "…", labels: ["method"], buckets: .requestDurations)
/// durations.labels("followUser").observe(0.000_42)
/// ```
///
/// Label values must come from a bounded set: every distinct set is a series kept for the
/// life of the process.
public final class HistogramFamily: Sendable {
    /// The metric name.
    public let name: String
    /// The bucket bounds of every series.
    public let buckets: HistogramBuckets

    let series: LabeledSeries<Histogram>

    init(name: String, labelNames: [String], buckets: HistogramBuckets) {
        self.name = name
        self.buckets = buckets
        series = LabeledSeries(labelNames: labelNames) { Histogram(buckets: buckets) }
    }

    /// The label names, in order.
    public var labelNames: [String] { series.labelNames }

    /// The histogram for these label values, one per label name in order (a programming
    /// error, which stops the process, when the count differs). Keep the handle on hot paths.
    ///
    /// - Complexity: O(n) in the bytes of the values (a hash), under a shared lock.
    public func labels(_ values: String...) -> Histogram {
        series.child(values)
    }

    /// ``labels(_:)-(String...)`` with the values in an array.
    public func labels(_ values: [String]) -> Histogram {
        series.child(values)
    }
}
