/// Everything a store holds, as plain values, with users named by user id: what
/// ``ContactStore/loadSnapshot()`` returns. Built through ``StoreLoader`` like any
/// engine rebuild, so it sees exactly what a loader sees.
public struct StoreSnapshot: Equatable, Sendable, StoreLoader {
    /// A follow: `followerId` follows `followeeId` since `since` (ms).
    public struct Follow: Hashable, Sendable {
        /// Who follows.
        public var followerId: String
        /// Who is followed.
        public var followeeId: String
        /// Since when (ms).
        public var since: Int64

        /// Makes a follow.
        public init(followerId: String, followeeId: String, since: Int64) {
            self.followerId = followerId
            self.followeeId = followeeId
            self.since = since
        }
    }

    /// An uploaded contact and its phone numbers normalized at upload.
    public struct UploadedContact: Hashable, Sendable {
        /// The contact (its `ownerId` is the uploader).
        public var contact: Contact
        /// The normalized numbers, as uploaded.
        public var phones: [UInt64]

        /// Makes an uploaded contact.
        public init(contact: Contact, phones: [UInt64]) {
            self.contact = contact
            self.phones = phones
        }
    }

    /// Upload budget used by `userId` on UTC day `day`.
    public struct BudgetUsage: Hashable, Sendable {
        /// The user id (possibly no longer registered).
        public var userId: String
        /// The UTC day (ms since the epoch div 86,400,000).
        public var day: Int64
        /// New numbers used that day.
        public var used: Int

        /// Makes a usage record.
        public init(userId: String, day: Int64, used: Int) {
            self.userId = userId
            self.day = day
            self.used = used
        }
    }

    /// A row named a user key that no ``loadUser(_:)`` delivered (the store itself rules
    /// this out; a hand-made caller might not).
    public struct UnknownUserKey: Error, Sendable {
        /// The key.
        public let key: StoreUserKey
    }

    /// Users by key.
    public var users: [StoredUser] = []
    /// Follows by follower key, then followee key.
    public var follows: [Follow] = []
    /// Contacts by owner key, then contact id bytes.
    public var contacts: [UploadedContact] = []
    /// Events by event id bytes.
    public var events: [StoredEvent] = []
    /// Recent queries by user id, most recent first.
    public var recentSearches: [String: [String]] = [:]
    /// Budget usage by user id bytes, then day.
    public var budgetUsage: [BudgetUsage] = []
    private var userIds: [StoreUserKey: String] = [:]

    /// An empty snapshot.
    public init() {}

    /// Appends `user`.
    public mutating func loadUser(_ user: StoredUser) throws {
        users.append(user)
        userIds[user.key] = user.userId
    }

    /// Appends the follow, named by user ids.
    public mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws {
        follows.append(Follow(followerId: try userId(follower), followeeId: try userId(followee), since: since))
    }

    /// Appends the contact.
    public mutating func loadContact(owner: StoreUserKey, contact: Contact, phones: [UInt64]) throws {
        contacts.append(UploadedContact(contact: contact, phones: phones))
    }

    /// Appends the event.
    public mutating func loadEvent(_ event: StoredEvent, creator: StoreUserKey) throws {
        events.append(event)
    }

    /// Sets the user's recent queries.
    public mutating func loadRecentSearches(user: StoreUserKey, queries: [String]) throws {
        recentSearches[try userId(user)] = queries
    }

    /// Appends the usage record.
    public mutating func loadBudgetUsage(userId: String, day: Int64, used: Int) throws {
        budgetUsage.append(BudgetUsage(userId: userId, day: day, used: used))
    }

    private func userId(_ key: StoreUserKey) throws -> String {
        guard let userId = userIds[key] else { throw UnknownUserKey(key: key) }
        return userId
    }
}
