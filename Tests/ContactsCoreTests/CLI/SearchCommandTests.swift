import ContactsCore
import ContactsFixtures
import ContactsJSON
import ContactsSearch
import ContactsSupport
import ContactsVCard
import Foundation
import Testing

/// The generated fixture `contacts generate --contacts 3000` writes, in a temporary directory
/// shared by the CLI search and index tests (removed when the test process exits), and the
/// library's ``ContactSearchIndex`` over it: the model the commands must equal. The library
/// also saves that index (`fixture.index` in the directory): tests about anything but reading
/// the fixture search it, as reopening costs a fraction of reading and indexing the contacts.
struct SearchCommandFixture: Sendable {
    static let contactCount = 3000
    /// The fixture, made once per test process.
    static let shared: Result<SearchCommandFixture, any Error> = Result { try SearchCommandFixture() }

    let directory: String
    let contacts: [Contact]
    let index: ContactSearchIndex

    var contactsPath: String { path("contacts.jsonl") }
    var indexPath: String { path("fixture.index") }

    private init() throws {
        directory =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("contacts-search-tests-\(ProcessInfo.processInfo.processIdentifier)").path
        atexit { SearchCommandFixture.removeSharedDirectory() }
        _ = try FixtureGenerator(options: .init(contacts: Self.contactCount)).generate(into: directory)
        contacts = try FixtureReader<Contact>.readAll(path: directory + "/contacts.jsonl")
        index = ContactSearchIndex(contacts)
        try index.save(toFile: directory + "/fixture.index")
    }

    private static func removeSharedDirectory() {
        if case .success(let fixture) = shared { try? FileManager.default.removeItem(atPath: fixture.directory) }
    }

    /// A fresh path in the fixture directory.
    func path(_ name: String) -> String {
        directory + "/" + name
    }

    /// Writes `bytes` to a fresh file named after `name`; returns its path.
    func write(_ bytes: [UInt8], named name: String) throws -> String {
        let file = path("\(UUID().uuidString)-\(name)")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes `queries`, one a line, to a fresh query file; returns its path.
    func writeQueries(_ queries: [String]) throws -> String {
        try write(Array(queries.map { $0 + "\n" }.joined().utf8), named: "queries.txt")
    }

    /// `count` queries drawn with `seed` from the fixture's own text: name prefixes and words
    /// (cased, unaccented), two-term names, email parts, phone digit runs, organization and
    /// notes words, and a few fixed ones (no match, one letter). Never a blank one: query
    /// files skip blank lines.
    func queries(seed: UInt64, count: Int) -> [String] {
        var random = SplitMix64(seed: seed)
        var queries = ["zzqxjv", "a"]
        while queries.count < count {
            let contact = contacts[Int.random(in: 0..<contacts.count, using: &random)]
            let words = contact.displayName.split(separator: " ").map(String.init)
            let query: String? =
                switch Int.random(in: 0..<10, using: &random) {
                case 0: String(contact.displayName.prefix(Int.random(in: 1...4, using: &random)))
                case 1: words.randomElement(using: &random)?.lowercased()
                case 2:
                    words.randomElement(using: &random)?.folding(options: .diacriticInsensitive, locale: nil)
                        .uppercased()
                case 3: words.count >= 2 ? "\(words[words.count - 1].prefix(3))  \(words[0])" : nil
                case 4: contact.emailAddresses.first.map { String($0.value.split(separator: "@")[0].prefix(5)) }
                case 5: contact.emailAddresses.first.flatMap { $0.value.split(separator: "@").last.map(String.init) }
                case 6:
                    contact.phoneNumbers.first.map { phone in
                        let digits = phone.value.filter(\.isASCII).filter(\.isNumber)
                        return String(digits.suffix(Int.random(in: 3...6, using: &random)))
                    }
                case 7: contact.phoneNumbers.first.map { String($0.value.suffix(7)) }
                case 8: contact.organizationName.split(separator: " ").randomElement(using: &random).map(String.init)
                default: contact.notes.split(separator: " ").randomElement(using: &random).map(String.init)
                }
            if let query, !SearchQuery(query).isEmpty, !query.contains("\n") { queries.append(query) }
        }
        return queries
    }
}

/// One query's line of `contacts search --json`.
struct SearchOutputLine: Equatable {
    var query: String
    var total: Int
    var ids: [String]
    var micros: Int
}

/// `contacts search --json` output, parsed strictly: every line an object with exactly the
/// documented keys in order and integer values, the summary last.
struct SearchJSONOutput {
    var lines: [SearchOutputLine] = []
    /// queries, p50, p95, p99, buildMillis.
    var summary: [Int] = []

