import ContactsModel
import ContactsSupport

extension Contact {
    /// Decodes a contact from its JSON form (PROTOCOL §1).
    ///
    /// Only `id` is required; unknown keys are ignored; a known key whose value is `null` counts
    /// as absent. A known key of the wrong type rejects the contact as `invalid_field`.
    ///
    /// - Complexity: one pass over the object's members (each key compared with the known keys
    ///   of its length only), then one decode per known key.
    public init(json: JSONValue) throws(ContactRejection) {
        guard case .object(let object) = json else { throw .notAnObject }
        // The value of each known key: the last member with that key wins.
        var values = [JSONValue?](repeating: nil, count: ContactKey.allCases.count)
        for member in object.members {
            if let key = ContactKey(member.key) { values[key.rawValue] = member.value }
        }
        func value(_ key: ContactKey) -> JSONValue? { values[key.rawValue] }
        guard case .string(let id)? = value(.id), Identifier.isValid(id) else { throw .invalidID }
        self.init(id: id)
        ownerId = try Self.string(value(.ownerId))
        givenName = try Self.string(value(.givenName))
        familyName = try Self.string(value(.familyName))
        displayName = try Self.string(value(.displayName))
        organizationName = try Self.string(value(.organizationName))
        jobTitle = try Self.string(value(.jobTitle))
        notes = try Self.string(value(.notes))
        phoneNumbers = try Self.list(value(.phoneNumbers), LabeledValue.init(json:))
        emailAddresses = try Self.list(value(.emailAddresses), LabeledValue.init(json:))
        socialProfiles = try Self.list(value(.socialProfiles), LabeledValue.init(json:))
        addresses = try Self.list(value(.addresses), PostalAddress.init(json:))
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
        try string(object[key])
    }

    /// A known string field: absent or null is `""`; any other type is `invalid_field`.
    private static func string(_ value: JSONValue?) throws(ContactRejection) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let value)?: return value
        default: throw .invalidField
        }
    }

    /// A known list field: absent or null is empty; entries must be objects.
    private static func list<Element>(
        _ value: JSONValue?, _ decode: (JSONObject) throws(ContactRejection) -> Element
    ) throws(ContactRejection) -> [Element] {
        switch value {
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

/// The keys of a contact object that PROTOCOL §1 knows, matched by their bytes.
private enum ContactKey: Int, CaseIterable {
    case id, ownerId, givenName, familyName, displayName, organizationName, jobTitle, notes
    case phoneNumbers, emailAddresses, socialProfiles, addresses

    /// The key as written in JSON.
    var name: String { String(describing: self) }

    /// The known keys by UTF-8 length, so a member's key is compared with one or two of them.
    private static let byLength: [[(name: String, key: ContactKey)]] = {
        var table = [[(name: String, key: ContactKey)]](repeating: [], count: 17)
        for key in allCases { table[key.name.utf8.count].append((key.name, key)) }
        return table
    }()

    /// The known key with exactly the bytes of `key`, or nil.
    init?(_ key: String) {
        let length = key.utf8.count
        guard length < Self.byLength.count,
            let known = Self.byLength[length].first(where: { $0.name.utf8Equals(key) })
        else { return nil }
        self = known.key
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

extension ContactRejection {
    /// The reason's name in an upload's `rejected` list (PROTOCOL §6).
    public var wireName: String {
        switch self {
        case .notAnObject: "not_an_object"
        case .invalidID: "invalid_id"
        case .invalidField: "invalid_field"
        }
    }
}

extension Contact {
    /// The entries of an upload in JSON form, each decoded on its own: a contact, or why the
    /// entry was rejected (PROTOCOL §6), at its index.
    ///
    /// - Complexity: O(n) in the size of the entries.
    public static func uploadEntries(_ values: [JSONValue]) -> [Result<Contact, ContactRejection>] {
        values.map { value in Result { () throws(ContactRejection) in try Contact(json: value) } }
    }
}
