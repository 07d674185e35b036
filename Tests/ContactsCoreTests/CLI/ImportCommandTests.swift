import ContactsCore
import ContactsJSON
import ContactsVCard
import Foundation
import Testing

/// `contacts import FILE.vcf` through the binary: JSON Lines out, problems on stderr.
struct ImportCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("VCard/Fixtures")

    @Test func writesOneContactLinePerCardMatchingTheLibrary() throws {
        let path = Self.fixtures.appendingPathComponent("ios-3.0.vcf").path
        let output = try ContactsExecutable.run(["import", path])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        let expected = try VCardParser.parse(fileAtPath: path).contacts.map(\.jsonValue)
        let lines = output.stdoutLines.filter { !$0.isEmpty }
        let parsed = try lines.map { try JSONParser.parse($0) }
        #expect(parsed == expected)
        #expect(!parsed.isEmpty)
    }

    @Test func malformedCardsAreReportedWithLineNumbersAndTheRestImported() throws {
        let path = Self.fixtures.appendingPathComponent("malformed.vcf").path
        let output = try ContactsExecutable.run(["import", path])
        #expect(output.status == 0)
        let library = try VCardParser.parse(fileAtPath: path)
        #expect(output.stdoutLines.filter { !$0.isEmpty }.count == library.contacts.count)
        let reported = output.stderrLines.filter { !$0.isEmpty }
        #expect(reported.count == library.problems.count)
        #expect(reported.allSatisfy { $0.contains(": line ") })
    }

    @Test func anUnreadableOrEmptyFileExitsOneWithOneLine() throws {
        let missing = try ContactsExecutable.run(["import", "/nonexistent/book.vcf"])
        #expect(missing.status == 1)
        #expect(missing.stderrLines.filter { !$0.isEmpty }.count == 1)
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID()).vcf")
        try Data("hello\n".utf8).write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        let noCard = try ContactsExecutable.run(["import", empty.path])
        #expect(noCard.status == 1)
        #expect(noCard.stdout.isEmpty)
    }
}
