import ContactsCore
import Testing

/// The BLOB form of contacts and phones.
@Suite("ContactCodec")
struct ContactCodecTests {
    static let seeds: [UInt64] = Array(1...12)

    private func encoded(_ contact: Contact) -> [UInt8] {
        var bytes: [UInt8] = []
        ContactCodec.encodeBody(contact, into: &bytes)
        return bytes
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
            var phoneBytes: [UInt8] = []
            ContactCodec.encodePhones(phones, into: &phoneBytes)
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
            #expect(throws: ContactCodec.DecodingError.self) { try decode(Array(bytes.prefix(length))) }
        }
        #expect(throws: ContactCodec.DecodingError.self) { try decode(bytes + [0]) }
    }

    @Test func refusesUnknownFormatsAndImpossibleCounts() {
        #expect(throws: ContactCodec.DecodingError(reason: "unknown contact format 2")) {
            try decode([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        }
        // Six empty strings, then a phone list claiming 2^62 entries in the bytes left.
        let huge: [UInt8] = [1, 0, 0, 0, 0, 0, 0] + [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40]
        #expect(throws: ContactCodec.DecodingError.self) { try decode(huge) }
        // A string length past the end.
        #expect(throws: ContactCodec.DecodingError.self) { try decode([1, 0xFF, 0x7F, 65]) }
        #expect(throws: ContactCodec.DecodingError.self) {
            try [UInt8](repeating: 1, count: 12).withUnsafeBytes { try ContactCodec.decodePhones($0) }
        }
    }

    @Test func encodesAnEmptyContactCompactly() throws {
        let bytes = encoded(Contact(id: "only"))
        #expect(bytes == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(try decode(bytes, id: "only", ownerId: "") == Contact(id: "only"))
    }
}
