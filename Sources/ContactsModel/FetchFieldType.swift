/// Which contacts `fetch` lists (PROTOCOL §2, last paragraph).
public enum FetchFieldType: String, Sendable, CaseIterable {
    /// Every contact.
    case any
    /// Contacts with at least one phone number.
    case phone
    /// Contacts with at least one email address.
    case email
    /// Contacts whose notes are not empty.
    case notes
}
