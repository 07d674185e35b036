import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsSupport
import Testing

/// `Contact(json:)` and `jsonValue` (PROTOCOL §1 and §6 "Contacts").
@Suite struct ContactJSONTests {
    static func decode(_ text: String) throws -> Result<Contact, ContactRejection> {
        let value = try JSONParser.parse(text)
        return Result { () throws(ContactRejection) in try Contact(json: value) }
    }

    static func rejection(_ text: String) throws -> ContactRejection? {
        if case .failure(let reason) = try decode(text) { return reason }
        return nil
    }

    static let stringKeys = [
        "ownerId", "givenName", "familyName", "displayName", "organizationName", "jobTitle", "notes",
    ]
    static let listKeys = ["phoneNumbers", "emailAddresses", "addresses", "socialProfiles"]
    static let everyKey = [
        "id", "ownerId", "givenName", "familyName", "displayName", "organizationName", "jobTitle",
        "phoneNumbers", "emailAddresses", "addresses", "socialProfiles", "notes",
    ]

    @Test(arguments: ["[]", "[{\"id\":\"a\"}]", "\"a\"", "1", "null", "true"])
    func notAnObject(_ text: String) throws {
        #expect(try Self.rejection(text) == .notAnObject)
        #expect(ContactRejection.notAnObject.wireName == "not_an_object")
    }

    static let invalidIDs: [String] = [
        "{}", #"{"id":null}"#, #"{"id":""}"#, #"{"id":1}"#, #"{"id":true}"#, #"{"id":["a"]}"#, #"{"id":{"a":1}}"#,
        "{\"id\":\"\(String(repeating: "x", count: 129))\"}",
        "{\"id\":\"\(String(repeating: "é", count: 64))x\"}",  // 129 bytes, 65 characters
        "{\"id\":\"\(String(repeating: "€", count: 43))\"}",  // 129 bytes, 43 characters
        #"{"id":"a\u0000"}"#, #"{"id":"a\tb"}"#, #"{"id":"\n"}"#, #"{"id":"a\u001f"}"#, #"{"id":"a\u007f"}"#,
        #"{"id":"a\u0085"}"#, #"{"id":"\u009f"}"#,
    ]

    @Test(arguments: invalidIDs)
    func invalidID(_ text: String) throws {
        #expect(try Self.rejection(text) == .invalidID)
        #expect(ContactRejection.invalidID.wireName == "invalid_id")
    }

    static let validIDs: [String] = [
        "a", " ", "x y", String(repeating: "x", count: 128), String(repeating: "é", count: 64),
        String(repeating: "😀", count: 32), "\u{A0}", "\u{200B}", "\u{2028}", "e\u{301}", "\u{A0}\u{AD}",
    ]

    @Test(arguments: validIDs)
    func validIDIsKeptAsIs(_ id: String) throws {
        let contact = try Contact(json: .object(["id": .string(id)]))
        #expect(Array(contact.id.utf8) == Array(id.utf8))
    }

    static let wrongTypes: [JSONValue] = [
        .integer(1), .bool(false), .string("x"), .array([]), .object([:]), .number(JSONNumber(validatedLiteral: "1.5")),
    ]

    @Test(arguments: stringKeys)
    func stringKeyOfWrongType(_ key: String) throws {
        for wrong in Self.wrongTypes where wrong.stringValue == nil {
            let value = JSONValue.object(["id": .string("c1"), key: wrong])
            #expect(throws: ContactRejection.invalidField, "\(key): \(wrong.jsonText)") { try Contact(json: value) }
        }
        #expect(ContactRejection.invalidField.wireName == "invalid_field")
    }

    @Test(arguments: listKeys)
    func listKeyOfWrongType(_ key: String) throws {
        for wrong in Self.wrongTypes where wrong.arrayValue == nil {
            let value = JSONValue.object(["id": .string("c1"), key: wrong])
            #expect(throws: ContactRejection.invalidField, "\(key): \(wrong.jsonText)") { try Contact(json: value) }
        }
        // An entry that is not an object.
        for entry: JSONValue in [.string("+1 415 555 2671"), .integer(1), .null, .array([])] {
            let value = JSONValue.object(["id": .string("c1"), key: .array([.object([:]), entry])])
            #expect(throws: ContactRejection.invalidField, "\(key): [\(entry.jsonText)]") { try Contact(json: value) }
        }
    }

    @Test(arguments: listKeys)
    func entryMemberOfWrongType(_ key: String) throws {
        let members =
            key == "addresses" ? ["label", "street", "city", "state", "postalCode", "country"] : ["label", "value"]
        for member in members {
            for wrong in Self.wrongTypes where wrong.stringValue == nil {
                let value = JSONValue.object(["id": .string("c1"), key: .array([.object([member: wrong])])])
                #expect(throws: ContactRejection.invalidField, "\(key).\(member)") { try Contact(json: value) }
            }
        }
    }

