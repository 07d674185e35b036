/// The answer to ``FriendFinder/uploadContacts(_:region:)`` (Digits' upload result).
public struct ContactsUploadResult: Sendable, Hashable, Decodable {
    /// How many contacts the request held.
    public var totalContacts: Int
    /// How many of them were stored (a repeated id counts each time).
    public var numberOfUploadedContacts: Int
    /// The contacts that were not stored, and why.
    public var rejected: [RejectedContact]

    /// A result.
    public init(totalContacts: Int, numberOfUploadedContacts: Int, rejected: [RejectedContact]) {
        self.totalContacts = totalContacts
        self.numberOfUploadedContacts = numberOfUploadedContacts
        self.rejected = rejected
    }

    private enum CodingKeys: String, CodingKey {
        case totalContacts
        case numberOfUploadedContacts
        case rejected
    }

    /// Reads `{totalContacts, numberOfUploadedContacts, rejected}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalContacts = try container.decode(Int.self, forKey: .totalContacts)
        numberOfUploadedContacts = try container.decode(Int.self, forKey: .numberOfUploadedContacts)
        rejected = try container.decode([RejectedContact].self, forKey: .rejected)
    }
}

/// A contact an upload did not store.
public struct RejectedContact: Sendable, Hashable, Decodable {
    /// Its position in the uploaded array (0-based).
    public var index: Int
    /// Why: `not_an_object`, `invalid_id` or `invalid_field` (PROTOCOL §6).
    public var reason: String

    /// A rejection.
    public init(index: Int, reason: String) {
        self.index = index
        self.reason = reason
    }
}
