import ContactsJSON
import ContactsSupport
import ContactsTestSupport
import Foundation
import Testing

/// Failover under several engines (PROTOCOL §8, issue 25): two `contacts serve --listen`
/// engines on the multi-host URI of a primary and its synchronous standby
/// (`target_session_attrs=read-write`). With the primary stopped, writes answer
/// `unavailable` and reads go on from memory; once the standby is promoted the engines
/// reconnect by themselves, writes carry on from their position, and nothing acknowledged
/// is lost (an engine started afterwards loads all of it from the promoted standby).
@Suite("Several engines over HTTP: failover", .serialized)
struct MultiEngineFailoverTests {
    /// How long the engines may take to reconnect to a promoted standby (§8: within 10 s of
    /// one being writable; more here for a loaded machine).
    static let reconnectTimeout: Duration = .seconds(30)

    /// Sends JSON-RPC requests round-robin, each waiting for the highest position seen.
    struct Caller {
        let engines: [HTTPServiceProcess]
        let token: String
        var lastSeen: Int64 = 0
        var next = 0

        /// `method` with `params` on the next engine (or on `engine`): the answer's body text.
        mutating func call(_ method: String, _ params: JSONObject, on engine: Int? = nil) throws -> String {
            let index = engine ?? next % engines.count
            next += 1
            var request = HTTPServiceProcess.Request(
                body: MultiEngineHTTPTests.body(next, method, params), token: token)
            request.extraHeaders = ["Contacts-Min-Position: \(lastSeen)"]
            let exchange = try engines[index].exchange(request)
            guard exchange.status == 200 else {
                throw HTTPServiceProcess.Failure(description: "status \(exchange.status) for \(method)")
            }
            lastSeen = max(lastSeen, exchange.header("contacts-position").flatMap { Int64($0) } ?? 0)
            return exchange.text
        }
    }

    static func succeeded(_ answer: String) -> Bool { answer.contains("\"result\"") }
    static func unavailable(_ answer: String) -> Bool { answer.contains("-32013") }

    static func register(_ user: String, slot: Int) -> JSONObject {
        ["userId": .string(user), "phone": .string(MutationGenerator.phone(slot)), "at": .integer(1_000 + Int64(slot))]
    }

    static func follow(_ user: String, _ followee: String, at: Int64) -> JSONObject {
        ["as": .string(user), "userId": .string(followee), "at": .integer(at)]
    }

    static let users = (0..<6).map { "u\($0)" }

    /// What is read to compare engines: everyone's followers and following.
    static func reads(_ caller: inout Caller, on engine: Int) throws -> [String] {
        try users.flatMap { user in
            [
                try caller.call("getFollowers", ["as": .string(user), "limit": .integer(100)], on: engine),
                try caller.call("getFollowing", ["as": .string(user), "limit": .integer(100)], on: engine),
            ]
        }.map(Self.withoutID)
    }

    /// An answer's text without its `"id":N` member (the reads are compared across calls).
    static func withoutID(_ text: String) -> String {
        text.replacing(/"id":[0-9]+/, with: "")
    }

    @Test func writesWaitOutAPromotionAndNothingAcknowledgedIsLost() throws {
        try TestCluster.with { primary in
            let standby = try primary.startStandby()
            defer { standby.destroy() }
            let uri =
                "postgresql://postgres@127.0.0.1:\(primary.port),127.0.0.1:\(standby.port)/contacts_test"
                + "?target_session_attrs=read-write"
            let engines = try (0..<2).map { _ in try HTTPServiceProcess(arguments: ["--store", uri]) }
            var caller = Caller(engines: engines, token: try engines[0].token("backend", service: true))

            for (slot, user) in Self.users.enumerated() {
                #expect(Self.succeeded(try caller.call("registerUser", Self.register(user, slot: slot))))
            }
            for (index, user) in Self.users.enumerated().dropFirst() {
                let answer = try caller.call("followUser", Self.follow(user, "u0", at: 2_000 + Int64(index)))
                #expect(Self.succeeded(answer), "\(answer)")
            }
            let acknowledged = caller.lastSeen
            #expect(acknowledged == 11)
            let before = try Self.reads(&caller, on: 0)
            #expect(try Self.reads(&caller, on: 1) == before)
            #expect(before[0].contains("\"u5\""))

            // No writable host: writes answer unavailable on every engine, reads go on.
            try primary.kill()
            for engine in 0..<2 {
                for attempt in 0..<2 {
                    let answer = try caller.call("followUser", Self.follow("u1", "u2", at: 3_000), on: engine)
                    #expect(Self.unavailable(answer), "engine \(engine) attempt \(attempt): \(answer)")
                }
                #expect(try Self.reads(&caller, on: engine) == before)
            }
            #expect(caller.lastSeen == acknowledged)

            // The standby takes over: each engine reconnects by itself and writes carry on.
            try standby.promote()
            let clock = ContinuousClock()
            for engine in 0..<2 {
                let deadline = clock.now + Self.reconnectTimeout
                var answer = ""
                repeat {
                    answer = try caller.call(
                        "followUser", Self.follow("u\(engine + 1)", "u\(engine + 2)", at: 4_000), on: engine)
                    if Self.unavailable(answer) { Thread.sleep(forTimeInterval: 0.2) }
                } while Self.unavailable(answer) && clock.now < deadline
                #expect(Self.succeeded(answer), "engine \(engine): \(answer)")
            }
            #expect(caller.lastSeen == acknowledged + 2)
            let after = try Self.reads(&caller, on: 0)
            #expect(try Self.reads(&caller, on: 1) == after)
            #expect(after[0] == before[0])

            // A new engine loads everything acknowledged from the promoted standby.
            let late = try HTTPServiceProcess(arguments: ["--store", uri])
            var lateCaller = Caller(engines: [late], token: caller.token, lastSeen: caller.lastSeen)
            #expect(try Self.reads(&lateCaller, on: 0) == after)
            #expect(lateCaller.lastSeen == caller.lastSeen)
            for server in engines + [late] {
                let (termination, errors) = server.terminate()
                #expect(termination == ChildProcess.Termination(code: 0, exited: true), "\(errors.suffix(500))")
            }
        }
    }
}
