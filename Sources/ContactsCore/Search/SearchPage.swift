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
