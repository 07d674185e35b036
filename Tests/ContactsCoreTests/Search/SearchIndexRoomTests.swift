import ContactsModel
import ContactsSearch
import ContactsSupport
import Testing

@testable import ContactsCore

/// `ContactSearchIndex.reserveRoom(forAdding:)`: the contacts added after it grow none of the
/// index's large arrays, and the index answers as the naive model throughout.
@Suite struct SearchIndexRoomTests {
    /// The capacities of the arrays a change appends to.
    static func capacities(_ index: ContactSearchIndex) -> [Int] {
        let packed = index.contacts.byteCounts
        return [packed.arena, packed.offsets, packed.ids, index.tables.store.byteCount]
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func addingTheContactsRoomWasReservedForGrowsNothing(seed: UInt64) {
        var fixtures = SearchFixtures(seed: seed)
        var (contacts, index, _) = ContactSearchIndexTests.indexAndModel(of: 300, &fixtures)
        index = index.compacted()  // exact sizes, as a rebuilt directory has
        let added = (0..<100).map { fixtures.contact(id: "added-\($0)") }
        index.reserveRoom(forAdding: added.count)
        #expect(index.hasRoom(forAdding: added.count))
        let reserved = Self.capacities(index)
        for contact in added { index.update(with: contact, rebuildingWhenChurned: false) }
        #expect(Self.capacities(index) == reserved)
        contacts += added
        let model = NaiveContactSearch(contacts)
        for _ in 0..<20 {
            let query = fixtures.query(from: contacts)
            ContactSearchIndexTests.expectSame(index, model, query: query, fixtures: &fixtures, seed: seed)
        }
    }

    /// The addresses of the packed records and of the folded text.
    static func storage(_ index: ContactSearchIndex) -> [UnsafeRawPointer?] {
        [
            index.contacts.withRecords { UnsafeRawPointer($0.arena.baseAddress) },
            index.tables.store.withView { UnsafeRawPointer($0.bytes.baseAddress) },
        ]
    }

    @Test func aCopyGetsStorageOfItsOwnAndTheOriginalIsUnchanged() {
        var fixtures = SearchFixtures(seed: 9)
        let (contacts, index, model) = ContactSearchIndexTests.indexAndModel(of: 200, &fixtures)
        var copy = index
        #expect(Self.storage(copy) == Self.storage(index))
        copy.reserveRoom(forAdding: 0)
        // No room wanted, so only the sharing makes the copy's arrays its own.
        #expect(zip(Self.storage(copy), Self.storage(index)).allSatisfy { $0 != $1 })
        copy.update(with: fixtures.contact(id: "only-in-the-copy"), rebuildingWhenChurned: false)
        #expect(copy.count == contacts.count + 1)
        #expect(index.count == contacts.count)
        let query = fixtures.query(from: contacts)
        ContactSearchIndexTests.expectSame(index, model, query: query, fixtures: &fixtures, seed: 9)
    }
}
