import ContactsCore
import ContactsModel
import ContactsSearch
import ContactsVCard
import Foundation
import Testing

/// `contacts index FILE --out INDEX` through the binary: a saved index that `contacts search`
/// reopens with the same results as searching FILE itself, and clear errors that write nothing.
struct IndexCommandTests {
    @Test func searchingTheSavedIndexGivesTheSameResultsAsSearchingTheFixture() throws {
        let fixture = try SearchCommandFixture.shared.get()
        let indexPath = fixture.path("\(UUID().uuidString).index")
        let built = try ContactsExecutable.run(["index", fixture.contactsPath, "--out", indexPath, "--quiet"])
        #expect(built.status == 0)
        #expect(built.stdout.isEmpty && built.stderr.isEmpty)

        let reopened = try ContactSearchIndex(contentsOfFile: indexPath)
        #expect(reopened.count == fixture.index.count)
        let queries = fixture.queries(seed: 71, count: 25)
        let queryFile = try fixture.writeQueries(queries)
        for field in SearchField.allCases {
            for query in queries {
                let same =
                    reopened.search(query, field: field, limit: 50)
                    == fixture.index.search(query, field: field, limit: 50)
                #expect(same, "the reopened index differs on '\(query)' under \(field)")
            }
        }
        // The same command over the fixture and over its saved index: the same lines but for
        // the times.
        var results: [[SearchOutputLine]] = []
        for file in [fixture.contactsPath, indexPath] {
            let output = try ContactsExecutable.run([
                "search", file, "--queries", queryFile, "--field", "name", "--limit", "all", "--json", "--quiet",
            ])
            try SearchCommandTests.expectEqualsLibrary(
                output, queries: queries, index: fixture.index, field: .name, limit: nil)
            results.append(
                try SearchJSONOutput(output).lines.map { line in
                    var line = line
                    line.micros = 0
                    return line
                })
        }
        let sameOutput = results.count == 2 && results[0] == results[1]
        #expect(sameOutput, "searching the index and the fixture differ")
    }

    @Test func aVCardFileIsIndexedLikeTheLibraryReadsIt() throws {
        let fixture = try SearchCommandFixture.shared.get()
        let cards = fixture.contacts.suffix(300).map(SearchCommandTests.vCard).joined()
        let file = try fixture.write(Array(cards.utf8), named: "book.vcf")
        let indexPath = fixture.path("\(UUID().uuidString).index")
        let built = try ContactsExecutable.run(["index", file, "--out", indexPath])
        #expect(built.status == 0)
        // Without --quiet: one summary line naming the count and the output.
        #expect(built.stderrLines.count == 1)
        #expect(built.stderrText.contains("300 contacts") && built.stderrText.contains(indexPath))

        let library = ContactSearchIndex(try VCardParser.parse(fileAtPath: file).contacts)
        let queries = fixture.queries(seed: 83, count: 20)
        let output = try ContactsExecutable.run([
            "search", indexPath, "--queries", try fixture.writeQueries(queries), "--limit", "all", "--json", "--quiet",
        ])
        try SearchCommandTests.expectEqualsLibrary(output, queries: queries, index: library, field: .any, limit: nil)
    }

    /// Inputs `contacts index` must refuse with exit status 1, one line on stderr and no file.
    enum BadInput: String, CaseIterable, Sendable {
        case missingOut, missingFile, fileIsAnIndex, outDirectoryMissing, outIsADirectory, outIsTheInput
        case invalidUTF8Fixture, extraArgument

        /// The arguments, and the path that must not have been written (nil: nothing to check).
        func arguments(_ fixture: SearchCommandFixture) throws -> (arguments: [String], untouched: String?) {
            let out = fixture.path("\(UUID().uuidString).index")
            switch self {
            case .missingOut: return (["index", fixture.contactsPath], nil)
            case .missingFile: return (["index", fixture.path("absent.jsonl"), "--out", out], out)
            case .fileIsAnIndex:
                let saved = fixture.path("\(UUID().uuidString).index")
                try fixture.index.save(toFile: saved)
                return (["index", saved, "--out", out], out)
            case .outDirectoryMissing:
                return (["index", fixture.contactsPath, "--out", fixture.path("absent/dir/x.index")], nil)
            case .outIsADirectory: return (["index", fixture.contactsPath, "--out", fixture.directory], nil)
            case .outIsTheInput:
                let copy = try fixture.write(Array("{\"id\":\"c1\",\"displayName\":\"Jo\"}\n".utf8), named: "c.jsonl")
                return (["index", copy, "--out", copy], nil)
            case .invalidUTF8Fixture:
                let line = Array(#"{"id":"c1","displayName":"Jos"#.utf8) + [0xE9] + Array("\"}\n".utf8)
                return (["index", try fixture.write(line, named: "latin.jsonl"), "--out", out], out)
            case .extraArgument: return (["index", fixture.contactsPath, "extra", "--out", out], out)
            }
        }
    }

    @Test(arguments: BadInput.allCases)
    func badInputExitsOneWithOneLineAndWritesNothing(input: BadInput) throws {
        let fixture = try SearchCommandFixture.shared.get()
        let (arguments, untouched) = try input.arguments(fixture)
        let before = arguments.count > 1 ? FileManager.default.contents(atPath: arguments[1]) : nil
        let output = try ContactsExecutable.run(arguments)
        #expect(output.exited)
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.count == 1, "\(output.stderrText)")
        #expect(output.stderrText.hasPrefix("contacts index: "))
        if let untouched { #expect(!FileManager.default.fileExists(atPath: untouched)) }
        #expect(FileManager.default.contents(atPath: arguments[1]) == before, "the input is unchanged")
    }
}
