import ContactsCore
import ContactsModel
import ContactsSupport
import ContactsVCard
import Foundation
import Testing

/// The committed corpus under Fixtures/: cards written the way iOS, Android, Google
/// Contacts, RFC 6350 (4.0) and legacy 2.1 phones write them, broken cards among good ones,
/// odd encodings. Every contact is compared whole, field by field, with what PROTOCOL §1's
/// mapping gives.
@Suite("VCard fixtures")
struct VCardFixtureTests {
    @Test("iOS 3.0 export: item groups, X-ABLabel, IMPP, X-SOCIALPROFILE, folded PHOTO")
    func iOS() throws {
        let result = try VCardFixture.load("ios-3.0.vcf")
        #expect(result.problems == [])
        #expect(result.cardCount == 3)
        try #require(result.contacts.count == 3)
        let expected = [
            Contact(
                id: "", givenName: "John", familyName: "Appleseed", displayName: "Mr. John Q. Appleseed Jr.",
                organizationName: "Apple Inc.", jobTitle: "Software Engineer",
                phoneNumbers: [
                    LabeledValue(label: "mobile", value: "(408) 555-0101"),
                    LabeledValue(label: "iphone", value: "+1 408 555 0102"),
                    LabeledValue(label: "Oma's phone", value: "+1 (408) 555-0103"),
                    LabeledValue(label: "mobile", value: "408.555.0104"),
                    LabeledValue(label: "home", value: "+1 408 555 0105"),
                ],
                emailAddresses: [
                    LabeledValue(label: "other", value: "john@example.com"),
                    LabeledValue(label: "work", value: "jappleseed@apple.example"),
                ],
                addresses: [
                    PostalAddress(
                        label: "home", street: "1 Infinite Loop\nBuilding 2", city: "Cupertino", state: "CA",
                        postalCode: "95014", country: "United States"),
                    PostalAddress(
                        label: "Summer house", street: "10 Downing St", city: "London", state: "",
                        postalCode: "SW1A 2AA", country: "United Kingdom"),
                ],
                socialProfiles: [
                    LabeledValue(label: "twitter", value: "https://twitter.com/jappleseed"),
                    LabeledValue(label: "skype", value: "skype:john.appleseed"),
                    LabeledValue(label: "jabber", value: "xmpp:john@jabber.example"),
                ],
                notes: "First line\nSecond line, with a comma; and a semicolon \\ backslash"),
            Contact(
                id: "", displayName: "Acme Café", organizationName: "Acme Café",
                phoneNumbers: [LabeledValue(label: "main", value: "+33 1 23 45 67 89")],
                emailAddresses: [LabeledValue(label: "Réservations", value: "contact@acme.example")]),
            Contact(
                id: "", givenName: "José", familyName: "Núñez", displayName: "José Núñez",
                organizationName: "Acme", jobTitle: "Engineer",
                phoneNumbers: [
                    LabeledValue(label: "mobile", value: "+34 612 34 56 78"),
                    LabeledValue(label: "work", value: "+34 91 123 45 67"),
                ],
                emailAddresses: [LabeledValue(label: "work", value: "jose.nunez@acme.es")],
                addresses: [
                    PostalAddress(
                        label: "work", street: "Calle Mayor 1", city: "Madrid", state: "", postalCode: "28013",
                        country: "ES")
                ],
                socialProfiles: [LabeledValue(label: "twitter", value: "https://twitter.com/jnunez")],
                notes: "Met at the conference"),
        ]
        expectDerivedVCardIDs(result.contacts, equal: expected)
    }

    @Test("Android 2.1 export: QUOTED-PRINTABLE;CHARSET=UTF-8, soft line breaks, X-<label>, BASE64 photo")
    func android() throws {
        let result = try VCardFixture.load("android-2.1.vcf")
        #expect(result.problems == [])
        #expect(result.cardCount == 2)
        let expected = [
            Contact(
                id: "", givenName: "José", familyName: "Núñez", displayName: "José Núñez",
                organizationName: "Compañía Acme", jobTitle: "Engineer",
                phoneNumbers: [
                    LabeledValue(label: "mobile", value: "+34 612 34 56 78"),
                    LabeledValue(label: "work", value: "+34 91 123 45 67"),
                    LabeledValue(label: "abuela", value: "+34 600 000 001"),
                    LabeledValue(label: "other", value: "600 000 002"),
                ],
                emailAddresses: [
                    LabeledValue(label: "home", value: "jose@example.es"),
                    LabeledValue(label: "trabajo", value: "jose.nunez@acme.es"),
                ],
                addresses: [
                    PostalAddress(
                        label: "home", street: "Calle Mayor 1", city: "Madrid", state: "", postalCode: "28013",
                        country: "España")
                ],
                notes: "Cumpleaños el 3 de mayo.\nLlamar después de las 18:00 — ¡nunca antes!"),
            Contact(
                id: "", givenName: "Anna", familyName: "Smith", displayName: "Anna Smith",
                phoneNumbers: [LabeledValue(label: "home", value: "+1 212 555 0199")],
                emailAddresses: [LabeledValue(label: "mobile", value: "anna@mobile.example")]),
        ]
        expectDerivedVCardIDs(result.contacts, equal: expected)
    }

