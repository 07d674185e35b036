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

    /// An empty record (live, no text).
    package init() {}

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

    /// Folds the searched fields of the packed contact `record`.
    package init(_ record: PackedRecord) {
        refold(record)
    }

    /// Replaces this record by the folded fields of `record`, keeping the arrays' storage (a
    /// build folds every contact through one record).
    ///
    /// - Complexity: O(n) in the bytes of the searched fields.
    package mutating func refold(_ record: PackedRecord) {
        name.removeAll(keepingCapacity: true)
        organization.removeAll(keepingCapacity: true)
        emails.removeAll(keepingCapacity: true)
        notes.removeAll(keepingCapacity: true)
        phoneDigits.removeAll(keepingCapacity: true)
        flags = .live
        record.withEffectiveDisplayName { parts in
            for part in parts { SearchFolding.appendFolded(utf8: part, to: &name) }
        }
        SearchFolding.appendFolded(utf8: record.text(record.body.organizationName), to: &organization)
        SearchFolding.appendFolded(utf8: record.text(record.body.notes), to: &notes)
        record.forEachEmailValue { value in
            if flags.contains(.hasEmail) { emails.append(TextSeparator.byte) }
            flags.insert(.hasEmail)
            SearchFolding.appendFolded(utf8: value, to: &emails)
        }
        record.forEachPhoneValue { value in
            if flags.contains(.hasPhone) { phoneDigits.append(TextSeparator.byte) }
            flags.insert(.hasPhone)
            SearchFolding.appendDigits(utf8: value, to: &phoneDigits)
        }
        if record.hasNotes { flags.insert(.hasNotes) }
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
