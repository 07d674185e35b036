import ContactsCore
import ContactsJSON
import ContactsSupport
import Testing

/// Ids and JSON keys compare by UTF-8 bytes, never by canonical equivalence.
@Suite struct ExactStringTests {
    /// Strings that are pairwise canonically equivalent, or differ only in bytes Swift's `==` may hide.
    static let tricky: [String] = [
        "", "a", "é", "e\u{301}", "Å", "A\u{30A}", "\u{212B}", "ﬁ", "fi", "ab", "ba", "abc\u{0}", "abc",
        "𝒜", "日本", "日本語", String(repeating: "x", count: 40), String(repeating: "x", count: 41),
    ]

    @Test func utf8EqualsIsByteEquality() {
        for left in Self.tricky {
            for right in Self.tricky {
                #expect(
                    left.utf8Equals(right) == Array(left.utf8).elementsEqual(right.utf8), "\(left) vs \(right)")
                #expect(
                    (ExactString(left) == ExactString(right)) == Array(left.utf8).elementsEqual(right.utf8))
            }
        }
    }

    @Test func canonicallyEquivalentIdsStayDistinct() {
        let keys: Set<ExactString> = [ExactString("é"), ExactString("e\u{301}"), ExactString("é")]
        #expect(keys.count == 2)
        #expect("é" == "e\u{301}")  // Swift's own equality merges them; ours must not.
    }

    @Test func jsonObjectKeysMatchByBytes() throws {
        let object = try #require(JSONParser.parse(#"{"é":1,"e\u0301":2,"a":3,"a":4}"#).objectValue)
        #expect(object["é"] == .integer(1))
        #expect(object["e\u{301}"] == .integer(2))
        #expect(object["a"] == .integer(4))  // the last of repeated keys
    }
}
