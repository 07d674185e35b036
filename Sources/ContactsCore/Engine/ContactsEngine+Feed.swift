/// The activity feed (PROTOCOL §5): events and the feed of followed users' events.
extension ContactsEngine {
    /// Creates an event of the acting user, or returns the existing one when the same creator
    /// sends the same `eventId` again (nothing changes). Without `eventId` a fresh one is made.
    ///
    /// - Throws: `invalid_params` for an empty title; `conflict` when another user holds `eventId`.
    public func createEvent(
        as userId: String, eventId: String? = nil, title: String, description: String? = nil,
        location: String? = nil, startTime: Int64? = nil, at: Int64
    ) throws(RPCError) -> String {
        guard !title.isEmpty else { throw .invalidParams("param 'title' must not be empty") }
        return try state.write { (state: inout EngineState) throws(RPCError) -> String in
            let me = try state.actingUser(userId)
            let id = eventId ?? state.feed.freshEventID()
            if let existing = state.feed.creator(of: id) {
                guard existing == me else { throw .conflict("event '\(id)' belongs to another user") }
                return id
            }
            let event = FeedEvent(
                eventId: id, creatorId: userId, title: title, description: description, location: location,
                startTime: startTime, createdAt: at)
            state.feed.add(event, creator: me)
            return id
        }
    }

    /// Deletes the acting user's event `eventId`; false when it is unknown or someone else's.
    public func deleteEvent(as userId: String, eventId: String) throws(RPCError) -> Bool {
        try state.write { (state: inout EngineState) throws(RPCError) -> Bool in
            let me = try state.actingUser(userId)
            guard state.feed.creator(of: eventId) == me else { return false }
            state.feed.remove(eventId)
            return true
        }
    }

    /// The events of the users the acting user follows now (not their own), newest first
    /// (`createdAt` descending, then eventId bytes descending), with each creator's current name.
    public func feed(as userId: String, skip: Int, limit: Int) throws(RPCError) -> Page<FeedItem> {
        try state.read { (state: borrowing EngineState) throws(RPCError) -> Page<FeedItem> in
            let me = try state.actingUser(userId)
            let followees = state.graph.followees(of: me)
            let (events, total) = state.feed.merged(from: followees, skip: skip, limit: limit)
            let items = events.map { event in
                FeedItem(event: event, creatorName: state.userIndex[event.creatorId].flatMap(state.user)?.displayName ?? "")
            }
            return Page(items: items, total: total, skip: skip, limit: limit)
        }
    }
}
