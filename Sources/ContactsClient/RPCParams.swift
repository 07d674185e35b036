/// The `params` object of one JSON-RPC request: members in the order they were set, absent
/// values left out (PROTOCOL §6: absent and null are the same, so the client never sends null).
struct RPCParams: Encodable, Sendable {
    private var members: [(key: String, value: any Encodable & Sendable)] = []

    /// No members.
    init() {}

    /// Adds `key` with `value`, or nothing when `value` is nil.
    mutating func set(_ key: String, _ value: (any Encodable & Sendable)?) {
        guard let value else { return }
        members.append((key, value))
    }

    /// The member names, in order (for tests and diagnostics).
    var keys: [String] { members.map(\.key) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        for member in members {
            try container.encode(member.value, forKey: WireKey(member.key))
        }
    }
}

/// A JSON object key known only at run time.
struct WireKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension RPCParams {
    /// These params with `key` set to `value` in front of the others.
    func prepending(_ key: String, _ value: any Encodable & Sendable) -> RPCParams {
        var params = RPCParams()
        params.members = [(key, value)] + members
        return params
    }
}
