import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsSupport

/// The `params` of a request with typed, checked accessors (PROTOCOL §6 "Parameters").
///
/// Absent and `null` are the same; integers are JSON numbers without fraction or exponent
/// that fit in `Int64`; ids follow ``Identifier``. Every failure is `invalid_params` naming
/// the parameter. Unknown params are ignored.
public struct RPCParams: Sendable {
    /// The default page size of list methods.
    public static let defaultLimit = 20
    /// The largest page size.
    public static let maximumLimit = 1000

    /// The raw object.
    public let object: JSONObject

    /// Wraps `object`.
    public init(_ object: JSONObject = [:]) {
        self.object = object
    }

    /// The value of `key`; nil when absent or null.
    public func value(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// A required string.
    public func string(_ key: String) throws(RPCError) -> String {
        guard let value = try optionalString(key) else { throw .invalidParams("missing param '\(key)'") }
        return value
    }

    /// An optional string.
    public func optionalString(_ key: String) throws(RPCError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let string) = value else { throw .invalidParams("param '\(key)' must be a string") }
        return string
    }

    /// A required id (1–128 UTF-8 bytes, no control characters).
    public func id(_ key: String) throws(RPCError) -> String {
        guard let value = try optionalID(key) else { throw .invalidParams("missing param '\(key)'") }
        return value
    }

    /// An optional id.
    public func optionalID(_ key: String) throws(RPCError) -> String? {
        guard let string = try optionalString(key) else { return nil }
        if let problem = Identifier.problem(with: string) {
            throw .invalidParams("param '\(key)' is not a valid id: it \(problem)")
        }
        return string
    }

    /// An optional integer (a JSON number without fraction or exponent, within Int64).
    public func optionalInt64(_ key: String) throws(RPCError) -> Int64? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, let integer = number.int64Value else {
            throw .invalidParams("param '\(key)' must be an integer (int64, no fraction or exponent)")
        }
        return integer
    }

    /// `skip`: an integer ≥ 0, default 0.
    public func skip() throws(RPCError) -> Int {
        let skip = try optionalInt64("skip") ?? 0
        guard skip >= 0 else { throw .invalidParams("param 'skip' must be ≥ 0") }
        return Int(skip)
    }

    /// `limit`: an integer in 1…1000, default `defaultLimit`.
    public func limit(default defaultValue: Int = RPCParams.defaultLimit) throws(RPCError) -> Int {
        let limit = try optionalInt64("limit") ?? Int64(defaultValue)
        guard (1...Int64(Self.maximumLimit)).contains(limit) else {
            throw .invalidParams("param 'limit' must be between 1 and \(Self.maximumLimit)")
        }
        return Int(limit)
    }

    /// A required array of ids with at most `maximumCount` elements (duplicates count).
    public func idArray(_ key: String, maximumCount: Int) throws(RPCError) -> [String] {
        guard let value = value(key) else { throw .invalidParams("missing param '\(key)'") }
        guard case .array(let elements) = value else { throw .invalidParams("param '\(key)' must be an array") }
        guard elements.count <= maximumCount else {
            throw .invalidParams(
                "param '\(key)' has \(Plural.count(elements.count, "element")); at most \(maximumCount) \(Plural.verb(maximumCount, "is", plural: "are")) allowed"
            )
        }
        var ids: [String] = []
        ids.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .string(let id) = element, Identifier.isValid(id) else {
                throw .invalidParams("param '\(key)[\(index)]' is not a valid id")
            }
            ids.append(id)
        }
        return ids
    }

    /// A required array of any JSON values with at most `maximumCount` elements.
    public func array(_ key: String, maximumCount: Int) throws(RPCError) -> [JSONValue] {
        guard let value = value(key) else { throw .invalidParams("missing param '\(key)'") }
        guard case .array(let elements) = value else { throw .invalidParams("param '\(key)' must be an array") }
        guard elements.count <= maximumCount else {
            throw .invalidParams(
                "param '\(key)' has \(Plural.count(elements.count, "element")); at most \(maximumCount) \(Plural.verb(maximumCount, "is", plural: "are")) allowed"
            )
        }
        return elements
    }

    /// An optional string of at most `maximumCodePoints` code points.
    public func optionalText(_ key: String, maximumCodePoints: Int) throws(RPCError) -> String? {
        guard let text = try optionalString(key) else { return nil }
        guard text.unicodeScalars.count <= maximumCodePoints else {
            throw .invalidParams("param '\(key)' is longer than \(maximumCodePoints) characters")
        }
        return text
    }

    /// A required string of at most `maximumCodePoints` code points.
    public func text(_ key: String, maximumCodePoints: Int) throws(RPCError) -> String {
        guard let text = try optionalText(key, maximumCodePoints: maximumCodePoints) else {
            throw .invalidParams("missing param '\(key)'")
        }
        return text
    }
}
