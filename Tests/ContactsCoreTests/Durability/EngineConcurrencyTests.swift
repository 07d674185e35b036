import ContactsCore
import ContactsJSON
import ContactsStore
import ContactsSupport
import Foundation
import Synchronization
import Testing

/// Many tasks reading and writing through one ``ContactsEngine`` at once (issue 7,
/// "concurrency"); the Makefile also runs this suite under ThreadSanitizer.
///
/// Each writer task owns three users (its own phones, event ids and follow targets: its
/// users and two shared hubs), so what it sees of its own users is independent of the
/// others: every response it gets — mutations and reads of its users — must equal its own
/// ``ServiceModel``. A reader task meanwhile checks that shared pages (the hubs' followers,
/// the user directory) are consistent snapshots. Afterwards the whole state equals one model
/// replaying every task's mutations, task after task (the tasks' parts commute).
struct EngineConcurrencyTests {
    static let taskCount = 8
    static let operationsPerTask = 250
    static let hubs = ["hub0", "hub1"]
    static let hubSlots = [100, 101]

    static func users(ofTask task: Int) -> [String] {
        ["t\(task)a", "t\(task)b", "t\(task)c"]
    }

    static func slots(ofTask task: Int) -> [Int] {
        Array((task * 10)..<(task * 10 + 4))
    }

    /// The hubs, registered before the tasks start.
    static func withHubs(_ model: inout ServiceModel, _ client: inout RPCTestClient) throws {
        for (hub, slot) in zip(hubs, hubSlots) {
            let params: JSONObject = [
                "userId": .string(hub), "phone": .string(MutationGenerator.phone(slot)),
                "displayName": .string("Hub \(slot)"),
            ]
            guard case .success = model.respond("registerUser", params) else {
                throw RPCFailure(reason: "the model refused to register \(hub)")
            }
            guard case .success = client.call("registerUser", params) else {
                throw RPCFailure(reason: "registering \(hub) failed")
            }
        }
    }

    /// What one writer task did: its mutations in order with the answers its own model
    /// gave them, and every mismatch it saw.
    struct TaskLog: Sendable {
        var mutations: [(method: String, params: JSONObject, answer: Result<JSONValue, RPCFailure>)] = []
        var mismatches: [String] = []
        /// How many shared reads were checked while their user was registered.
        var sharedReadsOfRegistered = 0
    }

    /// What is wrong with the reads of `me` that other tasks change under it (matches need
    /// others' books and phones): their form, and what of them is `me`'s own — the contact
    /// ids of my book, my last search among my suggestions; `model` is `me`'s task's model.
    static func sharedReadProblems(_ client: inout RPCTestClient, me: String, model: ServiceModel) -> [String] {
        let matches = client.call("lookupContactMatches", ["as": .string(me)])
        let search = client.call("searchContacts", ["as": .string(me), "query": .string("ada")])
        let suggestions = client.call("getSearchSuggestions", ["as": .string(me), "prefix": .string("a")])
        let reads = "lookupContactMatches \(matches)\n searchContacts \(search)\n getSearchSuggestions \(suggestions)"
        guard model.users[me] != nil else {
            // Not registered now: refused, as the model refuses every other read of me.
            let refused = [matches, search, suggestions].allSatisfy { $0 == .failure(RPCFailure(reason: "not_found")) }
            return refused ? [] : ["\(me) is not registered, yet:\n \(reads)"]
        }
        let book = model.books[me] ?? [:]
        var problems: [String] = []
        // A page in userId order, never me; contact and mutual name one of my contacts,
        // reverse none.
        let rows = (try? matches.get())?.objectValue?["matches"]?.arrayValue
        let userIds = rows?.compactMap { $0.objectValue?["userId"]?.stringValue } ?? []
        let wellFormed =
            rows.map { rows in
                rows.allSatisfy { row in
                    switch (row.objectValue?["relation"]?.stringValue, row.objectValue?["contactId"]) {
                    case ("reverse"?, .null?): true
                    case ("contact"?, .string(let id)?), ("mutual"?, .string(let id)?): book[id] != nil
                    default: false
                    }
                }
            } ?? false
        if !wellFormed || userIds.count != rows?.count || userIds.contains(me)
            || !zip(userIds, userIds.dropFirst()).allSatisfy({ ServiceModel.precedes($0, $1) })
            || (try? matches.get())?.objectValue?["nextCursor"] == nil
        {
            problems.append("lookupContactMatches of \(me) is not a page of matches to my book: \(matches)")
        }
        // Only contacts of my book, each once, and a total that covers the page.
        let page = (try? search.get())?.objectValue
        let items = page?["items"]?.arrayValue ?? []
        let ids = items.compactMap { $0.objectValue?["id"]?.stringValue }
        let total = page?["total"].flatMap(ServiceModel.integer) ?? -1
        if page == nil || ids.count != items.count || Set(ids).count != ids.count
            || !ids.allSatisfy({ book[$0] != nil })
            || total < Int64(items.count)
        {
            problems.append("searchContacts of \(me) is not a page of my book: \(search)")
        }
        // "ada" was just searched, and it is the only query a writer searches.
        if suggestions != .success(.object(["suggestions": .array([.string("ada")])])) {
            problems.append("getSearchSuggestions of \(me) after searching \"ada\": \(suggestions)")
        }
        return problems
    }

