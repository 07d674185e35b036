import ContactsMetrics
import Foundation
import Testing

/// The series the HTTP service registers (PROTOCOL §7, "Operations"), exactly these, written
/// by the registry and read back by a strict parser of the format and by Python's
/// `prometheus_client` parser.
@Suite struct ServiceMetricsTests {
    /// The service's registry, with some traffic recorded.
    struct Service {
        let registry = MetricsRegistry()
        let requests: CounterFamily
        let durations: HistogramFamily
        let commits: Histogram

        init(users: Int, contacts: Int, follows: Int) throws {
            requests = try registry.counterFamily(
                "contacts_requests_total", help: "JSON-RPC requests, by method and outcome.",
                labels: ["method", "outcome"])
            durations = try registry.histogramFamily(
                "contacts_request_duration_seconds", help: "Time to answer a JSON-RPC request, by method.",
                labels: ["method"], buckets: .requestDurations)
            try registry.gauge("contacts_users", help: "Registered users.") { Double(users) }
            try registry.gauge("contacts_contacts", help: "Uploaded contacts.") { Double(contacts) }
            try registry.gauge("contacts_follows", help: "Follow edges.") { Double(follows) }
            commits = try registry.histogram(
                "contacts_store_commit_duration_seconds", help: "Time to commit a change to the store.",
                buckets: .storeCommitDurations)
        }
    }

    static func makeService() throws -> Service {
        let service = try Service(users: 1_000_000, contacts: 50_000_000, follows: 12_345)
        for _ in 0..<3 { service.requests.labels("followUser", "ok").increment() }
        service.requests.labels("followUser", "not_found").increment()
        service.requests.labels("uploadContacts", "rate_limited").increment(by: 2)
        service.durations.labels("followUser").observe(0.000_04)  // below the first bound
        service.durations.labels("followUser").observe(0.000_05)  // exactly on it
        service.durations.labels("followUser").observe(0.003)
        service.durations.labels("uploadContacts").observe(12)  // beyond the last bound
        service.commits.observe(nanoseconds: 1_500_000)
        return service
    }

    @Test func theTextFollowsTheGrammarAndHoldsTheValues() throws {
        let text = try Self.makeService().registry.exposition()
        let exposition = try Exposition(parsing: text)
        #expect(
            exposition.families.map(\.name) == [
                "contacts_contacts", "contacts_follows", "contacts_request_duration_seconds", "contacts_requests_total",
                "contacts_store_commit_duration_seconds", "contacts_users",
            ])
        #expect(
            exposition.families.map(\.type) == ["gauge", "gauge", "histogram", "counter", "histogram", "gauge"])
        #expect(exposition.family("contacts_users")?.help == "Registered users.")
        #expect(exposition.family("contacts_users")?.samples.map(\.value) == [1_000_000])
        #expect(exposition.family("contacts_contacts")?.samples.map(\.value) == [50_000_000])
        #expect(exposition.family("contacts_follows")?.samples.map(\.value) == [12_345])

        let requests = try #require(exposition.family("contacts_requests_total")).samples
        #expect(
            requests.map { [$0.label("method"), $0.label("outcome")] } == [
                ["followUser", "not_found"], ["followUser", "ok"], ["uploadContacts", "rate_limited"],
            ])
        #expect(requests.map(\.value) == [1, 3, 2])

        let durations = try #require(exposition.family("contacts_request_duration_seconds")).samples
        let follow = durations.filter { $0.label("method") == "followUser" }
        let bounds = HistogramBuckets.requestDurations.upperBounds
        #expect(follow.count == bounds.count + 3)  // buckets, +Inf, _sum, _count
        let buckets = follow.filter { $0.name == "contacts_request_duration_seconds_bucket" }
        #expect(
            buckets.map { $0.label("le").flatMap(Exposition.parseFloat) } == (bounds + [.infinity]).map(Optional.some))
        #expect(buckets[0].value == 2)  // 40 µs and 50 µs (le is inclusive)
        #expect(buckets.first { $0.label("le") == "0.0025" }?.value == 2)
        #expect(buckets.first { $0.label("le") == "0.005" }?.value == 3)
        #expect(buckets.last?.value == 3)
        #expect(follow.first { $0.name.hasSuffix("_count") }?.value == 3)
        let sum = try #require(follow.first { $0.name.hasSuffix("_sum") }?.value)
        #expect(abs(sum - 0.003_09) < 1e-12)
        let upload = durations.filter { $0.label("method") == "uploadContacts" }
        #expect(upload.first { $0.label("le") == "10" }?.value == 0)
        #expect(upload.first { $0.label("le") == "+Inf" }?.value == 1)

        let commits = try #require(exposition.family("contacts_store_commit_duration_seconds")).samples
        #expect(commits.first { $0.label("le") == "0.001" }?.value == 0)
        #expect(commits.first { $0.label("le") == "0.0025" }?.value == 1)
        #expect(commits.first { $0.name.hasSuffix("_sum") }?.value == 0.0015)
    }

    @Test func theExactTextOfAGaugeAndACounter() throws {
        let registry = MetricsRegistry()
        try registry.gauge("contacts_users", help: "Registered users.") { 42 }
        let requests = try registry.counterFamily(
            "contacts_requests_total", help: "Requests.", labels: ["method", "outcome"])
        requests.labels("getFeed", "ok").increment(by: 7)
        #expect(
            registry.exposition() == """
                # HELP contacts_requests_total Requests.
                # TYPE contacts_requests_total counter
                contacts_requests_total{method="getFeed",outcome="ok"} 7
                # HELP contacts_users Registered users.
                # TYPE contacts_users gauge
                contacts_users 42

                """)
        #expect(MetricsRegistry.contentType == "text/plain; version=0.0.4; charset=utf-8")
    }

    /// Python's `prometheus_client` (PyPI) reads the same families, samples and values.
    @Test func prometheusClientReadsTheSameSeries() throws {
        let text = try Self.makeService().registry.exposition()
        let script = #"""
            import json, sys
            try:
                from prometheus_client.parser import text_string_to_metric_families
            except ImportError:
                sys.exit("prometheus_client is not installed: pip install prometheus_client")
            families = []
            for family in text_string_to_metric_families(sys.stdin.read()):
                families.append({"name": family.name, "type": family.type, "help": family.documentation,
                                 "samples": [[s.name, s.labels, s.value] for s in family.samples]})
            print(json.dumps(families))
            """#
        let output = try PythonScript.run(script, input: Array(text.utf8))
        let families = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [[String: Any]])
        let exposition = try Exposition(parsing: text)
        // prometheus_client names a counter family without its `_total` suffix.
        #expect(
            families.compactMap { $0["name"] as? String }
                == exposition.families.map { family in
                    family.type == "counter" && family.name.hasSuffix("_total")
                        ? String(family.name.dropLast("_total".count)) : family.name
                })
        #expect(families.compactMap { $0["type"] as? String } == exposition.families.map(\.type))
        #expect(families.compactMap { $0["help"] as? String } == exposition.families.map { $0.help ?? "" })
        for (python, ours) in zip(families, exposition.families) {
            let samples = try #require(python["samples"] as? [[Any]])
            #expect(samples.count == ours.samples.count)
            for (theirs, mine) in zip(samples, ours.samples) {
                #expect(theirs[0] as? String == mine.name)
                #expect(
                    theirs[1] as? [String: String]
                        == Dictionary(uniqueKeysWithValues: mine.labels.map { ($0.name, $0.value) }))
                #expect((theirs[2] as? NSNumber)?.doubleValue == mine.value)
            }
        }
    }
}
