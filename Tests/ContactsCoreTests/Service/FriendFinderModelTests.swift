import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsSupport
import PhoneNumbers
import Testing

/// Randomized sequences of the five Find-Your-Friends methods through JSON-RPC, each
/// response compared with a naive model of PROTOCOL §5/§6 (dictionaries of sets).
struct FriendFinderModelTests {
    /// The naive model: users, books and budget as plain dictionaries.
    struct Model {
        var users: [String: (e164: UInt64, name: String)] = [:]
        var books: [String: [String: (contact: Contact, numbers: Set<UInt64>)]] = [:]
        var budget: [String: (day: Int64, used: Int)] = [:]
        let dailyBudget: Int
        let normalizer = PhoneNumberNormalizer()

        func owner(of number: UInt64) -> String? {
            users.first { $0.value.e164 == number }?.key
        }

        mutating func register(_ userId: String, _ phone: String, _ name: String?) -> Result<JSONValue, RPCFailure> {
            guard let e164 = try? normalizer.normalize(phone, defaultRegion: nil).e164 else {
                return .failure(RPCFailure(reason: "invalid_params"))
            }
            if let holder = owner(of: e164), holder != userId { return .failure(RPCFailure(reason: "conflict")) }
            users[userId] = (e164, name ?? "")
            return .success(.object(["userId": .string(userId), "e164": .string("+\(e164)")]))
        }

        mutating func delete(_ userId: String) -> Result<JSONValue, RPCFailure> {
            guard users[userId] != nil else { return .failure(RPCFailure(reason: "not_found")) }
            users[userId] = nil
            books[userId] = nil
            return .success(.object(["success": .bool(true)]))
        }

        mutating func upload(_ userId: String, _ entries: [JSONValue], at: Int64) -> Result<JSONValue, RPCFailure> {
            guard let user = users[userId] else { return .failure(RPCFailure(reason: "not_found")) }
            let region = PhoneNumber(e164: user.e164).flatMap { normalizer.mainRegion(forCallingCode: $0.countryCode) }
            var stored: [String: (contact: Contact, numbers: Set<UInt64>)] = [:]
            var rejected: [JSONValue] = []
            var accepted = 0
            for (index, entry) in entries.enumerated() {
                do {
                    var contact = try Contact(json: entry)
                    contact.ownerId = userId
                    let numbers = Set(
                        contact.phoneNumbers.compactMap {
                            try? normalizer.normalize($0.value, defaultRegion: region).e164
                        })
                    stored[contact.id] = (contact, numbers)
                    accepted += 1
                } catch {
                    rejected.append(.object(["index": .integer(index), "reason": .string(error.wireName)]))
                }
            }
            let held = Set((books[userId] ?? [:]).values.flatMap(\.numbers))
            let new = Set(stored.values.flatMap(\.numbers)).subtracting(held)
            let day = Int64((Double(at) / 86_400_000).rounded(.down))
            var usage = budget[userId].flatMap { $0.day == day ? $0 : nil } ?? (day: day, used: 0)
            if dailyBudget > 0, usage.used + new.count > dailyBudget {
                return .failure(RPCFailure(reason: "rate_limited"))
            }
            usage.used += new.count
            budget[userId] = usage
            books[userId, default: [:]].merge(stored) { $1 }
            return .success(
                .object([
                    "totalContacts": .integer(entries.count), "numberOfUploadedContacts": .integer(accepted),
                    "rejected": .array(rejected),
                ]))
        }

