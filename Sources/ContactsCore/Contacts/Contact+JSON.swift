/// Why an uploaded contact was rejected (PROTOCOL §6): the wire names are the raw values.
public enum ContactRejection: String, Error, Sendable {
    /// The entry is not a JSON object.
    case notAnObject = "not_an_object"
    /// `id` is missing, not a string, or not a valid id.
    case invalidID = "invalid_id"
    /// A known key has a value of the wrong type.
    case invalidField = "invalid_field"
}

extension Contact {
    /// Decodes a contact from its JSON form (PROTOCOL §1).
    ///
    /// Only `id` is required; unknown keys are ignored; a known key whose value is `null` counts
    /// as absent. A known key of the wrong type rejects the contact as `invalid_field`.
    public init(json: JSONValue) throws(ContactRejection) {
        guard case .object(let object) = json else { throw .notAnObject }
        guard case .string(let id)? = object["id"], Identifier.isValid(id) else { throw .invalidID }
        self.init(id: id)
        ownerId = try Self.string(object, "ownerId")
        givenName = try Self.string(object, "givenName")
        familyName = try Self.string(object, "familyName")
        displayName = try Self.string(object, "displayName")
        organizationName = try Self.string(object, "organizationName")
        jobTitle = try Self.string(object, "jobTitle")
        notes = try Self.string(object, "notes")
        phoneNumbers = try Self.list(object, "phoneNumbers", LabeledValue.init(json:))
        emailAddresses = try Self.list(object, "emailAddresses", LabeledValue.init(json:))
        socialProfiles = try Self.list(object, "socialProfiles", LabeledValue.init(json:))
        addresses = try Self.list(object, "addresses", PostalAddress.init(json:))
    }

    /// The JSON form with every key of PROTOCOL §1, in its order; `displayName` is the
    /// effective (derived when empty) display name.
    public var jsonValue: JSONValue {
        .object([
            "id": .string(id),
            "ownerId": .string(ownerId),
            "givenName": .string(givenName),
            "familyName": .string(familyName),
            "displayName": .string(effectiveDisplayName),
            "organizationName": .string(organizationName),
            "jobTitle": .string(jobTitle),
            "phoneNumbers": .array(phoneNumbers.map(\.jsonValue)),
            "emailAddresses": .array(emailAddresses.map(\.jsonValue)),
            "addresses": .array(addresses.map(\.jsonValue)),
            "socialProfiles": .array(socialProfiles.map(\.jsonValue)),
            "notes": .string(notes),
        ])
    }

    fileprivate static func string(_ object: JSONObject, _ key: String) throws(ContactRejection) -> String {
        switch object[key] {
        case nil, .null?: return ""
        case .string(let value)?: return value
        default: throw .invalidField
        }
    }

    fileprivate static func list<Element>(
        _ object: JSONObject, _ key: String, _ decode: (JSONObject) throws(ContactRejection) -> Element
    ) throws(ContactRejection) -> [Element] {
        switch object[key] {
        case nil, .null?: return []
        case .array(let entries)?:
            var decoded: [Element] = []
            decoded.reserveCapacity(entries.count)
            for entry in entries {
                guard case .object(let member) = entry else { throw .invalidField }
                decoded.append(try decode(member))
            }
            return decoded
        default: throw .invalidField
        }
    }
}

extension LabeledValue {
    init(json object: JSONObject) throws(ContactRejection) {
        self.init(label: try Contact.string(object, "label"), value: try Contact.string(object, "value"))
    }

    var jsonValue: JSONValue {
        .object(["label": .string(label), "value": .string(value)])
    }
}

extension PostalAddress {
    init(json object: JSONObject) throws(ContactRejection) {
        self.init(
            label: try Contact.string(object, "label"),
            street: try Contact.string(object, "street"),
            city: try Contact.string(object, "city"),
            state: try Contact.string(object, "state"),
            postalCode: try Contact.string(object, "postalCode"),
            country: try Contact.string(object, "country")
        )
    }

    var jsonValue: JSONValue {
        .object([
            "label": .string(label), "street": .string(street), "city": .string(city),
            "state": .string(state), "postalCode": .string(postalCode), "country": .string(country),
        ])
    }
}
