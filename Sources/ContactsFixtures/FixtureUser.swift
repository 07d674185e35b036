import ContactsJSON

/// A registered user of a fixture (one line of `users.jsonl`):
/// `{"userId":"u000001","displayName":"José Núñez","phone":"+34612345678","region":"ES"}`.
///
/// Registration input (phone text and region, not yet normalized), not the store's
/// `StoredUser` (the normalized record with its store key).
package struct FixtureUser: Hashable, Sendable, FixtureRecord {
    /// The user's id.
    package var userId: String
    /// The name shown to other users (`""` when the line has none).
    package var displayName: String
    /// The user's phone number in E.164 (`+` and digits); distinct between users.
    package var phone: String
    /// The user's region (ISO 3166 alpha-2): the default region for their phone and their
    /// address book; nil when the line has none (as `registerUser` without `region`).
    package var region: String?

    /// Makes a user.
    package init(userId: String, displayName: String, phone: String, region: String?) {
        self.userId = userId
        self.displayName = displayName
        self.phone = phone
        self.region = region
    }

    /// `users.jsonl`.
    package static var fixtureFileName: String { "users.jsonl" }

    /// Decodes a user: `userId` a valid id and `phone` a string, both required;
    /// `displayName` and `region` strings, optional as in `registerUser` (absent or null:
    /// `""` and nil).
    package init(fixtureJSON json: JSONValue) throws(FixtureRecordError) {
        let object = try FixtureObject(json)
        self.init(
            userId: try object.identifier("userId"), displayName: try object.optionalString("displayName") ?? "",
            phone: try object.string("phone"), region: try object.optionalString("region"))
    }

    /// The JSON line: userId, displayName, phone, region in that order (region null when
    /// there is none).
    package var jsonValue: JSONValue {
        .object([
            "userId": .string(userId), "displayName": .string(displayName), "phone": .string(phone),
            "region": .string(orNull: region),
        ])
    }
}
