import ContactsCore
import ContactsModel
import Testing

/// PROTOCOL §1's id rules, checked against the definition: 1–128 UTF-8 bytes, no code point of
/// general category Cc.
@Suite struct IdentifierTests {
    /// The model: Unicode's own general category of every scalar.
    static func isValidByDefinition(_ candidate: String) -> Bool {
        let byteCount = candidate.utf8.count
        return byteCount >= 1 && byteCount <= Identifier.maximumByteCount
            && !candidate.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    @Test func everyScalarAroundTheControlRangesIsJudgedByItsCategory() {
        let scalars = (0..<0x800).compactMap(Unicode.Scalar.init) + ["\u{FEFF}", "\u{200B}", "\u{1F600}", "\u{10FFFF}"]
        for scalar in scalars {
            for candidate in [String(scalar), "a\(scalar)b", "\u{C2}\(scalar)", "\(scalar)\u{80}"] {
                #expect(Identifier.isValid(candidate) == Self.isValidByDefinition(candidate), "U+\(scalar.value)")
            }
        }
    }

    @Test func lengthsAreCountedInUTF8Bytes() {
        #expect(!Identifier.isValid(""))
        #expect(Identifier.isValid(String(repeating: "a", count: 128)))
        #expect(!Identifier.isValid(String(repeating: "a", count: 129)))
        #expect(Identifier.isValid(String(repeating: "é", count: 64)))
        #expect(!Identifier.isValid(String(repeating: "é", count: 64) + "a"))
        #expect(Identifier.problem(with: "a\u{1}") == "contains a control character")
        #expect(Identifier.problem(with: "a\u{9F}") == "contains a control character")
        #expect(Identifier.problem(with: "") == "is empty")
    }
}
