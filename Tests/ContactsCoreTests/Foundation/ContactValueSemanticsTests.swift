import ContactsCore
import ContactsModel
import Testing

/// `Contact` keeps its members in one shared box: copies must still behave as independent
/// values, and equality and hashing must look at the members, not at the box.
@Suite struct ContactValueSemanticsTests {
    static let original = Contact(
        id: "c1", ownerId: "u1", givenName: "Ana", familyName: "Ruiz", displayName: "Ana Ruiz",
        organizationName: "Acme", jobTitle: "CTO", phoneNumbers: [LabeledValue(label: "mobile", value: "+34 600")],
        emailAddresses: [LabeledValue(value: "ana@acme.es")], addresses: [PostalAddress(city: "Madrid")],
        socialProfiles: [LabeledValue(label: "x", value: "@ana")], notes: "met at a fair")

    /// Each member set on a copy, one at a time.
    static let edits: [(String, @Sendable (inout Contact) -> Void)] = [
        ("id", { $0.id = "c2" }), ("ownerId", { $0.ownerId = "u2" }), ("givenName", { $0.givenName = "Eva" }),
        ("familyName", { $0.familyName = "Gil" }), ("displayName", { $0.displayName = "" }),
        ("organizationName", { $0.organizationName = "Beta" }), ("jobTitle", { $0.jobTitle = "" }),
        ("phoneNumbers", { $0.phoneNumbers.append(LabeledValue(value: "+1")) }),
        ("emailAddresses", { $0.emailAddresses[0].value = "eva@beta.es" }),
        ("addresses", { $0.addresses.removeAll() }), ("socialProfiles", { $0.socialProfiles[0].label = "" }),
        ("notes", { $0.notes += "!" }),
    ]

    @Test(arguments: edits.map(\.0))
    func writingACopyLeavesTheOriginal(member: String) throws {
        let edit = try #require(Self.edits.first { $0.0 == member }?.1)
        let original = Self.original
        var copy = original
        edit(&copy)
        #expect(copy != original, "\(member) changed nothing")
        #expect(original == Self.original, "\(member) written through a shared box")
    }

    @Test func equalMembersInSeparateBoxesAreEqualAndHashAlike() {
        let rebuilt = Contact(
            id: "c1", ownerId: "u1", givenName: "Ana", familyName: "Ruiz", displayName: "Ana Ruiz",
            organizationName: "Acme", jobTitle: "CTO", phoneNumbers: [LabeledValue(label: "mobile", value: "+34 600")],
            emailAddresses: [LabeledValue(value: "ana@acme.es")], addresses: [PostalAddress(city: "Madrid")],
            socialProfiles: [LabeledValue(label: "x", value: "@ana")], notes: "met at a fair")
        #expect(rebuilt == Self.original)
        #expect(rebuilt.hashValue == Self.original.hashValue)
        #expect(Set([rebuilt, Self.original]).count == 1)
    }

    @Test func aWrittenCopyHashesAsAFreshContactOfItsMembers() {
        var copy = Self.original
        copy.notes = ""
        var fresh = Self.original
        fresh.notes = "x"
        fresh.notes = ""
        #expect(copy == fresh)
        #expect(copy.hashValue == fresh.hashValue)
        #expect(copy != Self.original)
    }
}
