import ContactsModel
import ContactsSupport
import Dispatch
import Testing

@testable import ContactsCore

/// An address book keeps the last contact and numbers put under each id, and its search index
/// is built on the first search and kept current after: at every point it answers like the
/// naive model over the book's current contacts, whichever uploads came before (large ones
/// drop it, small ones update it), and a copy of the book taken earlier keeps answering for
/// its own contacts. Every contact read out of a book is its owner's, whatever it said when put.
@Suite struct AddressBookSearchTests {
    static let owner = "owner-1"

    /// `contact` as a book of ``owner`` gives it back.
    static func owned(_ contact: Contact) -> Contact {
        var contact = contact
        contact.ownerId = owner
        return contact
    }

    /// The book's pages equal the model's, in every field, and carry the owner's id.
    static func expectSame(_ book: AddressBook, _ model: NaiveContactSearch, query: String, seed: UInt64) {
        for field in SearchField.allCases {
            let expected = model.search(query, field: field, skip: 0, limit: .max)
            let page = book.search(query, field: field, skip: 0, limit: .max)
            #expect(page.total == expected.total, "seed \(seed) query \(query.debugDescription) field \(field)")
            #expect(page.ids == expected.ids, "seed \(seed) query \(query.debugDescription) field \(field)")
            #expect(page.contacts.allSatisfy { $0.ownerId == owner })
        }
    }

    @Test(arguments: ContactSearchIndexTests.seeds)
    func searchFollowsEveryPut(seed: UInt64) {
        var fixtures = SearchFixtures(seed: seed &+ 300)
        var book = AddressBook(ownerId: Self.owner)
        var current: [String: Contact] = [:]
        var currentNumbers: [String: [UInt64]] = [:]
        var earlier: (book: AddressBook, contacts: [Contact])?
        for step in 0..<40 {
            // The first batch is large, so that it repeats ids (of 121) on an empty book.
            let size = step == 0 || fixtures.chance(20) ? fixtures.number(20...90) : fixtures.number(1...8)
            // Owner ids as a caller might leave them: empty, someone else's, or the owner's.
            let batch = (0..<size).map { _ in
                var contact = fixtures.contact(id: fixtures.id(fixtures.number(0...120)))
                contact.ownerId = ["", "someone-else", Self.owner][fixtures.number(0...2)]
                return contact
            }
            let numbers = batch.indices.map { [UInt64(step * 1_000 + $0)] }
            let slots = book.put(EncodedContacts(batch), numbers: numbers)
            for (contact, contactNumbers) in zip(batch, numbers) {
                current[contact.id] = contact
                currentNumbers[contact.id] = contactNumbers
            }
            #expect(zip(slots, batch).allSatisfy { book.id(atSlot: $0) == $1.id })
            // An id has one slot, however often it repeats.
            #expect(Set(zip(batch, slots).map { "\($0.id) \($1)" }).count == Set(batch.map(\.id)).count)
            #expect(book.count == current.count)
            #expect(currentNumbers.allSatisfy { book.numbers(ofContact: $0.key) == $0.value }, "seed \(seed)")
            if step == 10 { earlier = (book, Array(current.values)) }
            // Search only now and then, so puts land on built and on unbuilt indexes.
            guard fixtures.chance(50) else { continue }
            let contacts = Array(current.values)
            let model = NaiveContactSearch(contacts)
            for _ in 0..<4 {
                Self.expectSame(book, model, query: fixtures.query(from: contacts), seed: seed)
            }
            #expect(contacts.allSatisfy { book.contact(withID: $0.id) == Self.owned($0) })
        }
        if let (copy, contacts) = earlier {
            let model = NaiveContactSearch(contacts)
            for fieldType in FetchFieldType.allCases {
                let page = copy.fetch(fieldType, skip: 0, limit: .max)
                #expect(page.ids == model.fetch(fieldType, skip: 0, limit: .max).ids, "seed \(seed) \(fieldType)")
                #expect(page.contacts.allSatisfy { $0.ownerId == Self.owner })
            }
            #expect(copy.count == contacts.count)
        }
    }

    /// A large batch leaves the book's contacts at their exact size (as packed and shrunk), a
    /// small one after it grows them again, and every contact stays readable and searchable.
    @Test func largeBatchesLeaveTheContactsShrunk() {
        let contacts = (0..<700).map { Contact(id: "c\($0)", givenName: "Name \($0)", notes: "note \($0 % 9)") }
        var book = AddressBook(ownerId: Self.owner)
        _ = book.put(EncodedContacts(contacts), numbers: contacts.map { _ in [] })
        var packed = PackedContacts()
        for contact in contacts { packed.put(contact) }
        let grown = packed.byteCount
        packed.shrinkToFit()
        // Capacities are what malloc hands back: an exact request may come back up to 47 B
        // larger (16 B alignment, and a remainder below its smallest chunk left unsplit), for
        // each of the contacts' six buffers.
        let mallocSlack = 6 * 47
        let shrunk = book.byteCount.contacts
        #expect(abs(shrunk - packed.byteCount) <= mallocSlack, "\(shrunk) \(packed.byteCount)")
        #expect(packed.byteCount + mallocSlack < grown, "\(packed.byteCount) \(grown)")
        let later = Contact(id: "later", givenName: "Later")
        _ = book.put(EncodedContacts([later]), numbers: [[]])
        #expect(book.byteCount.contacts > packed.byteCount)
        #expect(book.search("name 699", field: .name, skip: 0, limit: 20).ids == ["c699"])
        #expect(book.contact(withID: "later") == Self.owned(later))
        #expect(book.count == 701)
    }

    /// Many threads searching a book at once all see one build's answers.
    @Test func concurrentFirstSearchesAgree() {
        var fixtures = SearchFixtures(seed: 41)
        let contacts = fixtures.contacts(400)
        var book = AddressBook(ownerId: Self.owner)
        _ = book.put(EncodedContacts(contacts), numbers: contacts.map { _ in [] })
        let shared = book
        let expected = NaiveContactSearch(contacts).search("a", field: .any, skip: 0, limit: .max)
        let results = ReadWriteLocked<[[String]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let page = shared.search("a", field: .any, skip: 0, limit: .max)
            results.write { $0.append(page.contacts.map(\.id)) }
        }
        #expect(results.read { $0 }.allSatisfy { $0 == expected.ids })
    }
}
