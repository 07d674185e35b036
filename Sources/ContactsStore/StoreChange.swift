import ContactsModel

/// One change of the service's state, as the engine decides it and a store records it: what
/// a store writes in one transaction, and what every engine applies to its memory, in commit
/// order. Users are named by user id, so a change means the same thing to every engine.
package enum StoreChange: Hashable, Sendable {
    /// `userId` is registered with `e164` and `displayName`, or, when registered already,
    /// gets them instead (keeping follows, contacts, events and searches; the old phone is
    /// free again).
    case registerUser(userId: String, e164: UInt64, displayName: String)
    /// `userId` goes with their follows both ways, contacts, events and recent searches.
    /// What they used of the upload budget stays.
    case deleteUser(userId: String)
    /// `contacts` (encoded once, when the change was decided) go into the book of `ownerId`,
    /// each with the numbers its phones normalized to (`numbers[i]` for the i-th contact; the
    /// ids are distinct), replacing contacts of the same ids; `budgetAdded` new numbers count
    /// against the owner's budget of UTC day `budgetDay`.
    case uploadContacts(
        ownerId: String, contacts: EncodedContacts, numbers: [[UInt64]], budgetDay: Int64, budgetAdded: Int)
    /// Every contact `ownerId` uploaded goes (budget use and recent searches stay).
    case deleteAllContacts(ownerId: String)
    /// `followerId` follows `followeeId` since `since` (ms); the engine decides this only
    /// for a follow that does not exist yet.
    case follow(followerId: String, followeeId: String, since: Int64)
    /// `followerId` no longer follows `followeeId`.
    case unfollow(followerId: String, followeeId: String)
    /// A new event (its id is not taken).
    case createEvent(EventRecord)
    /// The event `eventId` of `creatorId` goes.
    case deleteEvent(eventId: String, creatorId: String)
}

/// A committed change and its position: positions grow in commit order, one per change.
package struct PositionedChange: Hashable, Sendable {
    /// The change's position.
    package var position: Int64
    /// The change.
    package var change: StoreChange

    /// Pairs `change` with its `position`.
    package init(position: Int64, change: StoreChange) {
        self.position = position
        self.change = change
    }
}
