/// A search query split into terms (PROTOCOL §2): the maximal runs of code points that are
/// not Unicode White_Space.
///
/// ```swift
/// let query = SearchQuery("  José\u{3000} núñez ")
/// query.terms       // ["José", "núñez"]
/// query.normalized  // "José núñez"
/// ```
public struct SearchQuery: Hashable, Sendable {
    /// The terms, in order; empty for a blank query (which matches every contact).
    public let terms: [String]

    /// Splits `text` on Unicode White_Space.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public init(_ text: String) {
        var terms: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !current.isEmpty {
                    terms.append(String(current))
                    current = String.UnicodeScalarView()
                }
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { terms.append(String(current)) }
        self.terms = terms
    }

    /// The query trimmed, with every inner run of whitespace collapsed to one space: the text
    /// whose fold ranking tier 0 compares with `fold(displayName)`, and the form recent
    /// searches record.
    public var normalized: String {
        terms.joined(separator: " ")
    }

    /// True when the query has no terms.
    public var isEmpty: Bool {
        terms.isEmpty
    }
}
