/// One user's uploaded address book: its contacts, each in a small integer slot (contacts are
/// only ever replaced or dropped with the whole book, so slots are never freed) — the handle
/// the upload index knows it by — with the numbers its phones normalized to at upload, and
/// the book's search index, built on the first search (``LazySearchIndex``).
struct AddressBook: Sendable {
    private struct Entry: Sendable {
        var contact: Contact
        var numbers: [UInt64]
    }

    private var slotByID: [ExactString: UInt32] = [:]
    private var entries: [Entry] = []
    private var searchCache = LazySearchIndex()

    /// How many contacts the book holds.
    var count: Int { slotByID.count }

    /// The contact with id `id`.
    func contact(withID id: String) -> Contact? {
        slotByID[ExactString(id)].map { entries[Int($0)].contact }
    }

    /// The numbers of contact `id`, normalized at upload.
    func numbers(ofContact id: String) -> [UInt64]? {
        slotByID[ExactString(id)].map { entries[Int($0)].numbers }
    }

    /// The id of the contact in `slot`.
    func id(atSlot slot: UInt32) -> String? {
        Int(slot) < entries.count ? entries[Int(slot)].contact.id : nil
    }

    /// The slot of contact `id`, if stored.
    func slot(ofContact id: String) -> UInt32? {
        slotByID[ExactString(id)]
    }

    /// Search over this book's contacts (PROTOCOL §2), built from them on the first call after
    /// the book was loaded or largely replaced.
    ///
    /// - Complexity: O(1) when built; else one sorted build, O(n log n) for n contacts (about
    ///   13 ms for 1,000).
    var search: ContactSearchIndex {
        searchCache.index { ContactSearchIndex(entries.lazy.map(\.contact)) }
    }

    /// Stores each contact with its numbers (a contact replaces an earlier one with its id; a
    /// repeated id: the later one wins); returns their slots, in order.
    ///
    /// The search index, when already built, takes a batch smaller than the book contact by
    /// contact; a larger batch (a first upload, or one that replaces most of the book) leaves
    /// the index to be built afresh on the next search instead.
    ///
    /// - Complexity: O(b) for b contacts, plus O(b) index updates when the index is built and
    ///   b is smaller than the book.
    mutating func put(_ batch: [(contact: Contact, phones: [UInt64])]) -> [UInt32] {
        updateSearch(with: batch.lazy.map(\.contact), isLarge: batch.count >= count)
        if entries.isEmpty {
            // A first upload sizes the book once (later ones grow it geometrically).
            slotByID.reserveCapacity(batch.count)
            entries.reserveCapacity(batch.count)
        }
        return batch.map { contact, numbers in
            let key = ExactString(contact.id)
            let entry = Entry(contact: contact, numbers: numbers)
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

    /// Brings a built search index up to date with `contacts`, in place when this book is the
    /// only holder of its cache; drops it when `isLarge` or when it was never built.
    private mutating func updateSearch(with contacts: some Sequence<Contact>, isLarge: Bool) {
        let isOnlyHolder = isKnownUniquelyReferenced(&searchCache)
        let built = isOnlyHolder ? searchCache.take() : searchCache.builtIndex
        guard var index = built, !isLarge else {
            searchCache = LazySearchIndex()
            return
        }
        index.update(withContentsOf: contacts)
        searchCache = LazySearchIndex(index)
    }
}
