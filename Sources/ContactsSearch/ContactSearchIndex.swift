import ContactsModel
import ContactsSupport

/// A set of contacts and their search index, standing alone (a fixture searched from the
/// command line, the directory of registered users): the contacts in their packed form
/// (``PackedContacts``) and the ``SearchTables`` over them, with the exact semantics, ranking
/// and paging of PROTOCOL §2.
///
/// ```swift
/// var index = ContactSearchIndex(contacts)
/// let page = index.search("nun", field: .name, skip: 0, limit: 20)
/// page.total      // every match
/// page.contacts   // the first 20, ranked (decoded from the packed form)
/// index.update(with: edited)   // add or replace by id
/// index.remove(id: "c0000001")
/// try index.save(toFile: path) // reopen with ContactSearchIndex(contentsOfFile: path)
/// ```
///
/// Contacts are kept without their `ownerId` (a page's contacts have `""`). When built, the
/// contacts are laid out in ranking order, so that a long ranked list reads them in order.
///
/// A value type: copies share storage until written; reads are safe from any number of
/// threads at once.
package struct ContactSearchIndex: Sendable {
    /// The contacts, packed.
    package private(set) var contacts: PackedContacts
    /// The index over them.
    package private(set) var tables: SearchTables

    /// An empty index.
    package init() {
        contacts = PackedContacts()
        tables = SearchTables(contacts, layout: .indexed)
    }

    /// Indexes `contacts`, read once, in order; when an id repeats, the later contact replaces
    /// the earlier one. `progress` hears how far the build has come once they are read.
    ///
    /// - Complexity: O(n log n) for n contacts, plus the folding of their text.
    package init(_ contacts: some Sequence<Contact>, progress: SearchBuildProgress = { _, _ in }) {
        var packed = PackedContacts()
        for contact in contacts { packed.put(contact) }
        self.init(packed: packed, progress: progress)
    }

    /// Indexes every live contact of `packed`, laid out again in ranking order; `progress`
    /// hears how far the build has come.
    ///
    /// - Complexity: O(n log n) for n contacts, plus the folding of their text.
    package init(packed: PackedContacts, progress: SearchBuildProgress = { _, _ in }) {
        var tables = SearchTables(packed, layout: .indexed, progress: progress)
        contacts = PackedContacts(packed, inOrder: tables.contactSlots)
        tables.adoptContactsInBaseOrder()
        self.tables = tables
    }

    /// An index from its parts: `tables` over `contacts`.
    package init(contacts: PackedContacts, tables: SearchTables) {
        self.contacts = contacts
        self.tables = tables
    }

    /// The number of contacts.
    package var count: Int { contacts.count }

    /// The contact with `id`, or nil.
    ///
    /// - Complexity: O(1) on average, plus its decoding.
    package func contact(id: String) -> Contact? {
        contacts.slot(of: id).map { contacts.contact(at: $0) }
    }

    /// The contacts matching `query` under `field`, ranked (PROTOCOL §2): `total` counts every
    /// match; `contacts` holds the ranks `skip ..< skip + limit`, decoded. A negative `skip`
    /// or `limit` counts as 0.
    ///
    /// - Complexity: the search's (``SearchTables/search(_:field:skip:limit:in:)``), plus the
    ///   decoding of the page's contacts.
    package func search(_ query: String, field: SearchField = .any, skip: Int = 0, limit: Int = 20) -> SearchPage {
        page(of: hits(query, field: field, skip: skip, limit: limit))
    }

    /// The page of `search(query, field:skip:limit:)` once the contact with id `excluded` is
    /// taken out of the ranking when it matches (the ranks after it move up one): `total`
    /// counts the other matches; only the page's contacts are decoded. A negative `skip` or
    /// `limit` counts as 0.
    ///
    /// - Complexity: the search's for the ranks `0 ..< skip + limit + 1` when `excluded`
    ///   matches (else for the page alone), plus the decoding of the page's contacts.
    package func search(
        _ query: String, field: SearchField = .any, excluding excluded: String, skip: Int, limit: Int
    ) -> SearchPage {
        guard let excludedSlot = contacts.slot(of: excluded),
            tables.contactMatches(slot: excludedSlot, query: query, field: field)
        else { return search(query, field: field, skip: skip, limit: limit) }
        // The end saturates: a skip near Int.max is past the end all the same.
        let (from, count) = (max(0, skip), max(0, limit))
        let (end, overflow) = from.addingReportingOverflow(count)
        let window = overflow || end == .max ? Int.max : end + 1
        let ranked = hits(query, field: field, skip: 0, limit: window)
        let kept = ranked.slots.lazy.filter { $0 != excludedSlot }.dropFirst(from).prefix(count)
        return page(of: SearchHits(total: ranked.total - 1, slots: Array(kept)))
    }

    /// The ranked matches of `query` under `field` as slots of ``contacts``, nothing decoded:
    /// what a caller reading only some fields of each match (its id) wants.
    package func hits(_ query: String, field: SearchField = .any, skip: Int = 0, limit: Int = 20) -> SearchHits {
        tables.search(query, field: field, skip: skip, limit: limit, in: contacts)
    }

    /// Every contact of `fieldType` (all, with a phone, with an email, with notes), by the bytes
    /// of `fold(displayName)` then of the id, one page (see ``SearchTables/fetch(_:skip:limit:in:)``).
    package func fetch(_ fieldType: FetchFieldType = .any, skip: Int = 0, limit: Int = 20) -> SearchPage {
        page(of: tables.fetch(fieldType, skip: skip, limit: limit, in: contacts))
    }

    /// True when the contact with `id` is among the matches of `query` under `field` (the
    /// empty query matches every contact); false when no contact has that id.
    ///
    /// - Complexity: O(t·n) for t terms over the contact's n folded bytes.
    package func contactMatches(id: String, query: String, field: SearchField = .any) -> Bool {
        guard let slot = contacts.slot(of: id) else { return false }
        return tables.contactMatches(slot: slot, query: query, field: field)
    }

    /// True when `additional` more contacts like those held can be added without any of the
    /// index's large arrays growing: so added, under a lock, they copy nothing held. (A
    /// replaced contact's old record may still be reclaimed, and the delta's own small tables
    /// grow as they go.)
    ///
    /// - Complexity: O(1).
    package func hasRoom(forAdding additional: Int) -> Bool {
        let bytes = roomBytes(forAdding: additional)
        return contacts.hasRoom(forAdding: additional, bytes: bytes.packed)
            && tables.hasRoom(
                forAdding: additional, bytes: bytes.folded, contactSlotCount: contacts.slotCount + additional)
    }

    /// Gives the index room for `additional` more contacts like those held where it has less
    /// (see ``hasRoom(forAdding:)``): each array at least doubled, so that growing stays
    /// amortized, and done where a copy harms no one (off a lock).
    ///
    /// - Complexity: O(n) in the bytes of what grows; O(1) when the room is there.
    package mutating func reserveRoom(forAdding additional: Int) {
        let bytes = roomBytes(forAdding: additional)
        contacts.reserveRoom(forAdding: additional, bytes: bytes.packed)
        tables.reserveRoom(
            forAdding: additional, bytes: bytes.folded, contactSlotCount: contacts.slotCount + additional)
    }

    /// The bytes `additional` more contacts are taken to need, packed and folded: twice the
    /// average of those held, and at least 64 each.
    private func roomBytes(forAdding additional: Int) -> (packed: Int, folded: Int) {
        let held = max(1, count)
        let packed = contacts.byteCounts.records / held
        let folded = tables.store.bytes.count / held
        return (additional * max(64, 2 * packed), additional * max(64, 2 * folded))
    }

    /// Adds `contact`, or replaces the contact with the same id; returns the replaced one.
    ///
    /// - Parameter rebuildingWhenChurned: false leaves the base as it is however large the
    ///   delta grows (see ``SearchTables/update(slots:in:rebuildingWhenChurned:)``).
    /// - Complexity: O(t) for t grams of the contact's text, amortized when rebuilding.
    @discardableResult
    package mutating func update(with contact: Contact, rebuildingWhenChurned: Bool = true) -> Contact? {
        let replaced = self.contact(id: contact.id)
        let slot = contacts.put(contact).slot
        tables.update(slots: [slot], in: contacts, rebuildingWhenChurned: rebuildingWhenChurned)
        return replaced
    }

    /// Adds or replaces each of `contacts` in order (a repeated id: the later one wins).
    ///
    /// - Parameter rebuildingWhenChurned: as for ``update(with:rebuildingWhenChurned:)``.
    /// - Complexity: O(t) for t grams of their text, amortized.
    package mutating func update(withContentsOf contacts: some Sequence<Contact>, rebuildingWhenChurned: Bool = true) {
        var slots: [UInt32] = []
        for contact in contacts { slots.append(self.contacts.put(contact).slot) }
        tables.update(slots: slots, in: self.contacts, rebuildingWhenChurned: rebuildingWhenChurned)
    }

    /// Removes the contact with `id`; returns it, or nil when there is none.
    ///
    /// - Parameter rebuildingWhenChurned: as for ``update(with:rebuildingWhenChurned:)``.
    /// - Complexity: O(1), amortized when rebuilding.
    @discardableResult
    package mutating func remove(id: String, rebuildingWhenChurned: Bool = true) -> Contact? {
        guard let removed = contact(id: id), let slot = contacts.remove(id: id) else { return nil }
        tables.update(slots: [slot], in: contacts, rebuildingWhenChurned: rebuildingWhenChurned)
        return removed
    }

    /// The ids of the contacts of `hits`, in rank order, their bytes copied out of the packed
    /// records (nothing else decoded).
    ///
    /// - Complexity: O(n) for n slots.
    package func ids(of hits: SearchHits) -> ByteStringList {
        contacts.withRecords { records in hits.slots.withUnsafeBufferPointer { records.idList(of: $0) } }
    }

    /// The contacts of `hits`, in rank order, decoded.
    package func contacts(of hits: SearchHits) -> [Contact] {
        contacts.contacts(at: hits.slots)
    }

    /// `hits` with its contacts decoded.
    private func page(of hits: SearchHits) -> SearchPage {
        SearchPage(total: hits.total, contacts: contacts.contacts(at: hits.slots))
    }
}
