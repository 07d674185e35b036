import ContactsModel
import ContactsSupport

extension ContactSearchIndex {
    /// Writes the index to the file at `path` (replacing it atomically), for a fast reopen
    /// with ``init(contentsOfFile:)``; the format is described by `SearchIndexFile`.
    ///
    /// - Complexity: O(size); rebuilds a copy first when the index has pending changes.
    package func save(toFile path: String) throws(SearchIndexFileError) {
        do {
            try BinaryFile.writeAtomically(encoded(), path: path)
        } catch {
            throw .unwritable(path: path, reason: error.reason)
        }
    }

    /// Reopens an index written by ``save(toFile:)``.
    ///
    /// Throws ``SearchIndexFileError`` naming the problem for a file that is missing, not an
    /// index, of another format version, truncated, damaged or inconsistent.
    ///
    /// - Complexity: O(size): arrays are copied and validated, no text is folded again.
    package init(contentsOfFile path: String) throws(SearchIndexFileError) {
        let bytes: [UInt8]
        do {
            bytes = try BinaryFile.read(path: path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
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
        payload.write(UInt64(index.contacts.count))
        index.contacts.withRecords { records in
            for slot in index.tables.contactSlots {
                guard let record = records.record(at: slot) else { continue }
                payload.writeVarint(record.id.count)
                payload.writeRaw(Array(record.idBytes))
                payload.writeRaw(Array(records.arena[record.body.start..<record.end]))
            }
        }
        let tables = index.tables
        tables.store.write(to: &payload)
        tables.names.write(to: &payload)
        tables.organizations.write(to: &payload)
        for table in tables.slotTables { table.write(to: &payload) }
        tables.domains.write(to: &payload)

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
        guard bytes.count >= SearchIndexFile.magic.count,
            bytes.prefix(SearchIndexFile.magic.count).elementsEqual(SearchIndexFile.magic)
        else { throw .notAnIndex }
        let header: (version: UInt32, payloadLength: UInt64, checksum: UInt64)
        do {
            var reader = BinaryReader(bytes, offset: SearchIndexFile.magic.count)
            let version = try reader.readUInt32()
            _ = try reader.readUInt32()
            header = (version, try reader.readUInt64(), try reader.readUInt64())
        } catch {
            throw SearchIndexFileError(error)
        }
        guard header.version == SearchIndexFile.version else { throw .unsupportedVersion(header.version) }
        let payloadBytes = UInt64(bytes.count - SearchIndexFile.headerSize)
        guard header.payloadLength == payloadBytes else {
            throw header.payloadLength > payloadBytes
                ? .truncated(section: "payload") : .corrupt("bytes after the payload")
        }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[SearchIndexFile.headerSize...])
        guard XXH3.hash64(payload, seed: 0) == header.checksum else { throw .checksumMismatch }
        do {
            self = try Self.decodePayload(payload)
        } catch {
            throw SearchIndexFileError(error)
        }
    }

    /// Decodes and validates the payload of a saved index (everything after its header).
    private static func decodePayload(_ payload: UnsafeRawBufferPointer) throws(BinaryFormatError)
        -> ContactSearchIndex
    {
        var reader = BinaryReader(payload)
        reader.section = "contacts"
        let contactCount = try reader.readCount(elementSize: 3)
        guard contactCount < Int(UInt32.max) else { throw .corrupt("too many contacts") }
        var contacts = PackedContacts()
        for _ in 0..<contactCount {
            let id = try reader.readString()
            let rest = UnsafeRawBufferPointer(rebasing: payload[reader.offset...])
            let length = try ContactCodec.validatedBodyLength(rest, section: "contact \(id)")
            guard try contacts.put(id: id, body: UnsafeRawBufferPointer(rebasing: rest[..<length]), numbers: []).isNew
            else { throw .corrupt("contact id \(id) appears twice") }
            reader = BinaryReader(payload, offset: reader.offset + length)
            reader.section = "contacts"
        }
        reader.section = "folded text"
        let store = try FoldedTextStore.read(from: &reader, slotCount: contactCount)
        let inOrder = store.withView { view in
            contacts.withRecords { records in
                (1..<max(1, contactCount)).allSatisfy { slot in
                    let byName = ByteOrder.compare(
                        UnsafeRawBufferPointer(view.text(of: slot - 1).name),
                        UnsafeRawBufferPointer(view.text(of: slot).name))
                    return byName < 0
                        || (byName == 0
                            && ByteOrder.compare(
                                UnsafeRawBufferPointer(records.idBytes(of: UInt32(slot - 1))),
                                UnsafeRawBufferPointer(records.idBytes(of: UInt32(slot)))) < 0)
                }
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
        let tables = SearchTables(
            contactSlots: Array(0..<UInt32(contactCount)), contactSlotCount: contactCount, store: store, names: names,
            organizations: organizations, slotTables: slotTables, domains: domains, layout: .indexed, isScanned: false)
        return ContactSearchIndex(contacts: contacts, tables: tables)
    }
}

extension ContactSearchIndex {
    /// This index with its base rebuilt and its contacts laid out in ranking order again.
    ///
    /// - Complexity: O(n log n + t) for n contacts with t grams; O(1) when the index is its
    ///   base alone, in order.
    package func compacted() -> ContactSearchIndex {
        let isInOrder = tables.contactSlots.elementsEqual(0..<UInt32(tables.contactSlots.count))
        if isInOrder, tables.baseSlotCount == tables.store.count, tables.deadSlots.isEmpty,
            contacts.slotCount == tables.store.count
        {
            return self
        }
        var tables = tables.compacted(in: contacts)
        let contacts = PackedContacts(contacts, inOrder: tables.contactSlots)
        tables.adoptContactsInBaseOrder()
        return ContactSearchIndex(contacts: contacts, tables: tables)
    }
}
