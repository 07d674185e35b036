import ContactsCore

/// Synthetic address books for the search benchmark: multinational names with diacritics and
/// several scripts, organizations, emails derived from the names, local phone formats, some
/// notes. Deterministic for a seed.
///
/// - Note: stands in for `contacts generate` until the fixture generator is on main.
struct SearchBenchmarkData {
    static let givenNames = [
        "José", "María", "Lucía", "Álvaro", "Sofía", "Martín", "Jürgen", "Björn", "Søren", "Åsa", "Zoë", "François",
        "Hélène", "Amélie", "Łukasz", "Małgorzata", "Zdeněk", "İlker", "Şule", "Ömer", "Дмитрий", "Анна", "Ольга",
        "Γιώργος", "Ελένη", "민준", "서연", "伟", "芳", "翔太", "さくら", "محمد", "فاطمة", "Nguyễn", "Thảo", "Priya",
        "Arjun", "James", "Mary", "Robert", "Patricia", "Michael", "Jennifer", "William", "Linda", "David", "Elizabeth",
        "Ana", "Anna", "Mariana", "Chen", "Olivia", "Noah", "Emma", "Liam", "Aiko", "Kwame", "Chiara", "Giulia",
    ]
    static let familyNames = [
        "García", "Núñez", "Fernández", "López", "Müller", "Schäfer", "Groß", "Østergaard", "Lefèvre", "Dubois",
        "Kowalski", "Wiśniewska", "Dvořák", "Yılmaz", "Öztürk", "Иванов", "Смирнова", "Παπαδόπουλος", "김", "이",
        "박", "王", "李", "佐藤", "鈴木", "الحسن", "Trần", "Phạm", "Sharma", "Patel", "Smith", "Johnson", "Williams",
        "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Taylor", "Thomas", "Moore", "Martin", "Rossi",
        "Bianchi", "Mensah", "Tanaka", "O'Brien", "van der Berg", "de la Cruz",
    ]
    static let organizations = [
        "Acme", "Globex", "Initech", "Umbrella", "Hooli", "Café Ñandú", "Überwald GmbH", "Société Générale",
        "北京大学", "Sony", "Gazprom", "Tata", "Nordisk A/S", "Stark Industries", "Wayne Enterprises",
    ]
    static let domains = [
        "gmail.com", "yahoo.com", "outlook.com", "acme.es", "web.de", "mail.ru", "naver.com", "qq.com", "orange.fr",
    ]
    static let noteWords = [
        "met", "at", "conference", "call", "back", "friend", "of", "college", "neighbour", "dentist", "Señor",
        "привет", "café", "birthday", "March", "office",
    ]

    var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[Int(generator.next() % UInt64(items.count))]
    }

    mutating func digits(_ count: Int) -> String {
        String((0..<count).map { _ in Character(String(generator.next() % 10)) })
    }

    mutating func phone() -> String {
        switch generator.next() % 6 {
        case 0: "+1 (\(digits(3))) \(digits(3))-\(digits(4))"
        case 1: "+34 6\(digits(2)) \(digits(2)) \(digits(2)) \(digits(2))"
        case 2: "+49 1\(digits(2)) \(digits(7))"
        case 3: "0\(digits(2))-\(digits(4))-\(digits(4))"
        case 4: "+7 9\(digits(2)) \(digits(3))-\(digits(2))-\(digits(2))"
        default: "+44 (0)20 \(digits(4)) \(digits(4))"
        }
    }

    mutating func contacts(_ count: Int) -> [Contact] {
        (0..<count).map { number in
            let given = pick(Self.givenNames)
            let family = pick(Self.familyNames)
            var contact = Contact(id: "c\(number)", givenName: given, familyName: family)
            if generator.next() % 4 == 0 { contact.organizationName = pick(Self.organizations) }
            let local = SearchFolding.fold("\(given).\(family)").filter { $0.isASCII && $0 != " " }
            for _ in 0..<Int(generator.next() % 3) {
                contact.emailAddresses.append(
                    LabeledValue(label: "home", value: "\(local)\(generator.next() % 1000)@\(pick(Self.domains))"))
            }
            for _ in 0..<1 + Int(generator.next() % 2) {
                contact.phoneNumbers.append(LabeledValue(label: "mobile", value: phone()))
            }
            if generator.next() % 5 == 0 {
                contact.notes = (0..<3).map { _ in pick(Self.noteWords) }.joined(separator: " ")
            }
            return contact
        }
    }

    /// The query mix: name substrings of 1, 2, 3, 4, 6 and 8 characters, 4–7 digit phone
    /// fragments and email fragments drawn from `contacts`, and 10% misses; each with the field
    /// it naturally belongs to (misses: `any`).
    mutating func queries(_ count: Int, from contacts: [Contact]) -> [(query: String, field: SearchField)] {
        (0..<count).map { _ in
            let contact = pick(contacts)
            switch generator.next() % 10 {
            case 0:
                return (pick(["zqx", "qqqq", "xyzzy", "ñçþ", "9z9z", "жжжж"]) + String(generator.next() % 100), .any)
            case 1, 2, 3, 4, 5:
                return (substring(contact.effectiveDisplayName, length: pick([1, 2, 3, 4, 6, 8])), .name)
            case 6, 7:
                let digits = SearchFolding.digits(contact.phoneNumbers.first?.value ?? "5551234")
                return (substring(digits, length: 4 + Int(generator.next() % 4)), .phone)
            default:
                let email = contact.emailAddresses.first?.value ?? contact.effectiveDisplayName
                return (substring(email, length: 3 + Int(generator.next() % 6)), .email)
            }
        }
    }

    mutating func substring(_ text: String, length: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        let length = min(length, scalars.count)
        guard length > 0 else { return "a" }
        let start = Int(generator.next() % UInt64(scalars.count - length + 1))
        return String(String.UnicodeScalarView(scalars[start..<start + length])).trimmingUnicodeWhiteSpace()
    }
}
