import ContactsCore
import ContactsJSON
import ContactsSupport

/// Seeded streams of mutations (and, on request, reads) inside the bounds of
/// ``ServiceModel``: every request carries an explicit `at`, so a replay is deterministic.
///
/// Collisions are frequent on purpose: a few users, phones and event ids shared between
/// them (conflicts, re-registrations, replaced contacts, idempotent events), uploads from
/// one contact to a couple of hundred (long transactions to kill), rejected entries.
struct MutationGenerator {
    /// Who acts: registered, deleted and registered again along the way.
    let users: [String]
    /// The registration phone slots these users draw from (see ``phone(_:)``).
    let phoneSlots: [Int]
    /// Whom `followUser` targets besides `users`.
    let extraTargets: [String]
    /// Phone slots that uploaded contacts may hold besides `phoneSlots`.
    let contactSlots: [Int]
    /// Contacts whose ids start with "x" may also hold these slots; `followContact` never
    /// names those ids (so a follow never depends on users outside this generator).
    let foreignSlots: [Int]
    /// The prefix of this generator's event ids.
    let eventPrefix: String
    /// Adds non-ASCII names, addresses and the other keys the model does not know.
    let richContacts: Bool
    private var random: SplitMix64
    private(set) var at: Int64

    init(
        seed: UInt64, users: [String], phoneSlots: [Int], extraTargets: [String] = [], contactSlots: [Int] = [],
        foreignSlots: [Int] = [], eventPrefix: String = "e", richContacts: Bool = false
    ) {
        random = SplitMix64(seed: seed)
        self.users = users
        self.phoneSlots = phoneSlots
        self.extraTargets = extraTargets
        self.contactSlots = contactSlots
        self.foreignSlots = foreignSlots
        self.eventPrefix = eventPrefix
        self.richContacts = richContacts
        at = 1_700_000_000_000 + Int64(seed % 1000) * 86_400_000
    }

    /// Ids of the contacts `followContact` and friends may name.
    static let contactIDs = (0..<24).map { "c\($0)" }
    /// Ids of contacts that may hold foreign phones.
    static let foreignContactIDs = (0..<6).map { "x\($0)" }

    /// The number of phone slot `slot`, as registration writes it (E.164 with spaces).
    static func phone(_ slot: Int) -> String {
        "+1 415 555 \(2000 + slot)"
    }

    /// Slot `slot` written the way address books do: international, national, dotted, or
    /// as a seven-digit local number that never normalizes.
    static func contactPhone(_ slot: Int, style: UInt64) -> String {
        let line = 2000 + slot
        switch style % 5 {
        case 0: return "+1 415-555-\(line)"
        case 1: return "(415) 555-\(line)"
        case 2: return "415.555.\(line)"
        case 3: return "+14155550\(line % 1000)"
        default: return "555-\(line)"
        }
    }

    static let names = [
        "Ada Lovelace", "alan turing", "Grace Hopper", "Edsger Dijkstra", "barbara liskov", "Ken Thompson",
        "Dennis Ritchie", "Zed", "ada",
    ]
    static let richNames = ["José Núñez", "Zoë Ødegaard", "김민준", "Ἀριστοτέλης", "Σωκράτης", "İsmail", "Straße 😀"]

