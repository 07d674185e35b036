import ContactsSupport

/// Where the fields of one contact body of format 2 (``ContactCodec``) lie in a byte buffer:
/// what reading a packed contact parses once, without copying any text.
///
/// Every range is within the buffer the body was parsed from; a body that does not parse (its
/// lengths run past the end, an unknown bit or kind) gives no `PackedBody` at all, so nothing
/// built from one reads out of bounds.
package struct PackedBody {
    /// How the display name is stored: as given (`literal`), or derived from other fields it
    /// equals byte for byte (a derived kind costs no bytes).
    package enum DisplayKind: UInt8 {
        /// No display name (`""`).
        case empty = 0
        /// Stored as given.
        case literal
        /// `givenName + " " + familyName`.
        case givenSpaceFamily
        /// `familyName + " " + givenName`.
        case familySpaceGiven
        /// `familyName + givenName`.
        case familyThenGiven
        /// `givenName + familyName`.
        case givenThenFamily
        /// `organizationName`.
        case organization
    }

    /// A list of entries (phones, emails, addresses, social profiles): where the first entry
    /// starts and how many there are.
    package struct List {
        package var start = 0
        package var count = 0
    }

    /// The presence bits of format 2 (after the three bits of the display kind).
    package enum Bit {
        package static let givenName: UInt64 = 1 << 3
        package static let familyName: UInt64 = 1 << 4
        package static let phones: UInt64 = 1 << 5
        package static let emails: UInt64 = 1 << 6
        package static let organizationName: UInt64 = 1 << 7
        package static let jobTitle: UInt64 = 1 << 8
        package static let notes: UInt64 = 1 << 9
        package static let addresses: UInt64 = 1 << 10
        package static let socialProfiles: UInt64 = 1 << 11
        /// Every bit a body may have.
        package static let all: UInt64 = 1 << 12 - 1
    }

    package var displayKind: DisplayKind = .empty
    package var givenName = 0..<0
    package var familyName = 0..<0
    /// The literal display name (empty unless `displayKind` is `literal`).
    package var literalDisplayName = 0..<0
    package var organizationName = 0..<0
    package var jobTitle = 0..<0
    package var notes = 0..<0
    package var phones = List()
    package var emails = List()
    package var addresses = List()
    package var socialProfiles = List()
    /// The offset of the body's format byte.
    package var start = 0
    /// The offset just past the body.
    package var end = 0

    /// Parses the body starting at `offset` of `bytes` (its format byte first), reading no
    /// further than `limit`; nil when it is not a well-formed body of format 2 (text is not
    /// checked for valid UTF-8 here: see ``ContactCodec/validatedBodyLength(_:)``).
    ///
    /// - Complexity: O(f + e) for f fields and e list entries; no text is read.
    package init?(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, limit: Int) {
        var cursor = Cursor(bytes: bytes, offset: offset, limit: min(limit, bytes.count))
        guard cursor.byte() == ContactCodec.formatVersion, let presence = cursor.varint(),
            presence & ~Bit.all == 0, let kind = DisplayKind(rawValue: UInt8(presence & 7))
        else { return nil }
        displayKind = kind
        func text(_ bit: UInt64) -> Range<Int>? {
            presence & bit == 0 ? cursor.offset..<cursor.offset : cursor.string()
        }
        guard let given = text(Bit.givenName), let family = text(Bit.familyName),
            let display = kind == .literal ? cursor.string() : cursor.offset..<cursor.offset,
            let organization = text(Bit.organizationName), let job = text(Bit.jobTitle), let notes = text(Bit.notes),
            let phones = cursor.list(presence & Bit.phones != 0, fields: 1),
            let emails = cursor.list(presence & Bit.emails != 0, fields: 1),
            let addresses = cursor.list(presence & Bit.addresses != 0, fields: 5),
            let social = cursor.list(presence & Bit.socialProfiles != 0, fields: 1)
        else { return nil }
        (givenName, familyName, literalDisplayName) = (given, family, display)
        (organizationName, jobTitle, self.notes) = (organization, job, notes)
        (self.phones, self.emails, self.addresses, socialProfiles) = (phones, emails, addresses, social)
        start = offset
        end = cursor.offset
    }

    /// Calls `body` with the label code and the value of each entry of a labelled list
    /// (phones, emails, social profiles) of the body parsed from `bytes`, until it returns
    /// false.
    package static func forEachEntry(
        of list: List, in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ label: Label, _ value: Range<Int>) -> Bool
    ) {
        var cursor = Cursor(bytes: bytes, offset: list.start, limit: bytes.count)
        for _ in 0..<list.count {
            guard let label = cursor.label(), let value = cursor.string(), body(label, value) else { return }
        }
    }

    /// Calls `body` with the label and the five texts (street, city, state, postal code,
    /// country) of each address of the body parsed from `bytes`.
    package static func forEachAddress(
        of list: List, in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ label: Label, _ texts: [Range<Int>]) -> Void
    ) {
        var cursor = Cursor(bytes: bytes, offset: list.start, limit: bytes.count)
        for _ in 0..<list.count {
            guard let label = cursor.label() else { return }
            var texts: [Range<Int>] = []
            for _ in 0..<5 {
                guard let text = cursor.string() else { return }
                texts.append(text)
            }
            body(label, texts)
        }
    }

    /// A label as stored: an interned code, or the range of its bytes.
    package enum Label {
        case interned(Int)
        case inline(Range<Int>)
    }

    /// Reads varints and length-prefixed texts, checking every length against `limit`.
    package struct Cursor {
        package let bytes: UnsafeBufferPointer<UInt8>
        package var offset: Int
        package let limit: Int

        package init(bytes: UnsafeBufferPointer<UInt8>, offset: Int, limit: Int) {
            self.bytes = bytes
            self.offset = offset
            self.limit = limit
        }

        @inline(__always)
        package mutating func byte() -> UInt8? {
            guard offset < limit else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        @inline(__always)
        package mutating func varint() -> UInt64? {
            guard offset < limit else { return nil }
            let first = bytes[offset]
            if first < 0x80 {
                offset += 1
                return UInt64(first)
            }
            return Varint.read(bytes, at: &offset, end: limit)
        }

        /// A varint length and that many bytes after it: their range.
        @inline(__always)
        package mutating func string() -> Range<Int>? {
            guard let length = varint(), length <= UInt64(limit - offset) else { return nil }
            let start = offset
            offset += Int(length)
            return start..<offset
        }

        @inline(__always)
        package mutating func label() -> Label? {
            guard let code = varint() else { return nil }
            let known = UInt64(ContactLabels.known.count)
            if code < known { return .interned(Int(code)) }
            guard code - known <= UInt64(limit - offset) else { return nil }
            let start = offset
            offset += Int(code - known)
            return .inline(start..<offset)
        }

        /// A list of entries, each a label and `fields` texts, when `present` (then its count
        /// is at least 1); the list is skipped over.
        package mutating func list(_ present: Bool, fields: Int) -> List? {
            guard present else { return List(start: offset, count: 0) }
            guard let count = varint(), count > 0, count <= UInt64(limit - offset) else { return nil }
            let start = offset
            for _ in 0..<count {
                guard label() != nil else { return nil }
                for _ in 0..<fields {
                    guard string() != nil else { return nil }
                }
            }
            return List(start: start, count: Int(count))
        }
    }
}
