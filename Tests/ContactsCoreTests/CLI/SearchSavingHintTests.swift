import Foundation
import Testing

/// `contacts search` on contacts (not a saved index) says once on stderr, when the index took
/// a second or more to build, that `contacts index` saves it (issue 26 item 9); never for a
/// quick build, a saved index, or under `--quiet`.
struct SearchSavingHintTests {
    /// The stderr lines of a run that name `contacts index`.
    static func hints(_ output: ProcessOutput) -> [String] {
        output.stderrLines.filter { $0.contains("`contacts index ") }
    }

    /// The fixture's contacts written `copies` times over, each copy's ids made distinct.
    static func copies(_ copies: Int, of fixture: SearchCommandFixture) throws -> String {
        let text = try String(contentsOfFile: fixture.contactsPath, encoding: .utf8)
        let many = (0..<copies).map { copy in text.replacingOccurrences(of: #""id":""#, with: #""id":"\#(copy)-"#) }
        return try fixture.write(Array(many.joined().utf8), named: "copies-\(copies).jsonl")
    }

    @Test func aSlowBuildIsNamedOnceAndAQuickOneNever() throws {
        let fixture = try SearchCommandFixture.shared.get()
        // Grown until the build takes a second, so that both sides of the rule are seen.
        var copies = 4
        var sawSlow = false
        while !sawSlow && copies <= 256 {
            let path = try Self.copies(copies, of: fixture)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let output = try ContactsExecutable.run(["search", path, "ma", "--json"])
            #expect(output.status == 0, "\(output.stderrText)")
            let buildMillis = try #require(try SearchJSONOutput(output).summary.last)
            let hints = Self.hints(output)
            if buildMillis >= 1000 {
                sawSlow = true
                #expect(hints.count == 1, "\(output.stderrLines)")
                #expect(hints.first?.contains(path) == true)
                let quiet = try ContactsExecutable.run(["search", path, "ma", "--json", "--quiet"])
                #expect(quiet.stderr.isEmpty, "\(quiet.stderrText)")
            } else {
                #expect(hints.isEmpty, "\(buildMillis) ms: \(output.stderrLines)")
            }
            copies *= 4
        }
        #expect(sawSlow)
    }

    @Test func aSavedIndexGetsNoHint() throws {
        let fixture = try SearchCommandFixture.shared.get()
        let output = try ContactsExecutable.run(["search", fixture.indexPath, "ma", "--json"])
        #expect(output.status == 0)
        #expect(Self.hints(output).isEmpty)
    }
}
