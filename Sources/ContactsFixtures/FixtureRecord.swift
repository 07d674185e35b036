import ContactsJSON
import ContactsModel

/// A record type stored one per line (JSON Lines) in a fixture directory:
/// ``FixtureUser``, ``Contact``, ``FollowRecord`` or ``EventRecord``.
package protocol FixtureRecord: Sendable {
    /// The file of a fixture directory that holds records of this type (`users.jsonl`, …).
    static var fixtureFileName: String { get }

    /// Decodes a record from the JSON value of one line; throws saying what is wrong.
    init(fixtureJSON json: JSONValue) throws(FixtureRecordError)

    /// The JSON value written as one line.
    var jsonValue: JSONValue { get }
}

extension Contact: FixtureRecord {
    /// `contacts.jsonl`.
    package static var fixtureFileName: String { "contacts.jsonl" }

    /// Decodes a contact as ``init(json:)`` does (PROTOCOL §1), turning a rejection into a
    /// reason.
    package init(fixtureJSON json: JSONValue) throws(FixtureRecordError) {
        do {
            try self.init(json: json)
        } catch {
            throw FixtureRecordError("not a valid contact (\(error.wireName))")
        }
    }
}