    @Test("Google Contacts 3.0 export: LF line ends, TYPE=INTERNET, custom X-ABLabel")
    func google() throws {
        let result = try VCardFixture.load("google-3.0.vcf")
        #expect(result.problems == [])
        let expected = [
            Contact(
                id: "", givenName: "Anna", familyName: "Müller", displayName: "Anna Müller",
                organizationName: "Beispiel GmbH", jobTitle: "Ärztin",
                phoneNumbers: [
                    LabeledValue(label: "mobile", value: "+49 151 2345678"),
                    LabeledValue(label: "other", value: "030 1234567"),
                    LabeledValue(label: "Büro", value: "+49 30 9876543"),
                ],
                emailAddresses: [
                    LabeledValue(label: "home", value: "anna@example.de"),
                    LabeledValue(label: "other", value: "anna.m@example.com"),
                ],
                addresses: [
                    PostalAddress(
                        label: "home", street: "Hauptstraße 5", city: "Berlin", state: "", postalCode: "10115",
                        country: "Deutschland")
                ],
                notes: "Zeile eins\nZeile zwei, mit Komma"),
            Contact(
                id: "", displayName: "bob@example.org",
                emailAddresses: [LabeledValue(label: "other", value: "bob@example.org")]),
        ]
        expectDerivedVCardIDs(result.contacts, equal: expected)
    }

    @Test("vCard 4.0: UID, VALUE=uri tel:, quoted TYPE lists, PREF=1, lower-case names")
    func version4() throws {
        let result = try VCardFixture.load("vcard-4.0.vcf")
        #expect(result.problems == [])
        let expected = [
            Contact(
                id: "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", givenName: "Marie", familyName: "Tremblay",
                displayName: "Marie Tremblay", organizationName: "Viagénie", jobTitle: "Researcher",
                phoneNumbers: [
                    LabeledValue(label: "work", value: "+1-418-656-9254;ext=102"),
                    LabeledValue(label: "mobile", value: "+1-418-262-6501"),
                    LabeledValue(label: "home", value: "+1-418-555-0110"),
                    LabeledValue(label: "other", value: "+1 418 555 0111"),
                ],
                emailAddresses: [LabeledValue(label: "work", value: "marie@viagenie.example")],
                addresses: [
                    PostalAddress(
                        label: "work", street: "2875 Laurier", city: "Québec", state: "QC", postalCode: "G1V 2M2",
                        country: "Canada")
                ],
                socialProfiles: [
                    LabeledValue(label: "xmpp", value: "xmpp:marie@viagenie.example"),
                    LabeledValue(label: "linkedin", value: "https://www.linkedin.com/in/marietremblay"),
                ]),
            Contact(
                id: "contact-42", displayName: "lower case names",
                phoneNumbers: [
                    LabeledValue(label: "mobile", value: "+44 20 7946 0000"),
                    LabeledValue(label: "mobile", value: "+44 20 7946 0001"),
                ],
                emailAddresses: [LabeledValue(label: "other", value: "lower@example.org")]),
        ]
        #expect(result.contacts == expected)
    }

    @Test("Legacy 2.1: ISO-8859-1, Windows-1252, ISO-8859-15, bare params, AGENT card, QP soft break + fold")
    func legacy() throws {
        let result = try VCardFixture.load("legacy-2.1.vcf")
        #expect(result.problems == [])
        #expect(result.cardCount == 1, "the embedded AGENT card is not a card of the file")
        let expected = [
            Contact(
                id: "", givenName: "Jürgen", familyName: "Müller", displayName: "Dr. Jürgen Müller",
                organizationName: "Café “Zum Glück” €", jobTitle: "Chef € œ",
                phoneNumbers: [
                    LabeledValue(label: "mobile", value: "+49 171 1234567"),
                    LabeledValue(label: "work", value: "+49 89 123456"),
                    LabeledValue(label: "home", value: "+49 89 654321"),
                    LabeledValue(label: "fax", value: "+49 89 111111"),
                    LabeledValue(label: "other", value: "+49 89 222222"),
                ],
                emailAddresses: [LabeledValue(label: "other", value: "juergen@example.de")],
                addresses: [
                    PostalAddress(
                        label: "work", street: "Marienplatz 1", city: "München", state: "BY", postalCode: "80331",
                        country: "Deutschland")
                ],
                notes: "Soft break inside a word; = sign kept, bad =ZZ escape kept")
        ]
        expectDerivedVCardIDs(result.contacts, equal: expected)
    }

