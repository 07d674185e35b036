import ContactsModel
import ContactsSearch
import ContactsSupport
import Testing

@testable import ContactsCore

/// The index against the naive model of PROTOCOL §2: same totals, same ids in the same
/// order, on every page, for every field, before and after changes, before and after a save.
@Suite struct ContactSearchIndexTests {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]

    /// Checks one query under every field and a few pages against the model.
    static func expectSame(
        _ index: ContactSearchIndex, _ model: NaiveContactSearch, query: String, fixtures: inout SearchFixtures,
        seed: UInt64
    ) {
        for field in SearchField.allCases {
            let expected = model.search(query, field: field, skip: 0, limit: .max)
            let all = index.search(query, field: field, skip: 0, limit: .max)
            #expect(all.total == expected.total, "seed \(seed) query \(query.debugDescription) field \(field)")
            #expect(all.ids == expected.ids, "seed \(seed) query \(query.debugDescription) field \(field)")
            let skip = fixtures.number(0...max(0, expected.total + 2))
            let limit = fixtures.number(0...7)
            let page = index.search(query, field: field, skip: skip, limit: limit)
            #expect(page.total == expected.total)
            #expect(
                page.ids == Array(expected.ids.dropFirst(skip).prefix(limit)),
                "seed \(seed) query \(query.debugDescription) field \(field) skip \(skip) limit \(limit)")
        }
    }

    /// `count` random contacts, their index and the naive model of them.
    static func indexAndModel(
        of count: Int, _ fixtures: inout SearchFixtures
    ) -> (contacts: [Contact], index: ContactSearchIndex, model: NaiveContactSearch) {
        let contacts = fixtures.contacts(count)
        return (contacts, ContactSearchIndex(contacts), NaiveContactSearch(contacts))
    }

    static func expectSameFetches(_ index: ContactSearchIndex, _ model: NaiveContactSearch, seed: UInt64) {
        for fieldType in FetchFieldType.allCases {
            for (skip, limit) in [(0, Int.max), (0, 3), (2, 5), (1000, 1)] {
                let expected = model.fetch(fieldType, skip: skip, limit: limit)
                let page = index.fetch(fieldType, skip: skip, limit: limit)
                #expect(page.total == expected.total, "seed \(seed) fetch \(fieldType)")
                #expect(page.ids == expected.ids, "seed \(seed) fetch \(fieldType) skip \(skip) limit \(limit)")
            }
        }
    }

    @Test(arguments: seeds)
    func searchEqualsModel(seed: UInt64) {
        var fixtures = SearchFixtures(seed: seed)
        let (contacts, index, model) = Self.indexAndModel(of: fixtures.number(1...250), &fixtures)
        #expect(index.count == contacts.count)
        for _ in 0..<60 {
            let query = fixtures.query(from: contacts)
            Self.expectSame(index, model, query: query, fixtures: &fixtures, seed: seed)
        }
        Self.expectSameFetches(index, model, seed: seed)
    }

    /// `contactMatches(id:query:field:)` says of each contact what the full search says.
    @Test(arguments: seeds)
    func contactMatchesEqualsMembershipInTheModel(seed: UInt64) {
        var fixtures = SearchFixtures(seed: seed)
        let (contacts, index, model) = Self.indexAndModel(of: fixtures.number(1...80), &fixtures)
        for _ in 0..<25 {
            let query = fixtures.query(from: contacts)
            for field in SearchField.allCases {
                let matched = Set(model.search(query, field: field, skip: 0, limit: .max).ids.map(ExactString.init))
                for contact in contacts {
                    #expect(
                        index.contactMatches(id: contact.id, query: query, field: field)
                            == matched.contains(ExactString(contact.id)),
                        "seed \(seed) query \(query.debugDescription) field \(field) id \(contact.id)")
                }
            }
        }
        #expect(!index.contactMatches(id: "no such contact", query: ""))
    }

    /// `search(_:field:excluding:skip:limit:)` is the model's ranking with the excluded id
    /// taken out (whether it matches or not, or is no contact at all), on any page.
    @Test(arguments: seeds)
    func searchExcludingAContactEqualsTheModelWithoutIt(seed: UInt64) {
        var fixtures = SearchFixtures(seed: seed)
        let (contacts, index, model) = Self.indexAndModel(of: fixtures.number(1...120), &fixtures)
        for _ in 0..<40 {
            let query = fixtures.query(from: contacts)
            let excluded =
                fixtures.number(0...9) == 0 ? "no such contact" : contacts[fixtures.number(0...contacts.count - 1)].id
            for field in SearchField.allCases {
                let others = model.search(query, field: field, skip: 0, limit: .max).ids.filter { $0 != excluded }
                let skip = fixtures.number(-1...others.count + 2)
                let limit = fixtures.number(-1...7)
                for (skip, limit) in [(skip, limit), (0, Int.max), (Int.max - 1, 2)] {
                    let page = index.search(query, field: field, excluding: excluded, skip: skip, limit: limit)
                    let label = "seed \(seed) query \(query.debugDescription) field \(field) without \(excluded)"
                    #expect(page.total == others.count, "\(label)")
                    #expect(
                        page.ids == Array(others.dropFirst(max(0, skip)).prefix(max(0, limit))),
                        "\(label) skip \(skip) limit \(limit)")
                }
            }
        }
    }

    /// Adds, replaces and removes in random order (through the delta, the dead slots and
    /// rebuilds), checking against the model along the way.
    @Test(arguments: seeds)
    func updatesEqualModel(seed: UInt64) {
        var fixtures = SearchFixtures(seed: seed &+ 100)
        var current: [String: Contact] = [:]
        let initial = fixtures.contacts(fixtures.number(0...120))
        for contact in initial { current[contact.id] = contact }
        var index = ContactSearchIndex(initial)
        for step in 0..<260 {
            let id = fixtures.id(fixtures.number(0...200))
            if fixtures.chance(30) {
                #expect(index.remove(id: id)?.id == current.removeValue(forKey: id)?.id)
            } else {
                let contact = fixtures.contact(id: id)
                #expect(index.update(with: contact) == current.updateValue(contact, forKey: id))
            }
            if step % 37 == 0 || step == 259 {
                let contacts = Array(current.values)
                let model = NaiveContactSearch(contacts)
                #expect(index.count == contacts.count)
                for _ in 0..<12 {
                    Self.expectSame(
                        index, model, query: fixtures.query(from: contacts), fixtures: &fixtures, seed: seed)
                }
                Self.expectSameFetches(index, model, seed: seed)
                #expect(current.values.allSatisfy { index.contact(id: $0.id) == $0 })
            }
        }
    }

    @Test(arguments: seeds)
    func batchUpdateKeepsTheLastOfARepeatedID(seed: UInt64) {
        var fixtures = SearchFixtures(seed: seed &+ 200)
        let first = fixtures.contacts(30)
        let second = (0..<40).map { fixtures.contact(id: fixtures.id($0 % 25 + 10)) }
        var index = ContactSearchIndex(first)
        index.update(withContentsOf: second)
        var expected: [String: Contact] = [:]
        for contact in first + second { expected[contact.id] = contact }
        #expect(index.count == expected.count)
        #expect(expected.values.allSatisfy { index.contact(id: $0.id) == $0 })
        let built = ContactSearchIndex(first + second)
        let model = NaiveContactSearch(Array(expected.values))
        for _ in 0..<20 {
            let query = fixtures.query(from: Array(expected.values))
            Self.expectSame(index, model, query: query, fixtures: &fixtures, seed: seed)
            Self.expectSame(built, model, query: query, fixtures: &fixtures, seed: seed)
        }
    }

    /// An index large enough for common name and domain grams to be listed per slot (dense
    /// grams), with short queries that use them, and changes on top.
    @Test func denseGramsEqualModel() {
        var fixtures = SearchFixtures(seed: 77)
        var contacts = fixtures.contacts(5_000)
        for number in contacts.indices where number % 2 == 0 { contacts[number].organizationName = "Acme Corp." }
        var index = ContactSearchIndex(contacts)
        #expect(index.tables.names.denseGrams.keys.count > 0)
        #expect(index.tables.domains.denseGrams.keys.count > 0)
        #expect(index.tables.organizations.denseGrams.keys.count > 0)
        for number in 0..<40 {
            let contact = fixtures.contact(id: "new\(number)")
            contacts.append(contact)
            index.update(with: contact)
        }
        let model = NaiveContactSearch(contacts)
        for query in ["a", "e", "an", "AR", "ma", "ía", "a g", "n a", "ana", "x", "@", "co", ".", "m"] {
            for field in [SearchField.any, .name, .email] {
                let expected = model.search(query, field: field, skip: 0, limit: 30)
                let page = index.search(query, field: field, skip: 0, limit: 30)
                #expect(page.total == expected.total, "query \(query) field \(field)")
                #expect(page.ids == expected.ids, "query \(query) field \(field)")
            }
        }
    }

    /// One-letter queries under `any` on an index that is its base alone are ranked from the
    /// fields' bitmap lists in place, with totals counted when the base was built: every page
    /// (tiers skipped whole, pages inside each tier, past the end) equals the model, before and
    /// after the index changes (when the general path answers), and after a save and reopen.
    @Test func denseUnigramsEqualModel() throws {
        var fixtures = SearchFixtures(seed: 78)
        var contacts = fixtures.contacts(6_000)
        for number in contacts.indices where number % 3 == 0 { contacts[number].organizationName = "Acme Corp." }
        var index = ContactSearchIndex(contacts)
        let letters = ["a", "E", "n", "á", "o", "m", "c"]
        let viewed = letters.filter { index.tables.denseUnigramMatches([SearchTerm($0)], field: .any) != nil }
        // Both paths are taken: the commonest letters are bitmaps in every field, others not.
        #expect(viewed.count >= 2 && viewed.count < letters.count, "\(viewed) are answered from the bitmap lists")
        let bytes = index.encoded()
        let reopened = try bytes.withUnsafeBytes { raw in try ContactSearchIndex(decoding: raw) }
        #expect(reopened.tables.denseUnigramTotals == index.tables.denseUnigramTotals)
        var model = NaiveContactSearch(contacts)
        func expectModel(_ index: ContactSearchIndex, _ label: String) {
            for letter in letters {
                let ranked = model.search(letter, field: .any, skip: 0, limit: .max)
                let total = ranked.total
                for (skip, limit) in [(0, 20), (7, 5), (total / 3, 30), (max(0, total - 4), 10), (total + 1, 5)] {
                    let page = index.search(letter, field: .any, skip: skip, limit: limit)
                    #expect(page.total == total, "\(label): \(letter) skip \(skip)")
                    #expect(
                        page.ids == Array(ranked.ids.dropFirst(skip).prefix(limit)), "\(label): \(letter) skip \(skip)")
                }
            }
        }
        expectModel(index, "base")
        expectModel(reopened, "reopened")
        let added = fixtures.contact(id: "added")
        contacts.append(added)
        index.update(with: added)
        #expect(index.tables.denseUnigramMatches([SearchTerm("a")], field: .any) == nil)
        model = NaiveContactSearch(contacts)
        expectModel(index, "with a delta")
    }

    @Test func rankingTiersAndTies() {
        let contacts = [
            Contact(id: "b", displayName: "Ana María"), Contact(id: "a", displayName: "Ana María"),
            Contact(id: "c", displayName: "María Ana"), Contact(id: "d", displayName: "Mariana"),
            Contact(id: "e", displayName: "Bob", organizationName: "Ana Corp"),
            Contact(id: "f", displayName: "(Ana)"),
        ]
        let index = ContactSearchIndex(contacts)
        // Tier 0: "ana maría" starts with "ana"; tier 1: a word starts with "ana" (María Ana,
        // (Ana)); tier 2: the rest, by folded name then id.
        #expect(index.search("ana").ids == ["a", "b", "f", "c", "e", "d"])
        // "María Ana" has words starting with both terms (tier 1); "Mariana" only contains them.
        #expect(index.search("ANA  MAR").ids == ["a", "b", "c", "d"])
        #expect(index.search("mar ana").ids == ["a", "b", "c", "d"])
        #expect(index.search("ana", skip: 2, limit: 2) == SearchPage(total: 6, contacts: [contacts[5], contacts[2]]))
        #expect(index.search("", limit: 3).ids == ["f", "a", "b"])
        #expect(index.search("zzz").total == 0)
    }

    @Test func hangulSyllablePrefixMatches() {
        let index = ContactSearchIndex([Contact(id: "1", displayName: "김민준"), Contact(id: "2", displayName: "이")])
        #expect(index.search("기").ids == ["1"])
        #expect(index.search("김민").ids == ["1"])
    }

    @Test func phoneTermsAndFields() {
        let contact = Contact(
            id: "1", displayName: "Zoë", phoneNumbers: [LabeledValue(value: "+1 (415) 555-2671")],
            emailAddresses: [LabeledValue(value: "zoe@example.com")], notes: "call 0958")
        let index = ContactSearchIndex([contact, Contact(id: "2", displayName: "Other 415")])
        #expect(index.search("555-26").ids == ["1"])
        #expect(index.search("(415)", field: .phone).ids == ["1"])
        // Full-width digits make a phone term; "Other 415" has a word starting with it (tier 1).
        #expect(index.search("４１５").ids == ["2", "1"])
        #expect(index.search("415", field: .name).ids == ["2"])
        #expect(index.search("zoe", field: .phone).total == 0)  // not a phone term
        #expect(index.search("", field: .phone).total == 2)  // the empty query matches all
        #expect(index.search("0958", field: .notes).ids == ["1"])
        #expect(index.search("0958").total == 0)  // notes are not searched under any
        #expect(index.search("EXAMPLE", field: .email).ids == ["1"])
        #expect(index.search("\u{301}", field: .email).ids == ["1"])  // empty fold: any email
    }

    /// The amended PROTOCOL §2: the typed letters fold as people type them, and a query that
    /// is a number written with spaces is one phone term (its digits must be adjacent).
    @Test func typedLettersAndNumbersWithSpaces() {
        let index = ContactSearchIndex([
            Contact(id: "1", displayName: "Łódź Office"), Contact(id: "2", displayName: "Søren Kierkegaard"),
            Contact(id: "3", displayName: "Nguyễn Đức", phoneNumbers: [LabeledValue(value: "+49 30 1234567")]),
            Contact(id: "4", displayName: "Þórunn Ægisdóttir", phoneNumbers: [LabeledValue(value: "+86 30 4912")]),
            Contact(id: "5", displayName: "+49 30 desk"),
        ])
        #expect(index.search("lodz").ids == ["1"])
        #expect(index.search("LÓDŹ").ids == ["1"])
        #expect(index.search("soren").ids == ["2"])
        #expect(index.search("duc").ids == ["3"])
        #expect(index.search("thorunn aegis").ids == ["4"])
        // One term: the digits 4930 in a phone, or the text "+49 30" (tier 0 for #5).
        #expect(index.search("+49 30").ids == ["5", "3"])
        #expect(index.search("+49  30", field: .phone).ids == ["3"])
        // Not a number as a whole: two terms, each found anywhere.
        #expect(index.search("49 30 x", field: .any).total == 0)
        #expect(index.search("30 desk").ids == ["5"])
    }

    @Test func emptyIndex() {
        var index = ContactSearchIndex()
        #expect(index.search("a").total == 0)
        #expect(index.search("").total == 0)
        #expect(index.fetch(.any) == SearchPage(total: 0, contacts: []))
        #expect(index.remove(id: "x") == nil)
        index.update(with: Contact(id: "x", givenName: "Ana"))
        #expect(index.search("an").ids == ["x"])
        #expect(index.search("a", skip: -3, limit: -1) == SearchPage(total: 1, contacts: []))
    }
}
