import ContactsCore
import ContactsModel
import ContactsStore
import ContactsSupport
import Foundation
import PhoneNumbers
import Testing

/// Random mutations against a naive in-memory model, with reopens along the way: every
/// answer, every refusal and the final contents must equal the model's.
@Suite("SQLiteStore vs model")
struct ContactStoreModelTests {
    static let seeds: [UInt64] = Array(1...8)

    /// The obviously-correct model: dictionaries keyed by UTF-8 bytes.
    struct Model {
        typealias Bytes = [UInt8]
        var users: [Bytes: (userId: String, e164: UInt64, name: String)] = [:]
        var follows: [Bytes: [Bytes: Int64]] = [:]
        var contacts: [Bytes: [Bytes: (contact: Contact, phones: [UInt64])]] = [:]
        var events: [Bytes: EventRecord] = [:]
        var searches: [Bytes: [String]] = [:]
        var budget: [Bytes: [Int64: Int]] = [:]

        struct Refusal: Error { let kind: String }

        func has(_ userId: String) -> Bool { users[Array(userId.utf8)] != nil }

        func require(_ userId: String) throws {
            if !has(userId) { throw Refusal(kind: "unknownUser") }
        }

        mutating func apply(_ op: Op) throws -> String {
            switch op {
            case .register(let user, let e164, let name):
                if users.contains(where: { $0.key != Array(user.utf8) && $0.value.e164 == e164 }) {
                    throw Refusal(kind: "constraint")
                }
                users[Array(user.utf8)] = (user, e164, name)
                return "ok"
            case .deleteUser(let user):
                let key = Array(user.utf8)
                guard users[key] != nil else { return "false" }
                users[key] = nil
                follows[key] = nil
                for follower in follows.keys { follows[follower]?[key] = nil }
                contacts[key] = nil
                events = events.filter { Array($0.value.creatorId.utf8) != key }
                searches[key] = nil
                return "true"
            case .upsert(let owner, let batch):
                try require(owner)
                for (contact, phones) in batch {
                    var stored = contact
                    stored.ownerId = owner
                    contacts[Array(owner.utf8), default: [:]][Array(contact.id.utf8)] = (stored, phones)
                }
                return "ok"
            case .deleteAll(let owner):
                let count = contacts[Array(owner.utf8)]?.count ?? 0
                if has(owner) { contacts[Array(owner.utf8)] = nil }
                return "\(count)"
            case .addBudget(let user, let day, let count):
                if count > 0 { budget[Array(user.utf8), default: [:]][day, default: 0] += count }
                return "ok"
            case .follow(let a, let b, let since):
                if Array(a.utf8) == Array(b.utf8) { throw Refusal(kind: "invalidArgument") }
                try require(a)
                try require(b)
                if follows[Array(a.utf8)]?[Array(b.utf8)] != nil { return "false" }
                follows[Array(a.utf8), default: [:]][Array(b.utf8)] = since
                return "true"
            case .unfollow(let a, let b):
                if Array(a.utf8) == Array(b.utf8) { throw Refusal(kind: "invalidArgument") }
                try require(a)
                try require(b)
                return follows[Array(a.utf8)]?.removeValue(forKey: Array(b.utf8)) == nil ? "false" : "true"
            case .createEvent(let event):
                try require(event.creatorId)
                if events[Array(event.eventId.utf8)] != nil { throw Refusal(kind: "constraint") }
                events[Array(event.eventId.utf8)] = event
                return "ok"
            case .deleteEvent(let id, let creator):
                guard let event = events[Array(id.utf8)], b(event.creatorId) == b(creator), has(creator) else {
                    return "false"
                }
                events[Array(id.utf8)] = nil
                return "true"
            case .search(let user, let query):
                guard has(user) else { return "ok" }
                var list = searches[Array(user.utf8), default: []]
                list.removeAll { Array($0.utf8) == Array(query.utf8) }
                list.insert(query, at: 0)
                searches[Array(user.utf8)] = Array(list.prefix(50))
                return "ok"
            }
        }

