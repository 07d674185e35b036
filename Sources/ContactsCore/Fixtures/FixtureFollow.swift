/// One follow of a fixture (a line of `follows.jsonl`):
/// `{"followerId":"u000002","followeeId":"u000001","since":1700000000000}`.
public struct FixtureFollow: Hashable, Sendable, FixtureRecord {
    /// The user who follows.
    public var followerId: String
    /// The user followed.
    public var followeeId: String
    /// When the follow began, in milliseconds since the Unix epoch.
    public var since: Int64

    /// Makes a follow.
    public init(followerId: String, followeeId: String, since: Int64) {
        self.followerId = followerId
        self.followeeId = followeeId
        self.since = since
    }

    /// `follows.jsonl`.
    public static var fixtureFileName: String { "follows.jsonl" }

    /// Decodes a follow: two valid ids and an integer `since`.
    public init(fixtureJSON json: JSONValue) throws(FixtureRecordError) {
        let object = try FixtureObject(json)
        self.init(
            followerId: try object.identifier("followerId"), followeeId: try object.identifier("followeeId"),
            since: try object.integer("since"))
    }

    /// The JSON line: followerId, followeeId, since in that order.
    public var jsonValue: JSONValue {
        .object(["followerId": .string(followerId), "followeeId": .string(followeeId), "since": .integer(since)])
    }
}
