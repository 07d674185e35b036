import ContactsSupport

/// One query term compiled for matching: its fold, its code points, and its digits when it
/// is a phone term.
package struct SearchTerm: Sendable {
    /// The UTF-8 bytes of `fold(term)`.
    package let needle: [UInt8]
    /// The code points of `needle`.
    package let scalars: [UInt32]
    /// `digits(term)` when the term is a phone term, else nil.
    package let phoneDigits: [UInt8]?
    /// True when every code point of `needle` is a word character, so the term can be the
    /// prefix of a word (ranking tier 1); an empty needle counts.
    package let isWordPrefixCandidate: Bool

    /// Compiles `term` (a term of a ``SearchQuery``: a phone term may hold spaces when it is the
    /// whole query).
    package init(_ term: String) {
        var needle: [UInt8] = []
        SearchFolding.appendFolded(term, to: &needle)
        self.needle = needle
        scalars = UTF8Scalars.decode(needle)
        if SearchFolding.isPhoneTerm(term, allowingSpaces: true) {
            var digits: [UInt8] = []
            SearchFolding.appendDigits(of: term, to: &digits)
            phoneDigits = digits
        } else {
            phoneDigits = nil
        }
        isWordPrefixCandidate = scalars.allSatisfy(SearchFolding.isWordScalar)
    }
}
