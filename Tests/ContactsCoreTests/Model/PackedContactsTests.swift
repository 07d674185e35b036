import ContactsModel
import ContactsSupport
import Testing

/// The packed form of contacts (``PackedContacts``, the body of ``ContactCodec``): every field
/// of PROTOCOL §1 round-trips byte for byte — empty, long, every script, odd Unicode, display
/// names stored as given or derived — through puts, replacements, removals and the reclaiming
/// of garbage, against a dictionary of the contacts put.
@Suite struct PackedContactsTests {
    static let seeds: [UInt64] = Array(1...8)

    /// Contacts whose text is drawn from every script and from the odd corners of Unicode.
    struct Texts {
        var generator: SplitMix64

        /// Code point ranges to draw from: ASCII, Latin with diacritics and the typed letters,
        /// Greek, Cyrillic, Hebrew, Arabic, Devanagari, Thai, Hangul jamo and syllables, kana,
        /// CJK, full-width forms, combining marks on their own, joiners and bidi controls,
        /// variation selectors, emoji and their modifiers, private use, noncharacters, the
        /// last code point, and controls (NUL included).
        static let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xC0...0x17F, 0x370...0x3FF, 0x400...0x4FF, 0x5D0...0x5EA, 0x600...0x6FF, 0x900...0x97F,
            0xE00...0xE5B, 0x1100...0x11FF, 0xAC00...0xD7A3, 0x3040...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF5E,
            0x300...0x36F, 0x200B...0x200F, 0x202A...0x202E, 0xFE00...0xFE0F, 0x1F300...0x1F6FF, 0x1F3FB...0x1F3FF,
            0xE000...0xE0FF, 0xFDD0...0xFDEF, 0xFFFE...0xFFFF, 0x10FFFF...0x10FFFF, 0x0...0x1F, 0x7F...0x9F,
        ]

        mutating func number(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(generator.next() % UInt64(range.count))
        }

        mutating func text() -> String {
            switch number(0...9) {
            case 0, 1: return ""
            case 2: return String(repeating: "long text ", count: number(50...600))
            default:
                var scalars = String.UnicodeScalarView()
                for _ in 0..<number(1...24) {
                    let range = Self.ranges[number(0...Self.ranges.count - 1)]
                    let value = range.lowerBound + UInt32(generator.next() % UInt64(range.count))
                    if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
                }
                return String(scalars)
            }
        }

        mutating func label() -> String {
            number(0...2) == 0 ? text() : ContactLabels.known[number(0...ContactLabels.known.count - 1)]
        }

        mutating func labeled() -> [LabeledValue] {
            (0..<number(0...3)).map { _ in LabeledValue(label: label(), value: text()) }
        }

        /// A contact; its display name empty, as given, or equal to one of the derived forms.
        mutating func contact(id: String) -> Contact {
            var contact = Contact(
                id: id, givenName: text(), familyName: text(), organizationName: text(), jobTitle: text(),
                phoneNumbers: labeled(), emailAddresses: labeled(),
                addresses: (0..<number(0...2)).map { _ in
                    PostalAddress(
                        label: label(), street: text(), city: text(), state: text(), postalCode: text(),
                        country: text())
                },
                socialProfiles: labeled(), notes: text())
            let (given, family) = (contact.givenName, contact.familyName)
            contact.displayName =
                [
                    "", text(), given + " " + family, family + " " + given, family + given, given + family,
                    contact.organizationName, given, " ",
                ][number(0...8)]
            return contact
        }

        mutating func id(_ number: Int) -> String {
            // Canonically equivalent ids that differ in their bytes are different ids.
            ["c\(number)", "Jos\u{E9}\(number)", "Jose\u{301}\(number)", "\(number)-\(text())x"][number % 4]
        }

