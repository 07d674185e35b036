import ContactsSupport
import Foundation

/// Issue 24's service rows: registerUser, followUser and 1,000-contact uploadContacts per
/// second through `contacts serve --listen` (HTTP, keep-alive, a service token) on a fresh
/// PostgreSQL database against the same requests on a fresh SQLite file (WAL,
/// `synchronous=NORMAL`, as `serve` opens it), with one client and with 8 concurrent
/// clients (each its own connection and thread, sending its share of the chunk one request
/// at a time): group commit should make 8 clients much faster than 1. Both services run for
/// the whole suite; each sample sends a chunk to one backend then the same chunk to the
/// other (alternating which goes first), and every response of each client is checked equal
/// between the backends.
func storeServiceThroughputBenchmarks(_ runner: BenchmarkRunner) throws {
    let rows = "the service throughput rows (PostgreSQL vs SQLite, 1 and \(ServiceClients.concurrent) clients)"
    guard let server = PostgresBenchDatabase.serverURI(skipping: rows) else { return }
    // Chunks: a warm-up and `samples` samples, each once with 1 client and once with 8.
    let chunks = 2 * (runner.samples + 1)
    let requestsPerChunk = runner.size(quick: 96, full: 2_000)
    let uploadsPerChunk = runner.size(quick: 8, full: 16)
    let stream = try StoreMutationStream(
        users: chunks * requestsPerChunk, uploads: chunks * uploadsPerChunk, booksize: 1_000)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "contacts-service-bench-\(getpid())", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try PostgresBenchDatabase(serverURI: server, label: "serve")
    defer { withExtendedLifetime(database) {} }
    let services = ServiceClients(
        postgres: try HTTPServeProcess(arguments: ["--store", database.uri], directory: directory.path, name: "pg"),
        sqlite: try HTTPServeProcess(
            arguments: ["--store", directory.appendingPathComponent("serve.db").path], directory: directory.path,
            name: "sqlite"))

    try services.compare(
        runner, "registerUser", size: "\(stream.registrations.count) users",
        chunks: stream.registrations.chunked(into: chunks))
    try services.compare(
        runner, "followUser", size: "\(stream.follows.count) follows", chunks: stream.follows.chunked(into: chunks))
    try services.compare(
        runner, "uploadContacts of a \(stream.booksize)-contact book", size: "\(stream.uploads.count) uploads",
        chunks: stream.uploads.chunked(into: chunks), unit: "ms/req", scale: 1e6)
    try services.postgres.stop()
    try services.sqlite.stop()
}

/// The two services of ``storeServiceThroughputBenchmarks(_:)`` and how chunks are sent to
/// them.
private struct ServiceClients {
    /// The concurrent clients of the second row of each request kind.
    static let concurrent = 8

    let postgres: HTTPServeProcess
    let sqlite: HTTPServeProcess

    /// Sends `chunks` in pairs (the first pair a warm-up): one chunk with 1 client, the
    /// next with ``concurrent`` clients, each to both backends; records a row per client
    /// count, time per request (`unit` = nanoseconds of wall time over requests / `scale`),
    /// PostgreSQL as ours and SQLite as the baseline, every response compared. The workloads
    /// name the median rates and how much faster 8 clients are than 1 on each backend.
    func compare(
        _ runner: BenchmarkRunner, _ method: String, size: String, chunks: [ArraySlice<StoreRequest>],
        unit: String = "µs/req", scale: Double = 1e3
    ) throws {
        var costs: [[Double]] = Array(repeating: [], count: 4)  // (backend, clients) pairs
        var responses: [[String]] = Array(repeating: [], count: 4)
        for (number, chunk) in chunks.enumerated() {
            let clients = number % 2 == 0 ? 1 : Self.concurrent
            let slices = Array(chunk).chunked(into: clients)
            let pair = number / 2
            let order = pair % 2 == 0 ? [(postgres, 0), (sqlite, 1)] : [(sqlite, 1), (postgres, 0)]
            for (service, backend) in order {
                let slot = backend * 2 + (clients == 1 ? 0 : 1)
                let run = try Self.send(slices, to: service)
                responses[slot] += run.responses.joined()
                if pair > 0 { costs[slot].append(run.nanoseconds / Double(chunk.count) / scale) }
            }
        }
        let medians = costs.map { Statistics($0).median }
        func rate(_ median: Double) -> String { "\(format(1e9 / scale / median))/s" }
        for (index, clients) in [1, Self.concurrent].enumerated() {
            var workload =
                "\(method) through serve --listen, \(clients) client\(clients == 1 ? "" : "s concurrently"), "
                + "PostgreSQL vs SQLite: \(rate(medians[index])) vs \(rate(medians[2 + index]))"
            if clients > 1 {
                workload +=
                    " (\(format(medians[0] / medians[1]))× and \(format(medians[2] / medians[3]))× their 1-client "
                    + "rates)"
            }
            runner.compareMeasured(
                workload + "; every response", size: size, unit: unit,
                ours: Measured(samples: costs[index], answer: responses[index]),
                baseline: Measured(samples: costs[2 + index], answer: responses[2 + index]))
        }
    }

    /// Sends each slice on its own new connection and thread, all starting together, one
    /// request at a time; answers the wall time from the start to the last response, and
    /// each slice's responses in order.
    private static func send(_ slices: [ArraySlice<StoreRequest>], to service: HTTPServeProcess) throws -> (
        nanoseconds: Double, responses: [[String]]
    ) {
        let clients = try slices.map { ServiceClient(connection: try service.connect(), requests: Array($0)) }
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        for client in clients {
            Thread {
                ready.signal()
                go.wait()
                client.run()
                done.signal()
            }.start()
        }
        for _ in clients { ready.wait() }
        let start = WallClock.monotonicNanoseconds()
        for _ in clients { go.signal() }
        for _ in clients { done.wait() }
        let elapsed = Double(WallClock.monotonicNanoseconds() - start)
        if let failure = clients.lazy.compactMap(\.failure).first { throw failure }
        return (elapsed, clients.map(\.responses))
    }
}

/// One client's connection, requests and what they got, for the thread that sends them:
/// only that thread touches it between the start and the `done` signal, and the caller reads
/// it after (the semaphore orders the two), hence unchecked.
private final class ServiceClient: @unchecked Sendable {
    private let connection: ServiceHTTPConnection
    private let requests: [StoreRequest]
    private(set) var responses: [String] = []
    private(set) var failure: (any Error)?

    init(connection: ServiceHTTPConnection, requests: [StoreRequest]) {
        self.connection = connection
        self.requests = requests
    }

    /// Sends every request, one at a time, stopping at the first failure.
    func run() {
        do {
            for request in requests { responses.append(try connection.call(request.method, params: request.params)) }
        } catch {
            failure = error
        }
    }
}
