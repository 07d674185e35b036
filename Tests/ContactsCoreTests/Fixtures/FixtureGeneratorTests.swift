import ContactsCore
import ContactsFixtures
import ContactsJSON
import ContactsModel
import Testing

@Suite("Fixture generator")
struct FixtureGeneratorTests {
    static let fileNames = ["users.jsonl", "contacts.jsonl", "follows.jsonl", "events.jsonl"]

    @Test("the same seed gives the same bytes; another seed different ones", arguments: [1, 42] as [UInt64])
    func determinism(seed: UInt64) throws {
        let first = makeFixtureTestDirectory()
        let second = makeFixtureTestDirectory()
        let other = makeFixtureTestDirectory()
        defer { [first, second, other].forEach(removeFixtureTestDirectory) }
        let options = FixtureGenerator.Options(contacts: 1_500, users: 120, seed: seed)
        let summary = try FixtureGenerator(options: options).generate(into: first)
        #expect(try FixtureGenerator(options: options).generate(into: second) == summary)
        var otherOptions = options
        otherOptions.seed = seed + 1
        _ = try FixtureGenerator(options: otherOptions).generate(into: other)
        for name in Self.fileNames {
            let bytes = fileBytes(first + "/" + name)
            #expect(!bytes.isEmpty, "\(name) is empty")
            #expect(bytes == fileBytes(second + "/" + name), "\(name) differs between two runs with seed \(seed)")
            #expect(bytes != fileBytes(other + "/" + name), "\(name) is the same for seeds \(seed) and \(seed + 1)")
        }
    }

    @Test("counts: users, owners, contacts, unique sequential ids, book sizes")
    func counts() throws {
        let fixture = try GeneratedFixture.small.get()
        #expect(fixture.users.count == 500)
        #expect(fixture.contacts.count == 5_000)
        #expect(fixture.summary.users == 500 && fixture.summary.contacts == 5_000)
        #expect(fixture.summary.follows == fixture.follows.count && fixture.summary.events == fixture.events.count)
        #expect(fixture.users.map(\.userId) == (1...500).map { "u" + padded($0, 6) })
        #expect(fixture.contacts.map(\.id) == (1...5_000).map { "c" + padded($0, 7) })
        // 5,000 / 750 rounded up = 7 owners, spread over the users, about 714 contacts each.
        let books = Dictionary(grouping: fixture.contacts, by: \.ownerId).mapValues(\.count)
        #expect(books.count == 7 && fixture.summary.owners == 7)
        let userIds = Set(fixture.users.map(\.userId))
        for (owner, size) in books {
            #expect(userIds.contains(owner))
            #expect((476...952).contains(size), "book of \(owner) has \(size) contacts")
        }
    }

    @Test("every contact line has every key of PROTOCOL §1 and parses back")
    func contactLines() throws {
        let fixture = try GeneratedFixture.small.get()
        let keys = [
            "id", "ownerId", "givenName", "familyName", "displayName", "organizationName", "jobTitle", "phoneNumbers",
            "emailAddresses", "addresses", "socialProfiles", "notes",
        ]
        let lines = try #require(fixture.lines["contacts.jsonl"])
        #expect(lines.count == fixture.contacts.count)
        for line in lines {
            let object = try #require(try JSONParser.parse(line).objectValue)
            #expect(object.members.map(\.key) == keys)
            let contact = try Contact(json: .object(object))
            #expect(!contact.effectiveDisplayName.isEmpty)
            #expect(contact.displayName == contact.effectiveDisplayName)
        }
    }

    @Test("the books streamed without files are the contacts of contacts.jsonl, one owner a book, in order")
    func streamedBooks() throws {
        let fixture = try GeneratedFixture.small.get()
        var books: [[Contact]] = []
        try FixtureGenerator(options: fixture.options).forEachContactBook { books.append($0) }
        #expect(books.count == fixture.summary.owners)
        #expect(books.allSatisfy { book in book.allSatisfy { $0.ownerId == book.first?.ownerId } })
        #expect(Set(books.compactMap(\.first?.ownerId)).count == books.count)
        // Line for line, the bytes contacts.jsonl holds.
        let lines = try #require(fixture.lines["contacts.jsonl"])
        let streamed = books.flatMap { $0 }
        #expect(streamed.count == lines.count)
        let differing = zip(streamed, lines).filter { contact, line in
            var writer = JSONWriter()
            writer.write(contact.jsonValue)
            return writer.bytes != line
        }
        #expect(differing.isEmpty, "\(differing.count) contacts differ from their lines")
    }