    static func writer(_ task: Int, engine: ContactsEngine, hubsModel: ServiceModel) -> TaskLog {
        var client = RPCTestClient(engine: engine)
        var model = hubsModel
        var log = TaskLog()
        let others = (0..<taskCount).filter { $0 != task }.flatMap(slots(ofTask:))
        var generator = MutationGenerator(
            seed: UInt64(task + 1), users: users(ofTask: task), phoneSlots: slots(ofTask: task), extraTargets: hubs,
            contactSlots: hubSlots, foreignSlots: others, eventPrefix: "t\(task)-e")
        var random = SplitMix64(seed: UInt64(task + 100))
        @discardableResult
        func check(_ method: String, _ params: JSONObject) -> Result<JSONValue, RPCFailure> {
            let answer = model.respond(method, params)
            let expected = SnapshotEntry(method, params, answer)
            let actual = SnapshotEntry(method, params, client.call(method, params))
            if actual != expected, log.mismatches.count < 5 {
                log.mismatches.append("task \(task):\n got      \(actual)\n expected \(expected)")
            }
            return answer
        }
        for _ in 0..<operationsPerTask {
            let (method, params) = generator.next()
            let answer = check(method, params)
            log.mutations.append((method, params, answer))
            // Reads of my own users: nobody else changes what they show.
            let me = JSONValue.string(users(ofTask: task)[Int(random.next() % 3)])
            switch random.next() % 8 {
            case 0: check("getFollowing", ["as": me, "limit": .integer(1000)])
            case 1: check("getFollowers", ["as": me, "limit": .integer(1000)])
            case 2: check("getMutualFollows", ["as": me, "skip": .integer(1), "limit": .integer(2)])
            case 3: check("getFeed", ["as": me, "limit": .integer(1000)])
            case 4: check("fetchContacts", ["as": me, "limit": .integer(1000)])
            case 5:
                let contactId = MutationGenerator.contactIDs[Int(random.next() % 24)]
                check("isFollowingContact", ["as": me, "contactId": .string(contactId)])
            case 6:
                // Shared, changing under me: no model's answer, but its form and my part of it.
                if model.users[me.stringValue ?? ""] != nil { log.sharedReadsOfRegistered += 1 }
                for problem in sharedReadProblems(&client, me: me.stringValue ?? "", model: model)
                where log.mismatches.count < 5 {
                    log.mismatches.append("task \(task): \(problem)")
                }
            default: check("isFollowingUser", ["as": me, "userId": .string(hubs[Int(random.next() % 2)])])
            }
        }
        return log
    }

    /// Reads shared pages until the writers are done; returns what was inconsistent.
    static func reader(engine: ContactsEngine, done: @Sendable () -> Bool) -> [String] {
        var client = RPCTestClient(engine: engine)
        var problems: [String] = []
        var rounds = 0
        while !done() || rounds < 3 {
            rounds += 1
            for hub in hubs {
                guard
                    case .success(let page) = client.call(
                        "getFollowers", ["as": .string(hub), "limit": .integer(1000)]),
                    let items = page.objectValue?["items"]?.arrayValue,
                    case .number(let total)? = page.objectValue?["total"]
                else {
                    problems.append("getFollowers of \(hub) failed")
                    continue
                }
                let keys = items.compactMap { item -> (Int64, String)? in
                    guard let object = item.objectValue, case .number(let since)? = object["since"],
                        let since = since.int64Value, let user = object["userId"]?.stringValue
                    else { return nil }
                    return (since, user)
                }
                let ordered = zip(keys, keys.dropFirst()).allSatisfy { lhs, rhs in
                    lhs.0 != rhs.0 ? lhs.0 > rhs.0 : lhs.1.utf8.lexicographicallyPrecedes(rhs.1.utf8)
                }
                if keys.count != items.count || Int64(items.count) != total.int64Value || !ordered {
                    problems.append("getFollowers of \(hub) is not one consistent page: \(page.jsonText)")
                }
            }
            let directory = client.call(
                "searchUsers", ["as": .string("hub0"), "query": .string(""), "limit": .integer(1000)])
            if case .success(let page) = directory {
                let count = page.objectValue?["items"]?.arrayValue?.count
                if count.map(Int64.init) != (page.objectValue?["total"]).flatMap(ServiceModel.integer) {
                    problems.append("searchUsers total disagrees with its items: \(page.jsonText)")
                }
            } else {
                problems.append("searchUsers failed")
            }
            let everyone = (0..<taskCount).flatMap(users(ofTask:)).map(JSONValue.string)
            if case .failure = client.call(
                "checkBatchFollowingStatus", ["as": .string("hub1"), "userIds": .array(everyone)])
            {
                problems.append("checkBatchFollowingStatus failed")
            }
        }
        return problems
    }

