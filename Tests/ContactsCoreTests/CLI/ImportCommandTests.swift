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
        #expect(!library.problems.isEmpty)
        // One line per problem, in order, naming the file and the problem's line.
        #expect(output.stderrLines == library.problems.map { "contacts import: \(path): \($0)" })
        #expect(output.stderrLines.allSatisfy { $0.contains(": line ") })
    }

    @Test func anUnreadableOrEmptyFileExitsOneWithOneLine() throws {
        let missing = try ContactsExecutable.run(["import", "/nonexistent/book.vcf"])
        #expect(missing.status == 1)
        #expect(missing.stderrLines == ["contacts import: cannot read /nonexistent/book.vcf: no such file"])
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID()).vcf")
        try Data("hello\n".utf8).write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        let noCard = try ContactsExecutable.run(["import", empty.path])
        #expect(noCard.status == 1)
        #expect(noCard.stdout.isEmpty)
        #expect(noCard.stderrLines == ["contacts import: \(empty.path): no vCard (BEGIN:VCARD) found"])
    }

    @Test(arguments: ["ios-3.0.vcf", "malformed.vcf"])
    func aDashReadsTheFileFromStandardInput(name: String) throws {
        let path = Self.fixtures.appendingPathComponent(name).path
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let viaFile = try ContactsExecutable.run(["import", path])
        let viaStdin = try ContactsExecutable.run(["import", "-"], stdin: bytes)
        #expect(viaStdin.status == 0, "\(viaStdin.stderrText)")
        #expect(!viaStdin.stdout.isEmpty)
        #expect(viaStdin.stdout == viaFile.stdout)
        // Problems name standard input where the file's name would stand.
        let library = try VCardParser.parse(fileAtPath: path)
        #expect(viaStdin.stderrLines == library.problems.map { "contacts import: standard input: \($0)" })
    }

    @Test func standardInputWithoutACardExitsOne() throws {
        let output = try ContactsExecutable.run(["import", "-"], stdin: Array("hello\n".utf8))
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines == ["contacts import: standard input: no vCard (BEGIN:VCARD) found"])
    }
}
