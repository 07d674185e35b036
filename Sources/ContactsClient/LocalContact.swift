/// The acting user's own contact that holds another user's phone number: the smallest contact
/// id among them, with that contact's display name.
public struct LocalContact: Sendable, Hashable, Decodable {
    /// The id of the contact in the acting user's uploaded book.
    public var contactId: String
    /// The contact's display name (as the acting user wrote it), `nil` when empty.
    public var displayName: String?

    /// A local contact.
    public init(contactId: String, displayName: String?) {
        self.contactId = contactId
        self.displayName = displayName
    }

    private enum CodingKeys: String, CodingKey {
        case contactId
        case displayName
    }

    /// Reads `{contactId, displayName}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contactId = try container.decode(String.self, forKey: .contactId)
        displayName = try container.decodeText(forKey: .displayName)
    }
}
