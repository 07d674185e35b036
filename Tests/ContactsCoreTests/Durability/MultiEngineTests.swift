import ContactsCore
import ContactsJSON
import ContactsPostgres
import ContactsStore
import ContactsSupport
import Dispatch
import Testing

/// Several engines on one PostgreSQL store (PROTOCOL §8): a change is accepted against the
/// committed state, every engine applies every change in commit order, a late engine
/// converges, the change log is trimmed and an engine behind it reloads.
@Suite("Several engines on one store")
struct MultiEngineTests {
    static let users = ["u0", "u1", "u2", "u3", "\u{E9}"]
    static let budget = 40

    static func engine(_ location: String, retention: ChangeLogRetention = ChangeLogRetention()) throws
        -> ContactsEngine
    {
        try ContactsEngine(
            configuration: EngineConfiguration(dailyUploadBudget: budget), storeLocation: location,
            storeOptions: StoreOptions(durability: .normal, changeLogRetention: retention))
    }

    /// Every model read of every user, and a few searches, from `engine`.
    static func reads(_ engine: ContactsEngine) throws -> [SnapshotEntry] {
        var client = RPCTestClient(engine: engine)
        var requests = ServiceSnapshot.modelReads(users: users, contactIDs: MutationGenerator.contactIDs)
        for me in users {
            requests.append(("searchUsers", ["as": .string(me), "query": .string("a")]))
            requests.append(("searchContacts", ["as": .string(me), "query": .string("555")]))
        }
        return try ServiceSnapshot.take(requests) { client.call($0, $1) }
    }

    /// Waits until every engine has applied `position` (§8: within 1 s; 5 s here for a
    /// loaded machine).
    static func converge(_ engines: [ContactsEngine], to position: Int64) -> Bool {
        engines.allSatisfy { $0.waitForPosition(position, timeoutMilliseconds: 5_000) }
    }

