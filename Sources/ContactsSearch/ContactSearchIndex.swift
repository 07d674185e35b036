import CPrefetch
import ContactsModel
import ContactsSupport

/// Partial-text search over a set of contacts, with the exact semantics, ranking and paging of
/// PROTOCOL §2 — answered from indexes instead of scans.
///
/// ```swift
/// var index = ContactSearchIndex(contacts)
/// let page = index.search("nun", field: .name, skip: 0, limit: 20)
/// page.total      // every match
/// page.contacts   // the first 20, ranked
/// index.update(with: edited)   // add or replace by id
/// index.remove(id: "c0000001")
/// try index.save(toFile: path) // reopen with ContactSearchIndex(contentsOfFile: path)
/// ```
///
/// Inside, each contact has a *slot* (a dense `UInt32`). The slots of the *base* are numbered
/// in ranking order — by the bytes of `fold(displayName)`, then of the id — so posting lists
/// are already in that order and a page needs no sort, and the contacts sharing a display name
/// hold one run of slots (see `NameTable`). Contacts added later get the next slots (the
/// *delta*); replaced and removed ones leave dead slots behind. When the delta and the dead
/// outgrow a fraction of the index, the base is rebuilt from the folded text already held (no
/// refolding). The fields are served by: the `NameTable` (display names, by distinct name),
/// `ValueTable`s for organizations and email domains (by distinct value), and a
/// `TrigramIndex` per slot for email local parts, notes and phone digits.
///
/// A value type: copies share storage until written; reads are safe from any number of
/// threads at once.
package struct ContactSearchIndex: Sendable {
    /// The rebuild threshold never drops below this many delta and dead slots, so a small
    /// index is not rebuilt on every change.
    package static let minimumChurnBeforeRebuild = 64
    /// The base is rebuilt when delta and dead slots exceed one sixteenth of the live ones:
    /// queries then handle at most that many unsorted slots, and the rebuild's cost, linear in
    /// the size, is spread over as many changes.
    package static let churnDivisor = 16

    /// The contact in each slot; a dead slot holds an empty placeholder.
    package var slotContacts: [Contact]
    /// The folded text and flags of each slot.
    package var store: FoldedTextStore
    /// The live slot of each contact id.
    package var slotOfID: [ExactString: UInt32]
    /// Slots `0..<baseSlotCount` are sorted by ranking key; later ones are the delta.
    package var baseSlotCount: Int
    /// The dead slots (removed or replaced contacts), ascending.
    package var deadSlots: [UInt32] = []
    /// `fold(displayName)`, by distinct name.
    package var names: NameTable
    /// Organizations, by distinct organization.
    package var organizations: ValueTable
    /// The per-slot tables, in ``GramSource`` order: email local parts, notes, phone digits.
    package var slotTables: [TrigramIndex]
    /// Email domains, by distinct domain.
    package var domains: ValueTable
    /// The number of matches under `any` of each one-code-point term whose every field lists
    /// it as a bitmap, by the term's gram key: counted once per base, one general-path search
    /// per such letter, so that such a search (the first keystroke's) need not OR and count
    /// whole bitmaps (see ``BitmapUnionView``). Valid while the base is the whole index.
    package var denseUnigramTotals: [UInt64: Int] = [:]
    /// Live contacts with at least one phone, with at least one email, with notes.
    package var phoneCount = 0
    package var emailCount = 0
    package var notesCount = 0

    /// An empty index.
    package init() {
        self.init(sortedRecords: [], contacts: [], slotOfID: [:])
    }

    /// Indexes `contacts`; when an id repeats, the later contact replaces the earlier one.
    ///
    /// - Complexity: O(n log n) for n contacts, plus the folding of their text.
    package init(_ contacts: some Sequence<Contact>) {
        var positionOfID: [ExactString: UInt32] = [:]
        positionOfID.reserveCapacity(contacts.underestimatedCount)
        var unique: [Contact] = []
        unique.reserveCapacity(contacts.underestimatedCount)
        for contact in contacts {
            let key = ExactString(contact.id)
            // One hash for a new id; a repeated one (rare) puts its first position back.
            if let position = positionOfID.updateValue(UInt32(unique.count), forKey: key) {
                positionOfID[key] = position
                unique[Int(position)] = contact
            } else {
                unique.append(contact)
            }
        }
        self.init(records: unique.map(FoldedContact.init), contacts: unique, positionOfID: positionOfID)
    }

    /// The number of contacts.
    package var count: Int { slotOfID.count }

    /// The contact with `id`, or nil.
    ///
    /// - Complexity: O(1) on average.
    package func contact(id: String) -> Contact? {
        slotOfID[ExactString(id)].map { slotContacts[Int($0)] }
    }

    /// The contacts of `slots`, in their order.
    ///
    /// A page's slots lie anywhere among a million contacts, and copying a contact writes its
    /// box's reference count, an atomic write that waits for the box to arrive and keeps the
    /// next copy from starting before it. So the slots' entries are prefetched first, then
    /// their boxes, and only then copied: the cache misses of a whole page overlap.
    package func contacts(atSlots slots: [UInt32]) -> [Contact] {
        slotContacts.withUnsafeBufferPointer { contacts in
            guard let base = contacts.baseAddress else { return [] }
            for slot in slots { contacts_prefetch(base + Int(slot)) }
            for slot in slots { contacts[Int(slot)].prefetchStorage() }
            return slots.map { contacts[Int($0)] }
        }
    }

    /// An index over folded `records` and their `contacts` (same order, unique ids, the id of
    /// position `p` mapped to `p` in `positionOfID`), sorted here by ranking key.
    ///
    /// - Complexity: O(n log n) (``RankingOrder``); the ids are not hashed again.
    package init(records: [FoldedContact], contacts: [Contact], positionOfID: [ExactString: UInt32]) {
        let order = RankingOrder.sortedPositions(names: records.map(\.name), ids: contacts.map(\.id))
        var slotOfPosition = [UInt32](repeating: 0, count: order.count)
        for (slot, position) in order.enumerated() { slotOfPosition[position] = UInt32(slot) }
        self.init(
            sortedRecords: order.map { records[$0] }, contacts: order.map { contacts[$0] },
            slotOfID: positionOfID.mapValues { slotOfPosition[Int($0)] })
    }

    /// An index whose base is `records` and `contacts`, already in ranking order, with the
    /// slot of each id.
    package init(sortedRecords records: [FoldedContact], contacts: [Contact], slotOfID: [ExactString: UInt32]) {
        var store = FoldedTextStore()
        for record in records { store.append(record) }
        let slotCount = records.count
        let (organizations, slotTables, domains) = store.withView { view in
            (
                ValueTable(slotCount: slotCount) { slot, report in
                    let organization = view.text(of: slot).organization
                    if !organization.isEmpty { report(organization) }
                },
                GramSource.allCases.map { source in
                    TrigramIndex.build(slotCount: slotCount) { slot, report in
                        source.forEachGram(of: view.text(of: slot), report)
                    }
                },
                ValueTable(slotCount: slotCount) { slot, report in
                    GramKey.forEachDomainSegment(in: view.text(of: slot).emails, report)
                }
            )
        }
        self.init(
            slotContacts: contacts, store: store, slotOfID: slotOfID,
            names: NameTable(sortedNames: records.map(\.name)), organizations: organizations, slotTables: slotTables,
            domains: domains)
    }

    /// An index from its parts; the base is every slot of `store`, all live.
    package init(
        slotContacts: [Contact], store: FoldedTextStore, slotOfID: [ExactString: UInt32], names: NameTable,
        organizations: ValueTable, slotTables: [TrigramIndex], domains: ValueTable
    ) {
        self.slotContacts = slotContacts
        self.store = store
        self.slotOfID = slotOfID
        baseSlotCount = store.count
        self.names = names
        self.organizations = organizations
        self.slotTables = slotTables
        self.domains = domains
        for slot in 0..<store.count {
            let flags = store.flags(of: slot)
            if flags.contains(.hasPhone) { phoneCount += 1 }
            if flags.contains(.hasEmail) { emailCount += 1 }
            if flags.contains(.hasNotes) { notesCount += 1 }
        }
        denseUnigramTotals = countDenseUnigrams()
    }

    /// The per-slot table of `source`, changed in place (a `set` would copy the table's
    /// pending changes on every contact added).
    package subscript(source: GramSource) -> TrigramIndex {
        _read { yield slotTables[source.rawValue] }
        _modify { yield &slotTables[source.rawValue] }
    }

    /// True when the ranking key (`fold(displayName)` bytes, then id bytes) of the first
    /// contact sorts before that of the second.
    package static func precedes(_ leftName: [UInt8], _ leftID: String, _ rightName: [UInt8], _ rightID: String) -> Bool
    {
        let order = ByteOrder.compare(leftName, rightName)
        return order != 0 ? order < 0 : leftID.utf8Precedes(rightID)
    }

    /// True when `left`'s ranking key sorts before `right`'s.
    package func slotPrecedes(_ left: UInt32, _ right: UInt32, in view: FoldedTextStore.View) -> Bool {
        let order = ByteOrder.compare(
            UnsafeRawBufferPointer(view.text(of: Int(left)).name),
            UnsafeRawBufferPointer(view.text(of: Int(right)).name))
        return order != 0 ? order < 0 : slotContacts[Int(left)].id.utf8Precedes(slotContacts[Int(right)].id)
    }
}
