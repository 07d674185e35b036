import ContactsModel
import ContactsSearch
import ContactsSupport
import Testing

/// `fetch` under every field type, and the empty query under every field, against a model
/// that filters the contacts and sorts them by the bytes of `fold(displayName)` then of the
/// id: at many skip and limit pairs (past the end, limit 0, negative, around the listings'
/// ends and the 512-slot blocks the listings are counted by), on fresh indexes of every layout
/// and after uploads, re-uploads and deletions that change which contacts have phones, emails
/// and notes (through the delta, and through rebuilds).
@Suite struct FetchPagingTests {
    /// The model: the live contacts by id.
    struct Model {
        var contacts: [String: Contact] = [:]

        /// The ids listed under `fieldType`, ranked.
        func listing(_ fieldType: FetchFieldType) -> [String] {
            let listed = contacts.values.filter { contact in
                switch fieldType {
                case .any: true
                case .phone: !contact.phoneNumbers.isEmpty
                case .email: !contact.emailAddresses.isEmpty
                case .notes: !contact.notes.isEmpty
                }
            }
            let keyed = listed.map { (Array(SearchFolding.fold($0.effectiveDisplayName).utf8), Array($0.id.utf8)) }
            return keyed.sorted { left, right in
                left.0 != right.0
                    ? left.0.lexicographicallyPrecedes(right.0) : left.1.lexicographicallyPrecedes(right.1)
            }.map { String(decoding: $0.1, as: UTF8.self) }
        }
    }

    /// Search tables over packed contacts, as an address book holds them, with the model.
    struct Book {
        var packed = PackedContacts()
        var tables: SearchTables
        var model = Model()
        let rebuilding: Bool

        init(_ contacts: [Contact], layout: SearchTables.Layout, rebuilding: Bool) {
            for contact in contacts {
                packed.put(contact)
                model.contacts[contact.id] = contact
            }
            tables = SearchTables(packed, layout: layout)
            self.rebuilding = rebuilding
        }

        /// Uploads `contacts` (new ids, or replacing the contacts with theirs).
        mutating func upload(_ contacts: [Contact]) {
            let slots = contacts.map { contact in
                model.contacts[contact.id] = contact
                return packed.put(contact).slot
            }
            tables.update(slots: slots, in: packed, rebuildingWhenChurned: rebuilding)
        }

        /// Deletes the contacts with `ids`.
        mutating func delete(_ ids: [String]) {
            let slots = ids.compactMap { id in
                model.contacts[id] = nil
                return packed.remove(id: id)
            }
            tables.update(slots: slots, in: packed, rebuildingWhenChurned: rebuilding)
        }

