import ContactsSearch
import Testing

@testable import ContactsCore

/// PROTOCOL §2 folding, digits, phone terms and words against the golden table Python made
/// (scripts/search/generate_fold_golden.py).
@Suite struct SearchFoldingTests {
    struct Row {
        let input: String
        let fold: String
        let digits: String
        let isPhoneTerm: Bool
        let words: [String]
        let isPhoneQuery: Bool
    }

    static func scalars(_ hex: Substring) -> String {
        var text = String.UnicodeScalarView()
        for point in hex.split(separator: " ") {
            if let value = UInt32(point, radix: 16), let scalar = Unicode.Scalar(value) { text.append(scalar) }
        }
        return String(text)
    }

    static let rows: [Row] = FoldGolden.table.split(separator: "\n").map { line in
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
        return Row(
            input: scalars(columns[0]), fold: scalars(columns[1]), digits: String(columns[2]),
            isPhoneTerm: columns[3] == "1",
            words: columns[4].isEmpty ? [] : columns[4].split(separator: "|").map { scalars($0) },
            isPhoneQuery: columns[5] == "1")
    }

    @Test func tableIsComplete() {
        #expect(Self.rows.count > 6000)
        #expect(Self.rows.allSatisfy { !$0.input.isEmpty })
    }

    @Test func foldMatchesPython() {
        var failures: [String] = []
        for row in Self.rows where SearchFolding.fold(row.input) != row.fold {
            failures.append("\(row.input.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(failures.isEmpty, "fold differs from Python for \(failures.prefix(20))")
    }

    @Test func digitsMatchPython() {
        let failures = Self.rows.filter { SearchFolding.digits($0.input) != $0.digits }.map(\.input)
        #expect(failures.isEmpty, "digits differ from Python for \(failures.prefix(20))")
    }

    @Test func phoneTermsMatchPython() {
        let failures = Self.rows.filter { SearchFolding.isPhoneTerm($0.input) != $0.isPhoneTerm }.map(\.input)
        #expect(failures.isEmpty, "phone-term test differs from Python for \(failures.prefix(20))")
    }

    /// A whole query is one phone term when, its whitespace collapsed, it is a phone term with
    /// spaces (PROTOCOL §2): the query's terms are then that one term, with its digits.
    @Test func phoneQueriesMatchPython() {
        var failures: [String] = []
        for row in Self.rows {
            let query = SearchQuery(row.input)
            let oneTerm = query.terms.count == 1 && SearchTerm(query.terms[0]).phoneDigits != nil
            // A query of one term without spaces is one term either way; it is a phone query
            // exactly when that term is a phone term.
            let expected = row.isPhoneQuery && !query.isEmpty
            if oneTerm != expected { failures.append(row.input) }
            if oneTerm, let digits = SearchTerm(query.terms[0]).phoneDigits, digits != Array(row.digits.utf8) {
                failures.append(row.input)
            }
        }
        #expect(failures.isEmpty, "phone queries differ from Python for \(failures.prefix(20))")
    }

    @Test func numberWithSpacesIsOneTerm() {
        #expect(SearchQuery("+49 30 1234").terms == ["+49 30 1234"])
        #expect(SearchQuery("  +49\u{00A0}30\u{3000} 1234 ").terms == ["+49 30 1234"])
        #expect(SearchTerm("+49 30 1234").phoneDigits == Array("49301234".utf8))
        #expect(SearchQuery("+49 30 x").terms == ["+49", "30", "x"])
        #expect(SearchQuery("Anna 30").terms == ["Anna", "30"])
        #expect(SearchQuery("- -").terms == ["-", "-"])
    }

    /// Words of the fold: maximal runs of general category L, N, M (ICU's categories against
    /// Python's).
    @Test func wordsMatchPython() {
        var failures: [String] = []
        for row in Self.rows {
            var words: [String] = []
            var current = String.UnicodeScalarView()
            for scalar in row.fold.unicodeScalars {
                if SearchFolding.isWordScalar(scalar.value) {
                    current.append(scalar)
                } else if !current.isEmpty {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                }
            }
            if !current.isEmpty { words.append(String(current)) }
            if words != row.words { failures.append(row.input) }
        }
        #expect(failures.isEmpty, "words differ from Python for \(failures.prefix(20))")
    }

    @Test(arguments: [
        ("José Núñez", "jose nunez"), ("Straße", "strasse"), ("İstanbul", "istanbul"), ("ﬁnance", "finance"),
        ("ΟΔΥΣΣΕΥΣ", "οδυσσευσ"), ("ＡＢＣ", "abc"), ("", ""), ("ABC xyz 09", "abc xyz 09"), ("Łódź", "lodz"),
        ("Søren", "soren"), ("Đức", "duc"), ("Þór", "thor"), ("Æon œuvre", "aeon oeuvre"), ("ıİ", "ii"),
    ])
    func examples(input: String, folded: String) {
        #expect(SearchFolding.fold(input) == folded)
    }

    @Test func hangulSyllableDecomposesSoPrefixesMatch() {
        // 기 is a prefix of 김 once both are decomposed into jamo (on code points: as
        // Characters, Swift would compare whole grapheme clusters and say no).
        #expect(SearchFolding.fold("김").unicodeScalars.starts(with: SearchFolding.fold("기").unicodeScalars))
        #expect(SearchFolding.fold("기").unicodeScalars.count == 2)
    }

    @Test func queryTermsSplitOnUnicodeWhiteSpace() {
        let query = SearchQuery(" \tJosé\u{3000}\u{00A0}núñez\u{2028}x ")
        #expect(query.terms == ["José", "núñez", "x"])
        #expect(query.normalized == "José núñez x")
        #expect(SearchQuery(" \u{3000} ").isEmpty)
        // U+180E is no longer White_Space; U+200B never was.
        #expect(SearchQuery("a\u{200B}b").terms == ["a\u{200B}b"])
    }

    /// The split answers ASCII without the property tables: it must agree with them there.
    @Test func asciiWhiteSpaceIsThePropertys() {
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            let terms = SearchQuery("a\(Character(scalar))b").terms
            #expect(terms.count == (scalar.properties.isWhitespace ? 2 : 1), "U+\(String(value, radix: 16))")
        }
    }
}
