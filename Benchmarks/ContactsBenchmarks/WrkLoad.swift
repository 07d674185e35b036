import ContactsCore
import ContactsJSON
import Foundation

/// `wrk` (the HTTP load generator) running `scripts/http/rpc-load.lua`: keep-alive
/// connections sending a file of JSON-RPC requests round robin as fast as they are answered.
///
/// wrk corrects its latencies for coordinated omission before it reports them: a request that
/// took t adds samples at t − i, t − 2i, … for the mean interval i between one connection's
/// requests (connections × run time ÷ requests). So one slow request weighs in the
/// percentiles as the requests an open-loop client would have seen queue behind it.
struct WrkLoad {
    /// The keep-alive connections of a run unless it asks for others.
    static let defaultConnections = 32

    private let wrk: CommandLineTool
    private let script: String

    /// The `wrk` on `PATH` with the package's script, or nil when wrk is not installed.
    init?() {
        guard let wrk = CommandLineTool("wrk") else { return nil }
        self.wrk = wrk
        script = PhoneInputs.packageRoot.appendingPathComponent("scripts/http/rpc-load.lua").path
    }

    /// One run of `seconds` against `service` with the requests of `requestsPath` (one body a
    /// line; see the script for templates), `run` keeping the template's fresh users apart
    /// from other runs'.
    ///
    /// - Throws: when wrk fails, or any request failed (a socket error, a status other than
    ///   200, a JSON-RPC error): the figures of a run with failures mean nothing.
    func run(
        _ service: HTTPServeProcess, requestsPath: String, run: Int, seconds: Int,
        connections: Int = defaultConnections, threads: Int = 2
    ) throws -> LoadFigures {
        let output = try wrk.run([
            "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--timeout", "10s", "-s", script, service.baseURL,
            "--", requestsPath, service.token, "\(run)",
        ])
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("WRK-RESULT ") }),
            let result = try JSONParser.parse(String(line.dropFirst("WRK-RESULT ".count))).objectValue
        else { throw BaselineError("wrk printed no result: \(output.suffix(400))") }
        func number(_ key: String) -> Double { result[key]?.numberValue?.doubleValue ?? .nan }
        guard number("socketErrors") == 0, number("rpcErrors") == 0 else {
            throw BaselineError(
                "wrk saw \(format(number("socketErrors"))) socket errors and \(format(number("rpcErrors"))) failed "
                    + "requests, the first: \(result["firstError"]?.stringValue ?? "")")
        }
        return LoadFigures(
            rate: number("requests") / number("seconds"), p50Millis: number("p50") / 1e3,
            p99Millis: number("p99") / 1e3, p999Millis: number("p999") / 1e3, maxMillis: number("max") / 1e3)
    }
}
