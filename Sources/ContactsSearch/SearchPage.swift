import ContactsModel

/// One page of ranked results.
package struct SearchPage: Hashable, Sendable {
    /// How many contacts match in all (not only on this page).
    package var total: Int
    /// The contacts of the page, in rank order.
    package var contacts: [Contact]

    /// Makes a page.
    package init(total: Int, contacts: [Contact]) {
        self.total = total
        self.contacts = contacts
    }

    /// The ids of the page's contacts, in rank order.
    package var ids: [String] {
        contacts.map(\.id)
    }
}
