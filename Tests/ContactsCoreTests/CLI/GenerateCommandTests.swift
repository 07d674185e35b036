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
        ["generate", "--out", "/tmp/x"],
        ["generate", "--contacts", "-5", "--out", "/tmp/x"],
        ["generate", "--contacts", "10", "--seed", "abc", "--out", "/tmp/x"],
        ["generate", "--contacts", "10"],
    ])
    func badOptionsExitOneWithOneLine(arguments: [String]) throws {
        let output = try ContactsExecutable.run(arguments)
        #expect(output.status == 1)
        #expect(output.stderrLines.filter { !$0.isEmpty }.count == 1)
    }
}
