import ContactsModel

/// The folded text of one contact, as search compares it (PROTOCOL §2).
package struct FoldedContact: Sendable {
    /// Flag bits of a slot.
    package struct Flags: OptionSet, Sendable {
        package let rawValue: UInt8

        /// Flags with the bits of `rawValue`.
        package init(rawValue: UInt8) {
            self.rawValue = rawValue
        }
        /// The slot holds a current contact (not removed, not replaced).
        package static let live = Flags(rawValue: 1)
        /// At least one phone number.
        package static let hasPhone = Flags(rawValue: 2)
        /// At least one email address.
        package static let hasEmail = Flags(rawValue: 4)
        /// Non-empty notes.
        package static let hasNotes = Flags(rawValue: 8)
    }

    /// `fold(effectiveDisplayName)`: the ranking key.
    package var name: [UInt8] = []
    /// `fold(organizationName)`.
    package var organization: [UInt8] = []
    /// The fold of every email, 0xFF between them.
    package var emails: [UInt8] = []
    /// `fold(notes)`.
    package var notes: [UInt8] = []
    /// `digits(value)` of every phone number, 0xFF between them.
    package var phoneDigits: [UInt8] = []
    /// What the contact has (``Flags/live`` included).
    package var flags: Flags = .live

    /// Folds the searched fields of `contact`.
    package init(_ contact: Contact) {
        SearchFolding.appendFolded(contact.effectiveDisplayName, to: &name)
        SearchFolding.appendFolded(contact.organizationName, to: &organization)
        SearchFolding.appendFolded(contact.notes, to: &notes)
        for (index, email) in contact.emailAddresses.enumerated() {
            if index > 0 { emails.append(TextSeparator.byte) }
            SearchFolding.appendFolded(email.value, to: &emails)
        }
        for (index, phone) in contact.phoneNumbers.enumerated() {
            if index > 0 { phoneDigits.append(TextSeparator.byte) }
            SearchFolding.appendDigits(of: phone.value, to: &phoneDigits)
        }
        if !contact.phoneNumbers.isEmpty { flags.insert(.hasPhone) }
        if !contact.emailAddresses.isEmpty { flags.insert(.hasEmail) }
        if !contact.notes.isEmpty { flags.insert(.hasNotes) }
    }

    /// A record from its parts (read back from a store).
    package init(
        name: [UInt8], organization: [UInt8], emails: [UInt8], notes: [UInt8], phoneDigits: [UInt8], flags: Flags
    ) {
        self.name = name
        self.organization = organization
        self.emails = emails
        self.notes = notes
        self.phoneDigits = phoneDigits
        self.flags = flags
    }
}
