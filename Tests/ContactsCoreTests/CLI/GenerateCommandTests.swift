import ContactsCore
import ContactsFixtures
import Foundation
import Testing

/// `contacts generate` through the binary: the library's bytes, deterministic, clear errors.
struct GenerateCommandTests {
    private func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("generate-\(UUID())").path
    }

    @Test func sameOptionsGiveTheSameBytesAsTheLibrary() throws {
        let viaCLI = temporaryDirectory()
        let viaLibrary = temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: viaCLI)
            try? FileManager.default.removeItem(atPath: viaLibrary)
        }
        let output = try ContactsExecutable.run(
            ["generate", "--contacts", "2000", "--users", "150", "--seed", "7", "--out", viaCLI, "--quiet"])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        _ = try FixtureGenerator(options: .init(contacts: 2000, users: 150, seed: 7)).generate(into: viaLibrary)
        for file in ["contacts.jsonl", "users.jsonl", "follows.jsonl", "events.jsonl"] {
            let cli = FileManager.default.contents(atPath: viaCLI + "/" + file)
            #expect(cli != nil && cli == FileManager.default.contents(atPath: viaLibrary + "/" + file), "\(file)")
        }
    }

    @Test(arguments: [
        (["generate", "--out", "/tmp/x"], "missing --contacts"),
        (
            ["generate", "--contacts", "-5", "--out", "/tmp/x"],
            "--contacts must be an integer between 0 and \(FixtureGenerator.Options.maximumContacts), not '-5'"
        ),
        (
            ["generate", "--contacts", "10", "--seed", "abc", "--out", "/tmp/x"],
            "--seed must be a non-negative integer, not 'abc'"
        ),
        (["generate", "--contacts", "10"], "missing --out"),
        (["generate", "--contacts", "10", "--out"], "--out needs a value"),
    ])
    func badOptionsExitOneWithOneLine(arguments: [String], message: String) throws {
        let output = try ContactsExecutable.run(arguments)
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines == ["contacts generate: \(message)"])
    }

    @Test func theSummaryCountsInTheSingularForOne() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try ContactsExecutable.run(["generate", "--contacts", "1", "--users", "1", "--out", directory])
        #expect(output.status == 0, "\(output.stderrText)")
        let summary = try FixtureGenerator(options: .init(contacts: 1, users: 1)).generate(into: directory + "-library")
        defer { try? FileManager.default.removeItem(atPath: directory + "-library") }
        #expect(summary.contacts == 1 && summary.owners == 1 && summary.users == 1 && summary.follows == 0)
        let events = summary.events == 1 ? "1 event" : "\(summary.events) events"
        #expect(
            output.stderrLines.last == "generate: 1 contact of 1 owner, 1 user, 0 follows, \(events) in \(directory)")
    }
}