        /// Every listing and the empty query at many pages, against the model.
        func expectPagesEqualModel(_ label: String, _ random: inout SplitMix64) {
            for fieldType in FetchFieldType.allCases {
                let ranked = model.listing(fieldType)
                for (skip, limit) in FetchPagingTests.pages(total: ranked.count, &random) {
                    let hits = tables.fetch(fieldType, skip: skip, limit: limit, in: packed)
                    let expected = Array(ranked.dropFirst(max(0, skip)).prefix(max(0, limit)))
                    #expect(hits.total == ranked.count, "\(label) \(fieldType) total")
                    #expect(
                        hits.slots.map { packed.id(at: $0) } == expected,
                        "\(label) \(fieldType) skip \(skip) limit \(limit) of \(ranked.count)")
                }
            }
            let everyone = model.listing(.any)
            for query in ["", " ", "\u{3000} "] {
                for field in SearchField.allCases {
                    for (skip, limit) in FetchPagingTests.pages(total: everyone.count, &random).prefix(12) {
                        let hits = tables.search(query, field: field, skip: skip, limit: limit, in: packed)
                        #expect(hits.total == everyone.count, "\(label) empty query \(field) total")
                        #expect(
                            hits.slots.map { packed.id(at: $0) }
                                == Array(everyone.dropFirst(max(0, skip)).prefix(max(0, limit))),
                            "\(label) empty query \(query.debugDescription) \(field) skip \(skip) limit \(limit)")
                    }
                }
            }
        }
    }

    /// Skip and limit pairs for a listing of `total`: the ends, past the end, block edges,
    /// negative, zero and unbounded limits, and random ones.
    static func pages(total: Int, _ random: inout SplitMix64) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        let skips = [0, 1, 2, 511, 512, 513, total / 3, total / 2, total - 21, total - 20, total - 1, total, total + 1]
        for skip in skips where skip >= 0 {
            for limit in [0, 1, 20, 600] { pairs.append((skip, limit)) }
        }
        pairs += [(0, .max), (-3, 5), (4, -1), (.max, 20), (.max - 1, .max), (total + 1_000, .max), (total / 4, .max)]
        for _ in 0..<20 {
            pairs.append((Int(random.next() % UInt64(total + 10)), Int(random.next() % 50)))
        }
        return pairs
    }

    /// A contact of `fixtures` whose phones, emails and notes are each present or absent at
    /// random (so a re-upload moves it in or out of each listing).
    static func contact(id: String, _ fixtures: inout SearchFixtures) -> Contact {
        var contact = fixtures.contact(id: id)
        if fixtures.chance(50) {
            contact.phoneNumbers = fixtures.chance(50) ? [] : [LabeledValue(label: "mobile", value: "+34 612 34 56 78")]
        }
        if fixtures.chance(50) {
            contact.emailAddresses = fixtures.chance(50) ? [] : [LabeledValue(label: "work", value: "a@b.es")]
        }
        if fixtures.chance(50) { contact.notes = fixtures.chance(50) ? "" : "call" }
        return contact
    }

    @Test(arguments: [
        (SearchTables.Layout.indexed, true), (.indexed, false), (.scanned, true), (.scanned, false), (.bySize, true),
    ])
    func pagesAfterUploadsReuploadsAndDeletions(layout: SearchTables.Layout, rebuilding: Bool) {
        for seed in [1, 2] as [UInt64] {
            var fixtures = SearchFixtures(seed: seed)
            var random = SplitMix64(seed: seed ^ 0x51)
            let count = fixtures.number(1_100...1_700)
            var book = Book(
                (0..<count).map { Self.contact(id: fixtures.id($0), &fixtures) }, layout: layout, rebuilding: rebuilding
            )
            let label = "seed \(seed) \(layout) rebuilding \(rebuilding)"
            book.expectPagesEqualModel("\(label) fresh", &random)
            let original = Set((0..<count).map { fixtures.id($0) })
            var nextID = count
            for round in 0..<8 {
                let ids = Array(book.model.contacts.keys).sorted()
                switch round % 4 {
                case 0:
                    // New contacts: a few, or enough to pass the rebuild threshold.
                    let added = round == 4 ? 150 : fixtures.number(1...40)
                    book.upload((nextID..<nextID + added).map { Self.contact(id: fixtures.id($0), &fixtures) })
                    nextID += added
                case 1:
                    // Re-uploads, some of them twice in one batch (the later one wins).
                    var batch = (0..<fixtures.number(1...30)).map { _ in
                        Self.contact(id: fixtures.pick(ids), &fixtures)
                    }
                    if let first = batch.first { batch.append(Self.contact(id: first.id, &fixtures)) }
                    book.upload(batch)
                case 2:
                    book.delete((0..<fixtures.number(1...25)).map { _ in fixtures.pick(ids) })
                default:
                    // A mixed batch: re-uploads of contacts added since the build, and new ones.
                    let recent = ids.filter { !original.contains($0) }
                    var batch = (0..<min(10, recent.count)).map { _ in
                        Self.contact(id: fixtures.pick(recent), &fixtures)
                    }
                    batch.append(Self.contact(id: fixtures.id(nextID), &fixtures))
                    nextID += 1
                    book.upload(batch)
                    if let gone = recent.first { book.delete([gone]) }
                }
                book.expectPagesEqualModel("\(label) round \(round)", &random)
            }
        }
    }

    /// Listings with no member, with every contact, books at the edges of the 512-slot blocks,
    /// a book emptied by deletions, and the empty book.
    @Test func edgeCases() {
        var random = SplitMix64(seed: 9)
        var fixtures = SearchFixtures(seed: 9)
        for count in [0, 1, 511, 512, 513, 1_024, 1_025] {
            for layout in [SearchTables.Layout.indexed, .scanned] {
                var contacts = (0..<count).map { Self.contact(id: fixtures.id($0), &fixtures) }
                // No phones at all; every contact with an email.
                for index in contacts.indices {
                    contacts[index].phoneNumbers = []
                    contacts[index].emailAddresses = [LabeledValue(label: "home", value: "x\(index)@y.org")]
                }
                var book = Book(contacts, layout: layout, rebuilding: false)
                book.expectPagesEqualModel("\(count) \(layout) fresh", &random)
                // The first and last contacts by rank re-uploaded with a phone, then everyone deleted.
                let ranked = book.model.listing(.any)
                let edges = [ranked.first, ranked.last].compactMap { $0 }
                book.upload(
                    edges.map { id in
                        var contact = book.model.contacts[id] ?? Contact(id: id)
                        contact.phoneNumbers = [LabeledValue(label: "mobile", value: "555 1234")]
                        return contact
                    })
                book.expectPagesEqualModel("\(count) \(layout) edges with phones", &random)
                book.delete(ranked)
                book.expectPagesEqualModel("\(count) \(layout) all deleted", &random)
                book.upload([Self.contact(id: "late", &fixtures)])
                book.expectPagesEqualModel("\(count) \(layout) one after all deleted", &random)
            }
        }
    }

    /// The listing counts per block agree with the flags after every kind of change.
    @Test func listingCountsEqualTheFlags() {
        var fixtures = SearchFixtures(seed: 12)
        var book = Book(
            (0..<1_300).map { Self.contact(id: fixtures.id($0), &fixtures) }, layout: .indexed, rebuilding: false)
        for round in 0..<6 {
            let ids = Array(book.model.contacts.keys).sorted()
            if round % 2 == 0 {
                book.upload((0..<30).map { _ in Self.contact(id: fixtures.pick(ids), &fixtures) })
            } else {
                book.delete((0..<30).map { _ in fixtures.pick(ids) })
            }
            let store = book.tables.store
            for fieldType in FetchFieldType.allCases {
                let listed = (0..<store.count).filter { store.flags(of: $0).isSuperset(of: fieldType.requiredFlags) }
                for end in [0, 1, 512, 700, store.count] {
                    let listing = store.listing(fieldType, below: end)
                    let expected = listed.filter { $0 < min(end, store.count) }
                    #expect(listing.count == expected.count, "round \(round) \(fieldType) below \(end)")
                    for rank in stride(from: 0, to: expected.count, by: 37) {
                        #expect(Int(listing.slot(atRank: rank)) == expected[rank])
                    }
                    var walked: [Int] = []
                    listing.forEach(fromRank: expected.count / 2) { slot in
                        walked.append(Int(slot))
                        return true
                    }
                    #expect(walked == Array(expected.dropFirst(expected.count / 2)), "round \(round) \(fieldType)")
                }
            }
        }
    }
}
