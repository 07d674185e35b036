/// The folded text of one contact, as search compares it (PROTOCOL §2).
struct FoldedContact: Sendable {
    /// Flag bits of a slot.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        /// The slot holds a current contact (not removed, not replaced).
        static let live = Flags(rawValue: 1)
        /// At least one phone number.
        static let hasPhone = Flags(rawValue: 2)
        /// At least one email address.
        static let hasEmail = Flags(rawValue: 4)
        /// Non-empty notes.
        static let hasNotes = Flags(rawValue: 8)
    }

    /// `fold(effectiveDisplayName)`: the ranking key.
    var name: [UInt8] = []
    /// `fold(organizationName)`.
    var organization: [UInt8] = []
    /// The fold of every email, 0xFF between them.
    var emails: [UInt8] = []
    /// `fold(notes)`.
    var notes: [UInt8] = []
    /// `digits(value)` of every phone number, 0xFF between them.
    var phoneDigits: [UInt8] = []
    /// What the contact has (``Flags/live`` included).
    var flags: Flags = .live

    /// Folds the searched fields of `contact`.
    init(_ contact: Contact) {
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
    init(
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
