import ContactsMetrics

/// A method label of ``ServiceMetrics`` with the handles of its busiest series, found once so
/// that counting a request does not look them up by their label values.
package struct MethodSeries: Sendable {
    /// The `method` label value.
    package let label: String
    /// `contacts_requests_total{method=label,outcome="ok"}`.
    let succeeded: Counter
    /// `contacts_request_duration_seconds{method=label}`.
    let durations: Histogram

    /// The series of `label` in these families.
    init(label: String, requests: CounterFamily, durations: HistogramFamily) {
        self.label = label
        succeeded = requests.labels(label, ServiceMetrics.success)
        self.durations = durations.labels(label)
    }
}
