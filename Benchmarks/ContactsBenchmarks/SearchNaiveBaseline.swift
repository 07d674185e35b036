import ContactsCore
import ContactsModel
import ContactsSearch
import ContactsSupport

/// The naive scan of PROTOCOL §2 (the baseline): every contact's fields folded (and its display
/// name split into words) once up front, then each query tests every term on every contact,
/// ranks all the matches and sorts them.
struct SearchNaiveBaseline {
    private struct Entry {
        let name: [UInt8]
        let organization: [UInt8]
        let emails: [[UInt8]]
        let phoneDigits: [[UInt8]]
        let id: String
        let words: [[UInt8]]
    }

    private let entries: [Entry]

    init(_ contacts: [Contact]) {
        self.init(count: contacts.count) { contacts[$0] }
    }

    /// The scan of `count` contacts, `contact(i)` the `i`th.
    init(count: Int, contact: (Int) -> Contact) {
        entries = (0..<count).map { contact($0) }.map { contact in
            let name = SearchFolding.fold(contact.effectiveDisplayName)
            let words = name.unicodeScalars.split { !SearchFolding.isWordScalar($0.value) }
                .map { Array(String(String.UnicodeScalarView($0)).utf8) }
            return Entry(
                name: Array(name.utf8),
                organization: Array(SearchFolding.fold(contact.organizationName).utf8),
                emails: contact.emailAddresses.map { Array(SearchFolding.fold($0.value).utf8) },
                phoneDigits: contact.phoneNumbers.map { Array(SearchFolding.digits($0.value).utf8) }, id: contact.id,
                words: words)
        }
    }

    /// The total and the ids of ranks `skip ..< skip + limit` of `query` under the `any` field.
    func search(_ query: String, skip: Int = 0, limit: Int) -> (total: Int, ids: [String]) {
        let parsed = SearchQuery(query)
        let needles = parsed.terms.map { Array(SearchFolding.fold($0).utf8) }
        let digits = parsed.terms.map {
            SearchFolding.isPhoneTerm($0, allowingSpaces: true) ? Array(SearchFolding.digits($0).utf8) : nil
        }
        let prefix = Array(SearchFolding.fold(parsed.normalized).utf8)
        let wordNeedles = needles.map { needle in
            String(decoding: needle, as: UTF8.self).unicodeScalars.allSatisfy { SearchFolding.isWordScalar($0.value) }
        }
        var ranked: [(tier: Int, entry: Int)] = []
        for (number, entry) in entries.enumerated() {
            let matches = needles.indices.allSatisfy { term in
                let needle = needles[term]
                return Self.contains(entry.name, needle) || Self.contains(entry.organization, needle)
                    || entry.emails.contains { Self.contains($0, needle) }
                    || (digits[term].map { term in entry.phoneDigits.contains { Self.contains($0, term) } } ?? false)
            }
            guard matches else { continue }
            let tier =
                entry.name.starts(with: prefix)
                ? 0
                : needles.indices.allSatisfy { term in
                    wordNeedles[term] && entry.words.contains { $0.starts(with: needles[term]) }
                } ? 1 : 2
            ranked.append((tier, number))
        }
        ranked.sort { left, right in
            if left.tier != right.tier { return left.tier < right.tier }
            let (a, b) = (entries[left.entry], entries[right.entry])
            if a.name != b.name { return a.name.lexicographicallyPrecedes(b.name) }
            return a.id.utf8Precedes(b.id)
        }
        return (ranked.count, ranked.dropFirst(skip).prefix(limit).map { entries[$0.entry].id })
    }

    /// The substring test the index uses too (`Bytes.contains`): the baseline differs in
    /// scanning and ranking every contact, not in how one field is tested.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { Bytes.contains($0, needle) }
    }
}
