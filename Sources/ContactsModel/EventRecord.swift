/// An event (PROTOCOL §5 `createEvent`) named by its creator's user id: what a fixture file
/// lists, a store holds and a feed shows. The event store keeps its own form on dense user
/// indexes.
public struct EventRecord: Hashable, Sendable {
    /// The event id, unique across all users.
    public var eventId: String
    /// The user id of the creator.
    public var creatorId: String
    /// The title (never empty).
    public var title: String
    /// The description, nil when absent.
    public var description: String?
    /// The location, nil when absent.
    public var location: String?
    /// The start time in ms since the epoch, nil when absent.
    public var startTime: Int64?
    /// When the event was created: the `at` of `createEvent`, in ms since the epoch.
    public var createdAt: Int64

    /// Makes an event record.
    public init(
        eventId: String, creatorId: String, title: String, description: String? = nil,
        location: String? = nil, startTime: Int64? = nil, createdAt: Int64
    ) {
        self.eventId = eventId
        self.creatorId = creatorId
        self.title = title
        self.description = description
        self.location = location
        self.startTime = startTime
        self.createdAt = createdAt
    }
}