        func lookup(_ userId: String, cursor: String?, limit: Int) -> Result<JSONValue, RPCFailure> {
            guard let me = users[userId] else { return .failure(RPCFailure(reason: "not_found")) }
            let myBook = books[userId] ?? [:]
            var rows: [(String, JSONValue)] = []
            for (other, user) in users where other != userId {
                let holders = myBook.values.filter { $0.numbers.contains(user.e164) }.map(\.contact.id)
                let forward = !holders.isEmpty
                let reverse = (books[other] ?? [:]).values.contains { $0.numbers.contains(me.e164) }
                guard forward || reverse else { continue }
                if let cursor, !cursor.utf8.lexicographicallyPrecedes(other.utf8) { continue }
                let smallest = holders.min { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                let relation = forward && reverse ? "mutual" : forward ? "contact" : "reverse"
                rows.append(
                    (
                        other,
                        .object([
                            "userId": .string(other), "displayName": .string(user.name),
                            "relation": .string(relation), "contactId": smallest.map(JSONValue.string) ?? .null,
                        ])
                    ))
            }
            rows.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            let page = rows.prefix(limit)
            let next: JSONValue = rows.count > limit ? .string(page.last!.0) : .null
            return .success(.object(["matches": .array(page.map(\.1)), "nextCursor": next]))
        }

        mutating func deleteAll(_ userId: String) -> Result<JSONValue, RPCFailure> {
            guard users[userId] != nil else { return .failure(RPCFailure(reason: "not_found")) }
            let count = books[userId]?.count ?? 0
            books[userId] = nil
            return .success(.object(["deleted": .integer(count)]))
        }
    }

    /// Short ids, and long ones sharing their first 8 bytes (one a prefix of the others), so that
    /// orderings by id bytes get past any fixed-width key.
    static let userIDs = ["u0", "u1", "u2", "shared-prefix-a", "shared-prefix-é", "shared-prefix", "ü6", "U7"]

    static func phone(_ slot: Int, style: Int) -> String {
        let line = 2600 + slot
        switch style {
        case 0: return "+1 415-555-\(line)"
        case 1: return "(415) 555-\(line)"
        case 2: return "+14155550\(line % 1000)"
        default: return "555-\(line)"  // local-only: never normalizes
        }
    }

    @Test(arguments: EngineBackend.allCases, [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomSequencesMatchTheModel(backend: EngineBackend, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let budget = 12
        let store = try EngineStore(backend)
        let engine = try store.engine(EngineConfiguration(dailyUploadBudget: budget))
        defer { try? engine.close() }
        var client = RPCTestClient(engine: engine)
        var model = Model(dailyBudget: budget)
        var at: Int64 = 1_700_000_000_000
        for step in 0..<400 {
            at += Int64(random.next() % 20_000_000)
            let user = Self.userIDs[Int(random.next() % UInt64(Self.userIDs.count))]
            let method: String
            var params: JSONObject = ["as": .string(user), "at": .integer(at)]
            let expected: Result<JSONValue, RPCFailure>
            switch random.next() % 10 {
            case 0, 1:
                method = "registerUser"
                let phone = Self.phone(Int(random.next() % 12), style: Int(random.next() % 3))
                let name = random.next() % 4 == 0 ? nil : "Name \(random.next() % 5)"
                params = ["userId": .string(user), "phone": .string(phone), "at": .integer(at)]
                if let name { params["displayName"] = .string(name) }
                expected = model.register(user, phone, name)
            case 2:
                method = "deleteUser"
                expected = model.delete(user)
            case 3, 4, 5:
                method = "uploadContacts"
                var entries: [JSONValue] = []
                for _ in 0..<(1 + random.next() % 4) {
                    if random.next() % 15 == 0 {
                        entries.append(random.next() % 2 == 0 ? .string("oops") : .object(["id": .integer(3)]))
                        continue
                    }
                    let phones = (0..<(random.next() % 3)).map { _ in
                        JSONValue.object([
                            "label": .string("mobile"),
                            "value": .string(Self.phone(Int(random.next() % 12), style: Int(random.next() % 4))),
                        ])
                    }
                    entries.append(.object(["id": .string("c\(random.next() % 6)"), "phoneNumbers": .array(phones)]))
                }
                params["contacts"] = .array(entries)
                expected = model.upload(user, entries, at: at)
            case 6, 7, 8:
                method = "lookupContactMatches"
                let cursor = random.next() % 3 == 0 ? Self.userIDs[Int(random.next() % 8)] : nil
                let limit = 1 + Int(random.next() % 4)
                if let cursor { params["cursor"] = .string(cursor) }
                params["limit"] = .integer(limit)
                expected = model.lookup(user, cursor: cursor, limit: limit)
            default:
                method = "deleteAllUploadedContacts"
                expected = model.deleteAll(user)
            }
            let actual = client.call(method, params)
            #expect(
                actual == expected,
                "\(backend) seed \(seed) step \(step): \(method) \(JSONValue.object(params).jsonText)")
            if actual != expected { return }
        }
    }
}
