import ContactsCore
import ContactsSupport
import Foundation

/// A `redis-server` on a free loopback port (no persistence) and `redis-benchmark` GETs
/// against it: the request/response ceiling of a tuned server on this machine, for the HTTP
/// load rows to stand beside.
final class RedisReference {
    private let server: Process
    private let port: Int
    private let benchmark: CommandLineTool
    private let client: CommandLineTool

    /// Starts the server (its output in `directory`/redis.log) and waits until it answers.
    ///
    /// - Throws: when redis-server, redis-cli or redis-benchmark is missing or the server
    ///   does not answer within 10 s.
    init(directory: String) throws {
        guard let redisServer = CommandLineTool("redis-server"), let benchmark = CommandLineTool("redis-benchmark"),
            let client = CommandLineTool("redis-cli")
        else { throw BaselineError("redis-server, redis-cli and redis-benchmark are needed: make setup installs them") }
        self.benchmark = benchmark
        self.client = client
        port = try freeLoopbackPort()
        server = try redisServer.start(
            ["--port", "\(port)", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", directory],
            logPath: directory + "/redis.log")
        let deadline = WallClock.monotonicNanoseconds() + 10_000_000_000
        while (try? client.run(["-p", "\(port)", "ping"]))?.hasPrefix("PONG") != true {
            guard server.isRunning, WallClock.monotonicNanoseconds() < deadline else {
                server.terminate()
                throw BaselineError("redis-server did not answer on port \(port)")
            }
            usleep(20_000)
        }
        try client.run(["-p", "\(port)", "set", "key:__rand_int__", "xyz"])
    }

    /// `requests` GETs over `connections` keep-alive connections from `threads` threads,
    /// without pipelining.
    func get(requests: Int, connections: Int = 32, threads: Int = 2) throws -> LoadFigures {
        let output = try benchmark.run([
            "-h", "127.0.0.1", "-p", "\(port)", "-t", "get", "-n", "\(requests)", "-c", "\(connections)",
            "--threads", "\(threads)", "--precision", "3",
        ])
        let lines = output.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        // "throughput summary: 58823.53 requests per second", then a header row
        // "avg min p50 p95 p99 max" and its values (milliseconds).
        guard let throughput = lines.first(where: { $0.hasPrefix("throughput summary:") }),
            let rate = Double(throughput.split(separator: " ")[2]),
            let header = lines.firstIndex(where: { $0.hasPrefix("avg") && $0.hasSuffix("max") }),
            header + 1 < lines.count
        else { throw BaselineError("redis-benchmark printed no summary: \(output.suffix(400))") }
        let names = lines[header].split(separator: " ").map(String.init)
        let values = lines[header + 1].split(separator: " ").compactMap { Double($0) }
        guard names.count == values.count else {
            throw BaselineError("redis-benchmark's summary: \(lines[header + 1])")
        }
        let summary = Dictionary(uniqueKeysWithValues: zip(names, values))
        // "99.902% <= 8.711 milliseconds (cumulative count 19981)": the first at or past 99.9%.
        let p999 = lines.lazy.compactMap { line -> Double? in
            let parts = line.split(separator: " ")
            guard parts.count >= 3, parts[1] == "<=", let percent = Double(parts[0].dropLast()), percent >= 99.9
            else { return nil }
            return Double(parts[2])
        }.first
        return LoadFigures(
            rate: rate, p50Millis: summary["p50"] ?? .nan, p99Millis: summary["p99"] ?? .nan,
            p999Millis: p999 ?? .nan, maxMillis: summary["max"] ?? .nan)
    }

    /// Stops the server.
    func stop() {
        server.terminate()
        server.waitUntilExit()
    }
}