    static let lineKeys = ["query", "total", "ids", "micros"]
    static let summaryKeys = ["queries", "p50", "p95", "p99", "buildMillis"]

    init(_ output: ProcessOutput) throws {
        var rows = output.stdoutLines
        guard output.stdout.last == 0x0A, let last = rows.popLast() else { throw Malformed("no final newline") }
        guard let summaryObject = try JSONParser.parse(last).objectValue,
            summaryObject.members.map(\.key) == ["summary"],
            let inner = summaryObject["summary"]?.objectValue, inner.members.map(\.key) == Self.summaryKeys
        else { throw Malformed("summary line \(String(decoding: last, as: UTF8.self))") }
        summary = try inner.members.map { try Self.integer($0.value) }
        for row in rows {
            guard let object = try JSONParser.parse(row).objectValue, object.members.map(\.key) == Self.lineKeys,
                let query = object["query"]?.stringValue, let ids = object["ids"]?.arrayValue
            else { throw Malformed("query line \(String(decoding: row, as: UTF8.self))") }
            lines.append(
                SearchOutputLine(
                    query: query, total: try Self.integer(object["total"]),
                    ids: try ids.map { id in
                        guard let id = id.stringValue else { throw Malformed("an id that is not a string") }
                        return id
                    },
                    micros: try Self.integer(object["micros"])))
        }
    }

