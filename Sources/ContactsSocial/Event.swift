/// An event a user created: what a feed shows.
package struct Event: Sendable, Hashable {
    /// The event's id, unique among all live events (ids are free again after deletion).
    package var eventId: String
    /// The dense index of the user who created it.
    package var creator: UInt32
    /// The title (never empty).
    package var title: String
    /// An optional description.
    package var description: String?
    /// An optional location.
    package var location: String?
    /// An optional start time, in milliseconds.
    package var startTime: Int64?
    /// When it was created (the `at` of the request), in milliseconds.
    package var createdAt: Int64

    /// An event with every field given.
    package init(
        eventId: String, creator: UInt32, title: String, description: String? = nil, location: String? = nil,
        startTime: Int64? = nil, createdAt: Int64
    ) {
        self.eventId = eventId
        self.creator = creator
        self.title = title
        self.description = description
        self.location = location
        self.startTime = startTime
        self.createdAt = createdAt
    }
}

/// What ``EventStore/create(_:)`` did.
package enum EventCreation: Sendable, Hashable {
    /// The event was stored.
    case created
    /// The creator already has an event with this id; it is returned unchanged (creating it
    /// again is idempotent).
    case alreadyExists(Event)
}

/// One page of a feed: events by `createdAt` descending, then event id bytes descending.
package struct FeedPage: Sendable, Hashable {
    /// The events of the page, in feed order.
    package var items: [Event]
    /// The number of events in the whole feed, whatever the page.
    package var total: Int

    /// A page of `items` out of `total`.
    package init(items: [Event], total: Int) {
        self.items = items
        self.total = total
    }
}

/// Why an ``EventStore`` refused a request. A refused request changes nothing.
package enum EventStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An event id must not be empty.
    case emptyEventId
    /// A title must not be empty.
    case emptyTitle
    /// Another user's live event holds this id.
    case eventIdTaken(String)
    /// `skip` and `limit` must not be negative.
    case invalidPage(skip: Int, limit: Int)

    /// A one-line explanation naming the offending value.
    package var description: String {
        switch self {
        case .emptyEventId: "the event id is empty"
        case .emptyTitle: "the title is empty"
        case .eventIdTaken(let id): "event id \"\(id)\" belongs to another user's event"
        case .invalidPage(let skip, let limit): "skip \(skip) and limit \(limit) must not be negative"
        }
    }
}
