/// Which contacts ``ContactsService/fetchContacts(fieldType:)`` lists (PROTOCOL §2).
public enum ContactFieldType: String, Sendable, Hashable, CaseIterable {
    /// Every contact.
    case any
    /// Contacts with at least one phone number.
    case phone
    /// Contacts with at least one email address.
    case email
    /// Contacts with non-empty notes.
    case notes
}
