import ContactsJSON
import ContactsModel

/// One event of a fixture (a line of `events.jsonl`), as `createEvent` would make it:
/// `{"eventId":"e0000001","creatorId":"u000001","title":"Book club","description":null,
/// "location":"Café Central, Madrid","startTime":1704153600000,"createdAt":1704067200000}`.
extension EventRecord: FixtureRecord {
    /// `events.jsonl`.
    package static var fixtureFileName: String { "events.jsonl" }

    /// Decodes an event: valid ids, a non-empty title, optional (absent or null)
    /// description, location and startTime, an integer createdAt.
    package init(fixtureJSON json: JSONValue) throws(FixtureRecordError) {
        let object = try FixtureObject(json)
        let title = try object.string("title")
        guard !title.isEmpty else { throw FixtureRecordError("\"title\" is empty") }
        self.init(
            eventId: try object.identifier("eventId"), creatorId: try object.identifier("creatorId"), title: title,
            description: try object.optionalString("description"), location: try object.optionalString("location"),
            startTime: try object.optionalInteger("startTime"), createdAt: try object.integer("createdAt"))
    }

    /// The JSON line with every key; absent optional values are `null`.
    package var jsonValue: JSONValue {
        .object([
            "eventId": .string(eventId), "creatorId": .string(creatorId), "title": .string(title),
            "description": .string(orNull: description), "location": .string(orNull: location),
            "startTime": .integer(orNull: startTime), "createdAt": .integer(createdAt),
        ])
    }
}