    @Test("shares: phones, registered numbers, emails, scripts, notes, organizations, addresses")
    func shares() throws {
        let fixture = try GeneratedFixture.small.get()
        let contacts = fixture.contacts
        let count = Double(contacts.count)
        func share(_ predicate: (Contact) -> Bool) -> Double { Double(contacts.filter(predicate).count) / count }

        #expect(contacts.allSatisfy { (0...3).contains($0.phoneNumbers.count) })
        #expect(contacts.allSatisfy { (0...2).contains($0.emailAddresses.count) })
        let phones = contacts.flatMap(\.phoneNumbers)
        #expect(phones.count == fixture.summary.phoneNumbers)
        #expect(abs(Double(phones.count) / count - 1.28) < 0.06, "phones per contact")
        #expect(abs(share { $0.phoneNumbers.isEmpty } - 0.10) < 0.02)
        #expect(abs(share { !$0.notes.isEmpty } - 0.20) < 0.03, "notes on about a fifth")
        #expect(abs(share { !$0.organizationName.isEmpty } - 0.32) < 0.03)
        #expect(abs(share { !$0.addresses.isEmpty } - 0.15) < 0.03)
        #expect(contacts.allSatisfy { $0.emailAddresses.allSatisfy { $0.value.contains("@") } })

        // About a tenth of the people have names outside the Latin script; many Latin
        // names carry diacritics.
        let people = contacts.filter { !$0.givenName.isEmpty }
        let nonLatin = people.filter { !isLatinScript($0.givenName + $0.familyName) }
        #expect(abs(Double(nonLatin.count) / Double(people.count) - 0.10) < 0.02, "non-Latin names")
        let withDiacritics = people.filter {
            isLatinScript($0.displayName) && !$0.displayName.utf8.allSatisfy { $0 < 0x80 }
        }
        #expect(Double(withDiacritics.count) / Double(people.count) > 0.3)

        // The registered users' numbers: the naive test is "the written digits end with a
        // user's national number"; the generator counts them exactly.
        let nationals = Set(registeredNationalNumbers(fixture.users))
        let registered = phones.filter { phone in
            let written = digits(of: phone.value)
            return (8...11).contains { written.count >= $0 && nationals.contains(String(written.suffix($0))) }
        }
        #expect(registered.count >= fixture.summary.registeredPhoneNumbers)
        #expect(registered.count <= fixture.summary.registeredPhoneNumbers + 3)
        let registeredShare = Double(fixture.summary.registeredPhoneNumbers) / Double(phones.count)
        #expect(abs(registeredShare - Double(FixtureGenerator.registeredPhonePerMille) / 1000) < 0.025)
    }

    @Test("users: distinct E.164 phones of their region's calling code, names, regions")
    func users() throws {
        let fixture = try GeneratedFixture.small.get()
        #expect(Set(fixture.users.map(\.phone)).count == fixture.users.count)
        for user in fixture.users {
            #expect(user.phone.first == "+")
            #expect(user.phone.utf8.dropFirst().allSatisfy { (0x30...0x39).contains($0) })
            #expect((9...15).contains(user.phone.utf8.count), "\(user.phone) has the length of an E.164 number")
            let country = try #require(FixturePhoneCountry.all.first { $0.region == user.region })
            #expect(user.phone.hasPrefix("+" + country.callingCode))
            #expect(!user.displayName.isEmpty)
        }
        #expect(Set(fixture.users.map(\.region)).count >= 12, "users come from many regions")
    }

    @Test("follows: valid, no self-follows or repeats, a few users with very many followers")
    func follows() throws {
        let fixture = try GeneratedFixture.small.get()
        let userIds = Set(fixture.users.map(\.userId))
        var pairs = Set<[String]>()
        var followers: [String: Int] = [:]
        for follow in fixture.follows {
            #expect(userIds.contains(follow.followerId) && userIds.contains(follow.followeeId))
            #expect(follow.followerId != follow.followeeId)
            #expect(pairs.insert([follow.followerId, follow.followeeId]).inserted, "repeated follow")
            followers[follow.followeeId, default: 0] += 1
        }
        let counts = fixture.users.map { followers[$0.userId, default: 0] }.sorted()
        let median = counts[counts.count / 2]
        let top = counts[counts.count - 1]
        #expect(Double(fixture.follows.count) / Double(fixture.users.count) > 5, "mean following about 9")
        #expect(top >= 20 * max(1, median), "top \(top) vs median \(median)")
        #expect(counts[counts.count - 5] >= 5 * max(1, median), "a few users, not one, are popular")
    }

