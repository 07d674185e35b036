import ContactsModel
import ContactsSearch
import ContactsSupport

/// One user's uploaded address book: its contacts in their packed form (``PackedContacts``),
/// each in a small integer slot (contacts are only ever replaced or dropped with the whole
/// book, so slots are never freed) — the handle the upload index knows it by — with the
/// numbers its phones normalized to at upload, and the book's search index over the same
/// packed contacts, built on the first search (``LazySearchIndex``).
///
/// Contacts are kept without their own `ownerId`; every contact read out of the book carries
/// ``ownerId``. A ``Contact`` value is made only for what is read: a page, one contact.
struct AddressBook: Sendable {
    /// The owner's user id, the `ownerId` of every contact read out of the book.
    let ownerId: String
    /// The contacts by slot, with their numbers.
    private var contacts = PackedContacts()
    private var searchCache = LazySearchIndex()

    /// An empty book of the user `ownerId`.
    init(ownerId: String) {
        self.ownerId = ownerId
    }

    /// How many contacts the book holds.
    var count: Int { contacts.count }

    /// The contact with id `id`.
    func contact(withID id: String) -> Contact? {
        contacts.slot(of: id).map { contacts.contact(at: $0, ownerId: ownerId) }
    }

    /// The numbers of contact `id`, normalized at upload.
    func numbers(ofContact id: String) -> [UInt64]? {
        contacts.slot(of: id).map { contacts.numbers(at: $0) }
    }

    /// The id of the contact in `slot`.
    func id(atSlot slot: UInt32) -> String? {
        contacts.isLive(slot) ? contacts.id(at: slot) : nil
    }

    /// The slot among `slots` whose contact's id sorts first by bytes, if any is live.
    ///
    /// - Complexity: O(s) id compares, read in place.
    func slotWithSmallestID(among slots: some Sequence<UInt32>) -> UInt32? {
        contacts.withRecords { records in
            var best: UInt32?
            for slot in slots where contacts.isLive(slot) {
                guard let current = best else {
                    best = slot
                    continue
                }
                let order = ByteOrder.compare(
                    UnsafeRawBufferPointer(records.idBytes(of: slot)),
                    UnsafeRawBufferPointer(records.idBytes(of: current)))
                if order < 0 { best = slot }
            }
            return best
        }
    }

    /// The slot of contact `id`, if stored.
    func slot(ofContact id: String) -> UInt32? {
        contacts.slot(of: id)
    }

    /// The book's contacts matching `query` in `field`, ranked by PROTOCOL §2, one page (see
    /// ``SearchTables/search(_:field:skip:limit:in:)``), decoded.
    ///
    /// - Complexity: the index's search, after its build on the first call since the book was
    ///   loaded or largely replaced: O(n log n) for n contacts.
    func search(_ query: String, field: SearchField, skip: Int, limit: Int) -> SearchPage {
        page(of: searchIndex.search(query, field: field, skip: skip, limit: limit, in: contacts))
    }

    /// The book's contacts with an entry of `fieldType`, one page (see
    /// ``SearchTables/fetch(_:skip:limit:in:)``), decoded.
    ///
    /// - Complexity: as ``search(_:field:skip:limit:)``.
    func fetch(_ fieldType: FetchFieldType, skip: Int, limit: Int) -> SearchPage {
        page(of: searchIndex.fetch(fieldType, skip: skip, limit: limit, in: contacts))
    }

    /// True when the book's search index is built (a search needs no build first).
    var isSearchIndexBuilt: Bool { searchCache.builtIndex != nil }

    /// Builds the book's search index if it is not built yet, into the cache this value shares
    /// with the other copies of the same contacts: called on a copy taken out of the engine's
    /// state, outside the engine's lock, it serves the book in the state too as long as the
    /// book has not changed since (a changed book has a cache of its own).
    ///
    /// - Parameter willBuild: called just before the build, where it runs (not when the index
    ///   was built already).
    /// - Complexity: O(n log n) for n contacts on the first call; O(1) after.
    func buildSearchIndex(willBuild: () -> Void = {}) {
        _ = searchCache.index {
            willBuild()
            return SearchTables(contacts)
        }
    }