    /// One randomized stream of mutations and reads sent round-robin to three engines, each
    /// request waiting for the last position seen (as a client sending
    /// `Contacts-Min-Position` would), answers the same as the stream sent to one engine on
    /// its own store; an engine restarted midway (a late engine) converges; at the end every
    /// engine reads as the single one.
    @Test(arguments: [31, 32] as [UInt64])
    func roundRobinOverThreeEnginesAnswersAsOne(seed: UInt64) throws {
        let single = try FreshStore(.sqlite)
        let shared = try FreshStore(.postgres)
        let reference = try Self.engine(single.location)
        var referenceClient = RPCTestClient(engine: reference)
        var engines = try (0..<3).map { _ in try Self.engine(shared.location) }
        var clients = engines.map { RPCTestClient(engine: $0) }
        var generator = MutationGenerator(
            seed: seed, users: Self.users, phoneSlots: Array(0..<7), contactSlots: [9, 10], richContacts: true)
        var random = SplitMix64(seed: seed ^ 0x5EED)
        let reads = ServiceSnapshot.modelReads(
            users: Self.users, contactIDs: Array(MutationGenerator.contactIDs.prefix(4)))
        var lastSeen: Int64 = 0
        var outcomes: [String: Int] = [:]
        for step in 0..<360 {
            let index = step % 3
            if step == 180 {
                // A late engine: loads the store, then follows the log from its position.
                try engines[1].close()
                engines[1] = try Self.engine(shared.location)
                clients[1] = RPCTestClient(engine: engines[1])
            }
            let (method, params) =
                random.next() % 10 < 3 ? reads[Int(random.next() % UInt64(reads.count))] : generator.next()
            #expect(engines[index].waitForPosition(lastSeen, timeoutMilliseconds: 5_000), "seed \(seed) step \(step)")
            let answer = clients[index].call(method, params)
            lastSeen = max(lastSeen, engines[index].position)
            let expected = referenceClient.call(method, params)
            #expect(
                SnapshotEntry(method, params, answer) == SnapshotEntry(method, params, expected),
                "seed \(seed) step \(step) on engine \(index): \(method) \(JSONValue.object(params).jsonText.prefix(300))"
            )
            switch expected {
            case .success: outcomes["ok", default: 0] += 1
            case .failure(let failure): outcomes[failure.reason, default: 0] += 1
            }
        }
        #expect(outcomes["ok", default: 0] > 150, "\(outcomes)")
        #expect(outcomes["conflict", default: 0] > 0, "\(outcomes)")
        #expect(lastSeen == reference.position)
        #expect(Self.converge(engines, to: lastSeen))
        let expected = try Self.reads(reference)
        for (index, engine) in engines.enumerated() {
            let read = try Self.reads(engine)
            #expect(
                ServiceSnapshot.difference(read, expected) == nil,
                "seed \(seed), engine \(index):\n\(ServiceSnapshot.difference(read, expected) ?? "")")
        }
        for engine in engines + [reference] { try engine.close() }
    }

    /// Calls `first` on one engine and `second` on another at the same moment.
    static func race(
        _ engines: [ContactsEngine], _ first: (String, JSONObject), _ second: (String, JSONObject)
    ) -> [Result<JSONValue, RPCFailure>] {
        let answers = ReadWriteLocked<[Result<JSONValue, RPCFailure>?]>([nil, nil])
        let requests = [first, second]
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<2 {
            let engine = engines[index]
            let (method, params) = requests[index]
            DispatchQueue.global().async(group: done) {
                var client = RPCTestClient(engine: engine)
                ready.signal()
                go.wait()
                let answer = client.call(method, params)
                answers.write { $0[index] = answer }
            }
        }
        ready.wait()
        ready.wait()
        go.signal()
        go.signal()
        done.wait()
        return answers.read { $0.map { $0 ?? .failure(RPCFailure(reason: "no answer")) } }
    }

    /// Conflicting writes raced on two engines: the same phone registered by two users, the
    /// same event id created by two users, a follow raced with the deletion of the
    /// followee. Exactly one outcome each time, and every engine ends with the state of the
    /// database (an engine loading it afresh reads the same).
    @Test func conflictingWritesRacedOnTwoEnginesHaveOneOutcome() throws {
        let shared = try FreshStore(.postgres)
        let engines = [try Self.engine(shared.location), try Self.engine(shared.location)]
        var setup = RPCTestClient(engine: engines[0])
        for round in 0..<12 {
            let phone = MutationGenerator.phone(100 + round)
            let answers = Self.race(
                engines,
                (
                    "registerUser",
                    ["userId": .string("a\(round)"), "phone": .string(phone), "displayName": .string("A")]
                ),
                (
                    "registerUser",
                    ["userId": .string("b\(round)"), "phone": .string(phone), "displayName": .string("B")]
                ))
            let won = answers.filter { if case .success = $0 { true } else { false } }.count
            #expect(won == 1, "round \(round): \(answers)")
            #expect(
                answers.contains { $0 == Result<JSONValue, RPCFailure>.failure(RPCFailure(reason: "conflict")) },
                "round \(round): \(answers)")

            let creators = ["c\(round)x", "c\(round)y"]
            for (offset, creator) in creators.enumerated() {
                _ = setup.call(
                    "registerUser",
                    ["userId": .string(creator), "phone": .string(MutationGenerator.phone(200 + 2 * round + offset))])
            }
            #expect(Self.converge(engines, to: engines[0].position))
            let event: (String) -> (String, JSONObject) = { creator in
                (
                    "createEvent",
                    ["as": .string(creator), "eventId": .string("e\(round)"), "title": .string("T"), "at": .integer(5)]
                )
            }
            let events = Self.race(engines, event(creators[0]), event(creators[1]))
            #expect(events.filter { if case .success = $0 { true } else { false } }.count == 1, "\(events)")

            // c…x follows c…y on one engine while c…y is deleted on the other.
            let followAndDelete = Self.race(
                engines,
                ("followUser", ["as": .string(creators[0]), "userId": .string(creators[1]), "at": .integer(6)]),
                ("deleteUser", ["as": .string(creators[1])]))
            if case .failure = followAndDelete[1] { Issue.record("deleteUser failed: \(followAndDelete)") }
        }
        let position = max(engines[0].position, engines[1].position)
        #expect(Self.converge(engines, to: position))
        let fromDatabase = try Self.engine(shared.location)
        #expect(fromDatabase.position == position)
        let expected = try Self.reads(fromDatabase)
        for engine in engines {
            #expect(ServiceSnapshot.difference(try Self.reads(engine), expected) == nil)
            var client = RPCTestClient(engine: engine)
            // Nobody follows a deleted user, whichever change committed first.
            for round in 0..<12 {
                let status = client.call(
                    "isFollowingUser", ["as": .string("c\(round)x"), "userId": .string("c\(round)y")])
                #expect(status.map { $0.objectValue?["isFollowing"] } != .success(.bool(true)))
            }
        }
        for engine in engines + [fromDatabase] { try engine.close() }
    }

    /// An engine started after many changes loads the store, follows the log from its
    /// position, and reads as the engine that wrote them.
    @Test func aLateEngineConverges() throws {
        let shared = try FreshStore(.postgres)
        let writer = try Self.engine(shared.location)
        var client = RPCTestClient(engine: writer)
        var generator = MutationGenerator(
            seed: 7, users: Self.users, phoneSlots: Array(0..<7), contactSlots: [9, 10], richContacts: false)
        for _ in 0..<150 {
            let (method, params) = generator.next()
            _ = client.call(method, params)
        }
        let late = try Self.engine(shared.location)
        #expect(late.position == writer.position)
        for _ in 0..<100 {
            let (method, params) = generator.next()
            _ = client.call(method, params)
        }
        #expect(Self.converge([late], to: writer.position))
        #expect(ServiceSnapshot.difference(try Self.reads(late), try Self.reads(writer)) == nil)
        try late.close()
        try writer.close()
    }

    /// With a log that keeps nothing (every engine trims at every wake-up), the log stays
    /// short, a feed behind it gets a clear error, and engines that fall behind it reload
    /// and still converge.
    @Test func aTrimmedLogMakesAnEngineBehindReloadAndConverge() throws {
        let shared = try FreshStore(.postgres)
        let retention = ChangeLogRetention(
            minimumMilliseconds: 0, maximumMilliseconds: 1, engineTimeoutMilliseconds: 60_000,
            trimIntervalMilliseconds: 0)
        let engines = try (0..<3).map { _ in try Self.engine(shared.location, retention: retention) }
        var clients = engines.map { RPCTestClient(engine: $0) }
        var generator = MutationGenerator(
            seed: 9, users: Self.users, phoneSlots: Array(0..<7), contactSlots: [9, 10], richContacts: false)
        var unavailable = 0
        for step in 0..<240 {
            let (method, params) = generator.next()
            if case .failure(let failure) = clients[step % 3].call(method, params), failure.reason == "unavailable" {
                unavailable += 1
            }
        }
        let position = engines.map(\.position).max() ?? 0
        // A write on an engine that was behind the trimmed log fails `unavailable` until it reloaded.
        for engine in engines {
            var client = RPCTestClient(engine: engine)
            _ = client.call(
                "registerUser", ["userId": .string("late"), "phone": .string(MutationGenerator.phone(500))])
        }
        let final = engines.map(\.position).max() ?? 0
        #expect(final > position)
        #expect(Self.converge(engines, to: final))
        let expected = try Self.reads(engines[0])
        for engine in engines.dropFirst() {
            #expect(ServiceSnapshot.difference(try Self.reads(engine), expected) == nil)
        }
        let connection = try shared.connection()
        let kept = try connection.execute("SELECT count(*) FROM change_log").int64(row: 0, column: 0)
        connection.close()
        #expect(kept < final / 2, "the log kept \(kept) of \(final) changes (\(unavailable) unavailable)")

        let store = try PostgresStore.open(uri: shared.location, options: StoreOptions(changeLogRetention: retention))
        let feed = try store.openFeed()
        #expect {
            _ = try feed.changes(after: 0, limit: 10, waiting: .milliseconds(10))
        } throws: { error in
            "\(error)".contains("this engine is at position 0 but the change log") && error is ChangeLogTrimmed
        }
        feed.close()
        try store.close()
        for engine in engines { try engine.close() }
    }
}
