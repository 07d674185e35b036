/// The members of a ``Contact``, in one box that copies of the contact share.
///
/// `@unchecked Sendable` is sound because a box is written only through
/// `Contact.uniqueStorage`, which first copies a box that any other contact still holds: a
/// box reachable from two contacts (or two threads) is never written.
///
/// For the same reason the members opt out of Swift's run-time exclusivity checks
/// (`@exclusivity(unchecked)`), which would otherwise call into the runtime on every read of a
/// member: a write goes through `Contact`'s `_modify` on a unique box, and the compiler already
/// checks statically that nothing else touches that contact while it runs.
///
/// The phones come right after the id: an upload reads both of every contact (the id to
/// key it, the phones to normalize), and so finds them in the box's first cache line.
package final class ContactStorage: @unchecked Sendable {
    @exclusivity(unchecked) var id: String
    @exclusivity(unchecked) var phoneNumbers: [LabeledValue]
    @exclusivity(unchecked) var ownerId: String
    @exclusivity(unchecked) var givenName: String
    @exclusivity(unchecked) var familyName: String
    @exclusivity(unchecked) var displayName: String
    @exclusivity(unchecked) var organizationName: String
    @exclusivity(unchecked) var jobTitle: String
    @exclusivity(unchecked) var emailAddresses: [LabeledValue]
    @exclusivity(unchecked) var addresses: [PostalAddress]
    @exclusivity(unchecked) var socialProfiles: [LabeledValue]
    @exclusivity(unchecked) var notes: String

    init(
        id: String, ownerId: String, givenName: String, familyName: String, displayName: String,
        organizationName: String, jobTitle: String, phoneNumbers: [LabeledValue], emailAddresses: [LabeledValue],
        addresses: [PostalAddress], socialProfiles: [LabeledValue], notes: String
    ) {
        self.id = id
        self.ownerId = ownerId
        self.givenName = givenName
        self.familyName = familyName
        self.displayName = displayName
        self.organizationName = organizationName
        self.jobTitle = jobTitle
        self.phoneNumbers = phoneNumbers
        self.emailAddresses = emailAddresses
        self.addresses = addresses
        self.socialProfiles = socialProfiles
        self.notes = notes
    }

    /// A new box with the same members.
    func copy() -> ContactStorage {
        ContactStorage(
            id: id, ownerId: ownerId, givenName: givenName, familyName: familyName, displayName: displayName,
            organizationName: organizationName, jobTitle: jobTitle, phoneNumbers: phoneNumbers,
            emailAddresses: emailAddresses, addresses: addresses, socialProfiles: socialProfiles, notes: notes)
    }

    /// True when every member equals `other`'s.
    func hasEqualMembers(_ other: ContactStorage) -> Bool {
        id == other.id && ownerId == other.ownerId && givenName == other.givenName
            && familyName == other.familyName && displayName == other.displayName
            && organizationName == other.organizationName && jobTitle == other.jobTitle
            && phoneNumbers == other.phoneNumbers && emailAddresses == other.emailAddresses
            && addresses == other.addresses && socialProfiles == other.socialProfiles && notes == other.notes
    }

    /// Hashes every member, in declaration order.
    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(ownerId)
        hasher.combine(givenName)
        hasher.combine(familyName)
        hasher.combine(displayName)
        hasher.combine(organizationName)
        hasher.combine(jobTitle)
        hasher.combine(phoneNumbers)
        hasher.combine(emailAddresses)
        hasher.combine(addresses)
        hasher.combine(socialProfiles)
        hasher.combine(notes)
    }
}