    /// The search index over this book's contacts, built from them on the first call after the
    /// book was loaded or largely replaced.
    private var searchIndex: SearchTables {
        searchCache.index { SearchTables(contacts) }
    }

    /// The contacts of `hits`, owned by this book's owner.
    private func page(of hits: SearchHits) -> SearchPage {
        SearchPage(total: hits.total, contacts: contacts.contacts(at: hits.slots, ownerId: ownerId))
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
    ///   the ids being distinct: a book without contacts then packs them without looking any id
    ///   up.
    /// - Complexity: O(b) for b contacts (each record: its encoded body copied), plus O(b) index
    ///   updates when the index is built and b is smaller than the book.
    mutating func put(
        _ batch: EncodedContacts, numbers batchNumbers: [[UInt64]], slotOfID: [ExactString: UInt32]? = nil
    ) -> [UInt32] {
        precondition(batch.count == batchNumbers.count, "a list of numbers per contact")
        precondition(slotOfID.map { $0.count == batch.count } ?? true, "a slot per contact")
        let isLarge = batch.count >= count
        let distinct = contacts.count == 0 && slotOfID != nil
        let slots = (0..<batch.count).map { index in
            distinct
                ? contacts.append(batch, at: index, numbers: batchNumbers[index])
                : contacts.put(batch, at: index, numbers: batchNumbers[index]).slot
        }
        updateSearch(slots: slots, isLarge: isLarge)
        // A large batch grew the arrays by doubling: give back what the book does not use.
        if isLarge { shrinkToFit() }
        return slots
    }

    /// Gives back the memory the book's contacts hold beyond their need (see
    /// ``PackedContacts/shrinkToFit()``): after a large batch, or once the loader has put the
    /// whole book. Slots stay, so a built search index stays valid.
    ///
    /// - Complexity: O(n) in the book's bytes, plus one hash per id.
    mutating func shrinkToFit() {
        contacts.shrinkToFit()
    }

    /// Stores the contact `id` as a store keeps it: its body in the one binary form (format 2
    /// is taken as it is, checked; an older format is decoded and packed again), with its
    /// numbers; returns its slot.
    ///
    /// - Throws: ``BinaryFormatError`` when `body` is not a well-formed body.
    /// - Complexity: O(n) in the body's size.
    mutating func put(id: String, body: UnsafeRawBufferPointer, numbers: [UInt64]) throws(BinaryFormatError) -> UInt32 {
        searchCache = LazySearchIndex()
        if body.first == ContactCodec.formatVersion {
            return try contacts.put(id: id, body: body, numbers: numbers).slot
        }
        let contact = try ContactCodec.decodeBody(body, id: id, ownerId: ownerId)
        return contacts.put(contact, numbers: numbers).slot
    }

    /// What the book holds in memory, in bytes: its packed contacts and, when built, its index.
    var byteCount: (contacts: Int, index: Int) {
        (contacts.byteCount, searchCache.builtIndex?.footprint.totalBytes ?? 0)
    }

    /// Brings a built search index up to date with the contacts of `slots`, in place when this
    /// book is the only holder of its cache; drops it when `isLarge` or when it was never built.
    private mutating func updateSearch(slots: [UInt32], isLarge: Bool) {
        let isOnlyHolder = isKnownUniquelyReferenced(&searchCache)
        let built = isOnlyHolder ? searchCache.take() : searchCache.builtIndex
        guard var index = built, !isLarge else {
            searchCache = LazySearchIndex()
            return
        }
        index.update(slots: slots, in: contacts)
        searchCache = LazySearchIndex(index)
    }
}