    @Test("events: unique ids, valid creators, titles, times")
    func events() throws {
        let fixture = try GeneratedFixture.small.get()
        let userIds = Set(fixture.users.map(\.userId))
        #expect(Set(fixture.events.map(\.eventId)).count == fixture.events.count)
        #expect(fixture.events.count > fixture.users.count, "about 1.5 events a user")
        for event in fixture.events {
            #expect(userIds.contains(event.creatorId))
            #expect(!event.title.isEmpty)
            if let start = event.startTime { #expect(start > event.createdAt) }
        }
        #expect(fixture.events.contains { $0.description == nil } && fixture.events.contains { $0.location != nil })
    }

    @Test("progress: starts at 0, never goes back, about every 1%, ends at the total")
    func progress() throws {
        let fixture = try GeneratedFixture.small.get()
        let reports = fixture.progress
        let total = 5_000 + 3 * 500
        #expect(reports.first == .init(done: 0, total: total))
        #expect(reports.last == .init(done: total, total: total))
        #expect(reports.allSatisfy { $0.total == total })
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.done <= $1.done })
        #expect((50...102).contains(reports.count), "\(reports.count) reports")
    }

    @Test("edge sizes: no contacts; one user; fewer users than owners would need")
    func edgeSizes() throws {
        let directory = makeFixtureTestDirectory()
        defer { removeFixtureTestDirectory(directory) }
        let empty = try FixtureGenerator(options: .init(contacts: 0)).generate(into: directory)
        #expect(empty.users == 1 && empty.contacts == 0 && empty.owners == 0 && empty.follows == 0)
        #expect(fileBytes(directory + "/contacts.jsonl").isEmpty)

        let lonely = try FixtureGenerator(options: .init(contacts: 40, users: 1)).generate(into: directory)
        #expect(lonely.owners == 1 && lonely.contacts == 40 && lonely.registeredPhoneNumbers == 0)

        let crowded = try FixtureGenerator(options: .init(contacts: 3_000, users: 2)).generate(into: directory)
        #expect(crowded.owners == 2 && crowded.contacts == 3_000)
        #expect(try FixtureReader<Contact>.readAll(path: directory + "/contacts.jsonl").count == 3_000)
    }

    @Test("options out of range are refused with a reason")
    func invalidOptions() {
        #expect(throws: FixtureError.invalidOptions("contacts must be between 0 and 100000000, got -1")) {
            try FixtureGenerator(options: .init(contacts: -1))
        }
        #expect(throws: FixtureError.invalidOptions("users must be between 1 and 10000000, got 0")) {
            try FixtureGenerator(options: .init(contacts: 10, users: 0))
        }
        #expect(FixtureGenerator.Options(contacts: 200_000).users == 20_000)
        #expect(FixtureGenerator.Options(contacts: 5).users == 1)
    }

    @Test("an output path that is a file is an I/O error")
    func outputIsAFile() throws {
        let directory = makeFixtureTestDirectory()
        defer { removeFixtureTestDirectory(directory) }
        _ = try FixtureGenerator(options: .init(contacts: 10)).generate(into: directory)
        #expect(throws: FixtureError.io("\(directory)/users.jsonl is not a directory")) {
            try FixtureGenerator(options: .init(contacts: 10)).generate(into: directory + "/users.jsonl")
        }
    }
}

private func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// ASCII digits of `text`, full-width digits (U+FF10–U+FF19) counted as digits, a `(0)`
/// trunk mark dropped.
private func digits(of text: String) -> String {
    var digits = ""
    var scalars = Array(text.unicodeScalars)
    if let mark = text.range(of: "(0)") {
        scalars = Array((String(text[..<mark.lowerBound]) + String(text[mark.upperBound...])).unicodeScalars)
    }
    for scalar in scalars {
        switch scalar.value {
        case 0x30...0x39: digits.unicodeScalars.append(scalar)
        case 0xFF10...0xFF19: digits.unicodeScalars.append(Unicode.Scalar(scalar.value - 0xFF10 + 0x30)!)
        default: break
        }
    }
    return digits
}

/// The users' national numbers: their E.164 without `+` and the calling code of their region.
private func registeredNationalNumbers(_ users: [FixtureUser]) -> [String] {
    users.compactMap { user in
        guard let country = FixturePhoneCountry.all.first(where: { $0.region == user.region }) else { return nil }
        return String(user.phone.dropFirst(1 + country.callingCode.count))
    }
}

/// True when every letter of `text` is in a Latin block (ASCII, Latin-1, Latin Extended).
private func isLatinScript(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy {
        !$0.properties.isAlphabetic || $0.value < 0x0250 || (0x1E00...0x1EFF).contains($0.value)
    }
}
