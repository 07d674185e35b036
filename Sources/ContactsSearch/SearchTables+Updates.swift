import ContactsModel
import ContactsSupport

extension SearchTables {
    /// Brings the index up to date with the contacts' slots `slots` of `contacts`, each added,
    /// replaced or removed since the index last saw it: an indexed slot's entry dies, and a
    /// live slot gets a new entry in the delta (a slot listed twice is indexed once).
    ///
    /// - Parameter rebuildingWhenChurned: when true (the default), the base is rebuilt in place
    ///   once ``isChurned(minimum:)``; when false, the caller compacts a copy itself, off the
    ///   path of this update (see ``compacted(in:)``), and the delta keeps growing meanwhile.
    /// - Complexity: O(t) for t grams of their text, amortized when rebuilding: every
    ///   `churnDivisor`-th of the index's size in changes rebuilds the base in O(n log n).
    package mutating func update(
        slots: some Sequence<UInt32>, in contacts: PackedContacts, rebuildingWhenChurned: Bool = true
    ) {
        if indexSlots.count < contacts.slotCount {
            indexSlots.append(
                contentsOf: repeatElement(Self.noSlot, count: contacts.slotCount - indexSlots.count))
        }
        var added: [UInt32] = []
        var killedInDelta = false
        contacts.withRecords { records in
            var folded = FoldedContact()
            var seen = Set<UInt32>()
            for slot in slots where seen.insert(slot).inserted {
                if let indexSlot = indexSlot(of: slot), Int(indexSlot) >= baseSlotCount { killedInDelta = true }
                kill(slot)
                guard contacts.isLive(slot), let record = records.record(at: slot) else { continue }
                folded.refold(record)
                added.append(UInt32(store.count))
                append(folded, contactSlot: slot)
            }
        }
        if rebuildingWhenChurned, isChurned() {
            self = compacted(in: contacts)
            return
        }
        updateDeltaListings(removingDead: killedInDelta, adding: added, in: contacts)
    }

    /// Brings ``deltaListings`` up to date: the delta slots killed since out (when
    /// `removingDead`), the new delta slots `added` into each listing they are in, at their
    /// ranks (each found by binary search, then every listing copied once).
    ///
    /// - Complexity: O(d + a log(a·d)) for d delta slots and a added.
    private mutating func updateDeltaListings(removingDead: Bool, adding added: [UInt32], in contacts: PackedContacts) {
        var listings = deltaListings
        deltaListings = []
        if removingDead {
            for lane in listings.indices { listings[lane].removeAll { !store.flags(of: Int($0)).contains(.live) } }
        }
        if !added.isEmpty {
            store.withView { view in
                contacts.withRecords { records in
                    let precedes = { (left: UInt32, right: UInt32) in slotPrecedes(left, right, in: view, records) }
                    let sorted = added.sorted(by: precedes)
                    for listing in FetchFieldType.allCases {
                        let required = listing.requiredFlags
                        let new = sorted.filter { store.flags(of: Int($0)).isSuperset(of: required) }
                        listings[listing.lane] = Self.merged(listings[listing.lane], new, by: precedes)
                    }
                }
            }
        }
        deltaListings = listings
    }

    /// The ascending (by `precedes`) `list` with the ascending `new` slots merged in: each new
    /// slot's place found by binary search from the last one's.
    ///
    /// - Complexity: O(n log l) comparisons for n new slots and l listed, O(l + n) copies.
    private static func merged(_ list: [UInt32], _ new: [UInt32], by precedes: (UInt32, UInt32) -> Bool) -> [UInt32] {
        guard !new.isEmpty else { return list }
        guard !list.isEmpty else { return new }
        var result: [UInt32] = []
        result.reserveCapacity(list.count + new.count)
        var copied = 0
        for slot in new {
            var low = copied
            var high = list.count
            while low < high {
                let middle = (low + high) >> 1
                if precedes(list[middle], slot) { low = middle + 1 } else { high = middle }
            }
            result.append(contentsOf: list[copied..<low])
            result.append(slot)
            copied = low
        }
        result.append(contentsOf: list[copied...])
        return result
    }

    /// True when `additional` more contacts (of about `bytes` folded bytes in all) can be
    /// indexed, with the contacts' slots reaching `contactSlotCount`, without the slot maps
    /// or the folded text growing. The delta's own tables, a small share of the index, grow
    /// as they go.
    ///
    /// - Complexity: O(1).
    package func hasRoom(forAdding additional: Int, bytes: Int, contactSlotCount: Int) -> Bool {
        store.hasRoom(forAdding: additional, bytes: bytes) && contactSlots.hasRoom(forAdding: additional)
            && indexSlots.hasRoom(forAdding: max(0, contactSlotCount - indexSlots.count))
    }

