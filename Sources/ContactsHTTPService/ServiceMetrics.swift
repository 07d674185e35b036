import ContactsCore
import ContactsMetrics
import ContactsSupport

/// The series PROTOCOL §7 names for `GET /metrics`: requests by method and outcome, request
/// durations by method, the engine's counts, and store commit durations.
///
/// Method labels are the server's method names; every other name (unknown, not a string, no
/// request at all) is counted under ``otherMethod``, so a caller cannot create series at will.
package final class ServiceMetrics: Sendable {
    /// The method label of requests that name no method of the server.
    package static let otherMethod = "other"
    /// The outcome of a request answered with a result.
    package static let success = "ok"
    /// The outcome of a notification (executed, never answered).
    package static let notification = "notification"

    /// The registry behind `/metrics`.
    package let registry: MetricsRegistry
    /// `contacts_store_commit_duration_seconds`: how long each store commit took.
    package let commitDurations: Histogram

    private let requests: CounterFamily
    private let durations: HistogramFamily
    /// The series of each of the server's method names (the only method labels besides
    /// ``otherMethod``), found once when they are registered.
    private let methodSeries: ReadWriteLocked<[ExactString: MethodSeries]>
    /// The series of ``otherMethod``.
    private let otherSeries: MethodSeries
    private let statistics: @Sendable () -> EngineStatistics?

    /// The metrics, registered in a new registry; the gauges read `statistics` at each scrape
    /// (nil while the store loads: they read 0).
    package init(statistics: @escaping @Sendable () -> EngineStatistics?) throws(MetricsError) {
        let registry = MetricsRegistry()
        self.registry = registry
        self.statistics = statistics
        requests = try registry.counterFamily(
            "contacts_requests_total", help: "JSON-RPC requests over HTTP by method and outcome.",
            labels: ["method", "outcome"])
        durations = try registry.histogramFamily(
            "contacts_request_duration_seconds", help: "Time to answer a JSON-RPC request over HTTP, by method.",
            labels: ["method"], buckets: .requestDurations)
        commitDurations = try registry.histogram(
            "contacts_store_commit_duration_seconds", help: "Time of each store commit.",
            buckets: .storeCommitDurations)
        methodSeries = ReadWriteLocked([:])
        otherSeries = MethodSeries(label: Self.otherMethod, requests: requests, durations: durations)
        try registry.gauge("contacts_users", help: "Registered users.") { Double(statistics()?.users ?? 0) }
        try registry.gauge("contacts_contacts", help: "Uploaded contacts.") { Double(statistics()?.contacts ?? 0) }
        try registry.gauge("contacts_follows", help: "Follow edges.") { Double(statistics()?.follows ?? 0) }
    }

    /// Makes `names` the method labels (every other name counts as ``otherMethod``).
    package func register(methods names: [String]) {
        let series = names.map { (ExactString($0), MethodSeries(label: $0, requests: requests, durations: durations)) }
        methodSeries.write { $0 = Dictionary(series, uniquingKeysWith: { first, _ in first }) }
    }

    /// The series of a request naming `method` (nil: none): its own for a method of the
    /// server, ``otherMethod``'s for any other name.
    ///
    /// - Complexity: one hash of the name.
    package func series(forMethod method: String?) -> MethodSeries {
        guard let method else { return otherSeries }
        return methodSeries.read { $0[ExactString(method)] } ?? otherSeries
    }

    /// Counts one request of `method` (from ``series(forMethod:)``) with `outcome`, answered
    /// in `nanoseconds`.
    package func record(method: MethodSeries, outcome: String, nanoseconds: UInt64) {
        let counter = outcome == Self.success ? method.succeeded : requests.labels(method.label, outcome)
        counter.increment()
        method.durations.observe(nanoseconds: nanoseconds)
    }

    /// Counts one request refused by the transport (no method read) with HTTP `status`.
    package func recordRefusal(status: Int) {
        requests.labels(Self.otherMethod, "http_\(status)").increment()
    }
}
