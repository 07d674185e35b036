import ContactsSupport

/// A JSON value as parsed, keeping what JSON-RPC's fine print needs: number literals as
/// written (so `20`, `20.0` and `2e1` stay distinguishable) and object members in order.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its literal.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in the order written.
    case object(JSONObject)

    /// A number value for an integer.
    public static func integer(_ value: Int64) -> JSONValue {
        .number(JSONNumber(value))
    }

    /// A number value for an integer.
    public static func integer(_ value: Int) -> JSONValue {
        .number(JSONNumber(Int64(value)))
    }

    /// `value` as a string, or `.null` when it is nil.
    public static func string(orNull value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// `value` as an integer, or `.null` when it is nil.
    public static func integer(orNull value: Int64?) -> JSONValue {
        value.map(JSONValue.integer) ?? .null
    }

    /// The string payload, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The object payload, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The array payload, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// True for `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// A JSON number kept as its literal text.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number exactly as written (or as formatted, for numbers made in Swift).
    public let literal: String

    /// A number from a literal already checked against JSON's grammar.
    package init(validatedLiteral: String) {
        literal = validatedLiteral
    }

    /// The number for an integer.
    public init(_ value: Int64) {
        literal = String(value)
    }

    /// The value when the literal is an integer (no fraction, no exponent) that fits in
    /// `Int64`; nil otherwise (`20.0`, `2e1` and `9223372036854775808` are nil).
    public var int64Value: Int64? {
        Int64(literal)
    }

    /// The value as a double (lossy for large integers).
    public var doubleValue: Double {
        Double(literal) ?? .nan
    }

    /// The literal.
    public var description: String { literal }
}

/// A JSON object: members in order; a repeated key reads as its last occurrence. Keys are
/// matched by their UTF-8 bytes, not by Unicode canonical equivalence.
public struct JSONObject: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The members in the order written.
    public private(set) var members: [Member]

    /// One `"key": value` member.
    public struct Member: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue
    }

    /// An object with `members` in this order.
    public init(_ members: [(String, JSONValue)] = []) {
        self.members = members.map { Member(key: $0.0, value: $0.1) }
    }

    /// An object written as a literal; the order of the literal is kept.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The value of `key` (the last one when repeated); nil when absent.
    ///
    /// Setting appends a new member or replaces the last one with that key.
    /// - Complexity: O(n) in the number of members; JSON-RPC objects are small.
    public subscript(key: String) -> JSONValue? {
        get { members.last(where: { $0.key.utf8Equals(key) })?.value }
        set {
            let index = members.lastIndex(where: { $0.key.utf8Equals(key) })
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (_?, nil): members.removeAll { $0.key.utf8Equals(key) }
            case (nil, let value?): members.append(Member(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The number of members as written.
    public var count: Int { members.count }
}