        /// The model's contents, in the form of ``lines(of:)``.
        var lines: [String] {
            var out: [String] = []
            for (_, user) in users { out.append("user \(b(user.userId)) \(user.e164) \(b(user.name))") }
            for (a, row) in follows { for (c, since) in row { out.append("follow \(a) \(c) \(since)") } }
            for (_, book) in contacts {
                for (_, entry) in book { out.append(ContactStoreModelTests.line(entry.contact, entry.phones)) }
            }
            for (_, event) in events { out.append(ContactStoreModelTests.line(event)) }
            for (user, list) in searches where !list.isEmpty { out.append("searches \(user) \(list.map(b))") }
            for (user, days) in budget { for (day, used) in days { out.append("budget \(user) \(day) \(used)") } }
            return out.sorted()
        }
    }

    enum Op {
        case register(String, UInt64, String)
        case deleteUser(String)
        case upsert(String, [(Contact, [UInt64])])
        case deleteAll(String)
        case addBudget(String, Int64, Int)
        case follow(String, String, Int64)
        case unfollow(String, String)
        case createEvent(EventRecord)
        case deleteEvent(String, String)
        case search(String, String)

        /// Runs the op on the store; an outcome string comparable with the model's.
        func run(_ tx: borrowing SQLiteTransaction) throws(StoreError) -> String {
            switch self {
            case .register(let user, let e164, let name):
                _ = try tx.registerUser(userId: user, e164: e164, displayName: name)
                return "ok"
            case .deleteUser(let user): return "\(try tx.deleteUser(userId: user))"
            case .upsert(let owner, let batch):
                try tx.upsertContacts(ownerId: owner, batch.map { (contact: $0.0, phones: $0.1) })
                return "ok"
            case .deleteAll(let owner): return "\(try tx.deleteAllContacts(ownerId: owner))"
            case .addBudget(let user, let day, let count):
                try tx.addBudgetUsage(userId: user, day: day, count: count)
                return "ok"
            case .follow(let a, let b, let since): return "\(try tx.follow(followerId: a, followeeId: b, since: since))"
            case .unfollow(let a, let b): return "\(try tx.unfollow(followerId: a, followeeId: b))"
            case .createEvent(let event):
                try tx.createEvent(event)
                return "ok"
            case .deleteEvent(let id, let creator): return "\(try tx.deleteEvent(eventId: id, creatorId: creator))"
            case .search(let user, _):
                throw StoreError.invalidArgument(path: "", detail: "searches of \(user) are not transaction writes")
            }
        }
    }

