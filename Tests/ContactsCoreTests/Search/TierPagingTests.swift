import ContactsModel
import ContactsSearch
import ContactsSupport
import Testing

/// Pages at every ranking-tier boundary against the model's ranked list: for each query, at
/// skips around the ends of tiers 0, 1 and 2 and limits from 0 to all (pages near the top are
/// walked, deeper and longer ones counted), on an indexed index (dense and sparse matches),
/// with contacts added and replaced since its build (a delta), and on a scanned one.
@Suite struct TierPagingTests {
    static let queries = ["an", "a", "ma", "ana", "mar ana", "garcía", "5"]
    static let limits = [0, 1, 3, 20, 1_001, Int.max]

    /// A book where the queries' tiers are hundreds to thousands of contacts each.
    static func contacts(_ count: Int, seed: UInt64) -> [Contact] {
        var fixtures = SearchFixtures(seed: seed)
        return fixtures.contacts(count)
    }

    /// Every boundary × skip × limit page of every query under `any` and `name`.
    static func expectPagesAtTierBoundaries(
        _ search: (String, SearchField, Int, Int) -> (total: Int, ids: [String]), model: NaiveContactSearch,
        label: String
    ) {
        for query in queries {
            for field in [SearchField.any, .name] {
                let ranked = model.search(query, field: field, skip: 0, limit: .max)
                let sizes = model.tierSizes(query, field: field)
                let boundaries = [0, sizes[0], sizes[0] + sizes[1], ranked.total]
                for boundary in boundaries {
                    for skip in Set([boundary - 2, boundary - 1, boundary, boundary + 1].map { max(0, $0) }) {
                        for limit in limits {
                            let page = search(query, field, skip, limit)
                            #expect(page.total == ranked.total, "\(label): \(query) \(field) skip \(skip)")
                            #expect(
                                page.ids == Array(ranked.ids.dropFirst(skip).prefix(limit)),
                                "\(label): \(query) \(field) tiers \(sizes) skip \(skip) limit \(limit)")
                        }
                    }
                }
            }
        }
    }

    @Test func indexedPagesAtEveryTierBoundary() {
        let contacts = Self.contacts(3_000, seed: 31)
        let index = ContactSearchIndex(contacts)
        Self.expectPagesAtTierBoundaries(
            { query, field, skip, limit in
                let page = index.search(query, field: field, skip: skip, limit: limit)
                return (page.total, page.ids)
            }, model: NaiveContactSearch(contacts), label: "indexed")
    }

    @Test func indexedWithADeltaPagesAtEveryTierBoundary() {
        var contacts = Self.contacts(3_000, seed: 32)
        var index = ContactSearchIndex(contacts)
        var fixtures = SearchFixtures(seed: 33)
        // Fewer changes than a sixteenth of the book: they stay in the delta.
        for number in 0..<150 {
            let id = number % 3 == 0 ? contacts[number * 7].id : "added\(number)"
            let contact = fixtures.contact(id: id)
            if let position = contacts.firstIndex(where: { $0.id == id }) {
                contacts[position] = contact
            } else {
                contacts.append(contact)
            }
            index.update(with: contact)
        }
        #expect(index.tables.baseSlotCount < index.tables.store.count)
        Self.expectPagesAtTierBoundaries(
            { query, field, skip, limit in
                let page = index.search(query, field: field, skip: skip, limit: limit)
                return (page.total, page.ids)
            }, model: NaiveContactSearch(contacts), label: "delta")
    }

    @Test(arguments: [SearchTables.Layout.scanned, .indexed])
    func tablesOverPackedContactsPageAtEveryTierBoundary(layout: SearchTables.Layout) {
        let contacts = Self.contacts(2_000, seed: 34)
        var packed = PackedContacts()
        // Slots in upload order, not ranking order: pages map index slots back to them.
        for contact in contacts.reversed() { packed.put(contact) }
        let tables = SearchTables(packed, layout: layout)
        #expect(tables.isScanned == (layout == .scanned))
        Self.expectPagesAtTierBoundaries(
            { query, field, skip, limit in
                let hits = tables.search(query, field: field, skip: skip, limit: limit, in: packed)
                return (hits.total, hits.slots.map { packed.id(at: $0) })
            }, model: NaiveContactSearch(contacts), label: "\(layout)")
    }
}
