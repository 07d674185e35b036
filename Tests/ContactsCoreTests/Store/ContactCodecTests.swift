import ContactsCore
import ContactsModel
import ContactsSupport
import Testing

/// The BLOB form of contacts and phones.
@Suite("ContactCodec")
struct ContactCodecTests {
    static let seeds: [UInt64] = Array(1...12)

    private func encoded(_ contact: Contact) -> [UInt8] {
        var writer = BinaryWriter()
        ContactCodec.writeBody(contact, to: &writer)
        return writer.bytes
    }

    private func decode(_ bytes: [UInt8], id: String = "x", ownerId: String = "o") throws -> Contact {
        try bytes.withUnsafeBytes { try ContactCodec.decodeBody($0, id: id, ownerId: ownerId) }
    }

    @Test(arguments: seeds)
    func roundTripsRandomContacts(seed: UInt64) throws {
        var random = StoreTestRandom(seed: seed)
        for index in 0..<40 {
            let contact = random.contact(id: "c\(index)")
            let bytes = encoded(contact)
            let back = try decode(bytes, id: contact.id, ownerId: "owner")
            var expected = contact
            expected.ownerId = "owner"
            #expect(back == expected)
            // Byte-exact: `==` on String is canonical equivalence, the encoding is not.
            #expect(encoded(back) == bytes)

            let phones = random.phones()
            var phoneWriter = BinaryWriter()
            ContactCodec.writePhones(phones, to: &phoneWriter)
            let phoneBytes = phoneWriter.bytes
            #expect(phoneBytes.count == phones.count * 8)
            #expect(try phoneBytes.withUnsafeBytes { try ContactCodec.decodePhones($0) } == phones)
        }
    }

    @Test func keepsCanonicallyEquivalentStringsApart() throws {
        let composed = Contact(id: "a", displayName: "Jos\u{E9}")
        let decomposed = Contact(id: "a", displayName: "Jose\u{301}")
        #expect(encoded(composed) != encoded(decomposed))
        let back = try decode(encoded(decomposed))
        #expect(Array(back.displayName.utf8) == Array("Jose\u{301}".utf8))
    }

    @Test(arguments: seeds)
    func refusesEveryCutAndTrailingBytes(seed: UInt64) throws {
        var random = StoreTestRandom(seed: seed)
        let bytes = encoded(random.contact(id: "c"))
        for length in 0..<bytes.count {
            #expect(throws: BinaryFormatError.self) { try decode(Array(bytes.prefix(length))) }
        }
        #expect(throws: BinaryFormatError.self) { try decode(bytes + [0]) }
    }

    @Test func refusesUnknownFormatsAndImpossibleCounts() {
        #expect(throws: BinaryFormatError.corrupt("unknown contact format 3 in contact x")) {
            try decode([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        }
        // Format 2: a presence bit past the last member, an unknown display kind, a phone list
        // (bit 5) claiming 2^62 entries.
        #expect(throws: BinaryFormatError.self) { try decode([2, 0x80, 0x20]) }
        #expect(throws: BinaryFormatError.self) { try decode([2, 7]) }
        #expect(throws: BinaryFormatError.self) {
            try decode([2, 0x20, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40])
        }
        // Six empty strings, then a phone list claiming 2^62 entries in the bytes left.
        let huge: [UInt8] = [1, 0, 0, 0, 0, 0, 0] + [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40]
        #expect(throws: BinaryFormatError.self) { try decode(huge) }
        // A string length past the end.
        #expect(throws: BinaryFormatError.self) { try decode([1, 0xFF, 0x7F, 65]) }
        #expect(throws: BinaryFormatError.self) {
            try [UInt8](repeating: 1, count: 12).withUnsafeBytes { try ContactCodec.decodePhones($0) }
        }
    }

    @Test func refusesTextThatIsNotUTF8() {
        // givenName of one byte 0xFF: every string of a body must be valid UTF-8 (format 1,
        // then format 2: presence bit 3, and an inline label of one byte 0xFF on a phone).
        #expect(throws: BinaryFormatError.self) { try decode([1, 1, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0]) }
        #expect(throws: BinaryFormatError.self) { try decode([2, 0x08, 1, 0xFF]) }
        let inlineLabel = UInt8(ContactLabels.known.count + 1)
        #expect(throws: BinaryFormatError.self) { try decode([2, 0x20, 1, inlineLabel, 0xFF, 1, 0x35]) }
    }

    /// Bodies of format 1, which earlier builds wrote, still read.
    @Test func readsFormatOne() throws {
        // givenName "Ana", displayName "A", notes "n", one phone (mobile, "5"), nothing else.
        let body: [UInt8] = [
            1, 3, 65, 110, 97, 0, 1, 65, 0, 0, 1, 110, 1, 6, 109, 111, 98, 105, 108, 101, 1, 53, 0, 0, 0,
        ]
        let expected = Contact(
            id: "x", ownerId: "o", givenName: "Ana", displayName: "A",
            phoneNumbers: [LabeledValue(label: "mobile", value: "5")],
            notes: "n")
        #expect(try decode(body) == expected)
    }

    @Test(arguments: seeds)
    func writesWholeContactsWithTheirIds(seed: UInt64) throws {
        var random = StoreTestRandom(seed: seed)
        var writer = BinaryWriter()
        let contacts = (0..<10).map { index in
            var contact = random.contact(id: "c\(index)")
            contact.ownerId = "o\(index % 3)"
            return contact
        }
        for contact in contacts { ContactCodec.write(contact, to: &writer) }
        let decoded = try writer.bytes.withUnsafeBytes { bytes in
            var reader = BinaryReader(bytes)
            let decoded = try (0..<contacts.count).map { _ in try ContactCodec.read(from: &reader) }
            #expect(reader.isAtEnd)
            return decoded
        }
        #expect(decoded == contacts)
    }

    @Test func encodesAnEmptyContactCompactly() throws {
        let bytes = encoded(Contact(id: "only"))
        #expect(bytes == [2, 0])
        #expect(try decode(bytes, id: "only", ownerId: "") == Contact(id: "only"))
    }
}
