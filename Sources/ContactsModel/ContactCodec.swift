import ContactsSupport

/// The one binary form of a ``Contact``: what the stores keep in their `body` column, what an
/// address book and a search index keep in memory for each contact (``PackedContacts``), and
/// what a saved search index holds.
///
/// Body, format 2 (written by this build; format 1, from earlier builds, is still read):
/// ```
/// format        the byte 2
/// presence      varint: bits 0–2 how displayName is stored (0 empty, 1 as given, or equal to
///               2 given␠family, 3 family␠given, 4 family+given, 5 given+family, 6 the
///               organization), then one bit per member that is not empty: 3 givenName,
///               4 familyName, 5 phoneNumbers, 6 emailAddresses, 7 organizationName,
///               8 jobTitle, 9 notes, 10 addresses, 11 socialProfiles
/// texts         givenName, familyName, displayName (kind 1 only), organizationName, jobTitle,
///               notes: each present one as a varint UTF-8 length and the bytes
/// lists         phones, emails (label, value), addresses (label, street, city, state,
///               postalCode, country), social profiles (label, value): each present one as a
///               varint count (at least 1) and its entries
/// label         a varint: below `ContactLabels.known.count` the interned label of that code,
///               else an inline label of (code − that count) bytes, which follow
/// ```
/// A member that is empty costs nothing but its bit, a display name derived from the other
/// members costs nothing, and a common label one byte. `id` and `ownerId` are not in the body:
/// a store keeps them as the row's key, and ``write(_:to:)`` writes them before the body.
///
/// Text must decode as valid UTF-8: a body whose bytes are not is refused, never repaired.
///
/// Phones: each E.164 number as 8 bytes, little-endian, in the order given.
///
/// - Complexity: encoding and decoding are O(n) in the encoded size.
package enum ContactCodec {
    /// The format byte that starts every body this build writes.
    package static let formatVersion: UInt8 = 2
    /// The format of the bodies of earlier builds, still read.
    package static let formatVersion1: UInt8 = 1

    /// Appends the body of `contact` to `writer`.
    package static func writeBody(_ contact: Contact, to writer: inout BinaryWriter) {
        var bytes: [UInt8] = []
        appendBody(contact, to: &bytes)
        writer.writeRaw(bytes)
    }

    /// Appends the body of `contact` to `output`.
    ///
    /// - Complexity: O(n) in the encoded size; no text is copied but into `output`.
    package static func appendBody(_ contact: Contact, to output: inout [UInt8]) {
        let kind = displayKind(of: contact)
        var presence = UInt64(kind.rawValue)
        func mark(_ isPresent: Bool, _ bit: UInt64) {
            if isPresent { presence |= bit }
        }
        mark(!contact.givenName.isEmpty, PackedBody.Bit.givenName)
        mark(!contact.familyName.isEmpty, PackedBody.Bit.familyName)
        mark(!contact.phoneNumbers.isEmpty, PackedBody.Bit.phones)
        mark(!contact.emailAddresses.isEmpty, PackedBody.Bit.emails)
        mark(!contact.organizationName.isEmpty, PackedBody.Bit.organizationName)
        mark(!contact.jobTitle.isEmpty, PackedBody.Bit.jobTitle)
        mark(!contact.notes.isEmpty, PackedBody.Bit.notes)
        mark(!contact.addresses.isEmpty, PackedBody.Bit.addresses)
        mark(!contact.socialProfiles.isEmpty, PackedBody.Bit.socialProfiles)
        output.append(formatVersion)
        Varint.append(presence, to: &output)
        appendIfPresent(contact.givenName, to: &output)
        appendIfPresent(contact.familyName, to: &output)
        if kind == .literal { appendText(contact.displayName, to: &output) }
        appendIfPresent(contact.organizationName, to: &output)
        appendIfPresent(contact.jobTitle, to: &output)
        appendIfPresent(contact.notes, to: &output)
        appendLabeled(contact.phoneNumbers, to: &output)
        appendLabeled(contact.emailAddresses, to: &output)
        if !contact.addresses.isEmpty {
            Varint.append(UInt64(contact.addresses.count), to: &output)
            for address in contact.addresses {
                appendLabel(address.label, to: &output)
                appendText(address.street, to: &output)
                appendText(address.city, to: &output)
                appendText(address.state, to: &output)
                appendText(address.postalCode, to: &output)
                appendText(address.country, to: &output)
            }
        }
        appendLabeled(contact.socialProfiles, to: &output)
    }

    /// Reads a body written by ``writeBody(_:to:)`` (or by a build writing format 1) into the
    /// contact `id` of `ownerId`.
    ///
    /// - Throws: ``BinaryFormatError`` when the bytes are not a well-formed body.
    package static func readBody(
        from reader: inout BinaryReader, id: String, ownerId: String
    ) throws(BinaryFormatError) -> Contact {
        let start = reader.offset
        let version = try reader.readByte()
        switch version {
        case formatVersion1:
            return try readBody1(from: &reader, id: id, ownerId: ownerId)
        case formatVersion:
            let rest = UnsafeRawBufferPointer(rebasing: reader.bytes[start...])
            let length = try validatedBodyLength(rest, section: reader.section)
            let section = reader.section
            reader = BinaryReader(reader.bytes, offset: start + length)
            reader.section = section
            return decodeBody(rest.assumingMemoryBound(to: UInt8.self), id: id, ownerId: ownerId)
        default:
            throw .corrupt("unknown contact format \(version) in \(reader.section)")
        }
    }

    /// The length of the format 2 body that starts `bytes`, after checking all of it: its
    /// structure and that every text is valid UTF-8.
    ///
    /// - Throws: ``BinaryFormatError`` naming `section` when it is not a well-formed body.
    /// - Complexity: O(n) in the body's size.
    package static func validatedBodyLength(
        _ bytes: UnsafeRawBufferPointer, section: String
    ) throws(BinaryFormatError) -> Int {
        let buffer = bytes.assumingMemoryBound(to: UInt8.self)
        guard let body = PackedBody(buffer, at: 0, limit: buffer.count) else {
            if buffer.first.map({ $0 != formatVersion }) ?? false {
                throw .corrupt("unknown contact format \(buffer[0]) in \(section)")
            }
            throw .corrupt("a malformed contact body in \(section)")
        }
        func valid(_ range: Range<Int>) -> Bool {
            UTF8Scalars.isValid(UnsafeBufferPointer(rebasing: buffer[range]))
        }
        var allValid = [
            body.givenName, body.familyName, body.literalDisplayName, body.organizationName, body.jobTitle,
            body.notes,
        ].allSatisfy(valid)
        func check(_ label: PackedBody.Label) {
            if case .inline(let range) = label, !valid(range) { allValid = false }
        }
        for list in [body.phones, body.emails, body.socialProfiles] {
            PackedBody.forEachEntry(of: list, in: buffer) { label, value in
                check(label)
                if !valid(value) { allValid = false }
                return allValid
            }
        }
        PackedBody.forEachAddress(of: body.addresses, in: buffer) { label, texts in
            check(label)
            if !texts.allSatisfy(valid) { allValid = false }
        }
        guard allValid else { throw .corrupt("a text that is not valid UTF-8 in \(section)") }
        return body.end
    }

    /// The contact `id` of `ownerId` whose format 2 body starts `bytes` (a body built or
    /// validated here; a malformed one gives the members it could read).
    ///
    /// - Complexity: O(n) in the body's size.
    package static func decodeBody(_ bytes: UnsafeBufferPointer<UInt8>, id: String, ownerId: String) -> Contact {
        guard let body = PackedBody(bytes, at: 0, limit: bytes.count) else { return Contact(id: id, ownerId: ownerId) }
        return decode(body, in: bytes, id: id, ownerId: ownerId)
    }

    /// The contact `id` of `ownerId` whose body `body` was parsed from `bytes`.
    package static func decode(
        _ body: PackedBody, in bytes: UnsafeBufferPointer<UInt8>, id: String, ownerId: String
    ) -> Contact {
        func text(_ range: Range<Int>) -> String {
            range.isEmpty ? "" : String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        func label(_ label: PackedBody.Label) -> String {
            switch label {
            case .interned(let code): ContactLabels.known[code]
            case .inline(let range): text(range)
            }
        }
        func labeled(_ list: PackedBody.List) -> [LabeledValue] {
            var values: [LabeledValue] = []
            values.reserveCapacity(list.count)
            PackedBody.forEachEntry(of: list, in: bytes) { code, value in
                values.append(LabeledValue(label: label(code), value: text(value)))
                return true
            }
            return values
        }
        var contact = Contact(
            id: id, ownerId: ownerId, givenName: text(body.givenName), familyName: text(body.familyName),
            organizationName: text(body.organizationName), jobTitle: text(body.jobTitle),
            phoneNumbers: labeled(body.phones), emailAddresses: labeled(body.emails),
            socialProfiles: labeled(body.socialProfiles), notes: text(body.notes))
        if body.addresses.count > 0 {
            var addresses: [PostalAddress] = []
            addresses.reserveCapacity(body.addresses.count)
            PackedBody.forEachAddress(of: body.addresses, in: bytes) { code, texts in
                addresses.append(
                    PostalAddress(
                        label: label(code), street: text(texts[0]), city: text(texts[1]), state: text(texts[2]),
                        postalCode: text(texts[3]), country: text(texts[4])))
            }
            contact.addresses = addresses
        }
        switch body.displayKind {
        case .empty: break
        case .literal: contact.displayName = text(body.literalDisplayName)
        case .givenSpaceFamily: contact.displayName = contact.givenName + " " + contact.familyName
        case .familySpaceGiven: contact.displayName = contact.familyName + " " + contact.givenName
        case .familyThenGiven: contact.displayName = contact.familyName + contact.givenName
        case .givenThenFamily: contact.displayName = contact.givenName + contact.familyName
        case .organization: contact.displayName = contact.organizationName
        }
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

    /// Appends the contact at `index` of `batch` whole, as ``write(_:to:)`` does, its body
    /// copied as `batch` encoded it.
    package static func write(_ batch: EncodedContacts, at index: Int, to writer: inout BinaryWriter) {
        writer.write(batch.contacts[index].id)
        writer.write(batch.contacts[index].ownerId)
        batch.withBody(at: index) { writer.writeRaw($0) }
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

    /// How `contact`'s display name is stored: derived when it equals, byte for byte, what a
    /// derived kind makes of the other members.
    private static func displayKind(of contact: Contact) -> PackedBody.DisplayKind {
        withUTF8(of: contact.displayName) { display in
            guard !display.isEmpty else { return .empty }
            return withUTF8(of: contact.givenName) { given in
                withUTF8(of: contact.familyName) { family in
                    func joins(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, space: Bool) -> Bool {
                        let gap = space ? 1 : 0
                        guard display.count == first.count + gap + second.count else { return false }
                        return display.prefix(first.count).elementsEqual(first)
                            && (!space || display[first.count] == 0x20)
                            && display.suffix(second.count).elementsEqual(second)
                    }
                    if joins(given, family, space: true) { return .givenSpaceFamily }
                    if joins(family, given, space: true) { return .familySpaceGiven }
                    if joins(family, given, space: false) { return .familyThenGiven }
                    if joins(given, family, space: false) { return .givenThenFamily }
                    let isOrganization = withUTF8(of: contact.organizationName) { display.elementsEqual($0) }
                    return isOrganization ? .organization : .literal
                }
            }
        }
    }

    private static func appendText(_ text: String, to output: inout [UInt8]) {
        withUTF8(of: text) { utf8 in
            Varint.append(UInt64(utf8.count), to: &output)
            output.append(contentsOf: utf8)
        }
    }

    private static func appendIfPresent(_ text: String, to output: inout [UInt8]) {
        if !text.isEmpty { appendText(text, to: &output) }
    }

    private static func appendLabel(_ label: String, to output: inout [UInt8]) {
        withUTF8(of: label) { utf8 in
            if let code = ContactLabels.code(of: utf8) {
                Varint.append(UInt64(code), to: &output)
            } else {
                Varint.append(UInt64(ContactLabels.known.count + utf8.count), to: &output)
                output.append(contentsOf: utf8)
            }
        }
    }

    private static func appendLabeled(_ values: [LabeledValue], to output: inout [UInt8]) {
        guard !values.isEmpty else { return }
        Varint.append(UInt64(values.count), to: &output)
        for value in values {
            appendLabel(value.label, to: &output)
            appendText(value.value, to: &output)
        }
    }

    /// Reads the rest of a format 1 body (its format byte read): `givenName`, `familyName`,
    /// `displayName`, `organizationName`, `jobTitle`, `notes`, then the four lists, each a
    /// count followed by its entries, every string its length then its bytes.
    private static func readBody1(
        from reader: inout BinaryReader, id: String, ownerId: String
    ) throws(BinaryFormatError) -> Contact {
        var contact = Contact(id: id, ownerId: ownerId)
        contact.givenName = try reader.readString()
        contact.familyName = try reader.readString()
        contact.displayName = try reader.readString()
        contact.organizationName = try reader.readString()
        contact.jobTitle = try reader.readString()
        contact.notes = try reader.readString()
        contact.phoneNumbers = try readLabeled1(from: &reader)
        contact.emailAddresses = try readLabeled1(from: &reader)
        let addressCount = try reader.readListCount(minimumEntrySize: 6)
        contact.addresses.reserveCapacity(addressCount)
        for _ in 0..<addressCount {
            contact.addresses.append(
                PostalAddress(
                    label: try reader.readString(), street: try reader.readString(),
                    city: try reader.readString(), state: try reader.readString(),
                    postalCode: try reader.readString(), country: try reader.readString()))
        }
        contact.socialProfiles = try readLabeled1(from: &reader)
        return contact
    }

    private static func readLabeled1(from reader: inout BinaryReader) throws(BinaryFormatError) -> [LabeledValue] {
        let count = try reader.readListCount(minimumEntrySize: 2)
        var values: [LabeledValue] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            values.append(LabeledValue(label: try reader.readString(), value: try reader.readString()))
        }
        return values
    }
}