    @Test("Invalid UTF-8, an unsupported CHARSET and ENCODING, BASE64 text; a UTF-8 BOM")
    func encodings() throws {
        let result = try VCardFixture.load("encodings.vcf")
        #expect(result.problems.map(\.line) == [3, 8, 14, 17])
        let kinds: [VCardProblem.Kind] = [
            .invalidUTF8, .unsupportedCharset, .unsupportedEncoding, .unsupportedEncoding,
        ]
        #expect(result.problems.map(\.kind) == kinds)
        #expect(result.problems.allSatisfy { !$0.skipsCard })
        #expect(result.problems[1].message.contains("SHIFT_JIS"))
        #expect(result.problems[2].message.contains("x-unknown"))
        let expected = [
            Contact(id: "", givenName: "Invalid", familyName: "Bytes", displayName: "Invalid \u{FFFD}\u{FFFD} bytes"),
            Contact(
                id: "", givenName: "Taro", familyName: "Tanaka",
                phoneNumbers: [LabeledValue(label: "mobile", value: "+81 90 1234 5678")]),
            Contact(id: "", givenName: "José", familyName: "Núñez", displayName: "José Núñez"),
        ]
        expectDerivedVCardIDs(result.contacts, equal: expected)
    }

    @Test("Malformed cards among good ones: each reported on its line and skipped")
    func malformed() throws {
        let result = try VCardFixture.load("malformed.vcf")
        let reported = result.problems.map { "\($0.line) \($0.kind.rawValue)" }
        #expect(
            reported == [
                "7 endWithoutBegin", "8 beginWithoutEnd", "16 textOutsideCard", "20 notAProperty",
                "24 unsupportedVersion", "29 notAProperty", "34 invalidUID", "39 beginWithoutEnd",
            ])
        #expect(result.problems.map(\.skipsCard) == [false, true, false, true, true, true, false, true])
        #expect(result.problems.allSatisfy { !$0.message.isEmpty && $0.description.hasPrefix("line \($0.line): ") })
        #expect(result.problems[4].message.contains("\"5.0\""))
        #expect(result.cardCount == 9)
        #expect(result.contacts.map(\.displayName) == ["Good One", "Good Two", "Good Three", "No Version"])
        #expect(result.contacts[0].notes == "a folded note")
        #expect(result.contacts[2].id.hasPrefix("vcf-"), "an invalid UID falls back to the derived id")
        #expect(result.contacts.allSatisfy { $0.phoneNumbers.isEmpty }, "nothing of the broken card leaks")
    }

    @Test("UTF-16 LE with a byte order mark")
    func utf16() throws {
        let result = try VCardFixture.load("utf16le.vcf")
        #expect(result.problems == [])
        let expected = [
            Contact(
                id: "", givenName: "Zoë", familyName: "Ødegård", displayName: "Zoë Ødegård",
                phoneNumbers: [LabeledValue(label: "mobile", value: "+47 912 34 567")])
        ]
        expectDerivedVCardIDs(result.contacts, equal: expected)
    }

    @Test("Every fixture is recognised as vCard", arguments: VCardFixtureTests.fixtureNames)
    func recognised(name: String) throws {
        #expect(VCardParser.looksLikeVCard(try VCardFixture.bytes(name)))
        #expect(VCardParser.looksLikeVCard(fileAtPath: VCardFixture.path(name)))
    }

    @Test("Importing a file by path equals importing its bytes", arguments: VCardFixtureTests.fixtureNames)
    func importByPath(name: String) throws {
        let byPath = try VCardParser.parse(fileAtPath: VCardFixture.path(name))
        #expect(byPath == VCardParser.parse(try VCardFixture.bytes(name)))
    }

    static let fixtureNames = [
        "ios-3.0.vcf", "android-2.1.vcf", "google-3.0.vcf", "vcard-4.0.vcf", "legacy-2.1.vcf", "encodings.vcf",
        "malformed.vcf", "utf16le.vcf",
    ]
}

/// The committed files under Fixtures/.
enum VCardFixture {
    /// The path of a file under Fixtures/.
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
            .appendingPathComponent(name).path
    }

    /// The bytes of a file under Fixtures/.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// The import of a file under Fixtures/.
    static func load(_ name: String) throws -> VCardImport {
        VCardParser.parse(try bytes(name))
    }
}

/// Checks contacts whose ids are derived (no UID): each id is `vcf-` and 16 lowercase hex
/// digits, the ids are distinct, and the contacts equal `expected` field by field otherwise.
func expectDerivedVCardIDs(
    _ contacts: [Contact], equal expected: [Contact], sourceLocation: SourceLocation = #_sourceLocation
) {
    for contact in contacts {
        #expect(contact.id.count == 20 && contact.id.hasPrefix("vcf-"), sourceLocation: sourceLocation)
        #expect(contact.id.dropFirst(4).allSatisfy { $0.isHexDigit && !$0.isUppercase }, sourceLocation: sourceLocation)
    }
    #expect(Set(contacts.map(\.id)).count == contacts.count, "derived ids differ", sourceLocation: sourceLocation)
    var withIDs = expected
    for index in withIDs.indices where index < contacts.count {
        withIDs[index].id = contacts[index].id
    }
    #expect(contacts == withIDs, sourceLocation: sourceLocation)
}
