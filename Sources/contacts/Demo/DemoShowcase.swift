import ContactsCore
import ContactsModel
import ContactsSearch
import ContactsService
import ContactsSupport

/// The demo's sections after loading: each runs real engine requests for a sample user
/// (an owner of an address book), times them and renders them as readable text.
struct DemoShowcase {
    /// The section titles, in order.
    enum Section: String, CaseIterable {
        case loading = "Loading the fixture"
        case typing = "Search as you type"
        case phone = "Phone fragment"
        case diacritics = "Without diacritics"
        case friends = "Find Your Friends"
        case followers = "Followers"
        case feed = "Feed"
    }

    /// Rows of a search table, and results shown per row.
    static let topResults = 3
    /// Matches listed per relation in Find Your Friends.
    static let matchesShownPerRelation = 3
    /// Items on the followers and feed pages.
    static let pageSize = 10

    private let fixture: DemoFixture
    private let engine: ContactsEngine
    /// The sample user's id.
    let sample: String
    /// The sample user's uploaded contacts, by fold(displayName) (as fetchContacts lists them).
    private let book: [Contact]

    /// Picks the sample user — the first book owner who follows a few users and is in
    /// someone else's book, so every section has something to show — and fetches their book.
    init(_ fixture: DemoFixture) throws {
        self.fixture = fixture
        engine = fixture.engine
        var chosen = fixture.owners.first ?? fixture.firstUser ?? ""
        for owner in fixture.owners where fixture.followingCounts[ExactString(owner), default: 0] >= 5 {
            let page = try Self.ask { () throws(ContactsError) in
                try fixture.engine.lookupContactMatches(as: owner, limit: 1000)
            }
            if page.matches.contains(where: { $0.relation != .contact }) {
                chosen = owner
                break
            }
        }
        sample = chosen
        var contacts: [Contact] = []
        while !chosen.isEmpty {
            let page = try Self.ask { () throws(ContactsError) in
                try fixture.engine.fetchContacts(as: chosen, fieldType: .any, skip: contacts.count, limit: 1000)
            }
            contacts += page.items
            if page.items.isEmpty || contacts.count >= page.total { break }
        }
        book = contacts
    }

