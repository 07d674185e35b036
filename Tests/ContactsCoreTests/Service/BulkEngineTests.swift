import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsService
import ContactsStore
import ContactsSupport
import PhoneNumbers
import Testing

/// The engine's bulk paths answer as the one-change-at-a-time paths do: users registered in
/// bulk (through the restart loader) as users registered one by one, and a book whose search
/// index was rebuilt by a large upload as the same book uploaded at once.
struct BulkEngineTests {
    static let now: Int64 = 1_764_374_400_000

    /// `count` users `u<i>` with distinct US numbers, a name each.
    static func users(_ count: Int, seed: UInt64) -> [StoredUser] {
        var random = SplitMix64(seed: seed)
        var taken = Set<UInt64>()
        var users: [StoredUser] = []
        while users.count < count {
            let e164 = 1_415_555_0000 + random.next() % 10_000
            guard taken.insert(e164).inserted else { continue }
            let index = users.count
            users.append(
                StoredUser(
                    key: StoreUserKey(rawValue: Int64(index)), userId: "u\(index)", e164: e164,
                    displayName: "User \(index)"))
        }
        return users
    }

    /// A book of `count` contacts `c<first>`…, each with one or two of `numbers` (at least 200)
    /// in national or international form, or a number nobody registered.
    static func book(_ count: Int, from first: Int, numbers: [UInt64], random: inout SplitMix64) -> [JSONValue] {
        (first..<(first + count)).map { index in
            var phones: [JSONValue] = []
            for _ in 0..<(1 + Int(random.next() % 2)) {
                let number =
                    random.next() % 3 == 0 ? 1_212_555_0000 + random.next() % 10_000 : numbers[Int(random.next() % 200)]
                let national = String(number).dropFirst()
                let text = random.next() % 2 == 0 ? "+\(number)" : "(\(national.prefix(3))) \(national.dropFirst(3))"
                phones.append(.object(["value": .string(text)]))
            }
            return .object([
                "id": .string("c\(index)"), "givenName": .string("Name\(random.next() % 50)"),
                "familyName": .string("Family\(index % 7)"), "phoneNumbers": .array(phones),
            ])
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func bulkRegisteredUsersMatchAsUsersRegisteredOneByOne(seed: UInt64) throws {
        let users = Self.users(200, seed: seed)
        let bulk = try ContactsEngine(registeredUsers: users)
        let single = try ContactsEngine()
        for user in users {
            _ = try single.registerUser(
                user.userId, phone: "+\(user.e164)", displayName: user.displayName, at: Self.now)
        }
        var random = SplitMix64(seed: seed &+ 100)
        for uploader in 0..<10 {
            let book = Self.book(40, from: uploader * 40, numbers: users.map(\.e164), random: &random)
            let entries = Contact.uploadEntries(book)
            let ours = try bulk.uploadContacts(as: "u\(uploader)", entries: entries, at: Self.now)
            let theirs = try single.uploadContacts(as: "u\(uploader)", entries: entries, at: Self.now)
            #expect(ours == theirs, "seed \(seed)")
        }
        for user in users.prefix(40) {
            let ours = try bulk.lookupContactMatches(as: user.userId, limit: 500)
            let theirs = try single.lookupContactMatches(as: user.userId, limit: 500)
            #expect(ours == theirs, "seed \(seed): matches of \(user.userId)")
            #expect(
                try bulk.searchUsers(as: user.userId, query: "user 1", skip: 0, limit: 50)
                    == single.searchUsers(as: user.userId, query: "user 1", skip: 0, limit: 50), "seed \(seed)")
        }
        // A taken number stays taken.
        let taken = users[7]
        #expect(throws: ContactsError.self) {
            try bulk.registerUser("newcomer", phone: "+\(taken.e164)", at: Self.now)
        }
    }

    @Test func bulkRegistrationRefusesRepeatedIdsOrNumbersAndNonNumbers() throws {
        let users = Self.users(3, seed: 9)
        var sameID = users
        sameID[2].userId = users[0].userId
        var sameNumber = users
        sameNumber[2].e164 = users[1].e164
        var tooLong = users
        tooLong[1].e164 = PhoneNumber.largestE164 + 1
        var zero = users
        zero[1].e164 = 0
        // Numbers of up to 19 digits are numbers like any other.
        var long = users
        long[1].e164 = PhoneNumber.largestE164
        let engine = try ContactsEngine(registeredUsers: long)
        #expect(throws: Never.self) { try engine.lookupContactMatches(as: long[1].userId) }
        for bad in [sameID, sameNumber, tooLong, zero] {
            #expect(throws: (any Error).self) { try ContactsEngine(registeredUsers: bad) }
        }
    }

    /// Uploads that rebuild a book's search index (a batch at least as large as the book) and
    /// uploads that update it leave the same searchable book as one upload of its final
    /// contacts.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func rebuiltAndUpdatedBooksSearchAsOneUpload(seed: UInt64) throws {
        let users = Self.users(200, seed: seed)
        let engine = try ContactsEngine(registeredUsers: users)
        let reference = try ContactsEngine(registeredUsers: users)
        var random = SplitMix64(seed: seed)
        var final: [String: JSONValue] = [:]
        var order: [String] = []
        // Batches of 30, 5, 60 (rebuilds: at least the book's 35), 10, 120.
        for size in [30, 5, 60, 10, 120] {
            let first = Int(random.next() % 80)
            let batch = Self.book(size, from: first, numbers: users.map(\.e164), random: &random)
            _ = try engine.uploadContacts(as: "u0", entries: Contact.uploadEntries(batch), at: Self.now)
            for entry in batch {
                guard let id = entry.objectValue?["id"]?.stringValue else { continue }
                if final[id] == nil { order.append(id) }
                final[id] = entry
            }
        }
        _ = try reference.uploadContacts(
            as: "u0", entries: Contact.uploadEntries(order.compactMap { final[$0] }), at: Self.now)
        for query in ["name1", "family3", "555", "415", "Name", "c1", ""] {
            for field in [SearchField.any, .name, .phone] {
                let ours = try engine.searchContacts(as: "u0", query: query, field: field, skip: 0, limit: 500)
                let theirs = try reference.searchContacts(as: "u0", query: query, field: field, skip: 0, limit: 500)
                #expect(ours == theirs, "seed \(seed): \(query) in \(field)")
            }
        }
        #expect(
            try engine.fetchContacts(as: "u0", fieldType: .any, skip: 0, limit: 1_000)
                == reference.fetchContacts(as: "u0", fieldType: .any, skip: 0, limit: 1_000), "seed \(seed)")
        #expect(
            try engine.lookupContactMatches(as: "u0", limit: 500)
                == reference.lookupContactMatches(as: "u0", limit: 500),
            "seed \(seed)")
    }
}
