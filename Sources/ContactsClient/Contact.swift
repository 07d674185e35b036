/// An address-book contact, as uploaded and as search results return it (PROTOCOL §1).
///
/// Only ``id`` is required; make one with the fields you have:
///
/// ```swift
/// let contact = Contact(
///     id: "c1", givenName: "José", familyName: "Núñez",
///     phoneNumbers: [LabeledValue(label: "mobile", value: "+34 612 34 56 78")])
/// ```
///
/// It encodes to §1's JSON (the fields that are set) and decodes from it. The server writes
/// every absent text as `""`; this type reads `""` as `nil`, so a contact uploaded with some
/// fields comes back with the same fields (and a ``displayName`` the server derived when none
/// was given: given + family name, else organization, else first email, else first phone).
public struct Contact: Sendable, Hashable, Codable, Identifiable {
    /// The contact's id in its owner's book: 1–128 UTF-8 bytes, no control characters; compared
    /// byte for byte. Uploading an id again replaces that contact.
    public var id: String
    /// Whose address book the contact is in; the server sets it to the uploader in results.
    public var ownerId: String?
    /// The given (first) name.
    public var givenName: String?
    /// The family (last) name.
    public var familyName: String?
    /// The name to show; derived by the server when absent.
    public var displayName: String?
    /// The company or organization.
    public var organizationName: String?
    /// The job title.
    public var jobTitle: String?
    /// Phone numbers, as written (the server normalizes them at upload for matching only).
    public var phoneNumbers: [LabeledValue]
    /// Email addresses.
    public var emailAddresses: [LabeledValue]
    /// Postal addresses.
    public var addresses: [PostalAddress]
    /// Social profiles (`twitter: @handle`, …).
    public var socialProfiles: [LabeledValue]
    /// Free-text notes.
    public var notes: String?

    /// A contact with `id` and whichever fields are given.
    public init(
        id: String, ownerId: String? = nil, givenName: String? = nil, familyName: String? = nil,
        displayName: String? = nil, organizationName: String? = nil, jobTitle: String? = nil,
        phoneNumbers: [LabeledValue] = [], emailAddresses: [LabeledValue] = [], addresses: [PostalAddress] = [],
        socialProfiles: [LabeledValue] = [], notes: String? = nil
    ) {
        self.id = id
        self.ownerId = ownerId
        self.givenName = givenName
        self.familyName = familyName
        self.displayName = displayName
        self.organizationName = organizationName
        self.jobTitle = jobTitle
        self.phoneNumbers = phoneNumbers
        self.emailAddresses = emailAddresses
        self.addresses = addresses
        self.socialProfiles = socialProfiles
        self.notes = notes
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case ownerId
        case givenName
        case familyName
        case displayName
        case organizationName
        case jobTitle
        case phoneNumbers
        case emailAddresses
        case addresses
        case socialProfiles
        case notes
    }

    /// Reads a §1 contact object: `id` required; other members optional (absent, null and `""`
    /// texts are `nil`, absent lists empty); unknown members ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        ownerId = try container.decodeText(forKey: .ownerId)
        givenName = try container.decodeText(forKey: .givenName)
        familyName = try container.decodeText(forKey: .familyName)
        displayName = try container.decodeText(forKey: .displayName)
        organizationName = try container.decodeText(forKey: .organizationName)
        jobTitle = try container.decodeText(forKey: .jobTitle)
        phoneNumbers = try container.decodeIfPresent([LabeledValue].self, forKey: .phoneNumbers) ?? []
        emailAddresses = try container.decodeIfPresent([LabeledValue].self, forKey: .emailAddresses) ?? []
        addresses = try container.decodeIfPresent([PostalAddress].self, forKey: .addresses) ?? []
        socialProfiles = try container.decodeIfPresent([LabeledValue].self, forKey: .socialProfiles) ?? []
        notes = try container.decodeText(forKey: .notes)
    }

    /// Writes §1's JSON with the members that are set (`nil` texts and empty lists left out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeText(ownerId, forKey: .ownerId)
        try container.encodeText(givenName, forKey: .givenName)
        try container.encodeText(familyName, forKey: .familyName)
        try container.encodeText(displayName, forKey: .displayName)
        try container.encodeText(organizationName, forKey: .organizationName)
        try container.encodeText(jobTitle, forKey: .jobTitle)
        if !phoneNumbers.isEmpty { try container.encode(phoneNumbers, forKey: .phoneNumbers) }
        if !emailAddresses.isEmpty { try container.encode(emailAddresses, forKey: .emailAddresses) }
        if !addresses.isEmpty { try container.encode(addresses, forKey: .addresses) }
        if !socialProfiles.isEmpty { try container.encode(socialProfiles, forKey: .socialProfiles) }
        try container.encodeText(notes, forKey: .notes)
    }
}
