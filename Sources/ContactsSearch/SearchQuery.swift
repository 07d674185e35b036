/// A search query split into terms (PROTOCOL §2): the maximal runs of code points that are
/// not Unicode White_Space — except that a query which, trimmed and with its whitespace runs
/// collapsed to one space, is itself a phone term is that one term (a number as people write
/// it, not separate fragments).
///
/// ```swift
/// let query = SearchQuery("  José\u{3000} núñez ")
/// query.terms       // ["José", "núñez"]
/// query.normalized  // "José núñez"
/// SearchQuery("+49 30 1234").terms  // ["+49 30 1234"]: digits 49301234
/// ```
package struct SearchQuery: Hashable, Sendable {
    /// The terms, in order; empty for a blank query (which matches every contact).
    package let terms: [String]

    /// Splits `text` on Unicode White_Space.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package init(_ text: String) {
        var terms: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if Self.isWhitespace(scalar) {
                if !current.isEmpty {
                    terms.append(String(current))
                    current = String.UnicodeScalarView()
                }
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { terms.append(String(current)) }
        if terms.count > 1 {
            let whole = Self.joined(terms)
            if SearchFolding.isPhoneTerm(whole, allowingSpaces: true) { terms = [whole] }
        }
        self.terms = terms
    }

    /// `terms` joined with one space between them.
    private static func joined(_ terms: [String]) -> String {
        // Appended one by one: `joined(separator:)` looks up generic metadata on every call,
        // which costs more than the rest of a short query's split.
        var text = ""
        for term in terms {
            if !text.isEmpty { text += " " }
            text += term
        }
        return text
    }

    /// True for Unicode White_Space; ASCII is answered without the property tables, whose
    /// lookup costs more than the rest of a short query's split.
    @inline(__always)
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            // Tab, line feed, vertical tab, form feed, carriage return, space.
            return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value)
        }
        return scalar.properties.isWhitespace
    }

    /// The query trimmed, with every inner run of whitespace collapsed to one space: the text
    /// whose fold ranking tier 0 compares with `fold(displayName)`, and the form recent
    /// searches record.
    package var normalized: String {
        Self.joined(terms)
    }

    /// True when the query has no terms.
    package var isEmpty: Bool {
        terms.isEmpty
    }
}
