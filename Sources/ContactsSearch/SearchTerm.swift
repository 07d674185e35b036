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

extension SearchTerm {
    /// A term's needle and phone digits as views, for tests run on every contact of a scan:
    /// reading them retains no array.
    package struct View {
        /// The UTF-8 bytes of `fold(term)`.
        package let needle: UnsafeBufferPointer<UInt8>
        /// `digits(term)` when the term is a phone term, else nil.
        package let phoneDigits: UnsafeBufferPointer<UInt8>?
    }

    /// Calls `body` with the views of `terms`, in order, valid inside `body` (their bytes are
    /// copied into one buffer).
    ///
    /// - Complexity: O(b) in the terms' bytes.
    package static func withViews<R>(of terms: [SearchTerm], _ body: (UnsafeBufferPointer<View>) -> R) -> R {
        var bytes: [UInt8] = []
        var ranges: [(needle: Range<Int>, digits: Range<Int>?)] = []
        for term in terms {
            let needleStart = bytes.count
            bytes.append(contentsOf: term.needle)
            let needle = needleStart..<bytes.count
            var digits: Range<Int>?
            if let phoneDigits = term.phoneDigits {
                let digitsStart = bytes.count
                bytes.append(contentsOf: phoneDigits)
                digits = digitsStart..<bytes.count
            }
            ranges.append((needle, digits))
        }
        return bytes.withUnsafeBufferPointer { buffer in
            let views = ranges.map { range in
                View(
                    needle: UnsafeBufferPointer(rebasing: buffer[range.needle]),
                    phoneDigits: range.digits.map { UnsafeBufferPointer(rebasing: buffer[$0]) })
            }
            return views.withUnsafeBufferPointer(body)
        }
    }
}
