import ContactsModel
import ContactsSupport

extension ContactSearchIndex {
    /// Adds `contact`, or replaces the contact with the same id; returns the replaced one.
    ///
    /// - Complexity: O(t) for t grams of the contact's text, amortized: every
    ///   `churnDivisor`-th of the index's size in changes rebuilds the base in O(n log n).
    @discardableResult
    package mutating func update(with contact: Contact) -> Contact? {
        let replaced = removeSlot(of: contact.id)
        append(contact)
        rebuildIfChurned()
        return replaced
    }

    /// Adds or replaces each of `contacts` in order (a repeated id: the later one wins).
    ///
    /// - Complexity: O(t) for t grams of their text, amortized (see ``update(with:)``).
    package mutating func update(withContentsOf contacts: some Sequence<Contact>) {
        for contact in contacts {
            removeSlot(of: contact.id)
            append(contact)
        }
        rebuildIfChurned()
    }

    /// Removes the contact with `id`; returns it, or nil when there is none.
    ///
    /// - Complexity: O(1), amortized (see ``update(with:)``).
    @discardableResult
    package mutating func remove(id: String) -> Contact? {
        let removed = removeSlot(of: id)
        if removed != nil { rebuildIfChurned() }
        return removed
    }

    /// This index with its base rebuilt from the live contacts: no delta, no dead slots.
    ///
    /// - Complexity: O(n log n + t) for n live contacts with t grams.
    package func compacted() -> ContactSearchIndex {
        guard baseSlotCount != store.count || !deadSlots.isEmpty else { return self }
        let slots = (0..<store.count).filter { store.flags(of: $0).contains(.live) }
        var positionOfSlot = [UInt32](repeating: 0, count: store.count)
        for (position, slot) in slots.enumerated() { positionOfSlot[slot] = UInt32(position) }
        return ContactSearchIndex(
            records: slots.map(store.record), contacts: slots.map { slotContacts[$0] },
            positionOfID: slotOfID.mapValues { positionOfSlot[Int($0)] })
    }

    /// Rebuilds the base when the delta and the dead slots outgrow their share.
    private mutating func rebuildIfChurned() {
        let churn = store.count - baseSlotCount + deadSlots.count
        if churn > max(Self.minimumChurnBeforeRebuild, slotOfID.count / Self.churnDivisor) {
            self = compacted()
        }
    }

    /// Puts `contact` (whose id has no slot) in a new slot of the delta.
    private mutating func append(_ contact: Contact) {
        let slot = UInt32(store.count)
        let record = FoldedContact(contact)
        store.append(record)
        slotContacts.append(contact)
        slotOfID[ExactString(contact.id)] = slot
        count(record.flags, by: 1)
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

    /// Kills the slot of `id`, if any, and returns its contact.
    @discardableResult
    private mutating func removeSlot(of id: String) -> Contact? {
        guard let slot = slotOfID.removeValue(forKey: ExactString(id)).map(Int.init) else { return nil }
        let removed = slotContacts[slot]
        count(store.flags(of: slot), by: -1)
        store.kill(slot)
        deadSlots.insert(UInt32(slot), at: deadSlots.lowerBound(of: UInt32(slot)))
        slotContacts[slot] = Contact(id: removed.id)
        return removed
    }

    /// Adjusts the per-kind counters for a contact with `flags` coming (+1) or going (-1).
    private mutating func count(_ flags: FoldedContact.Flags, by delta: Int) {
        if flags.contains(.hasPhone) { phoneCount += delta }
        if flags.contains(.hasEmail) { emailCount += delta }
        if flags.contains(.hasNotes) { notesCount += delta }
    }
}
