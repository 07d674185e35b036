/// The upper bounds of a histogram's buckets: finite, strictly increasing; the `+Inf` bucket
/// is always added after them.
public struct HistogramBuckets: Hashable, Sendable {
    /// The bounds, increasing, without `+Inf`.
    public let upperBounds: [Double]

    /// Buckets with these upper bounds (a value `v` falls in the first bucket with `v <= bound`).
    ///
    /// - Throws: ``MetricsError/invalidBuckets(_:)`` when `upperBounds` is empty, holds a
    ///   NaN or an infinity, or is not strictly increasing.
    public init(_ upperBounds: [Double]) throws(MetricsError) {
        guard !upperBounds.isEmpty else { throw .invalidBuckets("no bounds") }
        guard upperBounds.allSatisfy(\.isFinite) else {
            throw .invalidBuckets("bounds must be finite (+Inf is always added)")
        }
        for (lower, upper) in zip(upperBounds, upperBounds.dropFirst()) where !(lower < upper) {
            throw .invalidBuckets("bounds must be strictly increasing (\(lower) then \(upper))")
        }
        self.upperBounds = upperBounds
    }

    private init(checked upperBounds: [Double]) {
        self.upperBounds = upperBounds
    }

    /// For request durations in seconds: 50 µs to 10 s in 1–2.5–5 steps (17 bounds). The
    /// in-memory engine answers most requests in tens of microseconds and the slowest ones
    /// (a 10,000-contact upload, a deep search page) in tens of milliseconds; the top bounds
    /// catch a request stuck behind a store failover.
    public static let requestDurations = HistogramBuckets(checked: [
        0.000_05, 0.000_1, 0.000_25, 0.000_5,
        0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05,
        0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ])

    /// For store commits in seconds: 10 µs to 10 s in 1–2.5–5 steps (19 bounds). An SQLite commit without
    /// a sync takes microseconds, a synced WAL commit or a PostgreSQL round trip on a LAN
    /// about a millisecond, a synchronous-replication commit a few milliseconds more; the top
    /// bounds catch a stalled disk or a failover.
    public static let storeCommitDurations = HistogramBuckets(checked: [
        0.000_01, 0.000_025, 0.000_05, 0.000_1, 0.000_25, 0.000_5,
        0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05,
        0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ])
}
