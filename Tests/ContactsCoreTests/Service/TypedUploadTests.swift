import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsService
import ContactsSupport
import Testing

/// `uploadContacts` with typed contacts answers and stores exactly as the JSON form does with
/// the same contacts as JSON values: the same outcome (rejected ids at the same indexes), the
/// same matches and the same stored contacts.
struct TypedUploadTests {
    static let now: Int64 = 1_764_374_400_000

    /// Random books over `numbers` with repeated ids and, now and then, an invalid id (empty,
    /// or holding a control character) or a foreign owner id; display names are set, as their
    /// JSON form (which writes the derived one) reads back.
    static func books(_ count: Int, numbers: [UInt64], random: inout SplitMix64) -> [[Contact]] {
        (0..<count).map { first in
            let json = BulkEngineTests.book(30, from: first * 20, numbers: numbers, random: &random)
            return json.compactMap { try? Contact(json: $0) }.map { contact in
                var contact = contact.withDerivedDisplayName
                switch random.next() % 12 {
                case 0: contact.id = ""
                case 1: contact.id = "bad\u{7}id"
                case 2: contact.id = "c\(first * 20)"  // a repeat within or across books
                default: break
                }
                if random.next() % 5 == 0 { contact.ownerId = "someone-else" }
                return contact
            }
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func typedUploadsMatchJSONUploads(seed: UInt64) throws {
        let users = BulkEngineTests.users(200, seed: seed)
        let typed = try ContactsEngine(registeredUsers: users)
        let json = try ContactsEngine(registeredUsers: users)
        var random = SplitMix64(seed: seed &+ 7)
        let books = Self.books(12, numbers: users.map(\.e164), random: &random)
        #expect(books.joined().contains { !Identifier.isValid($0.id) }, "seed \(seed): some ids are invalid")
        for (number, book) in books.enumerated() {
            let uploader = "u\(number % 6)"
            let ours = try typed.uploadContacts(as: uploader, contacts: book, at: Self.now)
            let theirs = try json.uploadContacts(
                as: uploader, entries: Contact.uploadEntries(book.map(\.jsonValue)), at: Self.now)
            #expect(ours == theirs, "seed \(seed): book \(number)")
        }
        for user in users {
            #expect(
                try typed.lookupContactMatches(as: user.userId, limit: 500)
                    == json.lookupContactMatches(as: user.userId, limit: 500), "seed \(seed): \(user.userId)")
            let stored = try typed.fetchContacts(as: user.userId, fieldType: .any, skip: 0, limit: 1_000)
            #expect(
                stored == (try json.fetchContacts(as: user.userId, fieldType: .any, skip: 0, limit: 1_000)),
                "seed \(seed): \(user.userId)")
            #expect(stored.items.allSatisfy { $0.ownerId == user.userId }, "seed \(seed): owner ids")
        }
    }

    @Test func typedUploadRejectsInvalidIDsAtTheirIndexes() throws {
        let engine = try ContactsEngine(registeredUsers: BulkEngineTests.users(3, seed: 9))
        let contacts = [Contact(id: "a"), Contact(id: ""), Contact(id: "b"), Contact(id: "x\u{0}")]
        let outcome = try engine.uploadContacts(as: "u0", contacts: contacts, at: Self.now)
        #expect(outcome.totalContacts == 4)
        #expect(outcome.numberOfUploadedContacts == 2)
        #expect(outcome.rejected.map(\.index) == [1, 3])
        #expect(outcome.rejected.allSatisfy { $0.reason == .invalidID })
        #expect(try engine.fetchContacts(as: "u0", fieldType: .any, skip: 0, limit: 10).items.map(\.id) == ["a", "b"])
    }

    @Test func typedUploadOverTheLimitChangesNothing() throws {
        let engine = try ContactsEngine(
            configuration: EngineConfiguration(maximumContactsPerUpload: 2),
            registeredUsers: BulkEngineTests.users(3, seed: 9))
        #expect(throws: ContactsError.self) {
            try engine.uploadContacts(
                as: "u0", contacts: [Contact(id: "a"), Contact(id: "b"), Contact(id: "c")], at: Self.now)
        }
        #expect(try engine.fetchContacts(as: "u0", fieldType: .any, skip: 0, limit: 10).total == 0)
    }

    /// The stored owner id is the uploader's id byte for byte, even when the contact carried a
    /// canonically equivalent one (Swift's `==` would call them equal).
    @Test func ownerIdsAreTheUploadersBytes() throws {
        let engine = try ContactsEngine()
        let composed = "caf\u{E9}"
        _ = try engine.registerUser(composed, phone: "+14155550100", at: Self.now)
        let contact = Contact(id: "c1", ownerId: "cafe\u{301}")
        #expect(contact.ownerId == composed, "the two spellings are canonically equivalent")
        _ = try engine.uploadContacts(as: composed, contacts: [contact], at: Self.now)
        let stored = try engine.fetchContacts(as: composed, fieldType: .any, skip: 0, limit: 10).items
        #expect(stored.map { Array($0.ownerId.utf8) } == [Array(composed.utf8)])
    }
}
