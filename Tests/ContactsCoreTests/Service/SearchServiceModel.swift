import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsSearch

/// PROTOCOL §2 read literally, as the oracle of the search service tests: every term tested
/// on every entry by byte substring of folded text, every match sorted by tier, then folded
/// display name bytes, then id bytes. Only `fold`, `digits` and the phone-term test come from
/// the library (they have their own golden tests); the rest is written out here.
enum SearchServiceModel {
    /// One searchable entry (an uploaded contact, or a registered user) with its text folded.
    struct Entry {
        /// The contact id or user id.
        let id: String
        /// What a result shows for this entry.
        let json: JSONValue
        /// `fold(displayName)`, the displayName derived when empty (§1).
        let name: [UInt8]
        let organization: [UInt8]
        let emails: [[UInt8]]
        let notes: [UInt8]
        /// `digits(value)` of every phone.
        let phones: [[UInt8]]
        let hasNotes: Bool

        /// An uploaded contact: `object` as sent, stored by `owner`.
        init(contact object: JSONObject, owner: String) {
            func text(_ key: String) -> String { object[key]?.stringValue ?? "" }
            func list(_ key: String) -> [JSONObject] { object[key]?.arrayValue?.compactMap(\.objectValue) ?? [] }
            func labeled(_ key: String) -> JSONValue {
                .array(
                    list(key).map { entry in
                        .object([
                            "label": .string(entry["label"]?.stringValue ?? ""),
                            "value": .string(entry["value"]?.stringValue ?? ""),
                        ])
                    })
            }
            let phoneValues = list("phoneNumbers").map { $0["value"]?.stringValue ?? "" }
            let emailValues = list("emailAddresses").map { $0["value"]?.stringValue ?? "" }
            var displayName = text("displayName")
            if displayName.isEmpty {
                let joined = SearchServiceModel.trimmed(text("givenName") + " " + text("familyName"))
                displayName =
                    !joined.isEmpty
                    ? joined
                    : !text("organizationName").isEmpty
                        ? text("organizationName") : emailValues.first ?? phoneValues.first ?? ""
            }
            let addressKeys = ["label", "street", "city", "state", "postalCode", "country"]
            id = text("id")
            json = .object([
                "id": .string(id), "ownerId": .string(owner), "givenName": .string(text("givenName")),
                "familyName": .string(text("familyName")), "displayName": .string(displayName),
                "organizationName": .string(text("organizationName")), "jobTitle": .string(text("jobTitle")),
                "phoneNumbers": labeled("phoneNumbers"), "emailAddresses": labeled("emailAddresses"),
                "addresses": .array(
                    list("addresses").map { address in
                        .object(JSONObject(addressKeys.map { ($0, .string(address[$0]?.stringValue ?? "")) }))
                    }),
                "socialProfiles": labeled("socialProfiles"), "notes": .string(text("notes")),
            ])
            name = SearchServiceModel.fold(displayName)
            organization = SearchServiceModel.fold(text("organizationName"))
            emails = emailValues.map(SearchServiceModel.fold)
            notes = SearchServiceModel.fold(text("notes"))
            phones = phoneValues.map { Array(SearchFolding.digits($0).utf8) }
            hasNotes = !text("notes").isEmpty
        }

        /// A registered user of the directory: only a name, matched as `field` `name`.
        init(user: String, name displayName: String, json: JSONValue) {
            id = user
            self.json = json
            name = SearchServiceModel.fold(displayName)
            organization = []
            emails = []
            notes = []
            phones = []
            hasNotes = false
        }
    }

    /// A query term: its fold, and its digits when it is a phone term.
    struct Term {
        let folded: [UInt8]
        let digits: [UInt8]?

        init(_ term: String) {
            folded = SearchServiceModel.fold(term)
            digits =
                SearchFolding.isPhoneTerm(term, allowingSpaces: true) ? Array(SearchFolding.digits(term).utf8) : nil
        }
    }

    static func fold(_ text: String) -> [UInt8] {
        Array(SearchFolding.fold(text).utf8)
    }

