import ContactsModel
import ContactsSocial

/// The activity feed (PROTOCOL §5): events and the feed of followed users' events.
extension ContactsEngine {
    /// Creates an event of the acting user, or returns the existing one when the same creator
    /// sends the same `eventId` again (nothing changes). Without `eventId` a fresh one is made:
    /// `evt-` and 128 random bits in 32 hex digits, an id no one has used.
    ///
    /// - Throws: ``ContactsError/invalidValue(field:problem:)`` for an empty title;
    ///   ``ContactsError/eventTaken(_:)`` when another user holds `eventId`.
    public func createEvent(
        as userId: String, eventId: String? = nil, title: String, description: String? = nil,
        location: String? = nil, startTime: Int64? = nil, at: Int64
    ) throws(ContactsError) -> String {
        guard !title.isEmpty else { throw .invalidValue(field: "title", problem: "must not be empty") }
        // A generated id is new: only a given one can be taken by another change of the group.
        return try perform(reads: ChangeFootprint(users: [userId], events: eventId.map { [$0] } ?? [])) {
            (state) throws(ContactsError) in
            let me = try state.registeredUser(userId)
            var id = eventId ?? Self.freshEventID()
            while eventId == nil && state.events.event(withID: id) != nil { id = Self.freshEventID() }
            if let existing = state.events.event(withID: id) {
                guard existing.creator == me else { throw .eventTaken(id) }
                return Decision(change: nil, result: id)
            }
            let event = EventRecord(
                eventId: id, creatorId: userId, title: title, description: description, location: location,
                startTime: startTime, createdAt: at)
            return Decision(change: .createEvent(event), result: id)
        }
    }

    /// Deletes the acting user's event `eventId`; false when it is unknown or someone else's.
    public func deleteEvent(as userId: String, eventId: String) throws(ContactsError) -> Bool {
        try perform(reads: ChangeFootprint(users: [userId], events: [eventId])) { (state) throws(ContactsError) in
            let me = try state.registeredUser(userId)
            guard state.events.event(withID: eventId)?.creator == me else {
                return Decision(change: nil, result: false)
            }
            return Decision(change: .deleteEvent(eventId: eventId, creatorId: userId), result: true)
        }
    }

    /// The events of the users the acting user follows now (not their own), newest first
    /// (`createdAt` descending, then eventId bytes descending), with each creator's current name.
    ///
    /// - Complexity: a heap merge of the followees' logs, O((skip + limit) log f) for f followees.
    public func feed(as userId: String, skip: Int, limit: Int) throws(ContactsError) -> Page<FeedItem> {
        try state.read { (state: EngineState) throws(ContactsError) -> Page<FeedItem> in
            let me = try state.registeredUser(userId)
            let page: FeedPage
            do {
                page = try state.events.feed(of: me, in: state.graph, skip: skip, limit: limit)
            } catch {
                throw .invalidValue(field: skip < 0 ? "skip" : "limit", problem: "must not be negative")
            }
            let items = page.items.map { event in
                let creator = state.user(event.creator)
                let record = EventRecord(
                    eventId: event.eventId, creatorId: creator?.userId ?? "", title: event.title,
                    description: event.description, location: event.location, startTime: event.startTime,
                    createdAt: event.createdAt)
                return FeedItem(event: record, creatorName: creator?.displayName ?? "")
            }
            return Page(items: items, total: page.total, skip: skip, limit: limit)
        }
    }

    /// `evt-` and 128 random bits as 32 hex digits.
    static func freshEventID() -> String {
        var generator = SystemRandomNumberGenerator()
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return "evt-" + hex(generator.next()) + hex(generator.next())
    }
}
