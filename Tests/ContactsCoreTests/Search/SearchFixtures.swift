import ContactsCore
import ContactsModel
import ContactsSearch
import ContactsSupport

/// Random contacts and queries for the search tests: names with diacritics and from many
/// scripts, shared prefixes (so every ranking tier and tie occurs), emails, phones in varied
/// formats, notes.
struct SearchFixtures {
    static let givenNames = [
        "José", "Jose", "María", "Maria", "Mariana", "Ana", "Anna", "Ann", "An", "Zoë", "Björn", "Łukasz", "Søren",
        "François", "Ægir", "İlker", "Işıl", "Σίσυφος", "Ὀδυσσεύς", "Дмитрий", "Ёлка", "김민준", "기민", "北京",
        "東京", "محمد", "ＡＢＣ", "ﬁona", "Nguyễn", "O'Brien", "Anne-Marie", "E\u{301}mile", "Bob", "BOB", "Straße",
        "Strasse", "ǅemal", "Ǆ", "x", "",
    ]
    static let familyNames = [
        "Núñez", "Nunez", "García", "Garcia", "Müller", "Mueller", "Smith", "Öztürk", "Ivanova", "Иванова", "김",
        "Kim", "Nguyễn", "Ο'Κόννορ", "van der Berg", "de la Cruz", "Lee", "Li", "李", "María", "ana", "",
    ]
    static let organizations = ["Acme", "ACME Corp.", "Café Ñandú", "Überwald GmbH", "北京大学", "Smith & Sons", ""]
    static let domains = ["acme.es", "example.com", "exämple.org", "ｍａｉｌ.jp", "post.ru"]
    static let noteWords = ["met", "at", "conference", "Señor", "ПРИВЕТ", "café", "call", "555", "ﬁle", "ana"]
    static let phoneFormats = [
        "+34 612 34 56 78", "(415) 555-2671", "415.555.0199", "０９０-１２３４-５６７８", "+1-800-FLOWERS",
        "+44 (0)20 7946 0958", "555 1234", "+7 912 345-67-89", "", "ext. 12",
    ]

    var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[Int(generator.next() % UInt64(items.count))]
    }

    mutating func chance(_ percent: UInt64) -> Bool {
        generator.next() % 100 < percent
    }

    mutating func number(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(generator.next() % UInt64(range.count))
    }

    mutating func contact(id: String) -> Contact {
        let given = pick(Self.givenNames)
        let family = pick(Self.familyNames)
        var contact = Contact(id: id, givenName: given, familyName: family)
        if chance(40) { contact.displayName = chance(50) ? "\(family), \(given)" : pick(Self.givenNames) }
        if chance(50) { contact.organizationName = pick(Self.organizations) }
        for _ in 0..<number(0...2) {
            let local = SearchFolding.fold(given + "." + family).filter { $0 != " " }
            let value =
                chance(90)
                ? "\(chance(20) ? local.uppercased() : local)@\(pick(Self.domains))"
                : pick(["no-at-sign.example", "a@b@c.org", "@lead.example", "trail@", ""])
            contact.emailAddresses.append(LabeledValue(label: "work", value: value))
        }
        for _ in 0..<number(0...2) {
            contact.phoneNumbers.append(LabeledValue(label: "mobile", value: pick(Self.phoneFormats)))
        }
        if chance(40) { contact.notes = (0..<number(1...4)).map { _ in pick(Self.noteWords) }.joined(separator: " ") }
        return contact
    }

    /// `count` contacts with distinct ids (some non-ASCII, some differing only in case, so
    /// that id bytes decide ties).
    mutating func contacts(_ count: Int) -> [Contact] {
        (0..<count).map { contact(id: id($0)) }
    }

    func id(_ number: Int) -> String {
        ["c\(number)", "C\(number)", "é\(number)", "c\(number)x"][number % 4]
    }

    /// A query: substrings of 1, 2, 3 or more code points of a contact's fields (in any
    /// case), phone fragments, several terms, blanks, misses and oddities.
    mutating func query(from contacts: [Contact]) -> String {
        guard let contact = contacts.isEmpty ? nil : pick(contacts) else { return "ana" }
        switch number(0...11) {
        case 0:
            return pick([
                "", " ", "\u{3000}", "\u{301}", "a\u{301}", "((", "+", "-1-", "zzzq", "ǅ", "ß", "ss", "@", "@b@", "b@c",
                "a@", "@ex", "e@e", "n@", "3456", "45678", "0958", "４５６７",
            ])
        case 1, 2, 3, 4:
            let text = pick([
                contact.effectiveDisplayName, contact.organizationName, contact.emailAddresses.first?.value ?? "x",
                contact.notes,
            ])
            return substring(of: chance(30) ? text.uppercased() : text)
        case 5:
            return substring(of: SearchFolding.fold(contact.effectiveDisplayName))
        case 6:
            let digits = SearchFolding.digits(contact.phoneNumbers.first?.value ?? "5551234")
            let fragment = substring(of: digits)
            return chance(30) ? fragment.map { "\($0)" }.joined(separator: "-") : fragment
        case 7, 8:
            return (0..<number(2...3)).map { _ in substring(of: pick(contacts).effectiveDisplayName) }
                .joined(separator: pick([" ", "  ", "\u{3000}"]))
        case 9:
            let name = contact.effectiveDisplayName
            return String(name.unicodeScalars.prefix(number(1...max(1, name.unicodeScalars.count))))
        case 10:
            return pick(["ｊｏｓé", "ＡＮＡ", "MARÍA", "maria garcía", "кИм", "기", "ΣΊΣ", "ﬁ", "5 5 5", "(415)", "0958"])
        default:
            return substring(of: pick(contacts).effectiveDisplayName) + "q"
        }
    }

    /// A run of 1–8 code points of `text` (never splitting a scalar; whitespace may come along).
    mutating func substring(of text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return "" }
        let length = min(scalars.count, pick([1, 1, 2, 2, 3, 3, 4, 5, 6, 8]))
        let start = number(0...(scalars.count - length))
        return String(String.UnicodeScalarView(scalars[start..<start + length]))
    }
}