    static func b(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func line(_ contact: Contact, _ phones: [UInt64]) -> String {
        var body = BinaryWriter()
        ContactCodec.writeBody(contact, to: &body)
        return "contact \(b(contact.ownerId)) \(b(contact.id)) \(body.bytes) \(phones)"
    }

    static func line(_ event: EventRecord) -> String {
        "event \(b(event.eventId)) \(b(event.creatorId)) \(b(event.title)) \(event.description.map(b) as Any)"
            + " \(event.location.map(b) as Any) \(event.startTime as Any) \(event.createdAt)"
    }

    /// A snapshot's contents as sorted lines, every string as its UTF-8 bytes.
    static func lines(of snapshot: StoreSnapshot) -> [String] {
        var out: [String] = []
        for user in snapshot.users { out.append("user \(b(user.userId)) \(user.e164) \(b(user.displayName))") }
        for follow in snapshot.follows {
            out.append("follow \(b(follow.followerId)) \(b(follow.followeeId)) \(follow.since)")
        }
        for entry in snapshot.contacts { out.append(line(entry.contact, entry.phones)) }
        for event in snapshot.events { out.append(line(event)) }
        for (user, list) in snapshot.recentSearches { out.append("searches \(b(user)) \(list.map(b))") }
        for usage in snapshot.budgetUsage { out.append("budget \(b(usage.userId)) \(usage.day) \(usage.used)") }
        return out.sorted()
    }

    /// The phones registrations draw from: a small pool, so that users collide on them, with
    /// numbers of 16 to 19 digits beside ordinary ones (one past `Int64.max`).
    static let phones: [UInt64] = [
        1_000_003, 2_000_006, 3_000_009, 49_301_234_567_890_123, 8_112_345_678_901_234_567, PhoneNumber.largestE164,
    ]

    static func randomOp(_ random: inout StoreTestRandom) -> Op {
        // Small pools so that ops collide: "ü" and "u\u{308}" are canonically equal, not byte-equal.
        let users = ["u0", "u1", "u2", "u3", "\u{FC}", "u\u{308}"]
        func user(_ random: inout StoreTestRandom) -> String { users.randomElement(using: &random) ?? "u0" }
        let time = Int64.random(in: -1_000...1_000_000, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<14:
            return .register(user(&random), Self.phones[Int.random(in: 0..<6, using: &random)], random.text())
        case 14..<18: return .deleteUser(user(&random))
        case 18..<34:
            let batch = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                (
                    random.contact(
                        id: ["c1", "c2", "c3", "C1", "\u{E9}", "e\u{301}"].randomElement(using: &random) ?? "c1"),
                    random.phones()
                )
            }
            return .upsert(user(&random), batch)
        case 34..<38: return .deleteAll(user(&random))
        case 38..<46:
            return .addBudget(
                user(&random), Int64.random(in: 0...2, using: &random), Int.random(in: 0...50, using: &random))
        case 46..<62: return .follow(user(&random), user(&random), time)
        case 62..<70: return .unfollow(user(&random), user(&random))
        case 70..<86:
            let optional = Bool.random(using: &random)
            return .createEvent(
                EventRecord(
                    eventId: "e\(Int.random(in: 0..<6, using: &random))", creatorId: user(&random),
                    title: "t" + random.text(), description: optional ? random.text() : nil,
                    location: optional ? nil : random.text(), startTime: optional ? time : nil, createdAt: time))
        default: return .deleteEvent("e\(Int.random(in: 0..<6, using: &random))", user(&random))
        }
    }

    @Test(arguments: seeds)
    func matchesTheModel(seed: UInt64) throws {
        struct Abort: Error {}
        var random = StoreTestRandom(seed: seed)
        let directory = try StoreTestDirectory()
        let path = directory.path("model.db")
        let options = StoreOptions(busyTimeoutMilliseconds: 50, searchFlushDelayMilliseconds: 3_600_000)
        var store = try SQLiteStore.open(path: path, options: options)
        var model = Model()
        for round in 0..<150 {
            if Int.random(in: 0..<5, using: &random) == 0 {
                // A search: recorded outside any transaction, written behind.
                let user = ["u0", "u1", "\u{FC}", "nobody"].randomElement(using: &random) ?? "u0"
                let query =
                    ["jo", "Jo", "ana", "\u{E9}", "e\u{301}", random.text()].randomElement(using: &random) ?? ""
                store.recordSearch(userId: user, query: query)
                _ = try model.apply(.search(user, query))
                continue
            }
            var candidate = model
            let ops = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.randomOp(&random) }
            let abortAtEnd = Int.random(in: 0..<10, using: &random) == 0
            do {
                try store.transaction { tx throws in
                    for op in ops {
                        var expected: String
                        do { expected = try candidate.apply(op) } catch let refusal as Model.Refusal {
                            expected = "refused \(refusal.kind)"
                        }
                        var actual: String
                        do throws(StoreError) { actual = try op.run(tx) } catch { actual = "refused \(error.kind)" }
                        #expect(actual == expected, "seed \(seed) round \(round): \(op)")
                        if actual.hasPrefix("refused") { throw Abort() }
                    }
                    if abortAtEnd { throw Abort() }
                }
                model = candidate
            } catch is Abort {
                // Rolled back: the model stays as it was.
            }
            if round % 50 == 49 {
                try store.close()
                store = try SQLiteStore.open(path: path, options: options)
            }
        }
        try store.flushSearches()
        #expect(Self.lines(of: try store.loadSnapshot()) == model.lines, "seed \(seed)")
        try store.close()
        let reopened = try SQLiteStore.open(path: path, options: options)
        #expect(Self.lines(of: try reopened.loadSnapshot()) == model.lines, "seed \(seed) after reopen")
        try reopened.close()
    }
}
