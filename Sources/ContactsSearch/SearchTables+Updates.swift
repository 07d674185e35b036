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
        contacts.withRecords { records in
            var folded = FoldedContact()
            var seen = Set<UInt32>()
            for slot in slots where seen.insert(slot).inserted {
                kill(slot)
                guard contacts.isLive(slot), let record = records.record(at: slot) else { continue }
                folded.refold(record)
                append(folded, contactSlot: slot)
            }
        }
        if rebuildingWhenChurned, isChurned() { self = compacted(in: contacts) }
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