    static func run(_ engine: ContactsEngine) async throws -> ServiceModel {
        var model = ServiceModel()
        var client = RPCTestClient(engine: engine)
        try withHubs(&model, &client)
        let hubsModel = model
        let finished = Counter()
        let (logs, problems) = await withTaskGroup(of: (Int, TaskLog?, [String]).self) { group in
            for task in 0..<taskCount {
                group.addTask {
                    let log = writer(task, engine: engine, hubsModel: hubsModel)
                    finished.increment()
                    return (task, log, [])
                }
            }
            group.addTask { (-1, nil, reader(engine: engine, done: { finished.value == taskCount })) }
            var logs: [Int: TaskLog] = [:]
            var problems: [String] = []
            for await (task, log, found) in group {
                if let log { logs[task] = log }
                problems += found
            }
            return (logs, problems)
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        #expect(logs.values.map(\.sharedReadsOfRegistered).reduce(0, +) > 0, "no shared read of a registered user")
        for task in 0..<taskCount {
            let log = logs[task] ?? TaskLog()
            #expect(log.mismatches.isEmpty, "\(log.mismatches.joined(separator: "\n"))")
            // The tasks' parts commute: replayed task after task, each mutation answers as it
            // did in its own task's model.
            var differing: [String] = []
            for (method, params, answer) in log.mutations {
                let replayed = SnapshotEntry(method, params, model.respond(method, params))
                if replayed != SnapshotEntry(method, params, answer), differing.count < 3 {
                    differing.append("\(replayed) in its task: \(SnapshotEntry(method, params, answer))")
                }
            }
            #expect(differing.isEmpty, "task \(task) replayed: \(differing.joined(separator: "\n"))")
        }
        return model
    }

    /// Makes the observer follow everyone (in the engine and the model), then compares every
    /// read the model answers.
    static func compare(_ engine: ContactsEngine, with model: inout ServiceModel, _ label: String) throws {
        var client = RPCTestClient(engine: engine)
        let users = hubs + (0..<taskCount).flatMap(users(ofTask:))
        for (method, params) in ServiceSnapshot.observe(users, at: 1) {
            let expected = SnapshotEntry(method, params, model.respond(method, params))
            #expect(SnapshotEntry(method, params, client.call(method, params)) == expected, "\(label): observer")
        }
        let reads = ServiceSnapshot.modelReads(
            users: users + [ServiceSnapshot.observer],
            contactIDs: MutationGenerator.contactIDs + MutationGenerator.foreignContactIDs)
        let actual = try ServiceSnapshot.take(reads) { client.call($0, $1) }
        let expected = try ServiceSnapshot.take(reads) { model.respond($0, $1) }
        #expect(
            ServiceSnapshot.difference(actual, expected) == nil,
            "\(label):\n\(ServiceSnapshot.difference(actual, expected) ?? "")")
    }

    @Test func manyTasksInMemory() async throws {
        let engine = try ContactsEngine(configuration: EngineConfiguration(dailyUploadBudget: 0))
        var model = try await Self.run(engine)
        try Self.compare(engine, with: &model, "in memory")
    }

    /// With a store, concurrent writers share commits (group commit): the answers, the state
    /// and the state reloaded from the store must still be the model's.
    @Test(arguments: StoreBackend.allCases)
    func manyTasksWithAStore(backend: StoreBackend) async throws {
        let fresh = try FreshStore(backend)
        let configuration = EngineConfiguration(dailyUploadBudget: 0)
        let options = StoreOptions(durability: .normal, searchFlushDelayMilliseconds: 1)
        let engine = try ContactsEngine(
            configuration: configuration, storeLocation: fresh.location, storeOptions: options)
        var model = try await Self.run(engine)
        try Self.compare(engine, with: &model, "with a store")
        try engine.close()
        let reopened = try ContactsEngine(
            configuration: configuration, storeLocation: fresh.location, storeOptions: options)
        try Self.compare(reopened, with: &model, "reopened")
        try reopened.close()
    }
}

/// A counter shared between tasks.
private final class Counter: Sendable {
    private let count = Mutex(0)

    func increment() {
        count.withLock { $0 += 1 }
    }

    var value: Int { count.withLock { $0 } }
}
