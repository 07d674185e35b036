extension ContactSearchIndex {
    /// Writes the index to the file at `path` (replacing it atomically), for a fast reopen
    /// with ``init(contentsOfFile:)``; the format is described by `SearchIndexFile`.
    ///
    /// - Complexity: O(size); rebuilds a copy first when the index has pending changes.
    public func save(toFile path: String) throws(SearchIndexFileError) {
        try BinaryFile.writeAtomically(encoded(), path: path)
    }

    /// Reopens an index written by ``save(toFile:)``.
    ///
    /// Throws ``SearchIndexFileError`` naming the problem for a file that is missing, not an
    /// index, of another format version, truncated, damaged or inconsistent.
    ///
    /// - Complexity: O(size): arrays are copied and validated, no text is folded again.
    public init(contentsOfFile path: String) throws(SearchIndexFileError) {
        let bytes = try BinaryFile.read(path: path)
        let decoded = bytes.withUnsafeBytes { bytes in
            Result { () throws(SearchIndexFileError) in try ContactSearchIndex(decoding: bytes) }
        }
        self = try decoded.get()
    }

    /// The saved form of this index.
    ///
    /// - Complexity: O(size).
    package func encoded() -> [UInt8] {
        let index = compacted()
        var payload = BinaryWriter()
        payload.write(UInt64(index.slotContacts.count))
        for contact in index.slotContacts { payload.write(contact) }
        index.store.write(to: &payload)
        index.names.write(to: &payload)
        index.organizations.write(to: &payload)
        for table in index.slotTables { table.write(to: &payload) }
        index.domains.write(to: &payload)

        var file = BinaryWriter()
        file.writeRaw(SearchIndexFile.magic)
        file.write(SearchIndexFile.version)
        file.write(UInt32(0))
        file.write(UInt64(payload.bytes.count))
        file.write(payload.bytes.withUnsafeBytes { XXH3.hash64($0, seed: 0) })
        return file.bytes + payload.bytes
    }

    /// Decodes and validates the saved form in `bytes`.
    package init(decoding bytes: UnsafeRawBufferPointer) throws(SearchIndexFileError) {
        var reader = BinaryReader(bytes)
        guard bytes.count >= SearchIndexFile.magic.count,
            bytes.prefix(SearchIndexFile.magic.count).elementsEqual(SearchIndexFile.magic)
        else { throw .notAnIndex }
        reader = BinaryReader(bytes, offset: SearchIndexFile.magic.count)
        let version = try reader.readUInt32()
        guard version == SearchIndexFile.version else { throw .unsupportedVersion(version) }
        _ = try reader.readUInt32()
        let payloadLength = try reader.readUInt64()
        let checksum = try reader.readUInt64()
        guard payloadLength == UInt64(bytes.count - SearchIndexFile.headerSize) else {
            throw payloadLength > UInt64(bytes.count - SearchIndexFile.headerSize)
                ? .truncated(section: "payload") : .corrupt("bytes after the payload")
        }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[SearchIndexFile.headerSize...])
        guard XXH3.hash64(payload, seed: 0) == checksum else { throw .checksumMismatch }

        reader = BinaryReader(payload)
        reader.section = "contacts"
        let contactCount = try reader.readCount(elementSize: 8)
        guard contactCount < Int(UInt32.max) else { throw .corrupt("too many contacts") }
        var contacts: [Contact] = []
        contacts.reserveCapacity(contactCount)
        var slotOfID: [ExactString: UInt32] = [:]
        slotOfID.reserveCapacity(contactCount)
        for slot in 0..<contactCount {
            let contact = try reader.readContact()
            guard slotOfID.updateValue(UInt32(slot), forKey: ExactString(contact.id)) == nil else {
                throw .corrupt("contact id \(contact.id) appears twice")
            }
            contacts.append(contact)
        }
        reader.section = "folded text"
        let store = try FoldedTextStore.read(from: &reader, slotCount: contactCount)
        let inOrder = store.withView { view in
            (1..<max(1, contactCount)).allSatisfy { slot in
                Self.precedes(
                    Array(view.text(of: slot - 1).name), contacts[slot - 1].id, Array(view.text(of: slot).name),
                    contacts[slot].id)
            }
        }
        guard inOrder else { throw .corrupt("contacts out of ranking order") }
        reader.section = "names"
        let names = try NameTable.read(from: &reader, store: store)
        reader.section = "organizations"
        let organizations = try ValueTable.read(from: &reader, slotCount: contactCount)
        var slotTables: [TrigramIndex] = []
        for source in GramSource.allCases {
            reader.section = "table \(source)"
            slotTables.append(try TrigramIndex.read(from: &reader, slotCount: contactCount))
        }
        reader.section = "domains"
        let domains = try ValueTable.read(from: &reader, slotCount: contactCount)
        guard reader.isAtEnd else { throw .corrupt("bytes after the last table") }
        self.init(
            slotContacts: contacts, store: store, slotOfID: slotOfID, names: names, organizations: organizations,
            slotTables: slotTables, domains: domains)
    }
}

extension BinaryWriter {
    /// Writes `contact`: its strings, then its lists, in `Contact`'s field order.
    mutating func write(_ contact: Contact) {
        for string in [
            contact.id, contact.ownerId, contact.givenName, contact.familyName, contact.displayName,
            contact.organizationName, contact.jobTitle, contact.notes,
        ] {
            write(string)
        }
        for list in [contact.phoneNumbers, contact.emailAddresses, contact.socialProfiles] {
            writeVarint(list.count)
            for entry in list {
                write(entry.label)
                write(entry.value)
            }
        }
        writeVarint(contact.addresses.count)
        for address in contact.addresses {
            for string in [
                address.label, address.street, address.city, address.state, address.postalCode, address.country,
            ] {
                write(string)
            }
        }
    }
}

extension BinaryReader {
    /// Reads a contact written by `BinaryWriter.write(_: Contact)`.
    mutating func readContact() throws(SearchIndexFileError) -> Contact {
        var contact = Contact(id: try readString())
        contact.ownerId = try readString()
        contact.givenName = try readString()
        contact.familyName = try readString()
        contact.displayName = try readString()
        contact.organizationName = try readString()
        contact.jobTitle = try readString()
        contact.notes = try readString()
        contact.phoneNumbers = try readLabeledValues()
        contact.emailAddresses = try readLabeledValues()
        contact.socialProfiles = try readLabeledValues()
        let addressCount = try readListCount()
        for _ in 0..<addressCount {
            contact.addresses.append(
                PostalAddress(
                    label: try readString(), street: try readString(), city: try readString(),
                    state: try readString(), postalCode: try readString(), country: try readString()))
        }
        return contact
    }

    private mutating func readLabeledValues() throws(SearchIndexFileError) -> [LabeledValue] {
        let count = try readListCount()
        var values: [LabeledValue] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            values.append(LabeledValue(label: try readString(), value: try readString()))
        }
        return values
    }

    /// A list count, which cannot exceed the bytes left (every entry takes at least one).
    private mutating func readListCount() throws(SearchIndexFileError) -> Int {
        let count = try readVarint()
        guard count <= bytes.count - offset else { throw .truncated(section: section) }
        return count
    }
}
