import ContactsModel
import ContactsSearch
import ContactsSupport

/// One user's uploaded address book: its contacts, each in a small integer slot (contacts are
/// only ever replaced or dropped with the whole book, so slots are never freed) — the handle
/// the upload index knows it by — with the numbers its phones normalized to at upload, and
/// the book's search index, built on the first search (``LazySearchIndex``).
///
/// Contacts are kept as they were put, whatever their own `ownerId` says, so that an upload
/// copies none of them to set it; every contact read out of the book carries ``ownerId``.
struct AddressBook: Sendable {
    /// The owner's user id, the `ownerId` of every contact read out of the book.
    let ownerId: String
    private var slotByID: [ExactString: UInt32] = [:]
    /// The contacts by slot, as put (their `ownerId` is not kept).
    private var contacts: [Contact] = []
    /// The numbers of each slot's contact, normalized at upload.
    private var numbers: [[UInt64]] = []
    private var searchCache = LazySearchIndex()

    /// An empty book of the user `ownerId`.
    init(ownerId: String) {
        self.ownerId = ownerId
    }

    /// How many contacts the book holds.
    var count: Int { slotByID.count }

    /// The contact with id `id`.
    func contact(withID id: String) -> Contact? {
        slotByID[ExactString(id)].map { owned(contacts[Int($0)]) }
    }

    /// The numbers of contact `id`, normalized at upload.
    func numbers(ofContact id: String) -> [UInt64]? {
        slotByID[ExactString(id)].map { numbers[Int($0)] }
    }

    /// The id of the contact in `slot`.
    func id(atSlot slot: UInt32) -> String? {
        Int(slot) < contacts.count ? contacts[Int(slot)].id : nil
    }

    /// The slot of contact `id`, if stored.
    func slot(ofContact id: String) -> UInt32? {
        slotByID[ExactString(id)]
    }

    /// The book's contacts matching `query` in `field`, ranked by PROTOCOL §2, one page (see
    /// ``ContactSearchIndex/search(_:field:skip:limit:)``).
    ///
    /// - Complexity: the index's search, after its build on the first call since the book was
    ///   loaded or largely replaced: O(n log n) for n contacts (about 13 ms for 1,000).
    func search(_ query: String, field: SearchField, skip: Int, limit: Int) -> SearchPage {
        owned(searchIndex.search(query, field: field, skip: skip, limit: limit))
    }

    /// The book's contacts with an entry of `fieldType`, one page (see
    /// ``ContactSearchIndex/fetch(_:skip:limit:)``).
    ///
    /// - Complexity: as ``search(_:field:skip:limit:)``.
    func fetch(_ fieldType: FetchFieldType, skip: Int, limit: Int) -> SearchPage {
        owned(searchIndex.fetch(fieldType, skip: skip, limit: limit))
    }

    /// The search index over this book's contacts, built from them on the first call after the
    /// book was loaded or largely replaced.
    private var searchIndex: ContactSearchIndex {
        searchCache.index { ContactSearchIndex(contacts) }
    }

    /// `contact` owned by this book's owner.
    private func owned(_ contact: Contact) -> Contact {
        var contact = contact
        contact.ownerId = ownerId
        return contact
    }

    /// `page` with its contacts owned by this book's owner.
    private func owned(_ page: SearchPage) -> SearchPage {
        SearchPage(total: page.total, contacts: page.contacts.map(owned))
    }

    /// Stores each of `batch` with its numbers (`batchNumbers[i]` for `batch[i]`; a contact
    /// replaces an earlier one with its id; a repeated id: the later one wins); returns their
    /// slots, in order.
    ///
    /// The search index, when already built, takes a batch smaller than the book contact by
    /// contact; a larger batch (a first upload, or one that replaces most of the book) leaves
    /// the index to be built afresh on the next search instead.
    ///
    /// - Parameter slotOfID: when the caller has it, each id of `batch` mapped to its position,
    ///   the ids being distinct: a book without contacts takes it as its own dictionary
    ///   instead of hashing every id again.
    /// - Complexity: O(b) for b contacts, plus O(b) index updates when the index is built and
    ///   b is smaller than the book. A first batch without repeated ids becomes the book as it
    ///   is, without copying a contact.
    mutating func put(
        _ batch: [Contact], numbers batchNumbers: [[UInt64]], slotOfID: [ExactString: UInt32]? = nil
    ) -> [UInt32] {
        precondition(batch.count == batchNumbers.count, "a list of numbers per contact")
        precondition(slotOfID.map { $0.count == batch.count } ?? true, "a slot per contact")
        updateSearch(with: batch, isLarge: batch.count >= count)
        // By index throughout: iterating the contacts themselves would copy each one.
        if contacts.isEmpty {
            if let slotOfID {
                slotByID = slotOfID
            } else {
                slotByID.reserveCapacity(batch.count)
                for slot in batch.indices {
                    slotByID[ExactString(batch[slot].id)] = UInt32(slot)
                }
            }
            if slotByID.count == batch.count {
                contacts = batch
                numbers = batchNumbers
                return Array(0..<UInt32(batch.count))
            }
            // Repeated ids: stored one by one below, the later one winning.
            slotByID.removeAll(keepingCapacity: true)
            contacts.reserveCapacity(batch.count)
            numbers.reserveCapacity(batch.count)
        }
        return batch.indices.map { index in
            let key = ExactString(batch[index].id)
            if let slot = slotByID[key] {
                contacts[Int(slot)] = batch[index]
                numbers[Int(slot)] = batchNumbers[index]
                return slot
            }
            let slot = UInt32(contacts.count)
            contacts.append(batch[index])
            numbers.append(batchNumbers[index])
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
