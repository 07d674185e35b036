import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsSupport
import Testing

/// `effectiveDisplayName`: PROTOCOL §1 (derivation order) and §6 (trimmed of Unicode
/// White_Space; "empty" means "").
@Suite struct ContactDisplayNameTests {
    /// Unicode's White_Space property, listed from PropList.txt (Unicode 15).
    static let whiteSpace: Set<UInt32> = Set(
        Array(0x09...0x0D) + [0x20, 0x85, 0xA0, 0x1680] + Array(0x2000...0x200A) + [
            0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
        ])

    /// The rule, written plainly.
    static func naiveDisplayName(_ contact: Contact) -> String {
        if contact.displayName != "" { return contact.displayName }
        var scalars = Array((contact.givenName + " " + contact.familyName).unicodeScalars)
        while let first = scalars.first, whiteSpace.contains(first.value) { scalars.removeFirst() }
        while let last = scalars.last, whiteSpace.contains(last.value) { scalars.removeLast() }
        var joined = String.UnicodeScalarView()
        joined.append(contentsOf: scalars)
        if !joined.isEmpty { return String(joined) }
        if contact.organizationName != "" { return contact.organizationName }
        if let email = contact.emailAddresses.first { return email.value }
        if let phone = contact.phoneNumbers.first { return phone.value }
        return ""
    }

    @Test func givenDisplayNameWins() {
        let contact = Contact(id: "c", givenName: "A", familyName: "B", displayName: "Shown", organizationName: "Org")
        #expect(contact.effectiveDisplayName == "Shown")
        // Only "" counts as empty: a blank display name is kept as given.
        #expect(Contact(id: "c", givenName: "A", displayName: " ").effectiveDisplayName == " ")
    }

    @Test func namesJoinedAndTrimmed() {
        #expect(Contact(id: "c", givenName: "José", familyName: "Núñez").effectiveDisplayName == "José Núñez")
        #expect(Contact(id: "c", givenName: "José").effectiveDisplayName == "José")
        #expect(Contact(id: "c", familyName: "Núñez").effectiveDisplayName == "Núñez")
        #expect(Contact(id: "c", givenName: "\u{3000}太郎\u{3000}", familyName: "").effectiveDisplayName == "太郎")
        #expect(
            Contact(id: "c", givenName: "\u{A0}\tAna\n", familyName: "Lima\u{2028}\u{85}").effectiveDisplayName
                == "Ana\n Lima")
        // Inner white space stays as written.
        #expect(Contact(id: "c", givenName: "Ana  Maria", familyName: "\u{3000}").effectiveDisplayName == "Ana  Maria")
        // Not White_Space: zero-width space, BOM and Mongolian vowel separator stay.
        #expect(Contact(id: "c", givenName: "\u{200B}Ana").effectiveDisplayName == "\u{200B}Ana")
        #expect(Contact(id: "c", familyName: "Ana\u{FEFF}").effectiveDisplayName == "Ana\u{FEFF}")
        #expect(Contact(id: "c", givenName: "\u{180E}").effectiveDisplayName == "\u{180E}")
    }

    @Test func fallsBackToOrganizationEmailPhoneThenEmpty() {
        let phones = [LabeledValue(label: "mobile", value: "+1 415 555 2671"), LabeledValue(value: "+44 20 7946 0958")]
        let emails = [LabeledValue(label: "work", value: "ana@example.com"), LabeledValue(value: "b@example.com")]
        let blankNames = Contact(id: "c", givenName: " \u{3000}", familyName: "\u{2003}")
        var contact = blankNames
        contact.organizationName = "Acme"
        contact.emailAddresses = emails
        contact.phoneNumbers = phones
        #expect(contact.effectiveDisplayName == "Acme")
        contact.organizationName = ""
        #expect(contact.effectiveDisplayName == "ana@example.com")
        contact.emailAddresses = []
        #expect(contact.effectiveDisplayName == "+1 415 555 2671")
        contact.phoneNumbers = []
        #expect(contact.effectiveDisplayName == "")
        #expect(Contact(id: "c").effectiveDisplayName == "")
    }

    @Test func derivedNameReachesJSON() throws {
        let contact = Contact(id: "c", givenName: "\u{3000}Ana", familyName: "Lima ")
        #expect(contact.jsonValue.objectValue?["displayName"] == .string("Ana Lima"))
        #expect(contact.withDerivedDisplayName.displayName == "Ana Lima")
        #expect(contact.withDerivedDisplayName.givenName == "\u{3000}Ana", "only displayName changes")
    }

    @Test(arguments: Array(UInt64(1)...10))
    func matchesTheNaiveRule(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = [
            "", "", " ", "\u{3000}", "\u{A0}", "\t", "\u{2028}", "\u{85}", "\u{200B}", "\u{FEFF}", "Ana", "李", "é",
            "e\u{301}",
        ]
        func text() -> String {
            (0..<Int(random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        func labeled() -> [LabeledValue] {
            (0..<Int(random.next() % 3)).map { _ in LabeledValue(label: text(), value: text()) }
        }
        for _ in 0..<500 {
            let contact = Contact(
                id: "c", givenName: text(), familyName: text(), displayName: random.next() % 3 == 0 ? text() : "",
                organizationName: random.next() % 2 == 0 ? text() : "", phoneNumbers: labeled(),
                emailAddresses: labeled())
            let expected = Self.naiveDisplayName(contact)
            #expect(Array(contact.effectiveDisplayName.utf8) == Array(expected.utf8), "\(contact)")
        }
    }
}
