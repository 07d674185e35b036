import ContactsCore
import ContactsJSON
import ContactsService
import ContactsStore
import ContactsSupport
import Testing

/// After a mixed workload through the library, every read method answers identically before
/// closing the engine and after reopening it on the same store (issue 7, "restart equality").
struct RestartEqualityTests {
    static let users = ["u0", "u1", "u2", "u3", "\u{E9}", "Ω"]
    static let queries = ["ada", "555 20", "josé", "zo", "example.com", "Σ"]
    static let budget = 40

    static func engine(_ store: EngineStore) throws -> ContactsEngine {
        // SQLite with synchronous=NORMAL, as `serve` runs: commits survive a process crash
        // without an fsync each (which would make this test wait on the disk).
        try store.engine(EngineConfiguration(dailyUploadBudget: budget))
    }

    /// Every read of every user. The searches of a snapshot are recorded, so the first one
    /// after a workload moves the suggestions to a fixed point that later snapshots keep.
    static func snapshot(_ client: inout RPCTestClient) throws -> [SnapshotEntry] {
        try ServiceSnapshot.every(users: users + [ServiceSnapshot.observer], queries: queries) { client.call($0, $1) }
    }

    /// The whole error of an upload of `budget + 1` numbers no one uploaded before: its
    /// message tells how much of the day's budget each user has left, and it changes nothing.
    static func budgetProbe(_ client: RPCTestClient, at: Int64) -> [JSONValue] {
        let contacts: [JSONValue] = (0...budget).map { index in
            .object([
                "id": .string("probe\(index)"),
                "phoneNumbers": .array([.object(["value": .string("+1 212 555 \(1000 + index)")])]),
            ])
        }
        return users.map { user in
            let request: JSONValue = .object([
                "jsonrpc": .string("2.0"), "id": .integer(1), "method": .string("uploadContacts"),
                "params": .object(["as": .string(user), "contacts": .array(contacts), "at": .integer(at)]),
            ])
            return client.server.respond(to: request)?.jsonValue ?? .null
        }
    }

    @Test func theSnapshotCallsEveryReadMethod() throws {
        let names = Set(ContactsMethods.table(for: try ContactsEngine()).names)
        #expect(names == ServiceSnapshot.readMethods.union(ServiceModel.mutations))
        #expect(ServiceSnapshot.readMethods.isDisjoint(with: ServiceModel.mutations))
    }

    @Test(arguments: EngineBackend.durable, [11, 12] as [UInt64])
    func everyReadAnswersTheSameAfterReopening(backend: EngineBackend, seed: UInt64) throws {
        let store = try EngineStore(backend)
        var generator = MutationGenerator(
            seed: seed, users: Self.users, phoneSlots: Array(0..<9), contactSlots: [9, 10], richContacts: true)
        var random = SplitMix64(seed: seed)
        var engine = try Self.engine(store)
        var client = RPCTestClient(engine: engine)
        var outcomes: [String: Int] = [:]
        for _ in 0..<500 {
            let (method, params): (String, JSONObject)
            if random.next() % 5 == 0 {
                let user = Self.users[Int(random.next() % UInt64(Self.users.count))]
                let query = Self.queries[Int(random.next() % UInt64(Self.queries.count))]
                (method, params) = ("searchContacts", ["as": .string(user), "query": .string(query)])
            } else {
                (method, params) = generator.next()
            }
            switch client.call(method, params) {
            case .success: outcomes["ok", default: 0] += 1
            case .failure(let failure): outcomes[failure.reason, default: 0] += 1
            }
        }
        // The workload reached the interesting states, not only errors.
        #expect(outcomes["ok", default: 0] > 150, "\(outcomes)")
        #expect(outcomes["conflict", default: 0] > 0, "\(outcomes)")

        for (method, params) in ServiceSnapshot.observe(Self.users, at: generator.at) {
            _ = client.call(method, params)
        }
        _ = try Self.snapshot(&client)
        let before = try Self.snapshot(&client)
        let probeAt = generator.at + 1
        let budgetBefore = Self.budgetProbe(client, at: probeAt)
        #expect(budgetBefore.contains { $0.jsonText.contains("rate_limited") }, "the probe is over budget")
        #expect(try Self.snapshot(&client) == before, "reads and failed uploads change nothing")
        try engine.close()

        for reopening in 1...2 {
            engine = try Self.engine(store)
            client = RPCTestClient(engine: engine)
            let after = try Self.snapshot(&client)
            #expect(
                ServiceSnapshot.difference(after, before) == nil,
                "\(backend) seed \(seed), reopening \(reopening):\n\(ServiceSnapshot.difference(after, before) ?? "")")
            #expect(Self.budgetProbe(client, at: probeAt) == budgetBefore, "seed \(seed): the day's budget use")
            try engine.close()
        }
    }
}