    /// The terms of `query`: its maximal runs of code points without White_Space, or the whole
    /// query (runs collapsed to one space) when that is a phone term written with spaces.
    static func terms(_ query: String) -> [String] {
        let runs = query.unicodeScalars.split { $0.properties.isWhitespace }.map {
            String(String.UnicodeScalarView($0))
        }
        let collapsed = runs.joined(separator: " ")
        return runs.count > 1 && SearchFolding.isPhoneTerm(collapsed, allowingSpaces: true) ? [collapsed] : runs
    }

    /// `text` without leading and trailing White_Space.
    static func trimmed(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        while scalars.last?.properties.isWhitespace == true { scalars.removeLast() }
        while scalars.first?.properties.isWhitespace == true { scalars.removeFirst() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// True when `needle` occurs in `haystack` (bytes of UTF-8, so on code points).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// The words of folded text: maximal runs of code points of general category L, N or M.
    static func words(_ folded: [UInt8]) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current = ""
        for scalar in String(decoding: folded, as: UTF8.self).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
                current.unicodeScalars.append(scalar)
            default:
                if !current.isEmpty { words.append(Array(current.utf8)) }
                current = ""
            }
        }
        if !current.isEmpty { words.append(Array(current.utf8)) }
        return words
    }

    /// True when `term` matches `entry` in `field`.
    static func matches(_ term: Term, _ entry: Entry, field: SearchField) -> Bool {
        var texts: [[UInt8]] = []
        switch field {
        case .any: texts = [entry.name, entry.organization] + entry.emails
        case .name: texts = [entry.name, entry.organization]
        case .email: texts = entry.emails
        case .notes: texts = [entry.notes]
        case .phone: texts = []
        }
        if texts.contains(where: { contains($0, term.folded) }) { return true }
        guard field == .any || field == .phone, let digits = term.digits else { return false }
        return entry.phones.contains { contains($0, digits) }
    }

    /// The entries matching `query` in `field`, ranked.
    static func search(_ entries: [Entry], query: String, field: SearchField) -> [Entry] {
        let terms = terms(query).map(Term.init)
        let prefix = fold(self.terms(query).joined(separator: " "))
        let found = entries.filter { entry in terms.allSatisfy { matches($0, entry, field: field) } }
        func tier(_ entry: Entry) -> Int {
            if entry.name.starts(with: prefix) { return 0 }
            let words = words(entry.name)
            return terms.allSatisfy { term in words.contains { $0.starts(with: term.folded) } } ? 1 : 2
        }
        return found.map { (tier($0), $0) }.sorted { a, b in
            if a.0 != b.0 { return a.0 < b.0 }
            return precedes(a.1, b.1)
        }.map(\.1)
    }

    /// The order of `fetchContacts` and of ties within a tier: fold(displayName) bytes, then id bytes.
    static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.name != b.name { return a.name.lexicographicallyPrecedes(b.name) }
        return a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
    }

    /// A result page: `{items, total, skip, limit}`.
    static func page(_ items: [JSONValue], skip: Int, limit: Int) -> JSONValue {
        .object([
            "items": .array(Array(items.dropFirst(skip).prefix(limit))), "total": .integer(items.count),
            "skip": .integer(skip), "limit": .integer(limit),
        ])
    }

    /// `value` with object members sorted by key bytes, as JSON text bytes: two values are the
    /// same result exactly when these are equal (strings compared byte for byte, not by
    /// canonical equivalence as `String ==` does).
    static func canonicalBytes(_ value: JSONValue) -> [UInt8] {
        func sorted(_ value: JSONValue) -> JSONValue {
            switch value {
            case .array(let elements): return .array(elements.map(sorted))
            case .object(let object):
                let members = object.members.map { ($0.key, sorted($0.value)) }
                return .object(JSONObject(members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }))
            default: return value
            }
        }
        return Array(sorted(value).jsonText.utf8)
    }

    /// True when two call outcomes are the same, strings by bytes.
    static func same(_ a: Result<JSONValue, RPCFailure>, _ b: Result<JSONValue, RPCFailure>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): return canonicalBytes(x) == canonicalBytes(y)
        case (.failure(let x), .failure(let y)): return x == y
        default: return false
        }
    }
}
