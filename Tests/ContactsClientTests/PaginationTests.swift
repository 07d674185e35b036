import ContactsClient
import Foundation
import Testing

/// `fetchContacts(fieldType:)` collects every page by skip; `lookupAllContactMatches` follows
/// the cursor to the last page.
@Suite struct PaginationTests {
    static func contactsPage(_ ids: [String], total: Int, skip: Int, limit: Int = 1_000) -> Responder {
        let items = ids.map { #"{"id":"\#($0)","displayName":"N \#($0)"}"# }.joined(separator: ",")
        return Respond.result(#"{"items":[\#(items)],"total":\#(total),"skip":\#(skip),"limit":\#(limit)}"#)
    }

    static func ids(_ range: Range<Int>) -> [String] { range.map { String(format: "c%05d", $0) } }

    @Test(arguments: [0, 1, 999, 1_000, 1_001, 2_500])
    func fetchContactsCollectsEveryPage(total: Int) async throws {
        let pages = stride(from: 0, to: max(total, 1), by: 1_000).map { skip in
            Self.contactsPage(Self.ids(skip..<min(total, skip + 1_000)), total: total, skip: skip)
        }
        let script = Script(pages)
        let service = makeService(script)
        let contacts = try await service.fetchContacts(fieldType: .email)
        #expect(contacts.map(\.id) == Self.ids(0..<total))
        #expect(contacts.first.map { $0.displayName == "N \($0.id)" } ?? true)
        let expectedSkips = stride(from: 0, to: max(total, 1), by: 1_000).map { JSON.int(Int64($0)) }
        #expect(script.requests.map { $0.params["skip"] } == expectedSkips)
        #expect(script.requests.allSatisfy { $0.params["limit"] == .int(1_000) && $0.params["fieldType"] == "email" })
    }

    /// A book that shrinks while paging ends the walk at the empty page; a contact pushed onto
    /// the next page by an insertion is kept once.
    @Test func fetchContactsSurvivesAChangingBook() async throws {
        let script = Script([
            Self.contactsPage(Self.ids(0..<1_000), total: 3_000, skip: 0),
            Self.contactsPage(Self.ids(999..<1_999), total: 3_000, skip: 1_000),
            Self.contactsPage([], total: 1_500, skip: 2_000),
        ])
        let service = makeService(script)
        let contacts = try await service.fetchContacts(fieldType: .any)
        #expect(contacts.map(\.id) == Self.ids(0..<1_999))
        #expect(script.requests.count == 3)
    }

    /// Ids that Swift compares as equal (canonically equivalent) are still two contacts.
    @Test func fetchContactsKeepsIdsByBytes() async throws {
        let script = Script([Self.contactsPage(["e\u{301}", "\u{E9}"], total: 2, skip: 0)])
        let contacts = try await makeService(script).fetchContacts(fieldType: .any)
        #expect(contacts.map { Array($0.id.utf8) } == [Array("e\u{301}".utf8), Array("\u{E9}".utf8)])
    }

    static func matchesPage(_ users: [String], next: String?) -> Responder {
        let matches = users.map { #"{"userId":"\#($0)","displayName":"","relation":"contact","contactId":"c-\#($0)"}"# }
        let cursor = next.map { #""\#($0)""# } ?? "null"
        return Respond.result(#"{"matches":[\#(matches.joined(separator: ","))],"nextCursor":\#(cursor)}"#)
    }

    @Test func lookupAllContactMatchesFollowsTheCursor() async throws {
        let script = Script([
            Self.matchesPage(["u1", "u2"], next: "u2"), Self.matchesPage(["u3", "u4"], next: "u4"),
            Self.matchesPage(["u5"], next: nil),
        ])
        let matches = try await makeService(script).friendFinder.lookupAllContactMatches(limit: 2)
        #expect(matches.map(\.userId) == ["u1", "u2", "u3", "u4", "u5"])
        #expect(script.requests.map { $0.params["cursor"] } == [nil, "u2", "u4"])
        #expect(script.requests.allSatisfy { $0.params["limit"] == .int(2) })
    }

    @Test func aCursorThatDoesNotAdvanceStopsTheWalk() async throws {
        let script = Script([Self.matchesPage(["u1"], next: "u1")], otherwise: Self.matchesPage(["u1"], next: "u1"))
        let error = await serviceError { try await makeService(script).friendFinder.lookupAllContactMatches() }
        #expect(error?.reason == ContactsServiceError.Reason.invalidResponse)
        #expect(script.requests.count == 2)
    }

    @Test func pagesSayWhetherMoreFollow() {
        #expect(ContactPage(items: [Contact(id: "a")], total: 2, skip: 0, limit: 1).hasMore)
        #expect(!ContactPage(items: [Contact(id: "b")], total: 2, skip: 1, limit: 1).hasMore)
        #expect(!ContactPage(items: [], total: 2, skip: 5, limit: 1).hasMore)
    }
}

extension JSON: ExpressibleByStringLiteral {
    init(stringLiteral value: String) { self = .string(value) }
}