    /// Runs an engine request the demo expects to succeed; a refusal becomes a one-line error.
    private static func ask<Result>(_ body: () throws(ContactsError) -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw CommandLineError("the engine refused a demo request: \(error)")
        }
    }

    /// Runs `body` and measures it.
    private static func timed<Result>(_ body: () throws(ContactsError) -> Result) throws -> (Result, UInt64) {
        let started = WallClock.monotonicNanoseconds()
        let result = try ask(body)
        return (result, WallClock.monotonicNanoseconds() - started)
    }

    /// `userId Name` of a registered user.
    private func user(_ userId: String) -> String {
        let name = fixture.displayNames[ExactString(userId)] ?? ""
        return name.isEmpty ? userId : "\(userId) \(name)"
    }

    private var sampleBookText: String {
        "the \(DemoText.count(book.count, "contact")) of \(user(sample))"
    }

    // MARK: Search

    /// A real name of the sample book typed one character at a time, each prefix searched.
    func searchAsYouType() throws -> String {
        var text = DemoText.header(Section.typing.rawValue)
        guard let name = typedName() else { return text + "  (the sample user has no contacts)\n" }
        text += "  typing \"\(name)\" into a search box over \(sampleBookText) (field any):\n\n"
        var table = searchTable(firstColumn: "typed")
        var prefix = ""
        for character in name {
            prefix.append(character)
            if character.isWhitespace { continue }
            try addSearchRow(prefix, field: .any, to: &table)
        }
        return text + table.rendered
    }

    /// A phone fragment typed digit by digit.
    func phoneFragment() throws -> String {
        var text = DemoText.header(Section.phone.rawValue)
        guard let (contact, digits) = phoneExample() else { return text + "  (no contact with a phone number)\n" }
        let fragment = Array(digits.dropFirst(max(0, digits.count - 7)))
        text += "  digits from the middle of \(contact.displayName)'s number, over \(sampleBookText) (field phone):\n\n"
        var table = searchTable(firstColumn: "typed", phones: true)
        for length in 3...min(6, fragment.count) {
            try addSearchRow(String(fragment.prefix(length)), field: .phone, to: &table, phones: true)
        }
        return text + table.rendered
    }

    /// A query without accents finding accented names, in the sample book and the directory of users.
    func withoutDiacritics() throws -> String {
        var text = DemoText.header(Section.diacritics.rawValue)
        guard let (query, word) = plainQuery() else { return text + "  (no accented name in the sample book)\n" }
        text += "  \"\(query)\" finds \"\(word)\": search folds case and drops accents (PROTOCOL §2)\n\n"
        var table = DemoTable([
            .init(title: "searched"), .init(title: "total", rightAligned: true), .init(title: "µs", rightAligned: true),
            .init(title: "first \(Self.topResults)", maximumWidth: 72),
        ])
        let (contacts, contactsTime) = try Self.timed { () throws(ContactsError) in
            try engine.searchContacts(as: sample, query: query, field: .name, skip: 0, limit: Self.topResults)
        }
        table.append([
            "book of \(sample)", DemoText.count(contacts.total), DemoText.micros(contactsTime),
            contacts.items.map(\.displayName).joined(separator: " · "),
        ])
        let (users, usersTime) = try Self.timed { () throws(ContactsError) in
            try engine.searchUsers(as: sample, query: query, skip: 0, limit: Self.topResults)
        }
        table.append([
            "directory of \(DemoText.count(fixture.displayNames.count, "user"))", DemoText.count(users.total),
            DemoText.micros(usersTime), users.items.map(\.displayName).joined(separator: " · "),
        ])
        return text + table.rendered
    }

    private func searchTable(firstColumn: String, phones: Bool = false) -> DemoTable {
        DemoTable([
            .init(title: firstColumn), .init(title: "total", rightAligned: true),
            .init(title: "µs", rightAligned: true),
            .init(title: "top \(Self.topResults)" + (phones ? " (name: phone)" : ""), maximumWidth: 90),
        ])
    }

    private func addSearchRow(_ query: String, field: SearchField, to table: inout DemoTable, phones: Bool = false)
        throws
    {
        let (page, time) = try Self.timed { () throws(ContactsError) in
            try engine.searchContacts(as: sample, query: query, field: field, skip: 0, limit: Self.topResults)
        }
        let names = page.items.map { contact in
            guard phones else { return contact.displayName }
            let digits = SearchFolding.digits(query)
            let phone = contact.phoneNumbers.first { SearchFolding.digits($0.value).contains(digits) }
            return "\(contact.displayName): \(phone?.value ?? "")"
        }
        table.append([query, DemoText.count(page.total), DemoText.micros(time), names.joined(separator: " · ")])
    }

    /// A two-word Latin name with an accent or special letter (e.g. "Małgorzata Pająk"), from
    /// the middle of the sample book; else any name.
    private func typedName() -> String? {
        let candidates = book.filter { contact in
            let name = contact.displayName
            guard !contact.givenName.isEmpty, !contact.familyName.isEmpty, (8...20).contains(name.count) else {
                return false
            }
            let scalars = name.unicodeScalars
            return scalars.contains { $0.value > 0x7F }
                && scalars.allSatisfy { $0 == " " || ($0.properties.isAlphabetic && $0.value < 0x250) }
        }
        if !candidates.isEmpty { return candidates[candidates.count / 2].displayName }
        return book.first { !$0.displayName.isEmpty }?.displayName
    }

    /// A contact of the sample book and the digits of one of its phones (at least 9 of them).
    private func phoneExample() -> (Contact, [Character])? {
        let candidates = book.compactMap { contact -> (Contact, [Character])? in
            for phone in contact.phoneNumbers {
                let digits = Array(SearchFolding.digits(phone.value))
                if digits.count >= 9 { return (contact, digits) }
            }
            return nil
        }
        return candidates.isEmpty ? nil : candidates[candidates.count / 2]
    }

    /// The accent-free form of an accented name word of the sample book (`jose` for `José`
    /// when there is one, else the most frequent such word), and the word.
    private func plainQuery() -> (query: String, word: String)? {
        var counts: [ExactString: (count: Int, word: String)] = [:]
        for contact in book {
            for word in contact.displayName.split(whereSeparator: \.isWhitespace) {
                let word = String(word)
                let folded = SearchFolding.fold(word)
                guard word.unicodeScalars.contains(where: { $0.value > 0x7F }), folded.unicodeScalars.count >= 4,
                    folded.utf8.allSatisfy({ (0x61...0x7A).contains($0) })
                else { continue }
                counts[ExactString(folded), default: (0, word)].count += 1
            }
        }
        if let jose = counts[ExactString("jose")] { return ("jose", jose.word) }
        let best = counts.max { lhs, rhs in
            lhs.value.count != rhs.value.count ? lhs.value.count < rhs.value.count : rhs.key < lhs.key
        }
        return best.map { ($0.key.string, $0.value.word) }
    }

    // MARK: Social

    /// The sample user's matches both ways: whose numbers are in their book, whose books hold
    /// their number.
    func findYourFriends() throws -> String {
        var text = DemoText.header(Section.friends.rawValue)
        var matches: [ContactMatch] = []
        var pages = 0
        var cursor: String?
        let started = WallClock.monotonicNanoseconds()
        repeat {
            let page = try Self.ask { () throws(ContactsError) in
                try engine.lookupContactMatches(as: sample, cursor: cursor, limit: 100)
            }
            matches += page.matches
            pages += 1
            cursor = page.nextCursor
        } while cursor != nil
        let time = WallClock.monotonicNanoseconds() - started
        let counts = Dictionary(grouping: matches, by: \.relation).mapValues(\.count)
        text += "  \(user(sample)) uploaded \(DemoText.count(book.count, "contact")); "
        text += "\(DemoText.count(matches.count, "registered user")) matched "
        text += "(\(DemoText.count(pages, "page")) of lookupContactMatches, \(DemoText.duration(time))):\n"
        let explanations: [(MatchRelation, String)] = [
            (.contact, "their number is in my book"), (.reverse, "my number is in their book"), (.mutual, "both"),
        ]
        for (relation, meaning) in explanations {
            let count = DemoText.padded(DemoText.count(counts[relation, default: 0]), toWidth: 7, right: true)
            text += "    \(DemoText.padded(relation.description, toWidth: 8)) \(count)   \(meaning)\n"
        }
        var table = DemoTable([
            .init(title: "userId"), .init(title: "name"), .init(title: "relation"),
            .init(title: "my contact"),
        ])
        for (relation, _) in explanations {
            for match in matches.lazy.filter({ $0.relation == relation }).prefix(Self.matchesShownPerRelation) {
                let contact = match.contactId.map { id in
                    "\(id) " + (book.first { $0.id.utf8Equals(id) }?.displayName ?? "")
                }
                table.append([match.userId, match.displayName, relation.description, contact ?? "—"])
            }
        }
        return text + (table.rows.isEmpty ? "" : "\n" + table.rendered)
    }

    /// The first page of followers of the most-followed user.
    func followers() throws -> String {
        var text = DemoText.header(Section.followers.rawValue)
        let top = fixture.followerCounts.max { lhs, rhs in
            lhs.value != rhs.value ? lhs.value < rhs.value : rhs.key < lhs.key
        }
        guard let top else { return text + "  (no follows in the fixture)\n" }
        let target = top.key.string
        let (page, time) = try Self.timed { () throws(ContactsError) in
            try engine.followers(as: target, skip: 0, limit: Self.pageSize)
        }
        text += "  the most-followed user, \(user(target)): \(DemoText.count(page.total, "follower")); "
        text += "getFollowers page 1 (newest first) in \(DemoText.duration(time)):\n\n"
        var table = DemoTable([
            .init(title: "since (UTC)"), .init(title: "userId"), .init(title: "name"),
            .init(title: "in \(target)'s book as"),
        ])
        for entry in page.items {
            table.append([
                DemoText.utc(entry.since), entry.userId, entry.displayName,
                entry.localContact.map { "\($0.contactId) \($0.displayName)" } ?? "—",
            ])
        }
        return text + table.rendered
    }

    /// The first page of the sample user's feed.
    func feed() throws -> String {
        var text = DemoText.header(Section.feed.rawValue)
        let (page, time) = try Self.timed { () throws(ContactsError) in
            try engine.feed(as: sample, skip: 0, limit: Self.pageSize)
        }
        let following = fixture.followingCounts[ExactString(sample), default: 0]
        text += "  \(user(sample)) follows \(DemoText.count(following, "user")), who created "
        text +=
            "\(DemoText.count(page.total, "event")); getFeed page 1 (newest first) in \(DemoText.duration(time)):\n\n"
        var table = DemoTable([
            .init(title: "created (UTC)"), .init(title: "by"), .init(title: "title"), .init(title: "location"),
        ])
        for item in page.items {
            table.append([
                DemoText.utc(item.event.createdAt), item.creatorName, item.event.title, item.event.location ?? "—",
            ])
        }
        return text + (page.items.isEmpty ? "  (nothing yet)\n" : table.rendered)
    }
}
