import ContactsClient
import Foundation
import Testing

/// A `Contact` made in code encodes to PROTOCOL §1's JSON with only what it holds, and what the
/// server sends back (every key, absent texts as "") decodes to the same contact.
@Suite struct ContactCodingTests {
    static func json(_ contact: Contact) throws -> JSON? {
        JSON.parse(try JSONEncoder().encode(contact))
    }

    @Test func aContactWithOnlyAnIdIsOnlyAnId() throws {
        #expect(try Self.json(Contact(id: "c1")) == JSON.parse(#"{"id":"c1"}"#))
    }

    @Test func everyFieldEncodesUnderItsSection1Key() throws {
        let contact = Contact(
            id: "c0000001", ownerId: "u000123", givenName: "José", familyName: "Núñez", displayName: "José Núñez",
            organizationName: "Acme", jobTitle: "Engineer",
            phoneNumbers: [LabeledValue(label: "mobile", value: "+34 612 34 56 78")],
            emailAddresses: [LabeledValue(label: "work", value: "jose.nunez@acme.es")],
            addresses: [
                PostalAddress(
                    label: "home", street: "Calle Mayor 1", city: "Madrid", state: "", postalCode: "28013",
                    country: "ES")
            ],
            socialProfiles: [LabeledValue(label: "twitter", value: "@jnunez")], notes: "Met at the conference")
        let expected = JSON.parse(
            #"""
            {"id":"c0000001","ownerId":"u000123","givenName":"José","familyName":"Núñez",
             "displayName":"José Núñez","organizationName":"Acme","jobTitle":"Engineer",
             "phoneNumbers":[{"label":"mobile","value":"+34 612 34 56 78"}],
             "emailAddresses":[{"label":"work","value":"jose.nunez@acme.es"}],
             "addresses":[{"label":"home","street":"Calle Mayor 1","city":"Madrid",
                           "postalCode":"28013","country":"ES"}],
             "socialProfiles":[{"label":"twitter","value":"@jnunez"}],
             "notes":"Met at the conference"}
            """#)
        #expect(try Self.json(contact) == expected)
    }

    @Test func aSection1FixtureLineDecodes() throws {
        let line = #"{"id":"c9","givenName":"Ann","unknown":{"x":1},"phoneNumbers":[{"value":"+1 415 555 0101"}]}"#
        let contact = try JSONDecoder().decode(Contact.self, from: Data(line.utf8))
        #expect(contact == Contact(id: "c9", givenName: "Ann", phoneNumbers: [LabeledValue(value: "+1 415 555 0101")]))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Contact.self, from: Data(#"{"givenName":"A"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Contact.self, from: Data(#"{"id":"c","notes":7}"#.utf8))
        }
    }

    @Test func labeledValuesHaveALocalIdentityOutsideEquality() throws {
        let a = LabeledValue(id: "one", label: "work", value: "x@example.com")
        let b = LabeledValue(id: "two", label: "work", value: "x@example.com")
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        #expect(a.id == "one")
        #expect(LabeledValue(value: "v").id != LabeledValue(value: "v").id)
        #expect(try JSON.parse(JSONEncoder().encode(a)) == JSON.parse(#"{"label":"work","value":"x@example.com"}"#))
    }

    /// Random contacts, as the server would echo them (PROTOCOL §1: every key, absent texts as "",
    /// absent lists as [], absent entry members as ""), decode to the contact uploaded, ids and
    /// texts byte for byte. The model: a contact's JSON with every missing key filled in.
    @Test(arguments: PositionTrackingTests.seeds)
    func serverEchoesDecodeToTheUploadedContact(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let contact = Self.randomContact(&generator)
            let echoed = Self.serverEcho(try #require(try Self.json(contact)))
            let data = try JSONEncoder().encode(echoed)
            let decoded = try JSONDecoder().decode(Contact.self, from: data)
            #expect(decoded == contact, "seed \(seed)")
            #expect(Array(decoded.id.utf8) == Array(contact.id.utf8))
            #expect(Array((decoded.givenName ?? "").utf8) == Array((contact.givenName ?? "").utf8))
        }
    }

    static let alphabet: [String] = [
        "a", "Z", "0", " ", "é", "e\u{301}", "Ł", "ø", "김", "기", "\u{1F600}", "\"", "\\", "/", "\u{7F}", "ß",
        "İ",
    ]

    static func randomText(_ generator: inout SeededGenerator, allowEmpty: Bool = true) -> String? {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return nil
        case 1 where allowEmpty: return nil
        default:
            let count = Int.random(in: 1...6, using: &generator)
            return (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? "a" }.joined()
        }
    }

    static func randomEntries(_ generator: inout SeededGenerator) -> [LabeledValue] {
        (0..<Int.random(in: 0...2, using: &generator)).map { _ in
            LabeledValue(label: randomText(&generator), value: randomText(&generator) ?? "")
        }
    }

    static func randomContact(_ generator: inout SeededGenerator) -> Contact {
        Contact(
            id: randomText(&generator) ?? "id", ownerId: randomText(&generator), givenName: randomText(&generator),
            familyName: randomText(&generator), displayName: randomText(&generator),
            organizationName: randomText(&generator), jobTitle: randomText(&generator),
            phoneNumbers: randomEntries(&generator), emailAddresses: randomEntries(&generator),
            addresses: (0..<Int.random(in: 0...1, using: &generator)).map { _ in
                PostalAddress(
                    label: randomText(&generator), street: randomText(&generator), city: randomText(&generator),
                    state: randomText(&generator), postalCode: randomText(&generator), country: randomText(&generator))
            },
            socialProfiles: randomEntries(&generator), notes: randomText(&generator))
    }

    /// The contact object as the server writes it in results.
    static func serverEcho(_ json: JSON) -> JSON {
        var members = json.members
        for key in ["ownerId", "givenName", "familyName", "displayName", "organizationName", "jobTitle", "notes"]
        where members[key] == nil {
            members[key] = .string("")
        }
        func filled(_ value: JSON?, keys: [String]) -> JSON {
            guard case .array(let entries)? = value else { return .array([]) }
            return .array(
                entries.map { entry in
                    var fields = entry.members
                    for key in keys where fields[key] == nil { fields[key] = .string("") }
                    return .object(fields)
                })
        }
        for key in ["phoneNumbers", "emailAddresses", "socialProfiles"] {
            members[key] = filled(members[key], keys: ["label", "value"])
        }
        members["addresses"] = filled(
            members["addresses"], keys: ["label", "street", "city", "state", "postalCode", "country"])
        return .object(members)
    }
}

extension JSON: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }
}
