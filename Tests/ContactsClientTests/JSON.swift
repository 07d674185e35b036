import Foundation

/// A JSON value as a test inspects it: numbers that are integers stay integers, booleans stay
/// booleans (JSONDecoder keeps them apart, unlike NSNumber).
indirect enum JSON: Sendable, Hashable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    /// Parses `data`, or nil when it is not JSON.
    static func parse(_ data: Data) -> JSON? {
        try? JSONDecoder().decode(JSON.self, from: data)
    }

    /// Parses `text` (a test's own literal).
    static func parse(_ text: String) -> JSON? {
        parse(Data(text.utf8))
    }

    /// The member `key` of an object.
    subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The members of an object (empty for anything else).
    var members: [String: JSON] {
        if case .object(let members) = self { return members }
        return [:]
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): value.debugDescription
        case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\($0.value)" }
                .joined(separator: ",") + "}"
        }
    }
}
