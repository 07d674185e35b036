/// A counter metric with labels: one ``Counter`` per distinct set of label values.
///
/// ```swift
/// let requests = try registry.counterFamily("contacts_requests_total", help: "…", labels: ["method", "outcome"])
/// requests.labels("followUser", "ok").increment()
/// ```
///
/// Label values must come from a bounded set (method names the service knows, outcome
/// reasons): every distinct set is a series kept for the life of the process.
public final class CounterFamily: Sendable {
    /// The metric name.
    public let name: String

    let series: LabeledSeries<Counter>

    init(name: String, labelNames: [String]) {
        self.name = name
        series = LabeledSeries(labelNames: labelNames) { Counter() }
    }

    /// The label names, in order.
    public var labelNames: [String] { series.labelNames }

    /// The counter for these label values, one per label name in order (a programming error,
    /// which stops the process, when the count differs). Keep the handle on hot paths.
    ///
    /// - Complexity: O(n) in the bytes of the values (a hash), under a shared lock.
    public func labels(_ values: String...) -> Counter {
        series.child(values)
    }

    /// ``labels(_:)-(String...)`` with the values in an array.
    public func labels(_ values: [String]) -> Counter {
        series.child(values)
    }
}
