/// Which fields a search term is matched against (PROTOCOL §2).
public enum SearchField: String, Sendable, CaseIterable {
    /// The display name, the organization, every email, and (for phone terms) every phone.
    case any
    /// The display name and the organization.
    case name
    /// Every email.
    case email
    /// Phone terms against every phone's digits; any other term matches nothing.
    case phone
    /// The notes.
    case notes
}

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

/// One page of ranked results.
public struct SearchPage: Hashable, Sendable {
    /// How many contacts match in all (not only on this page).
    public var total: Int
    /// The contacts of the page, in rank order.
    public var contacts: [Contact]

    /// Makes a page.
    public init(total: Int, contacts: [Contact]) {
        self.total = total
        self.contacts = contacts
    }

    /// The ids of the page's contacts, in rank order.
    public var ids: [String] {
        contacts.map(\.id)
    }
}
