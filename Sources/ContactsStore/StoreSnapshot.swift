import ContactsModel

/// Everything a store holds, as plain values, with users named by user id: what
/// ``SQLiteStore/loadSnapshot()`` returns. Built through ``StoreLoader`` like any
/// engine rebuild, so it sees exactly what a loader sees.
package struct StoreSnapshot: Equatable, Sendable, StoreLoader {
    /// A stored contact row: the whole contact and its phone numbers normalized at upload.
    /// (Matching's `UploadedContact` is what the upload index keeps of one: a handle and
    /// numbers, no contact.)
    package struct StoredContact: Hashable, Sendable {
        /// The contact (its `ownerId` is the uploader).
        package var contact: Contact
        /// The normalized numbers, as uploaded.
        package var phones: [UInt64]

        /// Makes a stored contact.
        package init(contact: Contact, phones: [UInt64]) {
            self.contact = contact
            self.phones = phones
        }
    }

    /// Upload budget used by `userId` on UTC day `day`.
    package struct BudgetUsage: Hashable, Sendable {
        /// The user id (possibly no longer registered).
        package var userId: String
        /// The UTC day (ms since the epoch div 86,400,000).
        package var day: Int64
        /// New numbers used that day.
        package var used: Int

        /// Makes a usage record.
        package init(userId: String, day: Int64, used: Int) {
            self.userId = userId
            self.day = day
            self.used = used
        }
    }

    /// A row named a user key that no ``loadUser(_:)`` delivered (the store itself rules
    /// this out; a hand-made caller might not).
    struct UnknownUserKey: Error, Sendable {
        /// The key.
        let key: StoreUserKey
    }

    /// Users by key.
    package var users: [StoredUser] = []
    /// Follows by follower key, then followee key.
    package var follows: [FollowRecord] = []
    /// Contacts by owner key, then contact id bytes.
    package var contacts: [StoredContact] = []
    /// Events by event id bytes.
    package var events: [EventRecord] = []
    /// Recent queries by user id, most recent first.
    package var recentSearches: [String: [String]] = [:]
    /// Budget usage by user id bytes, then day.
    package var budgetUsage: [BudgetUsage] = []
    private var userIds: [StoreUserKey: String] = [:]

    /// An empty snapshot.
    package init() {}

    /// Appends `user`.
    package mutating func loadUser(_ user: StoredUser) throws {
        users.append(user)
        userIds[user.key] = user.userId
    }

    /// Appends the follow, named by user ids.
    package mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws {
        follows.append(FollowRecord(followerId: try userId(follower), followeeId: try userId(followee), since: since))
    }

    /// Appends the contact.
    package mutating func loadContact(owner: StoreUserKey, contact: Contact, phones: [UInt64]) throws {
        contacts.append(StoredContact(contact: contact, phones: phones))
    }

    /// Appends the event.
    package mutating func loadEvent(_ event: EventRecord, creator: StoreUserKey) throws {
        events.append(event)
    }

    /// Sets the user's recent queries.
    package mutating func loadRecentSearches(user: StoreUserKey, queries: [String]) throws {
        recentSearches[try userId(user)] = queries
    }

    /// Appends the usage record.
    package mutating func loadBudgetUsage(userId: String, day: Int64, used: Int) throws {
        budgetUsage.append(BudgetUsage(userId: userId, day: day, used: used))
    }

    private func userId(_ key: StoreUserKey) throws -> String {
        guard let userId = userIds[key] else { throw UnknownUserKey(key: key) }
        return userId
    }
}