    /// A JSON integer (no fraction, no exponent) that is not negative.
    private static func integer(_ value: JSONValue?) throws -> Int {
        guard case .number(let number)? = value, let integer = number.int64Value, integer >= 0 else {
            throw Malformed("\(String(describing: value)) is not a non-negative integer")
        }
        return Int(integer)
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// `contacts search` through the binary: the same totals and ranked ids as the library's
/// index on the same contacts, the exact `--json` shape, query files, vCard input, and one
/// clear line for every bad input.
struct SearchCommandTests {
    /// Expects that `output` (from `--json`) holds, per query, what `index` answers.
    static func expectEqualsLibrary(
        _ output: ProcessOutput, queries: [String], index: ContactSearchIndex, field: SearchField, limit: Int?
    ) throws {
        #expect(output.status == 0, "\(output.stderrText)")
        let parsed = try SearchJSONOutput(output)
        #expect(parsed.lines.map(\.query) == queries)
        #expect(parsed.summary.first == queries.count)
        for (line, query) in zip(parsed.lines, queries) {
            let page = index.search(query, field: field, skip: 0, limit: limit ?? index.count)
            #expect(line.total == page.total, "query '\(query)'")
            // A Bool, not the arrays: Swift Testing's diff of two long arrays is slow.
            let sameIDs = line.ids == page.ids
            #expect(sameIDs, "query '\(query)': \(line.ids.prefix(5)) vs \(page.ids.prefix(5))")
            if limit == nil { #expect(line.ids.count == line.total, "query '\(query)'") }
        }
    }

    @Test(arguments: SearchField.allCases)
    func queryFileResultsEqualTheLibrary(field: SearchField) throws {
        let fixture = try SearchCommandFixture.shared.get()
        let queries = fixture.queries(seed: 11 + UInt64(SearchField.allCases.firstIndex(of: field) ?? 0), count: 30)
        let queryFile = try fixture.writeQueries(queries)
        let output = try ContactsExecutable.run([
            "search", fixture.contactsPath, "--queries", queryFile, "--field", field.rawValue, "--limit", "7",
            "--json", "--quiet",
        ])
        #expect(output.stderr.isEmpty)
        try Self.expectEqualsLibrary(output, queries: queries, index: fixture.index, field: field, limit: 7)
    }

    @Test(arguments: [nil, "0", "1", "45", "all"] as [String?])
    func limitsEqualTheLibrary(limit: String?) throws {
        let fixture = try SearchCommandFixture.shared.get()
        let queries = fixture.queries(seed: 29, count: 12)
        let limitArguments = limit.map { ["--limit", $0] } ?? []
        let output = try ContactsExecutable.run(
            ["search", fixture.indexPath, "--queries", try fixture.writeQueries(queries), "--json", "--quiet"]
                + limitArguments)
        let expectedLimit: Int? =
            switch limit {
            case nil: 20
            case "all": nil
            case let text?: Int(text)
            }
        try Self.expectEqualsLibrary(output, queries: queries, index: fixture.index, field: .any, limit: expectedLimit)
    }

    @Test func aSingleQueryGivesExactlyOneLineAndTheSummaryInTheDocumentedShape() throws {
        let fixture = try SearchCommandFixture.shared.get()
        let output = try ContactsExecutable.run(["search", fixture.contactsPath, "ma", "--json", "--quiet"])
        #expect(output.status == 0)
        #expect(output.stdoutLines.count == 2)
        let parsed = try SearchJSONOutput(output)
        let page = fixture.index.search("ma", field: .any, skip: 0, limit: 20)
        #expect(parsed.lines.map(\.ids) == [page.ids])
        #expect(parsed.lines.map(\.total) == [page.total])
        #expect(page.total > 20)
        let micros = try #require(parsed.lines.first?.micros)
        // One query: every percentile is its time.
        #expect(parsed.summary.dropLast() == [1, micros, micros, micros])
        #expect(output.stdoutText.hasPrefix(#"{"query":"ma","total":\#(page.total),"ids":["\#(page.ids[0])","#))
    }

    @Test func summaryPercentilesAreNearestRankOverTheQueryTimes() throws {
        let fixture = try SearchCommandFixture.shared.get()
        let queries = fixture.queries(seed: 41, count: 40)
        let output = try ContactsExecutable.run([
            "search", fixture.indexPath, "--queries", try fixture.writeQueries(queries), "--json", "--quiet",
        ])
        let parsed = try SearchJSONOutput(output)
        let sorted = parsed.lines.map(\.micros).sorted()
        #expect(sorted.count == 40)
        // Nearest rank: the ceil(p·n/100)-th smallest; with n = 40, the 20th, 38th and 40th.
        #expect(parsed.summary.dropLast() == [40, sorted[19], sorted[37], sorted[39]])
    }

    @Test func queryFilesTakeOneQueryALineSkippingBlankLinesAndCarriageReturns() throws {
        let fixture = try SearchCommandFixture.shared.get()
        let text = "jo\r\n\n   \nmaria  silva\r\n+34 6\nzzqxjv"
        let output = try ContactsExecutable.run([
            "search", fixture.indexPath, "--queries", try fixture.write(Array(text.utf8), named: "crlf.txt"),
            "--json", "--quiet", "--limit", "3",
        ])
        try Self.expectEqualsLibrary(
            output, queries: ["jo", "maria  silva", "+34 6", "zzqxjv"], index: fixture.index, field: .any, limit: 3)
    }

    /// Each result line: rank, id, display name, then the fields the query matched in, with
    /// their values (issue 26 item 7): `(name)`, `(email ana@acme.es)`, `(organization Acme; …)`.
    @Test func textOutputShowsRankIdDisplayNameAndTheMatchedFieldsThenASummary() throws {
        let fixture = try SearchCommandFixture.shared.get()
        let queries = ["an", "zzqxjv"]
        let output = try ContactsExecutable.run([
            "search", fixture.indexPath, "--queries", try fixture.writeQueries(queries), "--limit", "5", "--quiet",
        ])
        #expect(output.status == 0)
        let lines = output.stdoutLines.map { String(decoding: $0, as: UTF8.self) }
        let page = fixture.index.search("an", limit: 5)
        try #require(lines.count == 1 + 5 + 1 + 1)
        #expect(lines[0].hasPrefix("\"an\": \(page.total) matches, 5 shown, ") && lines[0].hasSuffix(" µs"))
        for (offset, contact) in page.contacts.enumerated() {
            let fields = lines[1 + offset].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            #expect(fields.count == 3)
            #expect(fields.first.map(String.init) == String(offset + 1))
            #expect(fields.dropFirst().first.map(String.init) == contact.id)
            let matched = MatchedField.fields(of: contact, query: "an", field: .any)
            #expect(!matched.isEmpty)
            let described = matched.map { $0.kind == .name ? "name" : "\($0.kind.rawValue) \($0.value)" }
            let rest = String((fields.last ?? "").drop { $0 == " " })
            #expect(rest.hasPrefix(contact.effectiveDisplayName + " "), "\(rest)")
            #expect(rest.hasSuffix("  (" + described.joined(separator: "; ") + ")"), "\(rest)")
        }
        #expect(lines[6].hasPrefix("\"zzqxjv\": 0 matches, 0 shown, "))
        #expect(lines[7].hasPrefix("2 queries: p50 "))
    }

    @Test func aVCardFileIsSearchedLikeTheLibraryReadsIt() throws {
        let fixture = try SearchCommandFixture.shared.get()
        let cards =
            fixture.contacts.prefix(400).map(Self.vCard).joined() + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cut off\r\n"
        let file = try fixture.write(Array(cards.utf8), named: "book.vcf")
        let library = ContactSearchIndex(try VCardParser.parse(fileAtPath: file).contacts)
        #expect(library.count == 400)
        let queries = fixture.queries(seed: 53, count: 20)
        for field in [SearchField.any, .phone] {
            let output = try ContactsExecutable.run([
                "search", file, "--queries", try fixture.writeQueries(queries), "--field", field.rawValue,
                "--limit", "all", "--json", "--quiet",
            ])
            #expect(output.stderr.isEmpty)
            try Self.expectEqualsLibrary(output, queries: queries, index: library, field: field, limit: nil)
        }
        // Without --quiet the skipped card is reported in one line; the search still succeeds.
        let loud = try ContactsExecutable.run(["search", file, "an"])
        #expect(loud.status == 0)
        #expect(loud.stderrLines.count == 1)
        #expect(loud.stderrText.contains("problem"))
    }

    /// `contact` as a vCard 3.0 card with the fields search reads.
    static func vCard(_ contact: Contact) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,")
                .replacingOccurrences(of: ";", with: "\\;").replacingOccurrences(of: "\n", with: "\\n")
        }
        var lines = [
            "BEGIN:VCARD", "VERSION:3.0", "UID:\(escaped(contact.id))", "FN:\(escaped(contact.displayName))",
            "N:\(escaped(contact.familyName));\(escaped(contact.givenName));;;",
        ]
        if !contact.organizationName.isEmpty { lines.append("ORG:\(escaped(contact.organizationName))") }
        lines += contact.phoneNumbers.map { "TEL;TYPE=\($0.label):\(escaped($0.value))" }
        lines += contact.emailAddresses.map { "EMAIL;TYPE=\($0.label):\(escaped($0.value))" }
        if !contact.notes.isEmpty { lines.append("NOTE:\(escaped(contact.notes))") }
        lines.append("END:VCARD")
        return lines.map { $0 + "\r\n" }.joined()
    }

    @Test func theEmptyQueryListsEveryContactInRankingOrder() throws {
        let fixture = try SearchCommandFixture.shared.get()
        let output = try ContactsExecutable.run([
            "search", fixture.contactsPath, "", "--limit", "all", "--json", "--quiet",
        ])
        try Self.expectEqualsLibrary(output, queries: [""], index: fixture.index, field: .any, limit: nil)
        let lines = try SearchJSONOutput(output).lines
        #expect(lines.first?.total == SearchCommandFixture.contactCount)
        let fetched = fixture.index.fetch(.any, skip: 0, limit: fixture.index.count).ids
        #expect(lines.first?.ids == fetched)
    }

    @Test func aQueryOfExactly256CodePointsIsAccepted() throws {
        let fixture = try SearchCommandFixture.shared.get()
        let query = String(repeating: "é", count: 256)
        let output = try ContactsExecutable.run(["search", fixture.indexPath, query, "--json", "--quiet"])
        #expect(output.status == 0)
        let lines = try SearchJSONOutput(output).lines
        #expect(lines.map(\.query) == [query])
        #expect(lines.map(\.total) == [0])
    }

    /// Inputs `contacts search` must refuse with exit status 1 and one line on stderr.
    enum BadInput: String, CaseIterable, Sendable {
        case unknownField, negativeLimit, wordLimit, missingFile, directory, missingQuery, queryAndQueryFile
        case overLongQuery, overLongQueryInFile, invalidUTF8Fixture, invalidUTF8QueryFile, emptyQueryFile
        case missingQueryFile, badJSONLine, contactWithoutID, damagedIndex, unknownOption

        func arguments(_ fixture: SearchCommandFixture) throws -> [String] {
            let file = fixture.indexPath
            let tooLong = String(repeating: "é", count: 257)
            switch self {
            case .unknownField: return ["search", file, "jo", "--field", "title"]
            case .negativeLimit: return ["search", file, "jo", "--limit", "-1"]
            case .wordLimit: return ["search", file, "jo", "--limit", "many"]
            case .missingFile: return ["search", fixture.path("absent.jsonl"), "jo"]
            case .directory: return ["search", fixture.directory, "jo"]
            case .missingQuery: return ["search", file]
            case .queryAndQueryFile: return ["search", file, "jo", "--queries", try fixture.writeQueries(["jo"])]
            case .overLongQuery: return ["search", file, tooLong]
            case .overLongQueryInFile:
                return ["search", file, "--queries", try fixture.writeQueries(["jo", tooLong])]
            case .invalidUTF8Fixture:
                let line = Array(#"{"id":"c1","displayName":"Jos"#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
                return ["search", try fixture.write(line, named: "latin.jsonl"), "jo"]
            case .invalidUTF8QueryFile:
                return ["search", file, "--queries", try fixture.write([0x6A, 0x6F, 0x0A, 0xFF, 0x0A], named: "q")]
            case .emptyQueryFile:
                return ["search", file, "--queries", try fixture.write(Array(" \n\n".utf8), named: "q")]
            case .missingQueryFile: return ["search", file, "--queries", fixture.path("absent.txt")]
            case .badJSONLine:
                return [
                    "search", try fixture.write(Array("{\"id\":\"c1\"}\n{\"id\":\n".utf8), named: "bad.jsonl"), "jo",
                ]
            case .contactWithoutID:
                return ["search", try fixture.write(Array("{\"displayName\":\"Jo\"}\n".utf8), named: "x.jsonl"), "jo"]
            case .damagedIndex:
                let bytes = Array("CCSRCHIX".utf8) + [UInt8](repeating: 7, count: 40)
                return ["search", try fixture.write(bytes, named: "damaged.index"), "jo"]
            case .unknownOption: return ["search", file, "jo", "--fields", "name"]
            }
        }
    }

    @Test(arguments: BadInput.allCases)
    func badInputExitsOneWithOneLine(input: BadInput) throws {
        let fixture = try SearchCommandFixture.shared.get()
        let output = try ContactsExecutable.run(try input.arguments(fixture))
        #expect(output.exited)
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.count == 1, "\(output.stderrText)")
        #expect(output.stderrText.hasPrefix("contacts search: "))
    }

    @Test func helpDescribesTheOptionsAndTheDefaultLimit() throws {
        let output = try ContactsExecutable.run(["search", "--help"])
        #expect(output.status == 0)
        for text in ["--queries QFILE", "--field F", "--limit N|all", "default 20", "--json", "buildMillis"] {
            #expect(output.stdoutText.contains(text), "\(text)")
        }
    }
}
