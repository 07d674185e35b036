import ContactsModel

/// A feed entry: the event and its creator's display name now.
public struct FeedItem: Hashable, Sendable {
    /// The event (its `creatorId` names the creator).
    public var event: EventRecord
    /// The creator's display name now.
    public var creatorName: String
}
