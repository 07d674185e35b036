/// The compact binary form in which the store keeps a ``Contact`` and its normalized phone
/// numbers (two BLOB columns of the `contacts` table).
///
/// Contact body, format 1: the byte `1`, then `givenName`, `familyName`, `displayName`,
/// `organizationName`, `jobTitle`, `notes`, then four lists — phone numbers and emails
/// (`label`, `value`), addresses (`label`, `street`, `city`, `state`, `postalCode`,
/// `country`), social profiles (`label`, `value`) — each a count followed by its entries.
/// A string is its UTF-8 byte count then the bytes; every count is an unsigned LEB128
/// varint. `id` and `ownerId` are not in the body: they are the row's key.
///
/// Phones: each E.164 number as 8 bytes, little-endian, in the order given.
///
/// - Complexity: encoding and decoding are O(n) in the encoded size.
package enum ContactCodec {
    /// The format byte that starts every body this build writes.
    static let formatVersion: UInt8 = 1

    /// Why a blob did not decode: a short message for ``StoreError/corrupt(path:detail:)``.
    package struct DecodingError: Error, Sendable, Equatable {
        /// What is wrong with the bytes.
        package let reason: String

        /// Makes an error with its reason.
        package init(reason: String) {
            self.reason = reason
        }
    }

    /// Appends the body of `contact` to `bytes` (which callers reuse between contacts).
    package static func encodeBody(_ contact: Contact, into bytes: inout [UInt8]) {
        bytes.append(formatVersion)
        for text in [
            contact.givenName, contact.familyName, contact.displayName,
            contact.organizationName, contact.jobTitle, contact.notes,
        ] {
            appendString(text, to: &bytes)
        }
        appendLabeled(contact.phoneNumbers, to: &bytes)
        appendLabeled(contact.emailAddresses, to: &bytes)
        appendVarint(UInt64(contact.addresses.count), to: &bytes)
        for address in contact.addresses {
            for text in [
                address.label, address.street, address.city, address.state,
                address.postalCode, address.country,
            ] {
                appendString(text, to: &bytes)
            }
        }
        appendLabeled(contact.socialProfiles, to: &bytes)
    }

    /// Decodes a body written by ``encodeBody(_:into:)`` into the contact `id` of `ownerId`.
    ///
    /// - Throws: ``DecodingError`` when the bytes are not a whole, well-formed body.
    package static func decodeBody(
        _ bytes: UnsafeRawBufferPointer, id: String, ownerId: String
    ) throws(DecodingError) -> Contact {
        var reader = Reader(bytes: bytes)
        let version = try reader.byte()
        guard version == formatVersion else {
            throw DecodingError(reason: "unknown contact format \(version)")
        }
        var contact = Contact(id: id, ownerId: ownerId)
        contact.givenName = try reader.string()
        contact.familyName = try reader.string()
        contact.displayName = try reader.string()
        contact.organizationName = try reader.string()
        contact.jobTitle = try reader.string()
        contact.notes = try reader.string()
        contact.phoneNumbers = try reader.labeledValues()
        contact.emailAddresses = try reader.labeledValues()
        let addressCount = try reader.count(minimumEntrySize: 6)
        contact.addresses.reserveCapacity(addressCount)
        for _ in 0..<addressCount {
            contact.addresses.append(
                PostalAddress(
                    label: try reader.string(), street: try reader.string(),
                    city: try reader.string(), state: try reader.string(),
                    postalCode: try reader.string(), country: try reader.string()))
        }
        contact.socialProfiles = try reader.labeledValues()
        guard reader.isAtEnd else {
            throw DecodingError(reason: "\(reader.remaining) bytes after the contact body")
        }
        return contact
    }

    /// Appends `phones` to `bytes`, 8 little-endian bytes each.
    package static func encodePhones(_ phones: [UInt64], into bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + phones.count * 8)
        for phone in phones {
            withUnsafeBytes(of: phone.littleEndian) { bytes.append(contentsOf: $0) }
        }
    }

    /// Decodes phones written by ``encodePhones(_:into:)``.
    ///
    /// - Throws: ``DecodingError`` when the byte count is not a multiple of 8.
    package static func decodePhones(_ bytes: UnsafeRawBufferPointer) throws(DecodingError) -> [UInt64] {
        guard bytes.count % 8 == 0 else {
            throw DecodingError(reason: "phone list of \(bytes.count) bytes, not a multiple of 8")
        }
        return (0..<bytes.count / 8).map {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))
        }
    }

    private static func appendLabeled(_ values: [LabeledValue], to bytes: inout [UInt8]) {
        appendVarint(UInt64(values.count), to: &bytes)
        for value in values {
            appendString(value.label, to: &bytes)
            appendString(value.value, to: &bytes)
        }
    }

    private static func appendString(_ text: String, to bytes: inout [UInt8]) {
        withUTF8(of: text) { utf8 in
            appendVarint(UInt64(utf8.count), to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A bounds-checked cursor over a body.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }
        var remaining: Int { bytes.count - offset }

        mutating func byte() throws(DecodingError) -> UInt8 {
            guard offset < bytes.count else { throw DecodingError(reason: "contact body cut short") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() throws(DecodingError) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 64 else { throw DecodingError(reason: "varint longer than 64 bits") }
                value |= UInt64(next & 0x7F) << shift
                if next < 0x80 { return value }
                shift += 7
            }
        }

        /// A list length, checked against the bytes left (each entry takes at least
        /// `minimumEntrySize` bytes), so a damaged count cannot ask for a huge allocation.
        mutating func count(minimumEntrySize: Int) throws(DecodingError) -> Int {
            let value = try varint()
            guard value <= UInt64(remaining / minimumEntrySize) else {
                throw DecodingError(reason: "list of \(value) entries in \(remaining) bytes")
            }
            return Int(value)
        }

        mutating func string() throws(DecodingError) -> String {
            let length = try varint()
            guard length <= UInt64(remaining) else {
                throw DecodingError(reason: "string of \(length) bytes in \(remaining) bytes")
            }
            let start = offset
            offset += Int(length)
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        }

        mutating func labeledValues() throws(DecodingError) -> [LabeledValue] {
            let count = try count(minimumEntrySize: 2)
            var values: [LabeledValue] = []
            values.reserveCapacity(count)
            for _ in 0..<count {
                values.append(LabeledValue(label: try string(), value: try string()))
            }
            return values
        }
    }
}
