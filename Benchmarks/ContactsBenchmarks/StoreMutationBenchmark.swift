import ContactsCore
import ContactsSupport
import Foundation

/// Mutations per second through `contacts serve --stdio --store PATH` (WAL,
/// `synchronous=NORMAL`: the durability `serve` uses), one request at a time, each its own
/// transaction — against the same request stream through `contacts serve --stdio` in
/// memory, run beside it, so the ratio is the cost of durability; every response of the two
/// is checked equal. Both services run for the whole suite; each sample sends a chunk of the
/// stream to one, then the same chunk to the other.
func storeMutationBenchmarks(_ runner: BenchmarkRunner) throws {
    let stream = try StoreMutationStream(
        users: runner.size(quick: 600, full: 6_000), uploads: 1 + runner.samples * runner.size(quick: 1, full: 3),
        booksize: 1_000)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "contacts-store-bench-\(getpid())", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let durable = try StoreServeProcess(arguments: ["--store", directory.appendingPathComponent("serve.db").path])
    let memory = try StoreServeProcess(arguments: [])
    let mode = "serve --store (WAL, synchronous=NORMAL) vs serve in memory"

    // registerUser: the users in `samples + 1` chunks (the first a warm-up).
    let registrations = stream.registrations.chunked(into: runner.samples + 1)
    try compareChunks(
        runner, "registerUser, one per request (\(mode))", size: "\(stream.registrations.count) users",
        chunks: registrations, durable: durable, memory: memory)

    // followUser then unfollowUser of the same distinct pairs.
    let follows = stream.follows.chunked(into: runner.samples + 1)
    try compareChunks(
        runner, "followUser, one per request (\(mode))", size: "\(stream.follows.count) follows",
        chunks: follows, durable: durable, memory: memory)
    try compareChunks(
        runner, "unfollowUser, one per request (\(mode))", size: "\(stream.follows.count) unfollows",
        chunks: stream.unfollows.chunked(into: runner.samples + 1), durable: durable, memory: memory)

    // Uploads of whole books, each by a user without one (the first a warm-up).
    let uploads = stream.uploads.map { [$0][...] }
    let booksize = stream.booksize
    try compareChunks(
        runner, "uploadContacts of a \(booksize)-contact book (\(mode))",
        size: "\(uploads.count - 1) uploads", chunks: uploads, durable: durable, memory: memory,
        unit: "ms", scale: 1e6, rate: { "\(format(Double(booksize) * 1e3 / $0)) contacts/s" })
    try durable.finish()
    try memory.finish()
}

/// Sends each chunk to the durable service then to the in-memory one (the first chunk a
/// warm-up) and records the time per request of both (`unit` = nanoseconds / `scale`), with
/// every response of each as its answer; the workload names the median throughput of both
/// (`rate` of a median time per request).
private func compareChunks(
    _ runner: BenchmarkRunner, _ workload: String, size: String, chunks: [ArraySlice<StoreRequest>],
    durable: StoreServeProcess, memory: StoreServeProcess, unit: String = "µs/req", scale: Double = 1e3,
    rate: (Double) -> String = { "\(format(1e6 / $0))/s" }
) throws {
    var durableCosts: [Double] = []
    var memoryCosts: [Double] = []
    var durableResponses: [String] = []
    var memoryResponses: [String] = []
    for (number, chunk) in chunks.enumerated() {
        let durableTime = try time(chunk, on: durable, responses: &durableResponses)
        let memoryTime = try time(chunk, on: memory, responses: &memoryResponses)
        if number > 0 {
            durableCosts.append(durableTime / Double(chunk.count) / scale)
            memoryCosts.append(memoryTime / Double(chunk.count) / scale)
        }
    }
    let durableMedian = Statistics(durableCosts).median
    let memoryMedian = Statistics(memoryCosts).median
    runner.compareMeasured(
        workload + ": \(rate(durableMedian)) durable, \(rate(memoryMedian)) in memory; every response", size: size,
        unit: unit, ours: Measured(samples: durableCosts, answer: durableResponses),
        baseline: Measured(samples: memoryCosts, answer: memoryResponses))
}

/// Nanoseconds to send `requests` one by one, each waiting for its response (appended to
/// `responses`).
private func time(
    _ requests: ArraySlice<StoreRequest>, on service: StoreServeProcess, responses: inout [String]
) throws -> Double {
    let start = WallClock.monotonicNanoseconds()
    for request in requests {
        responses.append(String(decoding: try service.call(request.method, params: request.params), as: UTF8.self))
    }
    return Double(WallClock.monotonicNanoseconds() - start)
}

extension Array {
    /// The elements in `count` consecutive chunks of nearly equal size.
    func chunked(into count: Int) -> [ArraySlice<Element>] {
        (0..<count).map { part in self[part * self.count / count..<(part + 1) * self.count / count] }
    }
}
