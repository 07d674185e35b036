internal import ContactsSupport

/// The metrics of one process, and their text for `GET /metrics` (Prometheus text exposition
/// format 0.0.4).
///
/// ```swift
/// let registry = MetricsRegistry()
/// let requests = try registry.counterFamily("contacts_requests_total", help: "JSON-RPC requests.",
///                                           labels: ["method", "outcome"])
/// try registry.gauge("contacts_users", help: "Registered users.") { Double(engine.userCount) }
/// requests.labels("followUser", "ok").increment()
/// let body = registry.exposition()
/// ```
///
/// Counters and histograms are updated lock-free from any thread; gauges are closures called
/// at scrape time. The output is deterministic: families ordered by name, series by label
/// values (bytes), histogram buckets by bound. Registration and scrapes are thread-safe; a
/// scrape holds a shared lock only while copying lists of series, never while it formats or
/// calls a gauge's closure.
public final class MetricsRegistry: Sendable {
    /// The `Content-Type` of ``exposition()``.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private enum Kind: Sendable {
        case counter(LabeledSeries<Counter>)
        case gauge(@Sendable () -> Double)
        case histogram(LabeledSeries<Histogram>, HistogramBuckets)
    }

    private struct Family: Sendable {
        let name: String
        let help: String
        let kind: Kind
    }

    private struct State {
        /// Ordered by name.
        var families: [Family] = []
        /// Every sample name the families write (a histogram's `_bucket`, `_sum`, `_count` too).
        var sampleNames: Set<String> = []
    }

    private let state = ReadWriteLocked(State())

    /// An empty registry.
    public init() {}

    /// Registers a counter without labels, at zero, and returns it.
    ///
    /// - Throws: ``MetricsError`` for an invalid or already registered name.
    public func counter(_ name: String, help: String) throws(MetricsError) -> Counter {
        try counterFamily(name, help: help, labels: []).labels([])
    }

    /// Registers a counter with `labels`; its series appear as they are first used.
    ///
    /// - Throws: ``MetricsError`` for an invalid or already registered name, or an invalid
    ///   or repeated label name.
    public func counterFamily(_ name: String, help: String, labels: [String]) throws(MetricsError) -> CounterFamily {
        try Self.validate(name: name, labels: labels, reserved: [])
        let family = CounterFamily(name: name, labelNames: labels)
        try register(Family(name: name, help: help, kind: .counter(family.series)), sampleNames: [name])
        return family
    }

    /// Registers a gauge whose value is `value()`, called at each scrape (from the scraping
    /// thread, with no lock of the registry held).
    ///
    /// - Throws: ``MetricsError`` for an invalid or already registered name.
    public func gauge(_ name: String, help: String, value: @escaping @Sendable () -> Double) throws(MetricsError) {
        try Self.validate(name: name, labels: [], reserved: [])
        try register(Family(name: name, help: help, kind: .gauge(value)), sampleNames: [name])
    }

    /// Registers a histogram without labels, empty, and returns it.
    ///
    /// - Throws: ``MetricsError`` for an invalid or already registered name.
    public func histogram(_ name: String, help: String, buckets: HistogramBuckets) throws(MetricsError) -> Histogram {
        try histogramFamily(name, help: help, labels: [], buckets: buckets).labels([])
    }

    /// Registers a histogram with `labels` (never `le`, which holds the bucket bound); its
    /// series appear as they are first used.
    ///
    /// - Throws: ``MetricsError`` for an invalid name, a name whose `_bucket`, `_sum` or
    ///   `_count` sample is already registered, or an invalid or repeated label name.
    public func histogramFamily(
        _ name: String, help: String, labels: [String], buckets: HistogramBuckets
    ) throws(MetricsError) -> HistogramFamily {
        try Self.validate(name: name, labels: labels, reserved: ["le"])
        let family = HistogramFamily(name: name, labelNames: labels, buckets: buckets)
        try register(
            Family(name: name, help: help, kind: .histogram(family.series, buckets)),
            sampleNames: [name, name + "_bucket", name + "_sum", name + "_count"])
        return family
    }

    /// Every metric in the text exposition format 0.0.4 (UTF-8), for the body of `GET /metrics`
    /// with ``contentType``.
    ///
    /// - Complexity: O(total series × buckets), plus each gauge's closure.
    public func exposition() -> String {
        String(decoding: expositionBytes(), as: UTF8.self)
    }

    /// ``exposition()`` as UTF-8 bytes.
    public func expositionBytes() -> [UInt8] {
        let families = state.read { $0.families }
        var writer = PrometheusTextWriter()
        for family in families {
            let name = Array(family.name.utf8)
            switch family.kind {
            case .counter(let series):
                writer.writeHeader(name: family.name, help: family.help, type: "counter")
                for series in series.orderedSeries() {
                    writer.writeSample(name: name, labels: series.renderedLabels, value: String(series.child.value))
                }
            case .gauge(let value):
                writer.writeHeader(name: family.name, help: family.help, type: "gauge")
                writer.writeSample(name: name, labels: [], value: PrometheusTextWriter.format(value()))
            case .histogram(let series, let buckets):
                writer.writeHeader(name: family.name, help: family.help, type: "histogram")
                let bucketName = Array((family.name + "_bucket").utf8)
                let sumName = Array((family.name + "_sum").utf8)
                let countName = Array((family.name + "_count").utf8)
                let bounds = (buckets.upperBounds.map(PrometheusTextWriter.format) + ["+Inf"]).map { bound in
                    PrometheusTextWriter.renderLabels(names: ["le"], values: [bound])
                }
                for series in series.orderedSeries() {
                    let snapshot = series.child.snapshot
                    for (bound, count) in zip(bounds, snapshot.cumulativeCounts) {
                        writer.writeSample(
                            name: bucketName, labels: series.renderedLabels, extraLabel: bound, value: String(count))
                    }
                    writer.writeSample(
                        name: sumName, labels: series.renderedLabels, value: PrometheusTextWriter.format(snapshot.sum))
                    writer.writeSample(name: countName, labels: series.renderedLabels, value: String(snapshot.count))
                }
            }
        }
        return writer.bytes
    }

    private func register(_ family: Family, sampleNames: [String]) throws(MetricsError) {
        try state.write { state throws(MetricsError) in
            if let taken = sampleNames.first(where: state.sampleNames.contains) { throw .duplicateName(taken) }
            state.sampleNames.formUnion(sampleNames)
            let index = state.families.firstIndex { family.name < $0.name } ?? state.families.endIndex
            state.families.insert(family, at: index)
        }
    }

    /// Checks a metric name (`[a-zA-Z_:][a-zA-Z0-9_:]*`) and its label names
    /// (`[a-zA-Z_][a-zA-Z0-9_]*`, not `__…`, none of `reserved`, no repeats).
    private static func validate(name: String, labels: [String], reserved: [String]) throws(MetricsError) {
        guard isName(name, allowingColon: true) else { throw .invalidMetricName(name) }
        var seen: Set<String> = []
        for label in labels {
            guard isName(label, allowingColon: false), !label.hasPrefix("__"), !reserved.contains(label),
                seen.insert(label).inserted
            else { throw .invalidLabelName(label, metric: name) }
        }
    }

    private static func isName(_ text: String, allowingColon: Bool) -> Bool {
        guard let first = text.utf8.first, !isDigit(first) else { return false }
        return text.utf8.allSatisfy { byte in
            isDigit(byte) || byte == UInt8(ascii: "_") || (allowingColon && byte == UInt8(ascii: ":"))
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
