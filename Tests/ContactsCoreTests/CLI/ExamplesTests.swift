import ContactsCore
import ContactsJSON
import Foundation
import Testing

/// The worked examples in `data/examples` (quoted by the README) give exactly the committed
/// outputs: a JSON-RPC session through `contacts serve`, in memory and with a store, a
/// `contacts match` of a vCard book, and `contacts search` over the same book.
struct ExamplesTests {
    /// `data/examples`, found from this file's place in the repository.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/examples").path

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
    }

    static func path(_ name: String) -> String { directory + "/" + name }

    @Test func sessionAnswersAsCommitted() throws {
        let output = try ContactsExecutable.run(["serve", "--stdio"], stdin: try Self.bytes("session.jsonl"))
        #expect(output.status == 0 && output.exited, "\(output.stderrText)")
        #expect(output.stdoutText == String(decoding: try Self.bytes("session.expected.jsonl"), as: UTF8.self))
    }

    @Test func sessionAnswersTheSameWithAStoreAndAfterARestart() throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("examples-\(UUID()).db").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        }
        let session = try Self.bytes("session.jsonl")
        let first = try ContactsExecutable.run(["serve", "--stdio", "--store", store], stdin: session)
        #expect(first.stdoutText == String(decoding: try Self.bytes("session.expected.jsonl"), as: UTF8.self))
        // Reopened, the reads of the session (matches, mutuals, feed) answer as before.
        let reads = String(decoding: session, as: UTF8.self).split(separator: "\n")
            .filter { $0.contains("lookupContactMatches") || $0.contains("getMutualFollows") || $0.contains("getFeed") }
        let again = try ContactsExecutable.run(
            ["serve", "--stdio", "--store", store], stdin: Array((reads.joined(separator: "\n") + "\n").utf8))
        let expected = first.stdoutText.split(separator: "\n").filter { line in
            ["\"id\":5,", "\"id\":6,", "\"id\":9,", "\"id\":16,"].contains { line.contains($0) }
        }
        #expect(expected.count == 4)
        #expect(again.stdoutText.split(separator: "\n") == expected)
    }

    @Test func matchPrintsTheCommittedMatches() throws {
        let output = try ContactsExecutable.run([
            "match", "--users", Self.path("users.jsonl"), "--book", Self.path("book.vcf"), "--region", "US",
        ])
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(output.stdoutText == String(decoding: try Self.bytes("match.expected.jsonl"), as: UTF8.self))
    }

    @Test func searchFindsTheCommittedIds() throws {
        let output = try ContactsExecutable.run([
            "search", Self.path("book.vcf"), "--queries", Self.path("queries.txt"), "--limit", "all", "--json",
        ])
        #expect(output.status == 0, "\(output.stderrText)")
        // Every line but the summary, without its timing.
        let answered = try output.stdoutLines.dropLast().map { line -> JSONValue in
            var object = try #require(try JSONParser.parse(line).objectValue)
            #expect(object["micros"] != nil)
            object["micros"] = nil
            return .object(object)
        }
        let expected = try String(decoding: try Self.bytes("search.expected.jsonl"), as: UTF8.self)
            .split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(answered == expected)
    }
}
