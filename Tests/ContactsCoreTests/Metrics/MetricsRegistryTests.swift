import ContactsMetrics
import ContactsSupport
import Foundation
import Testing

/// The registry: escaping, order, validation, gauges, value formatting, histogram buckets.
@Suite struct MetricsRegistryTests {
    @Test func labelValuesAndHelpAreEscaped() throws {
        let registry = MetricsRegistry()
        let counter = try registry.counterFamily(
            "odd_total", help: "Back\\slash and\nnew \"line\".", labels: ["path", "error"])
        let value = "C:\\DIR\\FILE.TXT"
        let error = "Cannot find file:\n\"FILE.TXT\""
        counter.labels(value, error).increment()
        counter.labels("José 日本 😀", "").increment(by: 2)
        let text = registry.exposition()
        #expect(text.contains(#"# HELP odd_total Back\\slash and\nnew "line"."#))
        #expect(text.contains(#"odd_total{path="C:\\DIR\\FILE.TXT",error="Cannot find file:\n\"FILE.TXT\""} 1"#))
        #expect(text.contains(#"odd_total{path="José 日本 😀",error=""} 2"#))
        let exposition = try Exposition(parsing: text)
        let family = try #require(exposition.family("odd_total"))
        #expect(family.help == "Back\\slash and\nnew \"line\".")
        #expect(family.samples.contains { $0.label("path") == value && $0.label("error") == error && $0.value == 1 })
        #expect(family.samples.contains { $0.label("path") == "José 日本 😀" && $0.value == 2 })
    }

    @Test func labelValuesAreKeptByTheirBytes() throws {
        let registry = MetricsRegistry()
        let counter = try registry.counterFamily("names_total", help: "h", labels: ["name"])
        counter.labels("caf\u{e9}").increment()  // precomposed
        counter.labels("cafe\u{301}").increment()  // decomposed: equal as Swift strings, different bytes
        #expect(counter.labels("caf\u{e9}") !== counter.labels("cafe\u{301}"))
        let samples = try #require(try Exposition(parsing: registry.exposition()).family("names_total")).samples
        #expect(samples.count == 2)
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theOutputDoesNotDependOnTheOrderOfRegistrationOrUse(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let names = ["b_metric", "a_metric", "c:sub", "_under", "Z_upper", "a_metric2"]
        let values = ["x", "a", "é", "B", "", "aa", "a\"", "a\\"]
        func build(_ order: [Int], _ valueOrder: [String]) throws -> String {
            let registry = MetricsRegistry()
            for index in order {
                switch index % 3 {
                case 0:
                    let family = try registry.counterFamily(names[index], help: "counter \(index)", labels: ["k", "v"])
                    for value in valueOrder { family.labels(value, "1").increment(by: UInt64(value.utf8.count)) }
                case 1:
                    try registry.gauge(names[index], help: "gauge \(index)") { Double(index) }
                default:
                    let family = try registry.histogramFamily(
                        names[index], help: "histogram \(index)", labels: ["k"], buckets: try HistogramBuckets([1, 2]))
                    for value in valueOrder { family.labels(value).observe(Double(value.utf8.count)) }
                }
            }
            return registry.exposition()
        }
        let reference = try build(Array(0..<names.count), values)
        let shuffled = try build(Array(0..<names.count).shuffled(using: &generator), values.shuffled(using: &generator))
        #expect(shuffled == reference)
        let exposition = try Exposition(parsing: reference)
        let familyNames = exposition.families.map(\.name)
        #expect(familyNames == familyNames.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for family in exposition.families where family.type == "counter" {
            let keys = family.samples.compactMap { $0.label("k") }
            #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
    }

    @Test func gaugesAreReadAtEachScrape() throws {
        let registry = MetricsRegistry()
        let source = Source()
        try registry.gauge("live_value", help: "h") { source.value }
        #expect(registry.exposition().contains("live_value 0\n"))
        source.value = 2.5
        #expect(registry.exposition().contains("live_value 2.5\n"))
        source.value = -.infinity
        #expect(registry.exposition().contains("live_value -Inf\n"))
        source.value = .nan
        #expect(registry.exposition().contains("live_value NaN\n"))
        _ = try Exposition(parsing: registry.exposition())
    }

    @Test func familiesWithoutSeriesShowOnlyTheirHeader() throws {
        let registry = MetricsRegistry()
        _ = try registry.counterFamily("requests_total", help: "h", labels: ["method"])
        _ = try registry.histogramFamily("durations", help: "h", labels: ["method"], buckets: .requestDurations)
        let unlabeled = try registry.counter("events_total", help: "h")
        #expect(unlabeled.value == 0)
        let text = registry.exposition()
        #expect(
            text == """
                # HELP durations h
                # TYPE durations histogram
                # HELP events_total h
                # TYPE events_total counter
                events_total 0
                # HELP requests_total h
                # TYPE requests_total counter

                """)
        _ = try Exposition(parsing: text)
    }

