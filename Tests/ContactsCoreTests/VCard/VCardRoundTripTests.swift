import ContactsCore
import ContactsModel
import ContactsSupport
import ContactsVCard
import Foundation
import Testing

/// Randomized: random contacts written as vCard by a short, plain writer (the model), read
/// back; and random damage to the fixture corpus, which must never crash the parser nor break
/// its accounting.
@Suite("VCard randomized")
struct VCardRoundTripTests {
    static let seeds: [UInt64] = Array(1...40)

    @Test(
        "Random contacts written as 2.1 (QUOTED-PRINTABLE, soft breaks) or 3.0/4.0 (escapes, folds) read back equal",
        arguments: seeds)
    func roundTrip(seed: UInt64) {
        var random = VCardSplitMix(seed: seed)
        let contacts = (0..<random.int(1...8)).map { randomContact(&random, number: $0, seed: seed) }
        let lineEnding = random.bool() ? "\r\n" : "\n"
        var bytes: [UInt8] = random.int(0...3) == 0 ? [0xEF, 0xBB, 0xBF] : []
        for contact in contacts {
            for line in writeCard(contact, &random) {
                for physical in physicalLines(line, &random) {
                    bytes += physical
                    bytes += lineEnding.utf8
                }
            }
            if random.int(0...3) == 0 { bytes += lineEnding.utf8 }
        }
        let result = VCardParser.parse(bytes)
        #expect(result.problems == [])
        #expect(result.cardCount == contacts.count)
        #expect(result.contacts == contacts)
    }

