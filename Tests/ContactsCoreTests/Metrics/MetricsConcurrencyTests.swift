import ContactsMetrics
import Dispatch
import Foundation
import Testing

/// Many threads counting and observing while another scrapes: every scrape parses, no
/// series ever goes down between scrapes, histograms stay consistent, and the totals at the
/// end are exact.
@Suite struct MetricsConcurrencyTests {
    static let writers = 4
    static let iterations = 50_000
    static let methods = ["followUser", "getFeed", "searchContacts", "uploadContacts", "caf\u{e9}", "a\"b\\c\nd"]
    static let outcomes = ["ok", "not_found"]

    /// The value every writer observes on its `index`-th iteration: a multiple of 1/1024,
    /// so that every partial sum is exact whatever order the additions happen in.
    static func observation(_ index: Int) -> Double {
        Double(index % 64) / 1024
    }

    @Test func totalsAreExactUnderConcurrentWritesAndScrapes() throws {
        let registry = MetricsRegistry()
        let requests = try registry.counterFamily("requests_total", help: "h", labels: ["method", "outcome"])
        let durations = try registry.histogramFamily(
            "duration_seconds", help: "h", labels: ["method"], buckets: try HistogramBuckets([0.01, 0.03, 0.05]))
        let events = try registry.counter("events_total", help: "h")
        // Threads of their own, not a dispatch queue: on two cores a queue may run the scraper
        // only after the writers, and the point is to scrape while they write.
        let done = DispatchGroup()
        let writing = Flag()
        writing.set(true)
        for writer in 0..<Self.writers {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                for index in 0..<Self.iterations {
                    // Lookups race with first uses: series are made while others scrape.
                    let method = Self.methods[(index + writer) % Self.methods.count]
                    requests.labels(method, Self.outcomes[index % 2]).increment()
                    durations.labels(method).observe(Self.observation(index))
                    events.increment(by: 2)
                }
            }
        }
        let scraped = Scrapes()
        let scraper = DispatchGroup()
        scraper.enter()
        Thread.detachNewThread {
            defer { scraper.leave() }
            var previous: [String: Double] = [:]
            repeat {
                let text = registry.exposition()
                do {
                    let exposition = try Exposition(parsing: text)
                    var current: [String: Double] = [:]
                    for family in exposition.families {
                        for sample in family.samples {
                            let key = sample.name + sample.labels.map { "|\($0.name)=\($0.value)" }.joined()
                            current[key] = sample.value
                        }
                    }
                    for (key, value) in previous where (current[key] ?? -1) < value {
                        scraped.fail("\(key) went from \(value) to \(current[key] ?? -1)")
                    }
                    previous = current
                    scraped.count()
                } catch {
                    scraped.fail("scrape did not parse: \(error)")
                }
            } while writing.value
        }
        done.wait()
        writing.set(false)
        scraper.wait()
        #expect(scraped.failures.isEmpty, "\(scraped.failures.prefix(5))")
        #expect(scraped.scrapes > 0)

        // The model: what each writer did, counted by hand.
        var expectedRequests: [[String]: UInt64] = [:]
        var expectedObservations: [String: [Double]] = [:]
        for writer in 0..<Self.writers {
            for index in 0..<Self.iterations {
                let method = Self.methods[(index + writer) % Self.methods.count]
                expectedRequests[[method, Self.outcomes[index % 2]], default: 0] += 1
                expectedObservations[method, default: []].append(Self.observation(index))
            }
        }
        let exposition = try Exposition(parsing: registry.exposition())
        #expect(exposition.family("events_total")?.samples.first?.value == Double(2 * Self.writers * Self.iterations))
        #expect(events.value == UInt64(2 * Self.writers * Self.iterations))
        for (labels, count) in expectedRequests {
            #expect(requests.labels(labels).value == count, "\(labels)")
        }
        #expect(exposition.family("requests_total")?.samples.count == expectedRequests.count)
        for (method, values) in expectedObservations {
            let snapshot = durations.labels(method).snapshot
            let expectedCounts = [0.01, 0.03, 0.05, .infinity].map { bound in
                UInt64(values.filter { $0 <= bound }.count)
            }
            #expect(snapshot.cumulativeCounts == expectedCounts, "\(method)")
            #expect(snapshot.sum == values.reduce(0, +), "\(method)")
        }
    }
}

/// A boolean shared between threads.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var current = false

    func set(_ value: Bool) {
        lock.withLock { current = value }
    }

    var value: Bool {
        lock.withLock { current }
    }
}

/// What the scraping thread saw.
final class Scrapes: @unchecked Sendable {
    private let lock = NSLock()
    private var scrapeCount = 0
    private var problems: [String] = []

    func count() {
        lock.withLock { scrapeCount += 1 }
    }

    func fail(_ problem: String) {
        lock.withLock { problems.append(problem) }
    }

    var scrapes: Int { lock.withLock { scrapeCount } }
    var failures: [String] { lock.withLock { problems } }
}