    @Test func valuesAreWrittenAsGoReadsThem() throws {
        let registry = MetricsRegistry()
        let values: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (3, "3"), (-7, "-7"), (2.5, "2.5"), (0.000_05, "5e-05"), (1e20, "1e+20"),
            (9_007_199_254_740_991, "9007199254740991"), (9_007_199_254_740_992, "9007199254740992.0"),
            (.infinity, "+Inf"), (-.infinity, "-Inf"), (.nan, "NaN"), (0.1, "0.1"), (1.0 / 3, "0.3333333333333333"),
        ]
        for (index, (value, text)) in values.enumerated() {
            try registry.gauge("g\(index)", help: "") { value }
            #expect(registry.exposition().contains("\ng\(index) \(text)\n"), "\(value)")
        }
        let exposition = try Exposition(parsing: registry.exposition())
        for (index, (value, _)) in values.enumerated() {
            let parsed = try #require(exposition.family("g\(index)")?.samples.first?.value)
            #expect(parsed == value || (parsed.isNaN && value.isNaN))
        }
    }

    @Test(arguments: [
        "", "1abc", "a-b", "a b", "é", "a.b", "a{b}",
    ])
    func invalidMetricNamesAreRefused(name: String) {
        let registry = MetricsRegistry()
        #expect(throws: MetricsError.invalidMetricName(name)) { try registry.counter(name, help: "") }
        #expect(throws: MetricsError.invalidMetricName(name)) { try registry.gauge(name, help: "") { 0 } }
    }

    @Test func validMetricNamesAreAccepted() throws {
        let registry = MetricsRegistry()
        for name in ["a", "_a", ":a", "a:b_c9", "A_Z"] { _ = try registry.counter(name, help: "") }
    }

    @Test func invalidLabelNamesAreRefused() throws {
        let registry = MetricsRegistry()
        for label in ["", "1a", "a:b", "__reserved", "a-b", "é"] {
            #expect(throws: MetricsError.invalidLabelName(label, metric: "m")) {
                try registry.counterFamily("m", help: "", labels: [label])
            }
        }
        #expect(throws: MetricsError.invalidLabelName("a", metric: "m")) {
            try registry.counterFamily("m", help: "", labels: ["a", "b", "a"])
        }
        #expect(throws: MetricsError.invalidLabelName("le", metric: "h")) {
            try registry.histogramFamily("h", help: "", labels: ["method", "le"], buckets: .requestDurations)
        }
        _ = try registry.counterFamily("m", help: "", labels: ["le", "_x"])  // le is only reserved in histograms
    }

    @Test func sampleNamesCannotCollide() throws {
        let registry = MetricsRegistry()
        _ = try registry.histogram("latency", help: "", buckets: .requestDurations)
        for name in ["latency", "latency_bucket", "latency_sum", "latency_count"] {
            #expect(throws: MetricsError.duplicateName(name)) { try registry.counter(name, help: "") }
        }
        _ = try registry.counter("requests", help: "")
        #expect(throws: MetricsError.duplicateName("requests")) { try registry.gauge("requests", help: "") { 0 } }
        _ = try registry.gauge("size_count", help: "") { 0 }
        #expect(throws: MetricsError.duplicateName("size_count")) {
            try registry.histogram("size", help: "", buckets: .requestDurations)
        }
        #expect(MetricsError.duplicateName("x").description == "metric name 'x' is already registered")
        _ = try Exposition(parsing: registry.exposition())
    }

    @Test func invalidBucketsAreRefused() {
        #expect(throws: MetricsError.invalidBuckets("no bounds")) { try HistogramBuckets([]) }
        #expect(throws: MetricsError.invalidBuckets("bounds must be finite (+Inf is always added)")) {
            try HistogramBuckets([1, .infinity])
        }
        #expect(throws: MetricsError.invalidBuckets("bounds must be finite (+Inf is always added)")) {
            try HistogramBuckets([.nan])
        }
        #expect(throws: MetricsError.invalidBuckets("bounds must be strictly increasing (2.0 then 2.0)")) {
            try HistogramBuckets([1, 2, 2])
        }
        #expect(throws: MetricsError.invalidBuckets("bounds must be strictly increasing (2.0 then 1.0)")) {
            try HistogramBuckets([2, 1])
        }
    }

    @Test func defaultBucketsSpanWhatTheServiceMeasures() {
        let requests = HistogramBuckets.requestDurations.upperBounds
        #expect(requests.first == 0.000_05)
        #expect(requests.last == 10)
        let commits = HistogramBuckets.storeCommitDurations.upperBounds
        #expect(commits.first == 0.000_01)
        #expect(commits.last == 10)
        for bounds in [requests, commits] {
            #expect(zip(bounds, bounds.dropFirst()).allSatisfy { $0 < $1 })
            #expect((try? HistogramBuckets(bounds)) != nil)
        }
    }

    /// Random observations (on, between and beyond the bounds) against counting them by hand.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func histogramCountsMatchTheModel(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let bounds = HistogramBuckets.requestDurations.upperBounds
        let registry = MetricsRegistry()
        let histogram = try registry.histogram("h", help: "", buckets: .requestDurations)
        var observed: [Double] = []
        for _ in 0..<2000 {
            let value: Double
            switch generator.next() % 6 {
            case 0: value = bounds[Int(generator.next() % UInt64(bounds.count))]  // exactly on a bound
            case 1: value = bounds[Int(generator.next() % UInt64(bounds.count))].nextUp
            case 2: value = -Double(generator.next() % 100)
            case 3: value = 20 + Double(generator.next() % 100)
            case 4: value = .infinity
            default: value = Double(generator.next() % 1_000_000) / 100_000
            }
            histogram.observe(value)
            observed.append(value)
        }
        histogram.observe(.nan)  // not recorded
        let snapshot = histogram.snapshot
        #expect(
            snapshot.cumulativeCounts
                == (bounds + [.infinity]).map { bound in UInt64(observed.filter { $0 <= bound }.count) })
        #expect(snapshot.count == UInt64(observed.count))
        #expect(snapshot.sum == .infinity)  // some observations were +Inf
        let finite = try registry.histogram("f", help: "", buckets: try HistogramBuckets([0.5]))
        for value in [0.25, 0.5, 0.75, 1.0] { finite.observe(value) }
        #expect(finite.snapshot == Histogram.Snapshot(cumulativeCounts: [2, 4], sum: 2.5))
        finite.observe(nanoseconds: 250_000_000)
        #expect(finite.snapshot == Histogram.Snapshot(cumulativeCounts: [3, 5], sum: 2.75))
        _ = try Exposition(parsing: registry.exposition())
    }

    @Test func theStrictParserRefusesWhatTheFormatForbids() {
        let bad = [
            "no_type 1\n",
            "# TYPE a counter\na 1",  // no final line feed
            "# TYPE a counter\na{l=\"x\"} one\n",
            "# TYPE a counter\na{l=\"\\t\"} 1\n",
            "# TYPE a counter\na{1l=\"x\"} 1\n",
            "# TYPE a counter\na 1\na 2\n",
            "# TYPE a counter\n# TYPE b counter\nb 1\na 1\n",
            "# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_sum 1\nh_count 1\n",  // no +Inf
            "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\nh_count 1\n",
            "# TYPE h histogram\nh_bucket{le=\"+Inf\"} 2\nh_sum 1\nh_count 1\n",
            "# HELP a x\\y\n# TYPE a counter\n",
        ]
        for text in bad {
            #expect(throws: Exposition.ParseError.self, "\(text)") { try Exposition(parsing: text) }
        }
    }
}

/// A value a gauge reads, set by the test.
final class Source: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0.0

    var value: Double {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