    @Test func nullCountsAsAbsent() throws {
        var object: JSONObject = ["id": .string("c1")]
        for key in Self.stringKeys + Self.listKeys { object[key] = .null }
        #expect(try Contact(json: .object(object)) == Contact(id: "c1"))
        let entries = try Contact(
            json: JSONParser.parse(
                #"{"id":"c1","phoneNumbers":[{"label":null,"value":null}],"addresses":[{"city":null,"country":"ES"}]}"#)
        )
        #expect(entries.phoneNumbers == [LabeledValue(label: "", value: "")])
        #expect(entries.addresses == [PostalAddress(country: "ES")])
    }

    @Test(arguments: stringKeys)
    func aRepeatedKeyReadsAsItsLastMember(_ key: String) throws {
        let accepted = try Self.decode(#"{"id":5,"\#(key)":5,"id":"a","\#(key)":"Ann"}"#).get()
        #expect(accepted.id == "a")
        let json = try #require(accepted.jsonValue.objectValue)
        #expect(json[key] == .string("Ann"))
        #expect(try Self.rejection(#"{"id":"a","\#(key)":"Ann","\#(key)":5}"#) == .invalidField)
        #expect(try Self.rejection(#"{"id":"a","id":7}"#) == .invalidID)
    }

    @Test func keysMatchByBytes() throws {
        // "givenName" with a decomposed or look-alike letter is an unknown key, so ignored.
        let contact = try Self.decode(#"{"id":"a","giveNName":5,"givenNam\u0065\u0301":5,"givenName ":5}"#).get()
        #expect(contact.givenName == "")
    }

    @Test func unknownKeysAreIgnored() throws {
        let contact = try Contact(
            json: JSONParser.parse(
                #"{"id":"c1","x":[1,{"y":null}],"Id":5,"givenName":"Ana","phoneNumbers":[{"value":"1","type":true}]}"#))
        #expect(contact == Contact(id: "c1", givenName: "Ana", phoneNumbers: [LabeledValue(value: "1")]))
    }

    @Test func fullContactDecodes() throws {
        let text = #"""
            {"id":"c0000001","ownerId":"u000123","givenName":"José","familyName":"Núñez",
             "displayName":"José Núñez","organizationName":"Acme","jobTitle":"Engineer",
             "phoneNumbers":[{"label":"mobile","value":"+34 612 34 56 78"}],
             "emailAddresses":[{"label":"work","value":"jose.nunez@acme.es"}],
             "addresses":[{"label":"home","street":"Calle Mayor 1","city":"Madrid","state":"",
                           "postalCode":"28013","country":"ES"}],
             "socialProfiles":[{"label":"twitter","value":"@jnunez"}],
             "notes":"Met at the conference"}
            """#
        let contact = try Contact(json: JSONParser.parse(text))
        #expect(
            contact
                == Contact(
                    id: "c0000001", ownerId: "u000123", givenName: "José", familyName: "Núñez",
                    displayName: "José Núñez",
                    organizationName: "Acme", jobTitle: "Engineer",
                    phoneNumbers: [LabeledValue(label: "mobile", value: "+34 612 34 56 78")],
                    emailAddresses: [LabeledValue(label: "work", value: "jose.nunez@acme.es")],
                    addresses: [
                        PostalAddress(
                            label: "home", street: "Calle Mayor 1", city: "Madrid", state: "", postalCode: "28013",
                            country: "ES")
                    ],
                    socialProfiles: [LabeledValue(label: "twitter", value: "@jnunez")], notes: "Met at the conference"))
    }

    @Test func jsonValueHasEveryKeyInOrder() throws {
        let object = try #require(Contact(id: "c1").jsonValue.objectValue)
        #expect(object.members.map(\.key) == Self.everyKey)
        for member in object.members where member.key != "id" {
            #expect(member.value == (Self.listKeys.contains(member.key) ? .array([]) : .string("")), "\(member.key)")
        }
        let full = Contact(
            id: "c2", phoneNumbers: [LabeledValue()], emailAddresses: [LabeledValue(value: "a@b")],
            addresses: [PostalAddress()], socialProfiles: [LabeledValue(label: "x")])
        let fullObject = try #require(full.jsonValue.objectValue)
        #expect(fullObject.members.map(\.key) == Self.everyKey)
        let address = try #require(fullObject["addresses"]?.arrayValue?.first?.objectValue)
        #expect(address.members.map(\.key) == ["label", "street", "city", "state", "postalCode", "country"])
        #expect(address.members.allSatisfy { $0.value == .string("") })
        for key in ["phoneNumbers", "emailAddresses", "socialProfiles"] {
            let entry = try #require(fullObject[key]?.arrayValue?.first?.objectValue)
            #expect(entry.members.map(\.key) == ["label", "value"])
        }
        // displayName is the effective one.
        #expect(fullObject["displayName"] == .string("a@b"))
    }

    @Test(arguments: Array(UInt64(1)...10))
    func randomContactsRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func text() -> String {
            random.next() % 3 == 0 ? "" : RandomJSON.string(using: &random, maximumLength: 8)
        }
        func labeled() -> [LabeledValue] {
            (0..<Int(random.next() % 3)).map { _ in LabeledValue(label: text(), value: text()) }
        }
        for index in 0..<50 {
            let contact = Contact(
                id: "c\(seed)-\(index)", ownerId: text(), givenName: text(), familyName: text(), displayName: text(),
                organizationName: text(), jobTitle: text(), phoneNumbers: labeled(), emailAddresses: labeled(),
                addresses: (0..<Int(random.next() % 3)).map { _ in
                    PostalAddress(
                        label: text(), street: text(), city: text(), state: text(), postalCode: text(), country: text())
                },
                socialProfiles: labeled(), notes: text())
            let written = RandomJSON.text(of: contact.jsonValue)
            let decoded = try Contact(json: JSONParser.parse(written))
            #expect(decoded == contact.withDerivedDisplayName)
            #expect(decoded.displayName == contact.effectiveDisplayName)
            // Byte-exact: no string was normalized on the way.
            #expect(RandomJSON.text(of: decoded.jsonValue) == written)
        }
    }
}
