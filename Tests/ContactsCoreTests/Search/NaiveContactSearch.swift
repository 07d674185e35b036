import ContactsCore
import ContactsModel
import ContactsSearch

/// PROTOCOL §2 read literally, as the oracle the index must equal: fold every field, test
/// every term on every contact by substring on code points, then sort every match by tier,
/// folded display name bytes and id bytes.
struct NaiveContactSearch {
    /// One contact with its fields folded once (code points of `fold(x)`).
    struct Folded {
        let contact: Contact
        let name: [Unicode.Scalar]
        let organization: [Unicode.Scalar]
        let emails: [[Unicode.Scalar]]
        let notes: [Unicode.Scalar]
        let phoneDigits: [[Unicode.Scalar]]
        let nameBytes: [UInt8]
        let nameWords: [[Unicode.Scalar]]
    }

    let contacts: [Folded]
    /// Each contact's position when all are sorted by folded name bytes, then id bytes.
    let keyOrder: [Int]
    /// The ids in that order.
    let idsInKeyOrder: [String]

    init(_ contacts: [Contact]) {
        let folded = contacts.map { contact in
            let name = SearchFolding.fold(contact.effectiveDisplayName)
            return Folded(
                contact: contact, name: Array(name.unicodeScalars),
                organization: Self.fold(contact.organizationName),
                emails: contact.emailAddresses.map { Self.fold($0.value) }, notes: Self.fold(contact.notes),
                phoneDigits: contact.phoneNumbers.map { Array(SearchFolding.digits($0.value).unicodeScalars) },
                nameBytes: Array(name.utf8), nameWords: Self.words(Array(name.unicodeScalars)))
        }
        let sorted = folded.indices.sorted { a, b in
            if folded[a].nameBytes != folded[b].nameBytes {
                return folded[a].nameBytes.lexicographicallyPrecedes(folded[b].nameBytes)
            }
            return folded[a].contact.id.utf8.lexicographicallyPrecedes(folded[b].contact.id.utf8)
        }
        var keyOrder = [Int](repeating: 0, count: folded.count)
        for (position, number) in sorted.enumerated() { keyOrder[number] = position }
        self.contacts = folded
        self.keyOrder = keyOrder
        idsInKeyOrder = sorted.map { folded[$0].contact.id }
    }

    static func fold(_ text: String) -> [Unicode.Scalar] {
        Array(SearchFolding.fold(text).unicodeScalars)
    }

    static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
        if needle.isEmpty { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) {
            var length = 0
            while length < needle.count, haystack[start + length] == needle[length] { length += 1 }
            if length == needle.count { return true }
        }
        return false
    }

    /// A term with its fold, and its digits when it is a phone term.
    struct Term {
        let needle: [Unicode.Scalar]
        let phoneDigits: [Unicode.Scalar]?

        init(_ term: String) {
            needle = NaiveContactSearch.fold(term)
            phoneDigits =
                SearchFolding.isPhoneTerm(term, allowingSpaces: true)
                ? Array(SearchFolding.digits(term).unicodeScalars) : nil
        }
    }

    static func termMatches(_ term: Term, _ contact: Folded, field: SearchField) -> Bool {
        let inName = field == .any || field == .name
        let inEmails = field == .any || field == .email
        if inName, contains(contact.name, term.needle) || contains(contact.organization, term.needle) { return true }
        if inEmails, contact.emails.contains(where: { contains($0, term.needle) }) { return true }
        if field == .notes, contains(contact.notes, term.needle) { return true }
        guard field == .any || field == .phone, let digits = term.phoneDigits else { return false }
        return contact.phoneDigits.contains { contains($0, digits) }
    }

    static func words(_ text: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        text.split { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                false
            default: true
            }
        }.map(Array.init)
    }

    static func tier(_ contact: Folded, terms: [Term], query: [Unicode.Scalar]) -> Int {
        if contact.name.starts(with: query) { return 0 }
        return terms.allSatisfy { term in contact.nameWords.contains { $0.starts(with: term.needle) } } ? 1 : 2
    }

    /// Sorts `(tier, contact number)` pairs by tier, then folded name bytes, then id bytes.
    func ranked(_ entries: [(tier: Int, number: Int)]) -> [String] {
        entries.map { ($0.tier, keyOrder[$0.number]) }.sorted { $0 < $1 }.map { idsInKeyOrder[$0.1] }
    }

    /// The sizes of the three ranking tiers of `query` under `field`.
    func tierSizes(_ query: String, field: SearchField) -> [Int] {
        var texts = query.unicodeScalars.split { $0.properties.isWhitespace }.map {
            String(String.UnicodeScalarView($0))
        }
        let collapsed = texts.joined(separator: " ")
        if texts.count > 1, SearchFolding.isPhoneTerm(collapsed, allowingSpaces: true) { texts = [collapsed] }
        let terms = texts.map(Term.init)
        let normalized = Self.fold(collapsed)
        var sizes = [0, 0, 0]
        for contact in contacts where terms.allSatisfy({ Self.termMatches($0, contact, field: field) }) {
            sizes[Self.tier(contact, terms: terms, query: normalized)] += 1
        }
        return sizes
    }

    func search(_ query: String, field: SearchField, skip: Int, limit: Int) -> (total: Int, ids: [String]) {
        var texts = query.unicodeScalars.split { $0.properties.isWhitespace }.map {
            String(String.UnicodeScalarView($0))
        }
        // A whole query that is a number written with spaces is one phone term.
        let collapsed = texts.joined(separator: " ")
        if texts.count > 1, SearchFolding.isPhoneTerm(collapsed, allowingSpaces: true) { texts = [collapsed] }
        let terms = texts.map(Term.init)
        let normalized = Self.fold(collapsed)
        let matches = contacts.indices.filter { number in
            terms.allSatisfy { Self.termMatches($0, contacts[number], field: field) }
        }
        let ids = ranked(matches.map { (Self.tier(contacts[$0], terms: terms, query: normalized), $0) })
        return (ids.count, Array(ids.dropFirst(skip).prefix(limit)))
    }

    func fetch(_ fieldType: FetchFieldType, skip: Int, limit: Int) -> (total: Int, ids: [String]) {
        let listed = contacts.indices.filter { number in
            let contact = contacts[number].contact
            switch fieldType {
            case .any: return true
            case .phone: return !contact.phoneNumbers.isEmpty
            case .email: return !contact.emailAddresses.isEmpty
            case .notes: return !contact.notes.isEmpty
            }
        }
        let ids = ranked(listed.map { (0, $0) })
        return (ids.count, Array(ids.dropFirst(skip).prefix(limit)))
    }
}
