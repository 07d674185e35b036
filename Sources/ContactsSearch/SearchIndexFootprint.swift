/// What one index takes in memory, by part.
package struct SearchIndexFootprint: Sendable, CustomStringConvertible {
    /// Live contacts.
    package var contacts: Int
    /// The five gram tables (keys, offsets, posting lists, bitmaps, pending arrays).
    package var tableBytes: Int
    /// The folded text the tables cover (names, organizations, emails, notes, phone digits).
    package var foldedTextBytes: Int
    /// The text store's own overhead (record offsets, lengths, separators, flags and their
    /// listing counts).
    package var storeOverheadBytes: Int
    /// The maps between index slots and the contacts' slots (and the delta's listings).
    package var slotMapBytes: Int

    /// Everything the index holds.
    package var totalBytes: Int { tableBytes + foldedTextBytes + storeOverheadBytes + slotMapBytes }

    package var description: String {
        let perContact = { (bytes: Int) in contacts == 0 ? 0 : Double(bytes) / Double(contacts) }
        return "contacts \(contacts): tables \(perContact(tableBytes)) B/contact, folded text "
            + "\(perContact(foldedTextBytes)) B/contact, store overhead \(perContact(storeOverheadBytes)) B/contact, "
            + "slot maps \(perContact(slotMapBytes)) B/contact"
    }
}
