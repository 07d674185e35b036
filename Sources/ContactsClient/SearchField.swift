/// Which fields ``ContactsService/searchContacts(query:field:skip:limit:)`` searches (PROTOCOL §2).
public enum SearchField: String, Sendable, Hashable, CaseIterable {
    /// Display name, organization, every email, and phone terms against phones.
    case any
    /// Display name and organization.
    case name
    /// Email addresses only.
    case email
    /// Phone terms against phone numbers only (other terms match nothing).
    case phone
    /// Notes only.
    case notes
}
