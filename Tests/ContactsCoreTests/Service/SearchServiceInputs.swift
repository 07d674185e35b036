import ContactsCore
import ContactsJSON
import ContactsSearch
import ContactsSupport

/// Seeded inputs for the search service tests: contacts with diacritics, mixed scripts,
/// compatibility characters, emails, phones in several formats and notes; queries cut from
/// them; pages.
struct SearchServiceInputs {
    var random: SplitMix64

    static let givenNames = [
        "José", "Jose", "JOSÉ", "Jose\u{301}", "María", "Zoë", "Søren", "Łukasz", "Ángel", "İlker", "ﬁona", "Ｊｏｈｎ",
        "Ἀλέξανδρος", "Дмитрий", "Ёлка", "김민수", "민준", "王小明", "محمد", "Nguyễn Văn", "Đặng", "O'Brien",
        "Anne-Marie", "ǅemal", "Renée", "Ωmega", "Maße", "Chloé\u{200B}", "Ann",
    ]
    static let familyNames = [
        "Núñez", "NUNEZ", "Müller", "Mueller", "Ørsted", "Straße", "STRASSE", "van der Berg", "Иванов", "Ivanov",
        "Παπαδόπουλος", "김", "李", "Smith", "smith-Jones", "de la Cruz", "Nuñez", "",
    ]
    static let organizations = [
        "Acme", "ACME Corp", "Café Olé", "Müller GmbH", "株式会社トヨタ", "Straße AG", "Agent 42", "Route 66 Diner",
    ]
    static let domains = ["acme.es", "Example.COM", "müller.de", "mail.ru", "xn--mller-kva.de", "post.kr"]
    static let localParts = ["jose.nunez", "info", "Zoë.Q", "sales+42", "maria_m", "ДИМА", "o'brien", "a"]
    static let notes = [
        "Met at the conference", "café con leche at 5", "Call after 5pm: 415-555-0100", "Ω ohm resistor",
        "東京で会った", "tab\tseparated\u{3000}words", "née Smith", "ﬁnance lead", "room (212) 4",
    ]
    static let whitespace = [" ", " ", "  ", "\t", "\u{3000}", "\u{A0}", "\u{2003}", "\n", " \u{85} "]
    static let misses = ["zzqx", "qqq xyz", "ø∂ƒ", "12345678901234", "@@", "-", "Núñezz"]
    static let blanks = ["", " ", "\t \u{3000}", "\u{A0}", "\u{2028}"]
    /// Queries whose fold differs from their look: partial Hangul syllables and compatibility
    /// jamo, full-width letters, ligatures, special case foldings, lone combining marks.
    static let oddities = [
        "기", "ㄱ", "Ｎúñ", "ǆ", "ß", "SS", "ı", "İ", "\u{301}", "fi", "ω", "\u{200B}", "ё", "\u{301} jo", "jo \u{301}",
        "jo\u{180E}se", "o'b",
    ]

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func below(_ bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }

    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }

    /// A phone value in one of several formats (some never normalize, some hold no ASCII digit).
    mutating func phone() -> String {
        let tail = String(10 + below(90))
        let formats = [
            "+1 415-555-01\(tail)", "(415) 555-01\(tail)", "415.555.01\(tail)", "+44 20 7946 00\(tail)",
            "０３-１２３４-５６\(tail)", "555-01\(tail)", "+34 612 34 56 \(tail)", "٠١٢٣٤٥", "+1 800 FLOWERS",
            "+7 (912) 345-67-\(tail)",
        ]
        return pick(formats)
    }

    /// A contact object as a client would send it, with every key optional and now and then a
    /// null, an unknown key or a foreign `ownerId` (which the service replaces).
    mutating func contact(id: String) -> JSONObject {
        var object: JSONObject = ["id": .string(id)]
        let given = pick(Self.givenNames)
        let family = pick(Self.familyNames)
        var hasName = false
        switch below(10) {
        case 0..<5:
            object["displayName"] = .string(chance(80) ? "\(given) \(family)" : "\(family), \(given)")
            hasName = true
        case 5: object["displayName"] = .string("")
        case 6: object["displayName"] = .null
        default: break
        }
        if chance(50) { object["givenName"] = .string(chance(10) ? " \(given)\u{3000}" : given) }
        if chance(50) { object["familyName"] = .string(family) }
        if chance(30) { object["organizationName"] = .string(pick(Self.organizations)) }
        if chance(15) { object["jobTitle"] = .string(pick(["Engineer", "Directora", "CEO"])) }
        if chance(65) {
            object["phoneNumbers"] = .array(
                (0..<(1 + below(3))).map { _ in
                    var entry: JSONObject = ["label": .string(pick(["mobile", "work", "home"]))]
                    if !hasName || chance(90) { entry["value"] = .string(phone()) }
                    return .object(entry)
                })
        }
        if chance(55) {
            object["emailAddresses"] = .array(
                (0..<(1 + below(2))).map { _ in
                    .object(["value": .string("\(pick(Self.localParts))@\(pick(Self.domains))")])
                })
        }
        if chance(15) {
            object["addresses"] = .array([
                .object([
                    "street": .string("Calle Mayor \(below(9))"), "city": .string("Madrid"), "label": .string("home"),
                ])
            ])
        }
        if chance(10) { object["socialProfiles"] = .array([.object(["label": .string("twitter")])]) }
        if chance(40) { object["notes"] = .string(pick(Self.notes)) }
        if chance(10) { object["notes"] = .null }
        if chance(10) { object["nickname"] = .string("unknown keys are dropped") }
        if chance(10) { object["ownerId"] = .string("mallory") }
        return object
    }

    /// Every text a query may be cut from.
    private static func sources(of contact: JSONObject) -> [String] {
        var texts = ["displayName", "givenName", "familyName", "organizationName", "notes"].compactMap {
            contact[$0]?.stringValue
        }
        for key in ["phoneNumbers", "emailAddresses"] {
            texts += contact[key]?.arrayValue?.compactMap { $0.objectValue?["value"]?.stringValue } ?? []
        }
        return texts.filter { !$0.isEmpty }
    }

    /// A run of `length` code points of `text`, from `fixedStart` or a random start.
    mutating func piece(of text: String, length: Int, from fixedStart: Int? = nil) -> String {
        let scalars = Array(text.unicodeScalars)
        let start = fixedStart ?? below(max(1, scalars.count - length + 1))
        return String(String.UnicodeScalarView(scalars[start..<min(scalars.count, start + length)]))
    }

    /// A query: an oddity, blank, a miss, or 1–3 pieces of 1, 2, 3 or more code points cut from the texts
    /// of one of `contacts` (now and then of several), sometimes upper-cased, sometimes a
    /// phone's digits reformatted, joined by runs of assorted White_Space, sometimes with
    /// leading and trailing White_Space.
    mutating func query(from contacts: [JSONObject]) -> String {
        if chance(5) { return pick(Self.oddities) }
        guard !contacts.isEmpty, !chance(8) else { return pick(chance(50) ? Self.blanks : Self.misses) }
        let contact = pick(contacts)
        if chance(20), let name = contact["displayName"]?.stringValue ?? contact["familyName"]?.stringValue {
            // Prefixes of its words, in any order: tier 1 (or 0) material.
            let words = name.split(separator: " ").map { String($0) }
            if !words.isEmpty {
                let chosen = (0..<(1 + below(2))).map { _ in pick(words) }
                return chosen.map { piece(of: $0, length: 1 + below(4), from: 0) }.joined(separator: " ")
            }
        }
        let one = Self.sources(of: contact)
        let texts = one.isEmpty || chance(15) ? contacts.flatMap(Self.sources) : one
        guard !texts.isEmpty else { return pick(Self.misses) }
        if chance(12) {
            let digits = SearchFolding.digits(pick(texts))
            guard !digits.isEmpty else { return digits }
            let cut = piece(of: digits, length: 2 + below(6))
            return pick(["\(cut)", "(\(cut))", "+\(cut)", "\(cut.prefix(2))-\(cut.dropFirst(2))", "\(cut)."])
        }
        var parts: [String] = []
        for _ in 0..<(1 + (chance(60) ? 0 : below(3))) {
            let length = pick([1, 1, 2, 2, 3, 3, 4, 6, 9, 40])
            var part = piece(of: pick(texts), length: length)
            if chance(20) { part = part.uppercased() }
            parts.append(part)
        }
        var query = parts.joined(separator: pick(Self.whitespace))
        if chance(15) { query = pick(Self.whitespace) + query + pick(Self.whitespace) }
        return query
    }

    /// Sets optional `skip` and `limit` params in `params`; returns the effective values.
    mutating func page(total: Int, into params: inout JSONObject) -> (skip: Int, limit: Int) {
        var skip = 0
        var limit = 20
        if chance(10) {
            params["skip"] = .null
        } else if chance(60) {
            skip = pick([0, 1, 2, 3, 5, max(0, total - 1), total, total + 1, 1_000_000, Int.max])
            params["skip"] = .integer(skip)
        }
        if chance(60) {
            limit = pick([1, 2, 3, 7, 20, 1000])
            params["limit"] = .integer(limit)
        }
        return (skip, limit)
    }
}
