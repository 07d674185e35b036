import ContactsSupport

/// One contact as ``PackedContacts`` keeps it, read in place: a view of its record, valid
/// while the buffer it was read from is (inside `PackedContacts.withRecords(_:)`).
///
/// A record is the contact's id (a varint length and the UTF-8 bytes), the numbers its phones
/// normalized to (a varint count, then each E.164 number as a varint), then its body in the
/// one binary form (``ContactCodec``, format 2).
package struct PackedRecord {
    /// The buffer the record lies in.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The id's bytes.
    package let id: Range<Int>
    /// The numbers: where the first one starts and how many there are.
    package let numbers: PackedBody.List
    /// The body's fields.
    package let body: PackedBody

    /// The record that starts at `offset` of `bytes`, or nil when none parses there (a record
    /// built by ``PackedContacts`` always does).
    ///
    /// - Complexity: O(f + e) for f fields and e list entries.
    package init?(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        var cursor = PackedBody.Cursor(bytes: bytes, offset: offset, limit: bytes.count)
        guard let id = cursor.string(), let count = cursor.varint(), count <= UInt64(bytes.count - cursor.offset)
        else { return nil }
        let numbersStart = cursor.offset
        for _ in 0..<count {
            guard cursor.varint() != nil else { return nil }
        }
        guard let body = PackedBody(bytes, at: cursor.offset, limit: bytes.count) else { return nil }
        self.bytes = bytes
        self.id = id
        numbers = PackedBody.List(start: numbersStart, count: Int(count))
        self.body = body
    }

    /// The offset just past the record.
    package var end: Int { body.end }

    /// The bytes of `range` (a range of this record).
    @inline(__always)
    package func text(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// The id's bytes.
    package var idBytes: UnsafeBufferPointer<UInt8> { text(id) }

    /// The id.
    package var idString: String { String(decoding: idBytes, as: UTF8.self) }

    /// The normalized numbers, in the order stored.
    package var numberValues: [UInt64] {
        var cursor = PackedBody.Cursor(bytes: bytes, offset: numbers.start, limit: bytes.count)
        return (0..<numbers.count).map { _ in cursor.varint() ?? 0 }
    }

    /// The contact, with `ownerId` as its owner.
    package func contact(ownerId: String) -> Contact {
        ContactCodec.decode(body, in: bytes, id: idString, ownerId: ownerId)
    }

    /// True when the contact has a phone, an email, non-empty notes.
    package var hasPhone: Bool { body.phones.count > 0 }
    package var hasEmail: Bool { body.emails.count > 0 }
    package var hasNotes: Bool { !body.notes.isEmpty }

    /// Calls `body` with the value of each phone, in order.
    package func forEachPhoneValue(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        PackedBody.forEachEntry(of: self.body.phones, in: bytes) { _, value in
            body(text(value))
            return true
        }
    }

    /// Calls `body` with the value of each email, in order.
    package func forEachEmailValue(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        PackedBody.forEachEntry(of: self.body.emails, in: bytes) { _, value in
            body(text(value))
            return true
        }
    }

    /// The display name as given (PROTOCOL §1: possibly empty), in parts whose concatenation
    /// it is: one part, or the derived pieces (given name, a space, family name…).
    package var displayNameParts: [UnsafeBufferPointer<UInt8>] {
        let given = text(body.givenName)
        let family = text(body.familyName)
        switch body.displayKind {
        case .empty: return []
        case .literal: return [text(body.literalDisplayName)]
        case .givenSpaceFamily: return [given, Self.space, family]
        case .familySpaceGiven: return [family, Self.space, given]
        case .familyThenGiven: return [family, given]
        case .givenThenFamily: return [given, family]
        case .organization: return [text(body.organizationName)]
        }
    }

    /// Calls `body` with the UTF-8 bytes of the effective display name of PROTOCOL §1
    /// (``Contact/effectiveDisplayName``), in parts whose concatenation it is.
    package func withEffectiveDisplayName<R>(_ body: ([UnsafeBufferPointer<UInt8>]) -> R) -> R {
        let display = displayNameParts
        if display.contains(where: { !$0.isEmpty }) { return body(display) }
        let given = text(self.body.givenName)
        let family = text(self.body.familyName)
        if !given.isEmpty || !family.isEmpty {
            var joined = Array(given)
            joined.append(0x20)
            joined.append(contentsOf: family)
            let trimmed = Self.trimmingWhiteSpace(joined)
            if !trimmed.isEmpty { return trimmed.withUnsafeBufferPointer { body([$0]) } }
        }
        if !self.body.organizationName.isEmpty { return body([text(self.body.organizationName)]) }
        var first: UnsafeBufferPointer<UInt8>?
        forEachEmailValue { if first == nil { first = $0 } }
        if first == nil { forEachPhoneValue { if first == nil { first = $0 } } }
        return body(first.map { [$0] } ?? [])
    }

    /// The effective display name (``Contact/effectiveDisplayName``).
    package var effectiveDisplayName: String {
        withEffectiveDisplayName { parts in
            var bytes: [UInt8] = []
            for part in parts { bytes.append(contentsOf: part) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private static let spaceStorage: StaticString = " "
    /// One space, as the derived display names put between two names.
    private static var space: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: spaceStorage.utf8Start, count: 1)
    }

    /// `bytes` (valid UTF-8) without leading and trailing Unicode White_Space.
    private static func trimmingWhiteSpace(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self).trimmingUnicodeWhiteSpace()
        return Array(text.utf8)
    }
}
