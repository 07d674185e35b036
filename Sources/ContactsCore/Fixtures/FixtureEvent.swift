/// One event of a fixture (a line of `events.jsonl`), as `createEvent` would make it:
/// `{"eventId":"e0000001","creatorId":"u000001","title":"Book club","description":null,
/// "location":"Café Central, Madrid","startTime":1704153600000,"createdAt":1704067200000}`.
public struct FixtureEvent: Hashable, Sendable, FixtureRecord {
    /// The event's id (global).
    public var eventId: String
    /// The user who created it.
    public var creatorId: String
    /// The title; never empty.
    public var title: String
    /// The description, or nil.
    public var description: String?
    /// Where it takes place, or nil.
    public var location: String?
    /// When it starts (ms since the Unix epoch), or nil.
    public var startTime: Int64?
    /// When it was created (ms since the Unix epoch).
    public var createdAt: Int64

    /// Makes an event.
    public init(
        eventId: String, creatorId: String, title: String, description: String? = nil, location: String? = nil,
        startTime: Int64? = nil, createdAt: Int64
    ) {
        self.eventId = eventId
        self.creatorId = creatorId
        self.title = title
        self.description = description
        self.location = location
        self.startTime = startTime
        self.createdAt = createdAt
    }

    /// `events.jsonl`.
    public static var fixtureFileName: String { "events.jsonl" }

    /// Decodes an event: valid ids, a non-empty title, optional (absent or null)
    /// description, location and startTime, an integer createdAt.
    public init(fixtureJSON json: JSONValue) throws(FixtureRecordError) {
        let object = try FixtureObject(json)
        let title = try object.string("title")
        guard !title.isEmpty else { throw FixtureRecordError("\"title\" is empty") }
        self.init(
            eventId: try object.identifier("eventId"), creatorId: try object.identifier("creatorId"), title: title,
            description: try object.optionalString("description"), location: try object.optionalString("location"),
            startTime: try object.optionalInteger("startTime"), createdAt: try object.integer("createdAt"))
    }

    /// The JSON line with every key; absent optional values are `null`.
    public var jsonValue: JSONValue {
        .object([
            "eventId": .string(eventId), "creatorId": .string(creatorId), "title": .string(title),
            "description": .string(orNull: description), "location": .string(orNull: location),
            "startTime": .integer(orNull: startTime), "createdAt": .integer(createdAt),
        ])
    }
}
