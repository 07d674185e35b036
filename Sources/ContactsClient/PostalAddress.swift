/// A contact's postal address (PROTOCOL §1's `addresses` entries). Every member is optional:
/// `nil` for none (the server writes none as `""`).
public struct PostalAddress: Sendable, Hashable, Codable {
    /// The label (`home`, `work`, …).
    public var label: String?
    /// Street and number.
    public var street: String?
    /// City or locality.
    public var city: String?
    /// State, province or region.
    public var state: String?
    /// Postal code.
    public var postalCode: String?
    /// Country (name or ISO code, as written).
    public var country: String?

    /// An address with the parts one has.
    public init(
        label: String? = nil, street: String? = nil, city: String? = nil, state: String? = nil,
        postalCode: String? = nil, country: String? = nil
    ) {
        self.label = label
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
    }

    private enum CodingKeys: String, CodingKey {
        case label
        case street
        case city
        case state
        case postalCode
        case country
    }

    /// Reads an address object; absent, null and `""` members are `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decodeText(forKey: .label)
        street = try container.decodeText(forKey: .street)
        city = try container.decodeText(forKey: .city)
        state = try container.decodeText(forKey: .state)
        postalCode = try container.decodeText(forKey: .postalCode)
        country = try container.decodeText(forKey: .country)
    }

    /// Writes the members that are set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeText(label, forKey: .label)
        try container.encodeText(street, forKey: .street)
        try container.encodeText(city, forKey: .city)
        try container.encodeText(state, forKey: .state)
        try container.encodeText(postalCode, forKey: .postalCode)
        try container.encodeText(country, forKey: .country)
    }
}
