import ContactsModel
import ContactsSupport

extension StoreChange {
    /// The change's kind, one byte: what a change log records beside the change (1 …  8,
    /// in the order of the cases).
    package var kind: UInt8 {
        switch self {
        case .registerUser: 1
        case .deleteUser: 2
        case .uploadContacts: 3
        case .deleteAllContacts: 4
        case .follow: 5
        case .unfollow: 6
        case .createEvent: 7
        case .deleteEvent: 8
        }
    }

    /// The user the change is about (the registered or deleted user, the owner, the
    /// follower, the event's creator): the change's distribution key.
    package var key: String {
        switch self {
        case .registerUser(let userId, _, _), .deleteUser(let userId): userId
        case .uploadContacts(let ownerId, _, _, _, _), .deleteAllContacts(let ownerId): ownerId
        case .follow(let followerId, _, _), .unfollow(let followerId, _): followerId
        case .createEvent(let event): event.creatorId
        case .deleteEvent(_, let creatorId): creatorId
        }
    }

    /// The change in its one binary form: ``kind``, then its fields in declaration order
    /// (strings and lists counted, integers little-endian, contacts as
    /// `ContactCodec.write(_:to:)` writes them). ``init(binaryForm:)`` reads it back.
    ///
    /// - Complexity: O(n) in the size of the change.
    package var binaryForm: [UInt8] {
        var writer = BinaryWriter()
        writer.write(byte: kind)
        switch self {
        case .registerUser(let userId, let e164, let displayName):
            writer.write(userId)
            writer.write(e164)
            writer.write(displayName)
        case .deleteUser(let userId):
            writer.write(userId)
        case .uploadContacts(let ownerId, let contacts, let numbers, let budgetDay, let budgetAdded):
            writer.write(ownerId)
            writer.writeVarint(contacts.count)
            for (index, phones) in numbers.enumerated() {
                ContactCodec.write(contacts, at: index, to: &writer)
                writer.write(phones)
            }
            writer.write(UInt64(bitPattern: budgetDay))
            writer.write(UInt64(max(0, budgetAdded)))
        case .deleteAllContacts(let ownerId):
            writer.write(ownerId)
        case .follow(let followerId, let followeeId, let since):
            writer.write(followerId)
            writer.write(followeeId)
            writer.write(UInt64(bitPattern: since))
        case .unfollow(let followerId, let followeeId):
            writer.write(followerId)
            writer.write(followeeId)
        case .createEvent(let event):
            writer.write(event.eventId)
            writer.write(event.creatorId)
            writer.write(event.title)
            Self.write(event.description, to: &writer)
            Self.write(event.location, to: &writer)
            writer.write(byte: event.startTime == nil ? 0 : 1)
            writer.write(UInt64(bitPattern: event.startTime ?? 0))
            writer.write(UInt64(bitPattern: event.createdAt))
        case .deleteEvent(let eventId, let creatorId):
            writer.write(eventId)
            writer.write(creatorId)
        }
        return writer.bytes
    }

    /// Reads a change written as ``binaryForm``.
    ///
    /// - Throws: ``BinaryFormatError`` when the bytes are not one whole, well-formed change.
    package init(binaryForm bytes: UnsafeRawBufferPointer) throws(BinaryFormatError) {
        var reader = BinaryReader(bytes)
        reader.section = "change"
        let kind = try reader.readByte()
        switch kind {
        case 1:
            self = .registerUser(
                userId: try reader.readString(), e164: try reader.readUInt64(), displayName: try reader.readString())
        case 2:
            self = .deleteUser(userId: try reader.readString())
        case 3:
            let ownerId = try reader.readString()
            let count = try reader.readListCount(minimumEntrySize: 2)
            var contacts: [Contact] = []
            var numbers: [[UInt64]] = []
            contacts.reserveCapacity(count)
            numbers.reserveCapacity(count)
            for _ in 0..<count {
                contacts.append(try ContactCodec.read(from: &reader))
                numbers.append(try reader.readUInt64s())
            }
            let day = Int64(bitPattern: try reader.readUInt64())
            guard let added = Int(exactly: try reader.readUInt64()) else {
                throw .corrupt("a budget count out of range")
            }
            self = .uploadContacts(
                ownerId: ownerId, contacts: EncodedContacts(contacts), numbers: numbers,
                budgetDay: day, budgetAdded: added)
        case 4:
            self = .deleteAllContacts(ownerId: try reader.readString())
        case 5:
            self = .follow(
                followerId: try reader.readString(), followeeId: try reader.readString(),
                since: Int64(bitPattern: try reader.readUInt64()))
        case 6:
            self = .unfollow(followerId: try reader.readString(), followeeId: try reader.readString())
        case 7:
            let eventId = try reader.readString()
            let creatorId = try reader.readString()
            let title = try reader.readString()
            let description = try Self.readOptional(from: &reader)
            let location = try Self.readOptional(from: &reader)
            let hasStart = try reader.readByte() != 0
            let start = Int64(bitPattern: try reader.readUInt64())
            let createdAt = Int64(bitPattern: try reader.readUInt64())
            self = .createEvent(
                EventRecord(
                    eventId: eventId, creatorId: creatorId, title: title, description: description, location: location,
                    startTime: hasStart ? start : nil, createdAt: createdAt))
        case 8:
            self = .deleteEvent(eventId: try reader.readString(), creatorId: try reader.readString())
        default:
            throw .corrupt("change kind \(kind) is not one this build knows")
        }
        guard reader.isAtEnd else { throw .corrupt("bytes after a change of kind \(kind)") }
    }

    private static func write(_ text: String?, to writer: inout BinaryWriter) {
        writer.write(byte: text == nil ? 0 : 1)
        writer.write(text ?? "")
    }

    private static func readOptional(from reader: inout BinaryReader) throws(BinaryFormatError) -> String? {
        let present = try reader.readByte() != 0
        let text = try reader.readString()
        return present ? text : nil
    }
}