    private mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(random.next() % UInt64(choices.count))]
    }

    private mutating func chance(_ percent: UInt64) -> Bool {
        random.next() % 100 < percent
    }

    /// The next mutation: method and params.
    mutating func next() -> (String, JSONObject) {
        at += Int64(random.next() % 3)  // ties in since and createdAt now and then
        let me = pick(users)
        var params: JSONObject = ["as": .string(me), "at": .integer(at)]
        let roll = random.next() % 100
        switch roll {
        case 0..<14:
            params = ["userId": .string(me), "phone": .string(Self.phone(pick(phoneSlots))), "at": .integer(at)]
            if !chance(20) {
                params["displayName"] = .string(richContacts && chance(30) ? pick(Self.richNames) : pick(Self.names))
            }
            return ("registerUser", params)
        case 14..<17: return ("deleteUser", params)
        case 17..<39:
            let count = chance(15) ? 100 + Int(random.next() % 100) : 1 + Int(random.next() % 30)
            params["contacts"] = .array((0..<count).map { _ in contact() })
            return ("uploadContacts", params)
        case 39..<43: return ("deleteAllUploadedContacts", params)
        case 43..<63:
            params["userId"] = .string(pick(users + extraTargets))
            return ("followUser", params)
        case 63..<71:
            params["userId"] = .string(pick(users + extraTargets))
            return ("unfollowUser", params)
        case 71..<76:
            params["contactId"] = .string(pick(Self.contactIDs))
            return ("followContact", params)
        case 76..<79:
            params["contactId"] = .string(pick(Self.contactIDs))
            return ("unfollowContact", params)
        case 79..<92:
            params["eventId"] = .string("\(eventPrefix)\(random.next() % 12)")
            params["title"] = .string(
                richContacts && chance(30) ? pick(Self.richNames) : "Event \(random.next() % 100)")
            if chance(40) { params["description"] = .string("about \(random.next() % 10)") }
            if chance(40) { params["location"] = .string(pick(["Madrid", "Oslo", "Seoul"])) }
            if chance(40) { params["startTime"] = .integer(at + Int64(random.next() % 1_000_000)) }
            return ("createEvent", params)
        default:
            params["eventId"] = .string("\(eventPrefix)\(random.next() % 12)")
            return ("deleteEvent", params)
        }
    }

    /// One upload entry: mostly a valid contact, sometimes one the service must reject.
    private mutating func contact() -> JSONValue {
        if chance(4) {
            return pick([
                .string("not a contact"), .object(["id": .integer(7)]), .object(["id": .string("")]),
                .object(["id": .string("c1"), "phoneNumbers": .string("555")]),
                .object(["id": .string("c2"), "displayName": .integer(5)]),
            ])
        }
        let foreign = !foreignSlots.isEmpty && chance(25)
        let id = foreign ? pick(Self.foreignContactIDs) : pick(Self.contactIDs)
        var object: JSONObject = ["id": .string(id)]
        switch random.next() % 4 {
        case 0:
            object["givenName"] = .string(pick(["Ada", "Alan", "grace"]))
            object["familyName"] = .string(pick(["Byron", "Turing", "Hopper"]))
        case 1: break
        default:
            object["displayName"] = .string(richContacts && chance(40) ? pick(Self.richNames) : pick(Self.names))
        }
        let slots = phoneSlots + contactSlots + (foreign ? foreignSlots : [])
        var phones: [JSONValue] = []
        for _ in 0..<(random.next() % 3) {
            let raw = Self.contactPhone(pick(slots), style: random.next())
            phones.append(.object(["label": .string(pick(["mobile", "home", "work"])), "value": .string(raw)]))
        }
        if !phones.isEmpty || chance(50) { object["phoneNumbers"] = .array(phones) }
        if chance(30) {
            object["emailAddresses"] = .array([
                .object(["label": .string("work"), "value": .string("\(id)@example.com")])
            ])
        }
        if chance(20) { object["notes"] = .string("met at conf \(random.next() % 5)") }
        if chance(10) { object["ownerId"] = .string("someone-else") }
        if richContacts && chance(30) {
            object["organizationName"] = .string(pick(["Acme", "Ωmega", ""]))
            object["addresses"] = .array([
                .object([
                    "label": .string("home"), "city": .string(pick(["Madrid", "Zürich"])), "country": .string("ES"),
                ])
            ])
            object["socialProfiles"] = .array([.object(["label": .string("twitter"), "value": .string("@\(id)")])])
        }
        return .object(object)
    }
}
