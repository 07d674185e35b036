import ContactsJSON
import ContactsModel

/// Reading the members of a fixture record's JSON object, with errors naming the key.
package struct FixtureObject {
    let object: JSONObject

    init(_ json: JSONValue) throws(FixtureRecordError) {
        guard case .object(let object) = json else { throw FixtureRecordError("not a JSON object") }
        self.object = object
    }

    /// The string at `key`; absent (`"key" is missing`), null or another type (`"key" must
    /// be a string`) is an error.
    func string(_ key: String) throws(FixtureRecordError) -> String {
        guard let member = object[key] else { throw FixtureRecordError("\"\(key)\" is missing") }
        guard case .string(let value) = member else { throw FixtureRecordError("\"\(key)\" must be a string") }
        return value
    }

    /// The string at `key`, nil when absent or null.
    func optionalString(_ key: String) throws(FixtureRecordError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw FixtureRecordError("\"\(key)\" must be a string or null")
        }
    }

    /// The valid id (PROTOCOL: 1–128 UTF-8 bytes, no control characters) at `key`.
    func identifier(_ key: String) throws(FixtureRecordError) -> String {
        let value = try string(key)
        if let problem = Identifier.problem(with: value) {
            throw FixtureRecordError("\"\(key)\" \(problem)")
        }
        return value
    }

    /// The integer (a JSON number without fraction or exponent that fits in Int64) at `key`;
    /// absent (`"key" is missing`) or anything else is an error.
    func integer(_ key: String) throws(FixtureRecordError) -> Int64 {
        guard let member = object[key] else { throw FixtureRecordError("\"\(key)\" is missing") }
        guard case .number(let number) = member, let value = number.int64Value else {
            throw FixtureRecordError("\"\(key)\" must be an integer")
        }
        return value
    }

    /// The integer at `key`, nil when absent or null.
    func optionalInteger(_ key: String) throws(FixtureRecordError) -> Int64? {
        switch object[key] {
        case nil, .null?: return nil
        default: return try integer(key)
        }
    }
}
