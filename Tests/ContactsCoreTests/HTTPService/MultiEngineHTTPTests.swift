import ContactsJSON
import ContactsSupport
import ContactsTestSupport
import Testing

/// Three `contacts serve --listen` engines on one PostgreSQL store (PROTOCOL §8, issue 25):
/// a seeded JSON-RPC stream sent round-robin over HTTP, each request carrying
/// `Contacts-Min-Position` = the highest `Contacts-Position` seen, gets, response by
/// response, the status, body and position that the same stream gets from one engine alone
/// on a store of its own; at the end every engine reads as that one.
///
/// Left out of the stream: `getSearchSuggestions`, whose answers come from recent searches,
/// which §8 puts outside read-your-writes (written lazily, on the other engines within 1 s):
/// right after a search on one engine, another may legitimately not suggest it yet. Nothing
/// else is excluded, and bodies are compared byte for byte.
@Suite("Several engines over HTTP", .serialized)
struct MultiEngineHTTPTests {
    static let users = ["u0", "u1", "u2", "\u{E9}"]

    /// A request body: the JSON-RPC request `method` with `params` and id `id`.
    static func body(_ id: Int, _ method: String, _ params: JSONObject) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(
            .object([
                "jsonrpc": .string("2.0"), "id": .integer(Int64(id)), "method": .string(method),
                "params": .object(params),
            ]))
        return writer.bytes
    }

    /// The reads every engine is compared on at the end, as request bodies.
    static let finalReads: [[UInt8]] = ServiceSnapshot.modelReads(
        users: users, contactIDs: Array(MutationGenerator.contactIDs.prefix(4))
    ).enumerated().map { body(100_000 + $0.offset, $0.element.0, $0.element.1) }

    /// `count` request bodies: mostly mutations (conflicts and rejections included), reads and
    /// searches, and now and then a malformed or mutated line (RandomLineTests).
    static func stream(seed: UInt64, count: Int) -> [[UInt8]] {
        var generator = MutationGenerator(
            seed: seed, users: users, phoneSlots: Array(0..<6), contactSlots: [9], richContacts: true)
        var random = SplitMix64(seed: seed ^ 0xB0D1E5)
        let reads =
            ServiceSnapshot.modelReads(users: users, contactIDs: Array(MutationGenerator.contactIDs.prefix(4)))
            + users.flatMap { me in
                [
                    ("searchUsers", ["as": .string(me), "query": .string("a")] as JSONObject),
                    ("searchContacts", ["as": .string(me), "query": .string("555")] as JSONObject),
                ]
            }
        var bodies: [[UInt8]] = []
        while bodies.count < count {
            let roll = random.next() % 100
            if roll < 8 {
                let line = RandomLineTests.line(&random)
                // Small lines only (the deep-nesting ones add nothing here), never a suggestion.
                guard line.count < 4_096, !String(decoding: line, as: UTF8.self).contains("Suggestions") else {
                    continue
                }
                bodies.append(line)
            } else if roll < 33 {
                let (method, params) = reads[Int(random.next() % UInt64(reads.count))]
                bodies.append(body(bodies.count, method, params))
            } else {
                let (method, params) = generator.next()
                bodies.append(body(bodies.count, method, params))
            }
        }
        return bodies
    }

    /// The request for `body` with the service `token`, waiting for `minimum` when given.
    static func request(_ body: [UInt8], token: String, minimum: Int64? = nil) -> HTTPServiceProcess.Request {
        var request = HTTPServiceProcess.Request(body: body, token: token)
        if let minimum { request.extraHeaders = ["Contacts-Min-Position: \(minimum)"] }
        return request
    }

    /// What is compared of an exchange: status, body and position.
    struct Answer: Equatable, CustomStringConvertible {
        let status: Int
        let body: [UInt8]
        let position: Int64?

        init(_ exchange: HTTPServiceProcess.Exchange) {
            status = exchange.status
            body = exchange.body
            position = exchange.header("contacts-position").flatMap { Int64($0) }
        }

        var description: String {
            "\(status) position \(position.map(String.init) ?? "none"): \(String(decoding: body.prefix(300), as: UTF8.self))"
        }
    }

    @Test(arguments: [61] as [UInt64])
    func roundRobinOverThreeEnginesAnswersAsOne(seed: UInt64) throws {
        let shared = try FreshStore(.postgres)
        let alone = try FreshStore(.postgres)
        let engines = try (0..<3).map { _ in try HTTPServiceProcess(arguments: ["--store", shared.location]) }
        let reference = try HTTPServiceProcess(arguments: ["--store", alone.location])
        // One secret for all: a token minted for one engine is good on every engine.
        let token = try engines[0].token("backend", service: true)
        let bodies = Self.stream(seed: seed, count: 240)

        var lastSeen: Int64 = 0
        var answers: [Answer] = []
        for (step, body) in bodies.enumerated() {
            let answer = Answer(try engines[step % 3].exchange(Self.request(body, token: token, minimum: lastSeen)))
            answers.append(answer)
            lastSeen = max(lastSeen, answer.position ?? 0)
        }
        let expected = try reference.exchanges(bodies.map { Self.request($0, token: token) }).map(Answer.init)
        #expect(answers.count == expected.count)
        var differences = 0
        for (step, (answer, wanted)) in zip(answers, expected).enumerated() where answer != wanted {
            differences += 1
            guard differences <= 3 else { break }
            Issue.record(
                "seed \(seed) step \(step) on engine \(step % 3): \(String(decoding: bodies[step].prefix(200), as: UTF8.self))\n  three engines: \(answer)\n  one engine:    \(wanted)"
            )
        }
        // The stream did change things, and met conflicts: the comparison is not vacuous.
        let texts = expected.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(lastSeen > 40, "position \(lastSeen)")
        #expect(texts.contains { $0.contains("\"conflict\"") })
        #expect(expected.allSatisfy { $0.position != nil })

        // Every engine, having applied the last position, reads as the one engine.
        let finalExpected = try reference.exchanges(Self.finalReads.map { Self.request($0, token: token) })
            .map(Answer.init)
        for (index, engine) in engines.enumerated() {
            let read = try engine.exchanges(Self.finalReads.map { Self.request($0, token: token, minimum: lastSeen) })
                .map(Answer.init)
            #expect(read.count == finalExpected.count)
            if let first = zip(read, finalExpected).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                Issue.record("engine \(index), read \(first.offset): \(first.element.0) vs \(first.element.1)")
            }
        }
        for server in engines + [reference] {
            let (termination, errors) = server.terminate()
            #expect(termination == ChildProcess.Termination(code: 0, exited: true), "\(errors.suffix(500))")
        }
        withExtendedLifetime((shared, alone)) {}
    }
}
