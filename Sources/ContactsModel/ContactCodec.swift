import ContactsSupport

/// The one binary form of a ``Contact``: what the stores keep in their `body` column and what
/// a saved search index holds for each of its contacts.
///
/// Body, format 1: the byte `1`, then `givenName`, `familyName`, `displayName`,
/// `organizationName`, `jobTitle`, `notes`, then four lists — phone numbers and emails
/// (`label`, `value`), addresses (`label`, `street`, `city`, `state`, `postalCode`,
/// `country`), social profiles (`label`, `value`) — each a count followed by its entries.
/// A string is its UTF-8 byte count then the bytes; every count is an unsigned LEB128
/// varint (``BinaryWriter``). `id` and `ownerId` are not in the body: a store keeps them as the
/// row's key, and ``write(_:to:)`` writes them before the body.
///
/// Text must decode as valid UTF-8: a body whose bytes are not is refused, never repaired.
///
/// Phones: each E.164 number as 8 bytes, little-endian, in the order given.
///
/// - Complexity: encoding and decoding are O(n) in the encoded size.
package enum ContactCodec {
    /// The format byte that starts every body this build writes.
    package static let formatVersion: UInt8 = 1

    /// Appends the body of `contact` to `writer`.
    package static func writeBody(_ contact: Contact, to writer: inout BinaryWriter) {
        writer.write(byte: formatVersion)
        for text in [
            contact.givenName, contact.familyName, contact.displayName,
            contact.organizationName, contact.jobTitle, contact.notes,
        ] {
            writer.write(text)
        }
        writeLabeled(contact.phoneNumbers, to: &writer)
        writeLabeled(contact.emailAddresses, to: &writer)
        writer.writeVarint(contact.addresses.count)
        for address in contact.addresses {
            for text in [
                address.label, address.street, address.city, address.state,
                address.postalCode, address.country,
            ] {
                writer.write(text)
            }
        }
        writeLabeled(contact.socialProfiles, to: &writer)
    }

    /// Reads a body written by ``writeBody(_:to:)`` into the contact `id` of `ownerId`.
    ///
    /// - Throws: ``BinaryFormatError`` when the bytes are not a well-formed body.
    package static func readBody(
        from reader: inout BinaryReader, id: String, ownerId: String
    ) throws(BinaryFormatError) -> Contact {
        let version = try reader.readByte()
        guard version == formatVersion else {
            throw .corrupt("unknown contact format \(version) in \(reader.section)")
        }
        var contact = Contact(id: id, ownerId: ownerId)
        contact.givenName = try reader.readString()
        contact.familyName = try reader.readString()
        contact.displayName = try reader.readString()
        contact.organizationName = try reader.readString()
        contact.jobTitle = try reader.readString()
        contact.notes = try reader.readString()
        contact.phoneNumbers = try readLabeled(from: &reader)
        contact.emailAddresses = try readLabeled(from: &reader)
        let addressCount = try reader.readListCount(minimumEntrySize: 6)
        contact.addresses.reserveCapacity(addressCount)
        for _ in 0..<addressCount {
            contact.addresses.append(
                PostalAddress(
                    label: try reader.readString(), street: try reader.readString(),
                    city: try reader.readString(), state: try reader.readString(),
                    postalCode: try reader.readString(), country: try reader.readString()))
        }
        contact.socialProfiles = try readLabeled(from: &reader)
        return contact
    }

    /// Decodes `bytes`, which must hold one whole body and nothing else (a store's column).
    ///
    /// - Throws: ``BinaryFormatError`` when they do not.
    package static func decodeBody(
        _ bytes: UnsafeRawBufferPointer, id: String, ownerId: String
    ) throws(BinaryFormatError) -> Contact {
        var reader = BinaryReader(bytes)
        reader.section = "contact \(id)"
        let contact = try readBody(from: &reader, id: id, ownerId: ownerId)
        guard reader.isAtEnd else { throw .corrupt("bytes after the body of contact \(id)") }
        return contact
    }

    /// Appends `contact` whole: its id and ownerId, then its body.
    package static func write(_ contact: Contact, to writer: inout BinaryWriter) {
        writer.write(contact.id)
        writer.write(contact.ownerId)
        writeBody(contact, to: &writer)
    }

    /// Reads a contact written by ``write(_:to:)``.
    ///
    /// - Throws: ``BinaryFormatError`` when the bytes are not a well-formed contact.
    package static func read(from reader: inout BinaryReader) throws(BinaryFormatError) -> Contact {
        let id = try reader.readString()
        let ownerId = try reader.readString()
        return try readBody(from: &reader, id: id, ownerId: ownerId)
    }

    /// Appends `phones` to `writer`, 8 little-endian bytes each, with no count (a store's
    /// column holds exactly them).
    package static func writePhones(_ phones: [UInt64], to writer: inout BinaryWriter) {
        for phone in phones { writer.write(phone) }
    }

    /// Decodes phones written by ``writePhones(_:to:)``.
    ///
    /// - Throws: ``BinaryFormatError`` when the byte count is not a multiple of 8.
    package static func decodePhones(_ bytes: UnsafeRawBufferPointer) throws(BinaryFormatError) -> [UInt64] {
        guard bytes.count % 8 == 0 else {
            throw .corrupt("a phone list of \(bytes.count) bytes, not a multiple of 8")
        }
        var reader = BinaryReader(bytes)
        reader.section = "phones"
        return try (0..<bytes.count / 8).map { _ throws(BinaryFormatError) in try reader.readUInt64() }
    }

    private static func writeLabeled(_ values: [LabeledValue], to writer: inout BinaryWriter) {
        writer.writeVarint(values.count)
        for value in values {
            writer.write(value.label)
            writer.write(value.value)
        }
    }

    private static func readLabeled(from reader: inout BinaryReader) throws(BinaryFormatError) -> [LabeledValue] {
        let count = try reader.readListCount(minimumEntrySize: 2)
        var values: [LabeledValue] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            values.append(LabeledValue(label: try reader.readString(), value: try reader.readString()))
        }
        return values
    }
}
