/// A labelled entry of a contact: a phone number, an email address or a social profile
/// (`{"label": "mobile", "value": "+34 612 34 56 78"}`, PROTOCOL §1).
public struct LabeledValue: Sendable, Hashable, Codable, Identifiable {
    /// A local identity for lists in a UI, unique within the process unless given (`lv1`,
    /// `lv2`, …: a counter, since a UUID per decoded entry would cost more than decoding it).
    /// It is not sent to the server and not part of equality: two entries are equal when their
    /// labels and values are.
    public var id: String
    /// The label (`mobile`, `work`, `twitter`, …), `nil` for none.
    public var label: String?
    /// The number, address or handle, as written.
    public var value: String

    /// An entry with `value` and, if given, `label`.
    public init(id: String = LabeledValue.makeIdentity(), label: String? = nil, value: String) {
        self.id = id
        self.label = label
        self.value = value
    }

    private static let identities = Locked<UInt64>(0)

    /// A new local identity, different from every other one this process made. O(1).
    public static func makeIdentity() -> String {
        let next = identities.withLock { count in
            count &+= 1
            return count
        }
        return "lv\(next)"
    }

    private enum CodingKeys: String, CodingKey {
        case label
        case value
    }

    /// Reads `{"label":…, "value":…}`; an absent or `""` label is `nil`, an absent value `""`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = Self.makeIdentity()
        label = try container.decodeText(forKey: .label)
        value = try container.decodeIfPresent(String.self, forKey: .value) ?? ""
    }

    /// Writes `{"label":…, "value":…}`, leaving out a `nil` label.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeText(label, forKey: .label)
        try container.encode(value, forKey: .value)
    }

    /// Equal when the labels and the values are (``id`` is a local identity).
    public static func == (lhs: LabeledValue, rhs: LabeledValue) -> Bool {
        lhs.label == rhs.label && lhs.value == rhs.value
    }

    /// Hashes the label and the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(label)
        hasher.combine(value)
    }
}
