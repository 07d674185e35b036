import ContactsCore
import ContactsFixtures
import ContactsJSON
import ContactsModel
import Foundation
import PhoneNumbers
import Testing

/// `contacts match` through the binary: equal to a naive join on normalized numbers, vCard
/// books, and one clear line for bad input.
struct MatchCommandTests {
    /// One expected output line.
    private struct Match: Equatable, CustomStringConvertible {
        var contactId: String
        var ownerId: String
        var userId: String
        var displayName: String
        var e164: String

        var description: String { "\(contactId)/\(ownerId) → \(userId) \(e164)" }
    }

    private static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("match-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The matches printed on stdout, each line parsed.
    private static func parse(_ output: ProcessOutput) throws -> [Match] {
        try output.stdoutLines.map { line in
            let object = try #require(try JSONParser.parse(line).objectValue)
            func text(_ key: String) throws -> String { try #require(object[key]?.stringValue, "\(key)") }
            return Match(
                contactId: try text("contactId"), ownerId: try text("ownerId"), userId: try text("userId"),
                displayName: try text("displayName"), e164: try text("e164"))
        }
    }

    /// The naive model: every user's number in a dictionary; each contact's numbers, normalized
    /// with `region` or else its owner's region, looked up in book order, each distinct number
    /// of a contact once.
    private static func naiveMatches(users: [FixtureUser], book: [Contact], region: String?) -> [Match] {
        let normalizer = PhoneNumberNormalizer()
        var byNumber: [UInt64: FixtureUser] = [:]
        var regionOf: [String: String] = [:]
        for user in users {
            if let number = try? normalizer.normalize(user.phone, defaultRegion: user.region) {
                byNumber[number.e164] = user
            }
            regionOf[user.userId] = user.region
        }
        var matches: [Match] = []
        for contact in book {
            var seen: Set<UInt64> = []
            for phone in contact.phoneNumbers {
                let contactRegion = region ?? regionOf[contact.ownerId]
                guard let number = try? normalizer.normalize(phone.value, defaultRegion: contactRegion),
                    seen.insert(number.e164).inserted, let user = byNumber[number.e164]
                else { continue }
                matches.append(
                    Match(
                        contactId: contact.id, ownerId: contact.ownerId, userId: user.userId,
                        displayName: user.displayName, e164: "+\(number.e164)"))
            }
        }
        return matches
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func generatedFixtureMatchesTheNaiveModel(seed: UInt64) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try FixtureGenerator(options: .init(contacts: 1500, users: 400, seed: seed)).generate(into: directory)
        let users = try FixtureReader<FixtureUser>.readAll(path: directory + "/users.jsonl")
        let book = try FixtureReader<Contact>.readAll(path: directory + "/contacts.jsonl")

        for region in [nil, "DE"] as [String?] {
            var arguments = [
                "match", "--users", directory + "/users.jsonl", "--book", directory + "/contacts.jsonl", "--quiet",
            ]
            if let region { arguments += ["--region", region] }
            let output = try ContactsExecutable.run(arguments)
            #expect(output.status == 0, "\(output.stderrText)")
            #expect(output.stderr.isEmpty)
            let expected = Self.naiveMatches(users: users, book: book, region: region)
            #expect(try Self.parse(output) == expected, "seed \(seed), region \(region ?? "of the owner")")
            // Owners' regions read the fixture's national forms: most registered numbers match.
            if region == nil { #expect(expected.count > 100) }
        }
    }

    @Test func vCardBookWithAndWithoutARegion() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let usersPath = directory + "/users.jsonl"
        let bookPath = directory + "/book.vcf"
        try Self.write(
            """
            {"userId":"u1","displayName":"Ana Pérez","phone":"+34612345678","region":"ES"}
            {"userId":"u2","displayName":"Bob Stone","phone":"(415) 555-2671","region":"US"}

            {"userId":"u3","displayName":"Chloé","phone":"+33 6 12 34 56 78","region":"FR"}

            """, to: usersPath)
        try Self.write(
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:card-1\r\nFN:Ana\r\nTEL;TYPE=CELL:+34 612 34 56 78\r\n"
                + "TEL;TYPE=HOME:0034612345678\r\nTEL:612 34 56 78\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:card-2\r\nFN:Bob\r\nTEL:(415) 555-2671\r\n"
                + "TEL:+33612345678\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:card-3\r\nFN:Nobody\r\nTEL:+1 212 555 0000\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:card-4\r\nFN:No phone\r\nEND:VCARD\r\n", to: bookPath)

        // Without a region (a vCard names no owner) only international forms match; the two
        // forms of Ana's number are one number.
        let plain = try ContactsExecutable.run(["match", "--users", usersPath, "--book", bookPath, "--quiet"])
        #expect(plain.status == 0, "\(plain.stderrText)")
        #expect(
            try Self.parse(plain) == [
                Match(contactId: "card-1", ownerId: "", userId: "u1", displayName: "Ana Pérez", e164: "+34612345678"),
                Match(contactId: "card-2", ownerId: "", userId: "u3", displayName: "Chloé", e164: "+33612345678"),
            ])

        // With --region US the national (415) number matches too; 0034… is then not Spanish.
        let us = try ContactsExecutable.run([
            "match", "--users", usersPath, "--book", bookPath, "--region", "US", "--quiet",
        ])
        #expect(us.status == 0, "\(us.stderrText)")
        #expect(
            try Self.parse(us) == [
                Match(contactId: "card-1", ownerId: "", userId: "u1", displayName: "Ana Pérez", e164: "+34612345678"),
                Match(contactId: "card-2", ownerId: "", userId: "u2", displayName: "Bob Stone", e164: "+14155552671"),
                Match(contactId: "card-2", ownerId: "", userId: "u3", displayName: "Chloé", e164: "+33612345678"),
            ])

        // With --region ES the national Spanish form matches, once per card.
        let es = try ContactsExecutable.run([
            "match", "--users", usersPath, "--book", bookPath, "--region", "ES", "--quiet",
        ])
        #expect(try Self.parse(es).map(\.contactId) == ["card-1", "card-2"])
    }

