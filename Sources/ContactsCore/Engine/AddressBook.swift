/// One user's uploaded address book: its search index (which holds the contacts), and for
/// each contact a small integer slot (contacts are only ever replaced or dropped with the
/// whole book, so slots are never freed) — the handle the upload index knows it by — with the
/// numbers its phones normalized to at upload.
struct AddressBook: Sendable {
    private struct Entry: Sendable {
        var id: String
        var numbers: [UInt64]
    }

    private var slotByID: [ExactString: UInt32] = [:]
    private var entries: [Entry] = []
    /// Search over this book's contacts (PROTOCOL §2); the contacts themselves live here.
    private(set) var search = ContactSearchIndex()

    /// How many contacts the book holds.
    var count: Int { slotByID.count }

    /// The contact with id `id`.
    func contact(withID id: String) -> Contact? {
        search.contact(id: id)
    }

    /// The numbers of contact `id`, normalized at upload.
    func numbers(ofContact id: String) -> [UInt64]? {
        slotByID[ExactString(id)].map { entries[Int($0)].numbers }
    }

    /// The id of the contact in `slot`.
    func id(atSlot slot: UInt32) -> String? {
        Int(slot) < entries.count ? entries[Int(slot)].id : nil
    }

    /// The slot of contact `id`, if stored.
    func slot(ofContact id: String) -> UInt32? {
        slotByID[ExactString(id)]
    }

    /// Stores each contact with its numbers (a contact replaces an earlier one with its id; a
    /// repeated id: the later one wins); returns their slots, in order.
    ///
    /// A batch at least as large as the book (a first upload, or one that replaces most of
    /// it) builds the book's search index afresh in one sorted build, which folds at most
    /// twice the batch; a smaller one updates the index contact by contact.
    ///
    /// - Complexity: O(b) folds and index updates for b contacts, or O((n + b) log (n + b))
    ///   for a book of n contacts rebuilt.
    mutating func put(_ batch: [(contact: Contact, numbers: [UInt64])]) -> [UInt32] {
        if batch.count >= search.count {
            let current = search
            let kept = entries.compactMap { current.contact(id: $0.id) }
            search = ContactSearchIndex(kept + batch.map(\.contact))
        } else {
            search.update(withContentsOf: batch.lazy.map(\.contact))
        }
        return batch.map { contact, numbers in
            let key = ExactString(contact.id)
            let entry = Entry(id: contact.id, numbers: numbers)
            if let slot = slotByID[key] {
                entries[Int(slot)] = entry
                return slot
            }
            let slot = UInt32(entries.count)
            entries.append(entry)
            slotByID[key] = slot
            return slot
        }
    }
}