    /// Gives the slot maps and the folded text room for what ``hasRoom(forAdding:bytes:contactSlotCount:)``
    /// asks, where they have less, each at least doubled, and storage of their own (the dead
    /// slots' list too), as `Array.reserveRoom(forAdding:)` does.
    ///
    /// - Complexity: O(n) in what grows; O(1) when the room is there.
    package mutating func reserveRoom(forAdding additional: Int, bytes: Int, contactSlotCount: Int) {
        store.reserveRoom(forAdding: additional, bytes: bytes)
        contactSlots.reserveRoom(forAdding: additional)
        indexSlots.reserveRoom(forAdding: max(0, contactSlotCount - indexSlots.count))
        deadSlots.reserveRoom(forAdding: 0)
    }

    /// The delta and dead slots, the changes a rebuild of the base would fold in.
    package var churn: Int { store.count - baseSlotCount + deadSlots.count }

    /// True when the delta and the dead slots outgrow their share: more than `minimum` and
    /// than one `churnDivisor`-th of the live contacts.
    package func isChurned(minimum: Int = minimumChurnBeforeRebuild) -> Bool {
        churn > max(minimum, count / Self.churnDivisor)
    }

    /// This index with its base rebuilt from the live entries: no delta, no dead slots.
    ///
    /// - Complexity: O(n log n + t) for n live contacts with t grams (no text is folded again).
    package func compacted(in contacts: PackedContacts) -> SearchTables {
        guard baseSlotCount != store.count || !deadSlots.isEmpty else { return self }
        let live = (0..<store.count).filter { store.flags(of: $0).contains(.live) }
        let order = store.withView { view in
            contacts.withRecords { records in
                RankingOrder.sortedPositions(
                    count: live.count, name: { UnsafeRawBufferPointer(view.text(of: live[$0]).name) },
                    id: { UnsafeRawBufferPointer(records.idBytes(of: contactSlots[live[$0]])) })
            }
        }
        let sorted = order.map { live[$0] }
        return SearchTables(
            sortedStore: FoldedTextStore(store, slots: sorted), contactSlots: sorted.map { contactSlots[$0] },
            contactSlotCount: contacts.slotCount, layout: layout)
    }

    /// Indexes `record` (folded) in a new slot of the delta, for the contacts' slot
    /// `contactSlot` (which has none).
    private mutating func append(_ record: FoldedContact, contactSlot: UInt32) {
        let slot = UInt32(store.count)
        store.append(record)
        contactSlots.append(contactSlot)
        indexSlots[Int(contactSlot)] = slot
        count += 1
        adjustCounts(record.flags, by: 1)
        guard !isScanned else { return }
        store.withView { view in
            let text = view.text(of: Int(slot))
            var grams: [UInt64] = []
            for source in GramSource.allCases {
                grams.removeAll(keepingCapacity: true)
                source.forEachGram(of: text) { grams.append($0) }
                self[source].add(slot: slot, grams: grams)
            }
            names.addDelta(slot: slot, name: text.name)
            var segments: [[UInt8]] = []
            GramKey.forEachDomainSegment(in: text.emails) { segments.append(Array($0)) }
            domains.add(slot: slot, values: segments)
            organizations.add(slot: slot, values: text.organization.isEmpty ? [] : [Array(text.organization)])
        }
    }

    /// Kills the index slot of the contacts' slot `contactSlot`, if it has one.
    private mutating func kill(_ contactSlot: UInt32) {
        guard let slot = indexSlot(of: contactSlot) else { return }
        indexSlots[Int(contactSlot)] = Self.noSlot
        count -= 1
        adjustCounts(store.flags(of: Int(slot)), by: -1)
        store.kill(Int(slot))
        deadSlots.insert(slot, at: deadSlots.lowerBound(of: slot))
    }

    /// Adjusts the per-kind counters for a contact with `flags` coming (+1) or going (-1).
    private mutating func adjustCounts(_ flags: FoldedContact.Flags, by delta: Int) {
        if flags.contains(.hasPhone) { phoneCount += delta }
        if flags.contains(.hasEmail) { emailCount += delta }
        if flags.contains(.hasNotes) { notesCount += delta }
    }
}