    /// A bad input case: the files to write, the arguments (`$DIR` is the directory), and
    /// what the one error line must contain.
    struct BadInput: Sendable, CustomStringConvertible {
        var name: String
        var users = #"{"userId":"u1","displayName":"A","phone":"+14155552671","region":"US"}"# + "\n"
        var book = #"{"id":"c1","phoneNumbers":[{"label":"mobile","value":"+14155552671"}]}"# + "\n"
        var arguments = ["--users", "$DIR/users.jsonl", "--book", "$DIR/book.jsonl"]
        var expected: String

        var description: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(name: "missing --users", arguments: ["--book", "$DIR/book.jsonl"], expected: "missing --users"),
        BadInput(
            name: "no such users file", arguments: ["--users", "$DIR/none.jsonl", "--book", "$DIR/book.jsonl"],
            expected: "none.jsonl: no such file"),
        BadInput(
            name: "book is a directory", arguments: ["--users", "$DIR/users.jsonl", "--book", "$DIR"],
            expected: "is a directory"),
        BadInput(
            name: "invalid JSON in users",
            users: #"{"userId":"u1","displayName":"A","phone":"+14155552671","region":"US"}"# + "\n\n{\"userId\":\n",
            expected: "users.jsonl line 3: invalid JSON"),
        BadInput(
            name: "user without a phone",
            users: #"{"userId":"u1","displayName":"A","phone":"+14155552671","region":"US"}"# + "\n"
                + #"{"userId":"u2","displayName":"B","region":"US"}"# + "\n",
            expected: "users.jsonl line 2: \"phone\" is missing"),
        BadInput(
            name: "a phone that is not a string",
            users: #"{"userId":"u1","phone":14155552671}"# + "\n",
            expected: "users.jsonl line 1: \"phone\" must be a string"),
        BadInput(
            name: "a display name that is not a string",
            users: #"{"userId":"u1","displayName":7,"phone":"+14155552671"}"# + "\n",
            expected: "users.jsonl line 1: \"displayName\" must be a string or null"),
        BadInput(
            name: "a national number without a region",
            users: #"{"userId":"u1","displayName":"A","phone":"(415) 555-2671"}"# + "\n",
            expected: "users.jsonl line 1: phone '(415) 555-2671' of user 'u1' does not normalize"),
        BadInput(
            name: "phone that does not normalize",
            users: #"{"userId":"u1","displayName":"A","phone":"+1 415","region":"US"}"# + "\n",
            expected: "users.jsonl line 1: phone '+1 415' of user 'u1' does not normalize: TOO_SHORT"),
        BadInput(
            name: "a number registered twice",
            users: #"{"userId":"u1","displayName":"A","phone":"+14155552671","region":"US"}"# + "\n"
                + #"{"userId":"u2","displayName":"B","phone":"+14155550000","region":"US"}"# + "\n"
                + #"{"userId":"u3","displayName":"C","phone":"(415) 555-2671","region":"US"}"# + "\n",
            expected: "users.jsonl line 3: phone +14155552671 of user 'u3' is already registered on line 1"),
        BadInput(
            name: "a bad book line",
            book: #"{"id":"c1"}"# + "\n" + #"{"id":"c2","phoneNumbers":"+14155552671"}"# + "\n",
            expected: "book.jsonl line 2: not a valid contact"),
        BadInput(
            name: "standard input for the users",
            arguments: ["--users", "-", "--book", "$DIR/book.jsonl"],
            expected: "--users -: standard input cannot stand for a file that is read more than once"),
        BadInput(
            name: "standard input for the book",
            arguments: ["--users", "$DIR/users.jsonl", "--book", "-"],
            expected: "--book -: standard input cannot stand for a file that is read more than once"),
        BadInput(
            name: "an unknown region",
            arguments: ["--users", "$DIR/users.jsonl", "--book", "$DIR/book.jsonl", "--region", "XX"],
            expected: "--region must be a region code"),
        BadInput(
            name: "a positional argument",
            arguments: ["--users", "$DIR/users.jsonl", "--book", "$DIR/book.jsonl", "x"],
            expected: "unexpected argument 'x'"),
    ]

