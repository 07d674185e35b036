extension SearchTables {
    /// What the index takes in memory, by part (the contacts themselves aside).
    package var footprint: SearchIndexFootprint {
        let tableBytes = slotTables.reduce(names.byteCount + organizations.byteCount + domains.byteCount) {
            $0 + $1.byteCount
        }
        let textBytes = store.withView { view in
            (0..<store.count).reduce(0) { total, slot in
                let text = view.text(of: slot)
                return total + text.nameField.count + text.emails.count + text.notes.count + text.phoneDigits.count
            }
        }
        return SearchIndexFootprint(
            contacts: count, tableBytes: tableBytes, foldedTextBytes: textBytes,
            storeOverheadBytes: store.byteCount - textBytes,
            slotMapBytes: contactSlots.byteCount + indexSlots.byteCount + deadSlots.capacity * 4
                + deltaListings.reduce(0) { $0 + $1.capacity * 4 })
    }
}

extension ContactSearchIndex {
    /// What the index takes in memory, by part (the packed contacts aside: ``contactBytes``).
    package var footprint: SearchIndexFootprint { tables.footprint }

    /// The bytes the packed contacts take.
    package var contactBytes: Int { contacts.byteCount }
}
