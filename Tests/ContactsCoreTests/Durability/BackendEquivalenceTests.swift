import ContactsCore
import ContactsJSON
import ContactsPostgres
import ContactsStore
import ContactsSupport
import Testing

/// The two backends give identical answers (PROTOCOL §8): one randomized JSON-RPC stream of
/// every mutation (and searches) sent to an engine on SQLite and one on PostgreSQL, answer
/// for answer, with restarts of both; then every read of every user equal; then `store
/// copy` SQLite → PostgreSQL → SQLite, and an engine on each copy answers every read as the
/// original did.
struct BackendEquivalenceTests {
    static let users = ["u0", "u1", "u2", "u3", "\u{E9}", "Ω"]
    static let queries = ["ada", "555 20", "josé", "zo", "example.com", "Σ"]
    static let budget = 40

    /// An engine on `location`, as `serve` runs it.
    static func engine(_ location: String) throws -> ContactsEngine {
        try ContactsEngine(
            configuration: EngineConfiguration(dailyUploadBudget: budget), storeLocation: location,
            storeOptions: StoreOptions(durability: .normal))
    }

    static func snapshot(_ client: inout RPCTestClient) throws -> [SnapshotEntry] {
        try ServiceSnapshot.every(users: users + [ServiceSnapshot.observer], queries: queries) { client.call($0, $1) }
    }

    @Test(arguments: [21, 22] as [UInt64])
    func sqliteAndPostgresAnswerAlikeAndCopiesAnswerAlike(seed: UInt64) throws {
        let sqlite = try FreshStore(.sqlite)
        let postgres = try FreshStore(.postgres)
        var engines = [try Self.engine(sqlite.location), try Self.engine(postgres.location)]
        var clients = engines.map { RPCTestClient(engine: $0) }
        var generator = MutationGenerator(
            seed: seed, users: Self.users, phoneSlots: Array(0..<9), contactSlots: [9, 10], richContacts: true)
        var random = SplitMix64(seed: seed)
        var outcomes: [String: Int] = [:]
        for step in 0..<600 {
            if step % 200 == 199 {
                for engine in engines { try engine.close() }
                engines = [try Self.engine(sqlite.location), try Self.engine(postgres.location)]
                clients = engines.map { RPCTestClient(engine: $0) }
            }
            let (method, params): (String, JSONObject)
            if random.next() % 5 == 0 {
                let user = Self.users[Int(random.next() % UInt64(Self.users.count))]
                let query = Self.queries[Int(random.next() % UInt64(Self.queries.count))]
                (method, params) = ("searchContacts", ["as": .string(user), "query": .string(query)])
            } else {
                (method, params) = generator.next()
            }
            let answers = [clients[0].call(method, params), clients[1].call(method, params)]
            #expect(
                SnapshotEntry(method, params, answers[1]) == SnapshotEntry(method, params, answers[0]),
                "seed \(seed) step \(step): \(method) \(JSONValue.object(params).jsonText.prefix(300))")
            switch answers[0] {
            case .success: outcomes["ok", default: 0] += 1
            case .failure(let failure): outcomes[failure.reason, default: 0] += 1
            }
        }
        #expect(outcomes["ok", default: 0] > 200, "\(outcomes)")
        #expect(outcomes["conflict", default: 0] > 0, "\(outcomes)")
        for (method, params) in ServiceSnapshot.observe(Self.users, at: generator.at) {
            for index in clients.indices { _ = clients[index].call(method, params) }
        }
        // Taken twice: the first snapshot's searches move the suggestions to a fixed point.
        _ = try Self.snapshot(&clients[0])
        _ = try Self.snapshot(&clients[1])
        let expected = try Self.snapshot(&clients[0])
        let onPostgres = try Self.snapshot(&clients[1])
        #expect(
            ServiceSnapshot.difference(onPostgres, expected) == nil,
            "seed \(seed), PostgreSQL vs SQLite:\n\(ServiceSnapshot.difference(onPostgres, expected) ?? "")")
        #expect(engines[0].position == engines[1].position)
        let position = engines[0].position
        for engine in engines { try engine.close() }

        // SQLite → PostgreSQL → SQLite, each copy opened by an engine and read whole.
        let copiedToPostgres = try FreshStore(.postgres)
        let copiedBack = try FreshStore(.sqlite)
        var reported: [(Int, Int)] = []
        _ = try StoreCopy.copy(from: StoreLocation(sqlite.location), to: StoreLocation(copiedToPostgres.location)) {
            reported.append(($0, $1))
        }
        #expect(reported.last.map { $0.0 == $0.1 && $0.1 > 0 } == true)
        _ = try StoreCopy.copy(from: StoreLocation(copiedToPostgres.location), to: StoreLocation(copiedBack.location))
        for copy in [copiedToPostgres, copiedBack] {
            let engine = try Self.engine(copy.location)
            #expect(engine.position == position)
            var client = RPCTestClient(engine: engine)
            let answered = try Self.snapshot(&client)
            #expect(
                ServiceSnapshot.difference(answered, expected) == nil,
                "seed \(seed), copy \(copy.backend):\n\(ServiceSnapshot.difference(answered, expected) ?? "")")
            try engine.close()
        }
        // A copy never goes into a store that holds something.
        #expect {
            try StoreCopy.copy(from: StoreLocation(sqlite.location), to: StoreLocation(copiedToPostgres.location))
        } throws: { "\($0)".contains("not empty") }
    }
}