    @Test(arguments: badInputs)
    func badInputExitsOneWithOneLine(_ input: BadInput) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write(input.users, to: directory + "/users.jsonl")
        try Self.write(input.book, to: directory + "/book.jsonl")
        let arguments = input.arguments.map { $0.replacingOccurrences(of: "$DIR", with: directory) }
        let output = try ContactsExecutable.run(["match"] + arguments + ["--quiet"])
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.count == 1, "\(output.stderrText)")
        #expect(output.stderrText.contains(input.expected), "\(output.stderrText)")
    }

    @Test func displayNameAndRegionOfUsersAreOptional() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // As in registerUser: no name is "", no region accepts +… numbers only; a region
        // that is null is none.
        try Self.write(
            #"{"userId":"u1","phone":"+14155552671"}"# + "\n"
                + #"{"userId":"u2","displayName":null,"phone":"+34 612 34 56 78","region":null}"# + "\n"
                + #"{"userId":"u3","displayName":"Chloé","phone":"06 12 34 56 78","region":"FR"}"# + "\n",
            to: directory + "/users.jsonl")
        try Self.write(
            #"{"id":"c1","phoneNumbers":[{"label":"mobile","value":"+1 415 555 2671"}]}"# + "\n"
                + #"{"id":"c2","phoneNumbers":[{"label":"mobile","value":"+34612345678"}]}"# + "\n"
                + #"{"id":"c3","phoneNumbers":[{"label":"mobile","value":"+33612345678"}]}"# + "\n",
            to: directory + "/book.jsonl")
        let output = try ContactsExecutable.run([
            "match", "--users", directory + "/users.jsonl", "--book", directory + "/book.jsonl", "--quiet",
        ])
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(
            try Self.parse(output) == [
                Match(contactId: "c1", ownerId: "", userId: "u1", displayName: "", e164: "+14155552671"),
                Match(contactId: "c2", ownerId: "", userId: "u2", displayName: "", e164: "+34612345678"),
                Match(contactId: "c3", ownerId: "", userId: "u3", displayName: "Chloé", e164: "+33612345678"),
            ])
    }

    @Test func theSummaryCountsInTheSingularForOne() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = BadInput(name: "valid", expected: "")
        try Self.write(input.users, to: directory + "/users.jsonl")
        try Self.write(input.book, to: directory + "/book.jsonl")
        let output = try ContactsExecutable.run([
            "match", "--users", directory + "/users.jsonl", "--book", directory + "/book.jsonl",
        ])
        #expect(output.status == 0, "\(output.stderrText)")
        let summary = try #require(output.stderrLines.last)
        #expect(summary.hasPrefix("match: 1 match among 1 number of 1 contact and 1 user in "), "\(summary)")
    }

    @Test func validInputOfTheBadInputCasesMatches() throws {
        // The defaults of BadInput are valid: the failures above come from what each case changes.
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = BadInput(name: "valid", expected: "")
        try Self.write(input.users, to: directory + "/users.jsonl")
        try Self.write(input.book, to: directory + "/book.jsonl")
        let output = try ContactsExecutable.run([
            "match", "--users", directory + "/users.jsonl", "--book", directory + "/book.jsonl", "--quiet",
        ])
        #expect(output.status == 0)
        #expect(
            try Self.parse(output) == [
                Match(contactId: "c1", ownerId: "", userId: "u1", displayName: "A", e164: "+14155552671")
            ])
    }
}
