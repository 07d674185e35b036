/// The ranked matches of one search, as slots of the contacts searched (``SearchTables``):
/// every match counted, the slots of one page listed.
package struct SearchHits: Hashable, Sendable {
    /// How many contacts match in all (not only on this page).
    package var total: Int
    /// The contacts' slots of the page, in rank order.
    package var slots: [UInt32]

    /// Makes a result.
    package init(total: Int, slots: [UInt32]) {
        self.total = total
        self.slots = slots
    }
}
