/// The activity feed (PROTOCOL §5): events and the feed of followed users' events.
extension ContactsEngine {
    /// Creates an event of the acting user, or returns the existing one when the same creator
    /// sends the same `eventId` again (nothing changes). Without `eventId` a fresh one is made:
    /// 128 random bits, so it is an id no one has used.
    ///
    /// - Throws: `invalid_params` for an empty title; `conflict` when another user holds `eventId`.
    public func createEvent(
        as userId: String, eventId: String? = nil, title: String, description: String? = nil,
        location: String? = nil, startTime: Int64? = nil, at: Int64
    ) throws(RPCError) -> String {
        guard !title.isEmpty else { throw .invalidParams("param 'title' must not be empty") }
        return try state.write { (state: inout EngineState) throws(RPCError) -> String in
            let me = try state.registeredUser(userId)
            var id = eventId ?? Self.freshEventID()
            while eventId == nil && state.events.event(withID: id) != nil { id = Self.freshEventID() }
            if let existing = state.events.event(withID: id) {
                guard existing.creator == me else { throw .conflict("event '\(id)' belongs to another user") }
                return id
            }
            let event = Event(
                eventId: id, creator: me, title: title, description: description, location: location,
                startTime: startTime, createdAt: at)
            try persist { transaction in
                try transaction.createEvent(
                    StoredEvent(
                        eventId: id, creatorId: userId, title: title, description: description, location: location,
                        startTime: startTime, createdAt: at))
            }
            try Self.applied { () throws(EventStoreError) in _ = try state.events.create(event) }
            return id
        }
    }

    /// Deletes the acting user's event `eventId`; false when it is unknown or someone else's.
    public func deleteEvent(as userId: String, eventId: String) throws(RPCError) -> Bool {
        try state.write { (state: inout EngineState) throws(RPCError) -> Bool in
            let me = try state.registeredUser(userId)
            guard state.events.event(withID: eventId)?.creator == me else { return false }
            try persist { transaction in _ = try transaction.deleteEvent(eventId: eventId, creatorId: userId) }
            return state.events.delete(eventId: eventId, by: me)
        }
    }

    /// The events of the users the acting user follows now (not their own), newest first
    /// (`createdAt` descending, then eventId bytes descending), with each creator's current name.
    ///
    /// - Complexity: a heap merge of the followees' logs, O((skip + limit) log f) for f followees.
    public func feed(as userId: String, skip: Int, limit: Int) throws(RPCError) -> Page<FeedItem> {
        try state.read { (state: EngineState) throws(RPCError) -> Page<FeedItem> in
            let me = try state.registeredUser(userId)
            let page: FeedPage
            do {
                page = try state.events.feed(of: me, in: state.graph, skip: skip, limit: limit)
            } catch {
                throw .invalidParams("\(error)")
            }
            let items = page.items.map { event in
                let creator = state.user(event.creator)
                return FeedItem(
                    event: event, creatorId: creator?.userId ?? "", creatorName: creator?.displayName ?? "")
            }
            return Page(items: items, total: page.total, skip: skip, limit: limit)
        }
    }

    private static func freshEventID() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return "evt-" + String(high, radix: 16) + "-" + String(low, radix: 16)
    }
}
