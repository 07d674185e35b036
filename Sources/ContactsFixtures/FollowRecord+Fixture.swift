import ContactsJSON
import ContactsModel

/// One follow of a fixture (a line of `follows.jsonl`):
/// `{"followerId":"u000002","followeeId":"u000001","since":1700000000000}`.
extension FollowRecord: FixtureRecord {
    /// `follows.jsonl`.
    package static var fixtureFileName: String { "follows.jsonl" }

    /// Decodes a follow: two valid ids and an integer `since`.
    package init(fixtureJSON json: JSONValue) throws(FixtureRecordError) {
        let object = try FixtureObject(json)
        self.init(
            followerId: try object.identifier("followerId"), followeeId: try object.identifier("followeeId"),
            since: try object.integer("since"))
    }

    /// The JSON line: followerId, followeeId, since in that order.
    package var jsonValue: JSONValue {
        .object(["followerId": .string(followerId), "followeeId": .string(followeeId), "since": .integer(since)])
    }
}
