/// Why a metric could not be registered.
public enum MetricsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The metric name does not match `[a-zA-Z_:][a-zA-Z0-9_:]*`.
    case invalidMetricName(String)
    /// A label name does not match `[a-zA-Z_][a-zA-Z0-9_]*`, starts with the reserved `__`,
    /// is `le` on a histogram, or is repeated.
    case invalidLabelName(String, metric: String)
    /// A sample name of the metric (its name, or a histogram's `_bucket`, `_sum`, `_count`)
    /// is already a sample name of a registered metric.
    case duplicateName(String)
    /// Histogram bucket bounds that are empty, not finite or not strictly increasing.
    case invalidBuckets(String)

    /// The problem, in words.
    public var description: String {
        switch self {
        case .invalidMetricName(let name): "invalid metric name '\(name)'"
        case .invalidLabelName(let label, let metric): "invalid label name '\(label)' for metric '\(metric)'"
        case .duplicateName(let name): "metric name '\(name)' is already registered"
        case .invalidBuckets(let problem): "invalid histogram buckets: \(problem)"
        }
    }
}
