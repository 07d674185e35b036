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
    /// repeated id: the later one wins); returns their slots, in order. The search index takes
    /// the whole batch at once, so it rebuilds at most once; an empty book's index (a first
    /// upload, or a book loaded from the store) is built in bulk from the batch, without
    /// the per-contact delta that would be rebuilt at once.
    mutating func put(_ batch: [(contact: Contact, numbers: [UInt64])]) -> [UInt32] {
        if slotByID.isEmpty {
            search = ContactSearchIndex(batch.lazy.map(\.contact))
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