        mutating func numbers() -> [UInt64] {
            (0..<number(0...3)).map { _ in generator.next() % 10_000_000_000_000_000_000 }
        }
    }

    /// The body bytes of `contact`: equal bytes mean every member is equal byte for byte.
    static func body(_ contact: Contact) -> [UInt8] {
        var bytes: [UInt8] = []
        ContactCodec.appendBody(contact, to: &bytes)
        return bytes
    }

    /// True when the two contacts have the same bytes in every member of PROTOCOL §1.
    static func sameBytes(_ left: Contact, _ right: Contact) -> Bool {
        body(left) == body(right) && Array(left.id.utf8) == Array(right.id.utf8)
            && Array(left.ownerId.utf8) == Array(right.ownerId.utf8)
            && Array(left.displayName.utf8) == Array(right.displayName.utf8)
    }

    static func expectHolds(_ packed: PackedContacts, _ model: [ExactString: (Contact, [UInt64])], seed: UInt64) {
        #expect(packed.count == model.count, "seed \(seed)")
        for (key, (contact, numbers)) in model {
            guard let slot = packed.slot(of: key.string) else {
                Issue.record("seed \(seed): \(key) has no slot")
                continue
            }
            let back = packed.contact(at: slot, ownerId: "owner")
            var expected = contact
            expected.ownerId = "owner"
            #expect(back == expected, "seed \(seed) id \(key)")
            #expect(sameBytes(back, expected), "seed \(seed) id \(key)")
            #expect(Array(packed.id(at: slot).utf8) == Array(key.string.utf8))
            #expect(packed.numbers(at: slot) == numbers, "seed \(seed) id \(key)")
            let effective = packed.withRecord(at: slot) { $0?.effectiveDisplayName }
            #expect(effective.map { Array($0.utf8) } == Array(contact.effectiveDisplayName.utf8), "seed \(seed)")
        }
    }

    @Test(arguments: seeds)
    func everyFieldRoundTrips(seed: UInt64) throws {
        var texts = Texts(generator: SplitMix64(seed: seed))
        var packed = PackedContacts()
        var model: [ExactString: (Contact, [UInt64])] = [:]
        for step in 0..<400 {
            let id = texts.id(texts.number(0...150))
            let roll = texts.number(0...9)
            if roll == 0 {
                #expect((packed.remove(id: id) != nil) == (model.removeValue(forKey: ExactString(id)) != nil))
                #expect(packed.slot(of: id) == nil)
                continue
            }
            let contact = texts.contact(id: id)
            let numbers = texts.numbers()
            let before = packed.slot(of: id)
            if roll == 1 {
                // Through the store's path: the body bytes as a store keeps them.
                let bytes = Self.body(contact)
                let placed = try bytes.withUnsafeBytes { try packed.put(id: id, body: $0, numbers: numbers) }
                #expect(placed.isNew == (before == nil))
            } else if roll == 2 {
                // Through an upload's path: the body as its batch encoded it, second of two.
                let batch = EncodedContacts([texts.contact(id: "other"), contact])
                let placed = packed.put(batch, at: 1, numbers: numbers)
                #expect(placed.isNew == (before == nil))
                if let before { #expect(placed.slot == before) }
            } else {
                let placed = packed.put(contact, numbers: numbers)
                #expect(placed.isNew == (before == nil))
                // A replaced contact keeps its slot.
                if let before { #expect(placed.slot == before) }
            }
            model[ExactString(id)] = (contact, numbers)
            if step % 50 == 0 { Self.expectHolds(packed, model, seed: seed) }
            // Shrunk now and then: later puts, replacements and removals go on from a tight table.
            if step % 70 == 35 {
                packed.shrinkToFit()
                Self.expectHolds(packed, model, seed: seed)
            }
        }
        Self.expectHolds(packed, model, seed: seed)
    }

    /// A batch encodes each contact exactly as ``ContactCodec`` does, and a book without
    /// contacts appends them from it, slot by slot, holding every member.
    @Test(arguments: seeds)
    func encodedBatchKeepsEachBody(seed: UInt64) {
        var texts = Texts(generator: SplitMix64(seed: seed))
        let contacts = (0..<60).map { texts.contact(id: texts.id($0)) }
        let numbers = contacts.map { _ in texts.numbers() }
        let batch = EncodedContacts(contacts)
        #expect(batch.count == contacts.count)
        #expect(batch.contacts == contacts)
        var packed = PackedContacts()
        var model: [ExactString: (Contact, [UInt64])] = [:]
        for index in contacts.indices {
            #expect(batch.withBody(at: index) { Array($0) } == Self.body(contacts[index]), "seed \(seed) #\(index)")
            #expect(packed.append(batch, at: index, numbers: numbers[index]) == UInt32(index))
            model[ExactString(contacts[index].id)] = (contacts[index], numbers[index])
        }
        Self.expectHolds(packed, model, seed: seed)
    }

    /// Many replacements of large contacts pass the garbage threshold: the arena is rewritten,
    /// every slot keeps its contact.
    @Test func reclaimedGarbageKeepsEverySlot() {
        var packed = PackedContacts()
        var model: [ExactString: (Contact, [UInt64])] = [:]
        var slots: [ExactString: UInt32] = [:]
        for round in 0..<30 {
            for number in 0..<40 {
                let contact = Contact(
                    id: "c\(number)", givenName: "Round \(round)", notes: String(repeating: "ß", count: 200 + round))
                let slot = packed.put(contact, numbers: [UInt64(round)]).slot
                if let known = slots[ExactString(contact.id)] { #expect(known == slot) }
                slots[ExactString(contact.id)] = slot
                model[ExactString(contact.id)] = (contact, [UInt64(round)])
            }
        }
        // Unreclaimed, the 1,200 records would take over 500,000 bytes.
        #expect(packed.byteCount < 200_000)
        Self.expectHolds(packed, model, seed: 0)
    }

    /// A shrunk book holds its records at their exact size, 4 bytes of offset a slot and an id
    /// table at its load limit (5 bytes an entry, ids / 0.7 entries; each up to the allocator's
    /// rounding), and keeps every contact
    /// through later puts and removals; with garbage, the shrink reclaims it.
    @Test(arguments: [0, 1, 2, 11, 500, 750, 1_000])
    func shrunkHoldsExactly(count: Int) {
        var packed = PackedContacts()
        var model: [ExactString: (Contact, [UInt64])] = [:]
        for number in 0..<count {
            let contact = Contact(id: "c\(number)", givenName: "Name \(number)", notes: "n\(number % 7)")
            packed.put(contact, numbers: [UInt64(number)])
            model[ExactString(contact.id)] = (contact, [UInt64(number)])
        }
        let before = packed.byteCounts
        packed.shrinkToFit()
        let after = packed.byteCounts
        // Exact up to the allocator's rounding (under 64 bytes an array).
        #expect(after.records == before.records && after.arena - after.records < 64)
        #expect(after.offsets - 4 * count < 64)
        let entries = (count * 10 + 6) / 7
        #expect(after.ids - 5 * entries < 128, "\(count) ids")
        #expect(packed.byteCount <= before.arena + before.offsets + before.ids)
        Self.expectHolds(packed, model, seed: UInt64(count))
        for number in stride(from: 0, to: count, by: 3) {
            packed.remove(id: "c\(number)")
            model[ExactString("c\(number)")] = nil
        }
        for number in count..<count + 40 {
            let contact = Contact(id: "c\(number)", givenName: "Later \(number)")
            packed.put(contact, numbers: [])
            model[ExactString(contact.id)] = (contact, [])
        }
        Self.expectHolds(packed, model, seed: UInt64(count))
        packed.shrinkToFit()
        #expect(packed.byteCounts.arena - packed.byteCounts.records < 64)
        Self.expectHolds(packed, model, seed: UInt64(count))
    }

    /// The live contacts laid out again in another order (what a search index build does):
    /// fresh puts (records back to back), after removals (garbage), and after the garbage of
    /// large replacements was reclaimed around removed slots (back to back again, dead slots
    /// empty).
    @Test func reorderedKeepsEveryContact() {
        var packed = PackedContacts()
        var model: [ExactString: (Contact, [UInt64])] = [:]
        func expectReorderedHolds(_ stage: UInt64) {
            let live = model.keys.compactMap { packed.slot(of: $0.string) }.sorted(by: >)
            let reordered = PackedContacts(packed, inOrder: live)
            Self.expectHolds(reordered, model, seed: stage)
            #expect(live.enumerated().allSatisfy { reordered.id(at: UInt32($0)) == packed.id(at: $1) })
        }
        for number in 0..<60 {
            let contact = Contact(id: "c\(number)", givenName: "Fresh \(number)")
            packed.put(contact, numbers: [UInt64(number)])
            model[ExactString(contact.id)] = (contact, [UInt64(number)])
        }
        expectReorderedHolds(1)
        for number in stride(from: 0, to: 60, by: 3) {
            packed.remove(id: "c\(number)")
            model[ExactString("c\(number)")] = nil
        }
        expectReorderedHolds(2)
        // Replaced until a put reclaims the garbage (the arena shrinks): no garbage left then.
        var reclaimed = false
        var bytes = packed.byteCount
        for round in 0..<40 where !reclaimed {
            for number in 0..<60 where number % 3 != 0 && !reclaimed {
                let contact = Contact(
                    id: "c\(number)", givenName: "Round \(round)", notes: String(repeating: "ß", count: 200 + round))
                packed.put(contact, numbers: [UInt64(round)])
                model[ExactString(contact.id)] = (contact, [UInt64(round)])
                reclaimed = packed.byteCount < bytes
                bytes = packed.byteCount
            }
        }
        #expect(reclaimed)
        expectReorderedHolds(3)
    }

    @Test func derivedDisplayNamesCostNoBytes() {
        let given = Contact(id: "a", givenName: "Ana", familyName: "Núñez", displayName: "Ana Núñez")
        let literal = Contact(id: "a", givenName: "Ana", familyName: "Núñez", displayName: "Ana N.")
        #expect(Self.body(given).count + 7 == Self.body(literal).count)
        // The format byte, two bytes of presence bits, the organization.
        #expect(Self.body(Contact(id: "x", displayName: "Acme", organizationName: "Acme")).count == 8)
        // Labels the table interns take one byte; others are written out.
        let interned = Contact(id: "x", phoneNumbers: [LabeledValue(label: "mobile", value: "1")])
        let inline = Contact(id: "x", phoneNumbers: [LabeledValue(label: "Mobile", value: "1")])
        #expect(Self.body(interned).count + 6 == Self.body(inline).count)
    }

    @Test func refusesABodyWithBytesAfterIt() {
        var packed = PackedContacts()
        let bytes = Self.body(Contact(id: "x", givenName: "A")) + [0]
        #expect(throws: BinaryFormatError.self) {
            try bytes.withUnsafeBytes { try packed.put(id: "x", body: $0, numbers: []) }
        }
        #expect(packed.count == 0)
    }
}