    @Test(
        "Damaged fixtures: no crash, every card imported or reported once, valid ids, ordered lines",
        arguments: seeds)
    func damage(seed: UInt64) throws {
        var random = VCardSplitMix(seed: seed)
        for name in VCardFixtureTests.fixtureNames {
            var bytes = try VCardFixture.bytes(name)
            let interesting: [UInt8] = [0x3A, 0x3B, 0x3D, 0x0D, 0x0A, 0x20, 0x09, 0x22, 0x5C, 0x2C, 0xFF, 0xC3, 0x00]
            for _ in 0..<random.int(1...12) where !bytes.isEmpty {
                let at = random.int(0...(bytes.count - 1))
                let byte =
                    random.bool() ? interesting[random.int(0...(interesting.count - 1))] : UInt8(random.int(0...255))
                switch random.int(0...2) {
                case 0: bytes[at] = byte
                case 1: bytes.insert(byte, at: at)
                default: bytes.remove(at: at)
                }
            }
            let result = VCardParser.parse(bytes)
            let lineCount = bytes.count { $0 == 0x0A } + 1
            #expect(result == VCardParser.parse(bytes), "deterministic")
            #expect(result.contacts.count + result.problems.count(where: \.skipsCard) == result.cardCount, "\(name)")
            #expect(result.problems.allSatisfy { (1...lineCount).contains($0.line) }, "\(name)")
            #expect(zip(result.problems, result.problems.dropFirst()).allSatisfy { $0.line <= $1.line }, "\(name)")
            #expect(
                result.contacts.allSatisfy { contact in
                    (1...128).contains(contact.id.utf8.count)
                        && !contact.id.unicodeScalars.contains { $0.properties.generalCategory == .control }
                }, "\(name)")
        }
    }

    // MARK: - The model: random contacts and a plain writer

    /// Characters that exercise escapes, QUOTED-PRINTABLE and UTF-8 (no letters that could
    /// spell a `tel:` prefix, no CR: values are compared as written).
    static let alphabet: [String] = [
        "a", "b", "Z", "0", "9", "+", " ", "é", "ñ", "Ø", "日", "🙂", ";", ",", "\\", "\n", ":", "=", "\"", "-",
    ]

    func randomText(_ random: inout VCardSplitMix, _ lengths: ClosedRange<Int>) -> String {
        (0..<random.int(lengths)).map { _ in Self.alphabet[random.int(0...(Self.alphabet.count - 1))] }.joined()
    }

    /// A standard label, or now and then a custom one (written as an item group's X-ABLabel).
    func randomLabel(_ random: inout VCardSplitMix, _ standard: [String]) -> String {
        random.int(0...4) == 0 ? randomText(&random, 1...6) : standard[random.int(0...(standard.count - 1))]
    }

    static let standardLabels: Set<String> = ["mobile", "home", "work", "fax", "pager", "main", "other"]

    func randomContact(_ random: inout VCardSplitMix, number: Int, seed: UInt64) -> Contact {
        var contact = Contact(id: "uid-\(seed)-\(number)" + [",x", ";y", "\\z", ""][random.int(0...3)])
        contact.givenName = randomText(&random, 0...10)
        contact.familyName = randomText(&random, 0...10)
        contact.displayName = randomText(&random, 0...16)
        contact.organizationName = randomText(&random, 0...10)
        contact.jobTitle = randomText(&random, 0...10)
        contact.notes = randomText(&random, 0...30)
        contact.phoneNumbers = (0..<random.int(0...3)).map { _ in
            LabeledValue(
                label: randomLabel(&random, ["mobile", "home", "work", "fax", "pager", "main", "other"]),
                value: randomText(&random, 1...14))
        }
        contact.emailAddresses = (0..<random.int(0...2)).map { _ in
            LabeledValue(label: randomLabel(&random, ["home", "work", "other"]), value: randomText(&random, 1...14))
        }
        contact.addresses = (0..<random.int(0...2)).map { _ in
            var address = PostalAddress(
                label: randomLabel(&random, ["home", "work", "other"]), street: randomText(&random, 0...8),
                city: randomText(&random, 0...8), state: randomText(&random, 0...3),
                postalCode: randomText(&random, 0...5), country: randomText(&random, 0...6))
            if address.street.isEmpty { address.street = "x" }
            return address
        }
        contact.socialProfiles = (0..<random.int(0...2)).map { _ in
            LabeledValue(
                label: ["twitter", "linkedin", "skype"][random.int(0...2)], value: randomText(&random, 1...12))
        }
        return contact
    }

    /// One logical line.
    struct Line {
        var head: String
        var components: [String]
        var quotedPrintable: Bool
    }

    /// The card's logical lines: every text escaped; in 2.1, every value QUOTED-PRINTABLE.
    func writeCard(_ contact: Contact, _ random: inout VCardSplitMix) -> [Line] {
        let version = ["2.1", "3.0", "4.0"][random.int(0...2)]
        let qp = version == "2.1"
        var lines = [Line(head: "BEGIN", components: ["VCARD"], quotedPrintable: false)]
        lines.append(Line(head: "VERSION", components: [version], quotedPrintable: false))
        var group = 0
        func add(_ name: String, _ parameters: [String], _ components: [String], label: String? = nil) {
            var head = name
            var labelLine: Line?
            if let label, !Self.standardLabels.contains(label) {
                group += 1
                head = "item\(group).\(name)"
                labelLine = Line(
                    head: "item\(group).X-ABLabel" + (qp ? ";CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE" : ""),
                    components: [label], quotedPrintable: qp)
            }
            let labelFirst = random.bool()
            if labelFirst, let labelLine { lines.append(labelLine) }
            head += parameters.map { ";" + $0 }.joined()
            if qp { head += random.bool() ? ";CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE" : ";QUOTED-PRINTABLE" }
            lines.append(Line(head: head, components: components, quotedPrintable: qp))
            if !labelFirst, let labelLine { lines.append(labelLine) }
        }
        func randomCase(_ text: String) -> String {
            String(text.map { random.bool() ? Character($0.uppercased()) : Character($0.lowercased()) })
        }
        func types(for label: String, _ extras: [String]) -> [String] {
            var types: [String] = extras.filter { _ in random.bool() }
            switch label {
            case "mobile": types.append(random.bool() ? "CELL" : "cell")
            case _ where Self.standardLabels.contains(label) && label != "other": types.append(randomCase(label))
            default: break
            }
            types.shuffle(using: &random)
            if types.isEmpty { return [] }
            switch random.int(0...3) {
            case 0: return ["TYPE=" + types.joined(separator: ",")]
            case 1: return types.map { "TYPE=" + $0 }
            case 2: return types
            default: return ["TYPE=\"" + types.joined(separator: ",") + "\""]
            }
        }
        add("UID", [], [contact.id])
        if !contact.displayName.isEmpty || random.bool() { add("FN", [], [contact.displayName]) }
        add("N", [], [contact.familyName, contact.givenName, "", "", ""])
        if !contact.organizationName.isEmpty { add("ORG", [], [contact.organizationName, "Dept;x"]) }
        if !contact.jobTitle.isEmpty { add("TITLE", [], [contact.jobTitle]) }
        for phone in contact.phoneNumbers {
            add("TEL", types(for: phone.label, ["pref", "voice"]), [phone.value], label: phone.label)
        }
        for email in contact.emailAddresses {
            add("EMAIL", types(for: email.label, ["internet", "pref"]), [email.value], label: email.label)
        }
        for address in contact.addresses {
            let parts = ["", "", address.street, address.city, address.state, address.postalCode, address.country]
            add("ADR", types(for: address.label, ["postal", "dom", "pref"]), parts, label: address.label)
        }
        for profile in contact.socialProfiles {
            if profile.label == "skype" {
                add("IMPP", ["X-SERVICE-TYPE=Skype"], [profile.value])
            } else {
                add("X-SOCIALPROFILE", ["type=" + profile.label], [profile.value])
            }
        }
        if !contact.notes.isEmpty { add("NOTE", [], [contact.notes]) }
        lines.append(Line(head: "END", components: ["VCARD"], quotedPrintable: false))
        return lines
    }

    /// Backslash escapes of vCard 3.0.
    func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: ";", with: "\\;")
    }

    /// The physical lines of a logical line: QUOTED-PRINTABLE values broken with soft line
    /// breaks between encoded characters; other lines folded at random bytes.
    func physicalLines(_ line: Line, _ random: inout VCardSplitMix) -> [[UInt8]] {
        let isMarker = line.head == "BEGIN" || line.head == "END" || line.head == "VERSION"
        guard line.quotedPrintable else {
            let value = isMarker ? line.components[0] : line.components.map(escaped).joined(separator: ";")
            let text = line.head + ":" + value
            return fold(Array(text.utf8), &random)
        }
        // Every byte of a non-ASCII character, space and `=` encoded, others at random but for
        // the backslash: an escaping backslash stays visible, as structured values are split
        // at unescaped `;` before quoted-printable decoding (Android encodes each component
        // and joins them with a bare `;`).
        var pieces: [[UInt8]] = [Array((line.head + ":").utf8)]
        for (index, component) in line.components.enumerated() {
            if index > 0 { pieces.append([UInt8(ascii: ";")]) }
            for byte in escaped(component).utf8 {
                let mustEncode = byte >= 0x80 || byte == 0x20 || byte == 0x3D
                if mustEncode || (byte != UInt8(ascii: "\\") && random.int(0...3) == 0) {
                    let hex = String(byte, radix: 16, uppercase: random.bool())
                    pieces.append(Array(("=" + (hex.count == 1 ? "0" + hex : hex)).utf8))
                } else {
                    pieces.append([byte])
                }
            }
        }
        var physical = [pieces[0]]
        for piece in pieces.dropFirst() {
            if random.int(0...5) == 0 {
                physical[physical.count - 1].append(UInt8(ascii: "="))
                physical.append([])
            }
            physical[physical.count - 1] += piece
        }
        return physical
    }

    /// Folds at random byte positions (never before the first byte), each fold a line break
    /// followed by a space or a tab; may split a UTF-8 sequence.
    func fold(_ bytes: [UInt8], _ random: inout VCardSplitMix) -> [[UInt8]] {
        var lines: [[UInt8]] = [[]]
        for (index, byte) in bytes.enumerated() {
            if index > 0 && random.int(0...11) == 0 { lines.append([random.bool() ? 0x20 : 0x09]) }
            lines[lines.count - 1].append(byte)
        }
        return lines
    }
}

/// SplitMix64: a small, fast, seedable generator for reproducible tests.
struct VCardSplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    mutating func bool() -> Bool {
        next() & 1 == 1
    }
}
