import ContactsModel
import ContactsSupport

/// Partial-text search over the contacts of a ``PackedContacts``, with the exact semantics,
/// ranking and paging of PROTOCOL §2 — answered from indexes instead of scans. The tables do
/// not hold the contacts: they index the slots of the `PackedContacts` they were built from,
/// which every search is given again (an address book and its index share one copy of its
/// contacts), and answer with those slots, ranked.
///
/// ```swift
/// var contacts = PackedContacts()
/// for contact in uploaded { contacts.put(contact) }
/// let tables = SearchTables(contacts)
/// let hits = tables.search("nun", field: .name, skip: 0, limit: 20, in: contacts)
/// hits.total                                     // every match
/// hits.slots.map { contacts.contact(at: $0) }    // the first 20, ranked
/// ```
///
/// Inside, each indexed contact has an *index slot* (a dense `UInt32`, mapped to its slot in
/// the contacts). The index slots of the *base* are numbered in ranking order — by the bytes
/// of `fold(displayName)`, then of the id — so posting lists are already in that order and a
/// page needs no sort, and the contacts sharing a display name hold one run of slots (see
/// `NameTable`). Contacts added later get the next index slots (the *delta*); replaced and
/// removed ones leave dead slots behind. When the delta and the dead outgrow a fraction of the
/// index, the base is rebuilt from the folded text already held (no refolding). The fields
/// are served by: the `NameTable` (display names, by distinct name), `ValueTable`s for
/// organizations and email domains (by distinct value), and a `TrigramIndex` per slot for
/// email local parts, notes and phone digits.
///
/// An index of few contacts (an address book of a few hundred) is *scanned*: it keeps only
/// the folded text, and a search tests every contact's text (``Layout``). Its gram tables
/// would take several times the text they cover, and a scan of a few thousand contacts'
/// folded text costs a few tens of microseconds.
///
/// A value type: copies share storage until written; reads are safe from any number of
/// threads at once.
package struct SearchTables: Sendable {
    /// The rebuild threshold never drops below this many delta and dead slots, so a small
    /// index is not rebuilt on every change.
    package static let minimumChurnBeforeRebuild = 64
    /// The base is rebuilt when delta and dead slots exceed one sixteenth of the live ones:
    /// queries then handle at most that many unsorted slots, and the rebuild's cost, linear in
    /// the size, is spread over as many changes.
    package static let churnDivisor = 16

    /// The contacts' slot of each index slot (a dead index slot keeps the one it had); two
    /// bytes a slot in a book of fewer than 65,535.
    package internal(set) var contactSlots: CompactUInt32Array
    /// The live index slot of each contacts' slot, ``noSlot`` for none; two bytes a slot in a
    /// book of fewer than 65,535.
    package internal(set) var indexSlots: CompactUInt32Array
    /// The folded text and flags of each index slot.
    package var store: FoldedTextStore
    /// Index slots `0..<baseSlotCount` are sorted by ranking key; later ones are the delta.
    package var baseSlotCount: Int
    /// The dead index slots (removed or replaced contacts), ascending.
    package var deadSlots: [UInt32] = []
    /// The live delta slots of each listing of `fetchContacts` (by ``FetchFieldType/lane``), in
    /// ranking order: what a listing's page merges with the base's listing
    /// (``FoldedTextStore/listing(_:below:)``). Kept in order as contacts come and go.
    package internal(set) var deltaListings: [[UInt32]] = FetchFieldType.allCases.map { _ in [] }
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
    /// The number of live indexed contacts.
    package internal(set) var count = 0

    /// ``indexSlots`` of a contacts' slot that is not indexed.
    package static let noSlot = UInt32.max

    /// How an index answers: from gram tables, or by testing every contact's folded text.
    package enum Layout: Sendable {
        /// Gram tables over the folded text.
        case indexed
        /// The folded text alone, scanned by every search.
        case scanned
        /// Scanned below ``scannedLimit`` contacts, else indexed (decided at each rebuild).
        case bySize

        /// Below this many contacts an index laid out ``bySize`` is scanned: a scan of them
        /// costs about as much as a few lookups in gram tables, and the tables would cost
        /// more memory than the text they cover.
        package static let scannedLimit = 4_096

        /// Whether an index of `count` contacts laid out this way is scanned.
        package func isScanned(count: Int) -> Bool {
            switch self {
            case .indexed: false
            case .scanned: true
            case .bySize: count < Self.scannedLimit
            }
        }
    }

    /// How this index answers, and how a rebuild lays it out again.
    package let layout: Layout
    /// True when searches scan the folded text (no gram tables are kept).
    package let isScanned: Bool

    /// An empty index.
    package init() {
        self.init(PackedContacts())
    }

    /// Indexes every live contact of `contacts`, laid out as `layout` says; `progress` hears
    /// how far the build has come (folding, ranking, then the tables).
    ///
    /// - Complexity: O(n log n) for n contacts, plus the folding of their text.
    package init(_ contacts: PackedContacts, layout: Layout = .bySize, progress: SearchBuildProgress = { _, _ in }) {
        // Units of progress: one a contact folded, n for the ranking sort, n for the tables.
        let units = max(1, contacts.count)
        var live: [UInt32] = []
        live.reserveCapacity(contacts.count)
        for slot in 0..<UInt32(contacts.slotCount) where contacts.isLive(slot) { live.append(slot) }
        // The contacts are folded in halves side by side, then joined in order.
        let parts = live.count < Self.parallelFoldMinimum ? 1 : 2
        let halves = contacts.withRecords { records in
            ParallelBuild.results(count: parts) { part -> (store: FoldedTextStore, slots: [UInt32]) in
                var store = FoldedTextStore()
                var slots: [UInt32] = []
                var folded = FoldedContact()
                for slot in live[live.count * part / parts..<live.count * (part + 1) / parts] {
                    guard let record = records.record(at: slot) else { continue }
                    folded.refold(record)
                    store.append(folded)
                    slots.append(slot)
                    // The first half speaks for both: they fold at the same pace.
                    if part == 0, slots.count % Self.progressInterval == 0 { progress(slots.count * parts, 3 * units) }
                }
                return (store, slots)
            }
        }
        var unsorted = halves[0].store
        var slots = halves[0].slots
        for part in halves.dropFirst() {
            unsorted.append(contentsOf: part.store)
            slots.append(contentsOf: part.slots)
        }
        progress(units, 3 * units)
        let order = unsorted.withView { view in
            contacts.withRecords { records in
                RankingOrder.sortedPositions(
                    count: slots.count, name: { UnsafeRawBufferPointer(view.text(of: $0).name) },
                    id: { UnsafeRawBufferPointer(records.idBytes(of: slots[$0])) })
            }
        }
        progress(2 * units, 3 * units)
        self.init(
            sortedStore: FoldedTextStore(unsorted, slots: order), contactSlots: order.map { slots[$0] },
            contactSlotCount: contacts.slotCount, layout: layout
        ) { done, total in progress(2 * units + units * done / max(1, total), 3 * units) }
    }

    /// How many contacts are folded between two calls of a build's progress.
    static let progressInterval = 1 << 16
    /// A build of at least this many contacts folds them in two halves side by side (fewer
    /// are folded in less time than threads take to start).
    static let parallelFoldMinimum = 1 << 14

    /// An index whose base is `store`, already in ranking order, of the contacts' slots
    /// `contactSlots` (same order), out of `contactSlotCount`, laid out as `layout` says;
    /// `progress` hears how many of the tables are built.
    package init(
        sortedStore store: FoldedTextStore, contactSlots: [UInt32], contactSlotCount: Int, layout: Layout,
        progress: SearchBuildProgress = { _, _ in }
    ) {
        let slotCount = store.count
        guard !layout.isScanned(count: slotCount) else {
            self.init(
                contactSlots: contactSlots, contactSlotCount: contactSlotCount, store: store,
                names: .empty, organizations: ValueTable(slotCount: 0) { _, _ in },
                slotTables: [], domains: ValueTable(slotCount: 0) { _, _ in }, layout: layout, isScanned: true)
            return
        }
        // The tables are independent of each other: built side by side, one a thread, the
        // costliest started first (the phone digits' grams, then the email local parts': most
        // of the tables' time on the generator's contacts), so that the last to end is a short
        // one. Table t: 0 the names, 1 the organizations, 2 the domains, 3… the gram sources.
        let jobs = 3 + GramSource.allCases.count
        let startOrder =
            [GramSource.digits, .emailLocal].map { 3 + $0.rawValue } + [2, 1, 0, 3 + GramSource.notes.rawValue]
        precondition(startOrder.sorted() == Array(0..<jobs), "every table started once")
        let started = store.withView { view in
            ParallelBuild.results(count: jobs) { job -> BuiltTable in
                switch startOrder[job] {
                case 0: return .names(NameTable(count: slotCount) { view.text(of: $0).name })
                case 1:
                    return .values(
                        ValueTable(slotCount: slotCount) { slot, report in
                            let organization = view.text(of: slot).organization
                            if !organization.isEmpty { report(organization) }
                        })
                case 2:
                    return .values(
                        ValueTable(slotCount: slotCount) { slot, report in
                            GramKey.forEachDomainSegment(in: view.text(of: slot).emails, report)
                        })
                case let table:
                    let source = GramSource.allCases[table - 3]
                    return .grams(
                        TrigramIndex.build(slotCount: slotCount) { slot, report in
                            source.forEachGram(of: view.text(of: slot), report)
                        })
                }
            } finished: { done in
                progress(done, jobs)
            }
        }
        var built = [BuiltTable?](repeating: nil, count: jobs)
        for (job, table) in started.enumerated() { built[startOrder[job]] = table }
        guard case .names(let names)? = built[0], case .values(let organizations)? = built[1],
            case .values(let domains)? = built[2]
        else { preconditionFailure("tables built out of order") }
        let slotTables = built.dropFirst(3).map { table -> TrigramIndex in
            guard case .grams(let grams)? = table else { preconditionFailure("tables built out of order") }
            return grams
        }
        self.init(
            contactSlots: contactSlots, contactSlotCount: contactSlotCount, store: store, names: names,
            organizations: organizations, slotTables: slotTables, domains: domains, layout: layout, isScanned: false)
    }

    /// An index from its parts; the base is every slot of `store`, all live. A scanned one
    /// has empty tables. When `contactSlots` is `0..<contactSlotCount` (contacts laid out in
    /// ranking order), both slot maps are identities, held as their count.
    package init(
        contactSlots: [UInt32], contactSlotCount: Int, store: FoldedTextStore, names: NameTable,
        organizations: ValueTable, slotTables: [TrigramIndex], domains: ValueTable, layout: Layout,
        isScanned: Bool
    ) {
        self.layout = layout
        self.isScanned = isScanned
        self.contactSlots = CompactUInt32Array(contactSlots)
        if self.contactSlots.isIdentity, contactSlots.count == contactSlotCount {
            indexSlots = self.contactSlots
        } else {
            var indexSlots = CompactUInt32Array(repeating: Self.noSlot, count: contactSlotCount)
            for (indexSlot, slot) in contactSlots.enumerated() { indexSlots[Int(slot)] = UInt32(indexSlot) }
            self.indexSlots = indexSlots
        }
        self.store = store
        baseSlotCount = store.count
        count = store.count
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
        if !isScanned { denseUnigramTotals = countDenseUnigrams() }
    }

    /// The per-slot table of `source`, changed in place (a `set` would copy the table's
    /// pending changes on every contact added).
    package subscript(source: GramSource) -> TrigramIndex {
        _read { yield slotTables[source.rawValue] }
        _modify { yield &slotTables[source.rawValue] }
    }

    /// Renumbers the contacts as the index's base slots: contacts' slot `i` is index slot `i`,
    /// for contacts laid out again in ranking order (``PackedContacts/init(_:inOrder:)`` with
    /// ``contactSlots``). Both slot maps are then identities, held as their count until a
    /// change breaks them (``CompactUInt32Array/init(identityOfCount:)``).
    ///
    /// - Precondition: the index is its base alone (no delta, no dead slot).
    package mutating func adoptContactsInBaseOrder() {
        precondition(baseSlotCount == store.count && deadSlots.isEmpty, "renumbering an index with changes")
        contactSlots = CompactUInt32Array(identityOfCount: store.count)
        indexSlots = contactSlots
    }

    /// The index slot of the contacts' slot `slot`, if it is indexed.
    package func indexSlot(of slot: UInt32) -> UInt32? {
        Int(slot) < indexSlots.count && indexSlots[Int(slot)] != Self.noSlot ? indexSlots[Int(slot)] : nil
    }

    /// True when the ranking key (`fold(displayName)` bytes, then id bytes) of index slot
    /// `left` sorts before that of `right`.
    package func slotPrecedes(
        _ left: UInt32, _ right: UInt32, in view: FoldedTextStore.View, _ records: PackedContacts.Records
    ) -> Bool {
        let order = ByteOrder.compare(
            UnsafeRawBufferPointer(view.text(of: Int(left)).name),
            UnsafeRawBufferPointer(view.text(of: Int(right)).name))
        if order != 0 { return order < 0 }
        return ByteOrder.compare(
            UnsafeRawBufferPointer(records.idBytes(of: contactSlots[Int(left)])),
            UnsafeRawBufferPointer(records.idBytes(of: contactSlots[Int(right)]))) < 0
    }
}

/// How far an index build has come: `done` of `total` units. Calls come in order, never two
/// at once, but possibly from the build's other threads.
package typealias SearchBuildProgress = (_ done: Int, _ total: Int) -> Void

/// One table of a build (``ParallelBuild``).
private enum BuiltTable {
    case names(NameTable)
    case values(ValueTable)
    case grams(TrigramIndex)
}
