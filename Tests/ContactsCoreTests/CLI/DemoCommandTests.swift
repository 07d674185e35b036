import ContactsCore
import ContactsFixtures
import Foundation
import Testing

/// `contacts demo` through the binary: a small fixture loads and every section is shown;
/// a bad fixture exits 1 with one line.
struct DemoCommandTests {
    static let sectionTitles = [
        "Loading the fixture", "Search as you type", "Phone fragment", "Without diacritics", "Find Your Friends",
        "Followers", "Feed",
    ]

    private static func generatedFixture(contacts: Int, users: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID())").path
        _ = try FixtureGenerator(options: .init(contacts: contacts, users: users, seed: 11)).generate(into: path)
        return path
    }

    private static func lineCount(_ path: String) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    @Test func smallFixtureShowsEverySectionWithTheFixturesCounts() throws {
        let directory = try Self.generatedFixture(contacts: 3000, users: 300)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try ContactsExecutable.run(["demo", "--fixture", directory, "--quiet"])
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(output.stderr.isEmpty)
        let lines = output.stdoutText.split(separator: "\n").map(String.init)
        for title in Self.sectionTitles {
            let index = lines.firstIndex(of: title)
            #expect(index != nil, "section \(title)")
            // Each title is underlined and followed by content.
            if let index { #expect(index + 2 < lines.count && lines[index + 1].hasPrefix("─")) }
        }
        // The loading table reports what the files hold.
        let expectedCounts = [
            ("users", 300), ("contacts", 3000), ("follows", try Self.lineCount(directory + "/follows.jsonl")),
            ("events", try Self.lineCount(directory + "/events.jsonl")),
        ]
        for (file, count) in expectedCounts {
            let row = lines.first { $0.hasPrefix("  \(file) ") }
            let fields = row?.split(separator: " ").map(String.init) ?? []
            #expect(fields.count > 1 && fields[1] == DemoCommandTests.grouped(count), "\(file): \(row ?? "no row")")
        }
        #expect(!output.stdoutText.contains("(the sample user has no contacts)"))
        #expect(output.stdoutText.contains("\ndone in "))
    }

    /// `count` with thousands separators, as the demo prints it.
    static func grouped(_ count: Int) -> String {
        let digits = Array(String(count))
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    @Test func oneOfAThingIsCountedInTheSingular() throws {
        let directory = try Self.generatedFixture(contacts: 1, users: 1)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try ContactsExecutable.run(["demo", "--fixture", directory, "--quiet"])
        #expect(output.status == 0, "\(output.stderrText)")
        let text = output.stdoutText
        for phrase in ["uploaded to 1 book in 1 upload", "over the 1 contact of", "uploaded 1 contact;", "(1 page of"] {
            #expect(text.contains(phrase), "\(phrase)")
        }
        // No "1 contacts", "1 users", … anywhere.
        let pluralAfterOne = try Regex(#"(^|[^0-9.,])1 (registered )?[a-z]+s\b"#)
        let offending = text.split(separator: "\n").filter { $0.contains(pluralAfterOne) }
        #expect(offending.isEmpty, "\(offending)")
    }

    @Test func missingDirectoryExitsOneWithOneLine() throws {
        let output = try ContactsExecutable.run(["demo", "--fixture", "/nonexistent/demo-fixture", "--quiet"])
        #expect(output.status == 1)
        #expect(output.stderrLines == ["contacts demo: /nonexistent/demo-fixture: no such directory"])
    }

    @Test func missingFixtureOptionExitsOne() throws {
        let output = try ContactsExecutable.run(["demo"])
        #expect(output.status == 1)
        #expect(output.stderrLines == ["contacts demo: missing --fixture"])
    }

    @Test func badRecordsAreNamedByFileAndLine() throws {
        let directory = try Self.generatedFixture(contacts: 200, users: 20)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let follows = directory + "/follows.jsonl"
        let original = try String(contentsOfFile: follows, encoding: .utf8)
        let lines = try Self.lineCount(follows)

        // A follow of a user who does not exist: the engine's refusal, with its line.
        try (original + #"{"followerId":"u000001","followeeId":"nobody","since":1}"# + "\n")
            .write(toFile: follows, atomically: true, encoding: .utf8)
        let unknown = try ContactsExecutable.run(["demo", "--fixture", directory, "--quiet"])
        #expect(unknown.status == 1)
        #expect(unknown.stderrLines.count == 1, "\(unknown.stderrText)")
        #expect(
            unknown.stderrText.contains(
                "follows.jsonl line \(lines + 1): the engine refused it: user 'nobody' is not registered"))

        // A line that is not JSON.
        try (original + "{oops\n").write(toFile: follows, atomically: true, encoding: .utf8)
        let invalid = try ContactsExecutable.run(["demo", "--fixture", directory, "--quiet"])
        #expect(invalid.status == 1)
        #expect(invalid.stderrLines.count == 1, "\(invalid.stderrText)")
        #expect(invalid.stderrText.contains("follows.jsonl line \(lines + 1): invalid JSON"))
    }
}
