import ContactsModel
import ContactsSupport
import PhoneNumbers

/// The typed writes of one ``SQLiteStore/transaction(_:)``: one method per mutation of
/// PROTOCOL §5.
///
/// A transaction value exists only inside the body of ``SQLiteStore/transaction(_:)``
/// (it cannot be copied out of it). The store enforces its own invariants — a registered
/// user for every row that names one, unique phones and event ids — and throws a
/// ``StoreError`` when one would break; the engine validates requests before writing, so
/// these errors mean a bug or a damaged store, and the whole transaction is rolled back.
///
/// Users are named by user id (TEXT, byte for byte); the store finds their
/// ``StoreUserKey`` itself, one primary-key lookup per call.
package struct SQLiteTransaction: ~Copyable {
    let connection: SQLiteConnection

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    private var path: String { connection.path }

    // MARK: Changes

    /// Writes `change` (see ``StoreChange``).
    ///
    /// - Throws: ``StoreError`` when the change breaks one of the store's own rules (the
    ///   engine checks every change before writing it, so this means a bug).
    package func apply(_ change: StoreChange) throws(StoreError) {
        switch change {
        case .registerUser(let userId, let e164, let displayName):
            _ = try registerUser(userId: userId, e164: e164, displayName: displayName)
        case .deleteUser(let userId):
            _ = try deleteUser(userId: userId)
        case .uploadContacts(let ownerId, let contacts, let numbers, let day, let added):
            try upsertContacts(ownerId: ownerId, contacts, phones: numbers)
            try addBudgetUsage(userId: ownerId, day: day, count: added)
        case .deleteAllContacts(let ownerId):
            _ = try deleteAllContacts(ownerId: ownerId)
        case .follow(let followerId, let followeeId, let since):
            _ = try follow(followerId: followerId, followeeId: followeeId, since: since)
        case .unfollow(let followerId, let followeeId):
            _ = try unfollow(followerId: followerId, followeeId: followeeId)
        case .createEvent(let event):
            try createEvent(event)
        case .deleteEvent(let eventId, let creatorId):
            _ = try deleteEvent(eventId: eventId, creatorId: creatorId)
        }
    }

    /// Advances the store's position by one and returns it: the position of the change this
    /// transaction writes.
    func advancePosition() throws(StoreError) -> Int64 {
        try connection.withStatement("UPDATE change_position SET position = position + 1 RETURNING position") {
            (statement) throws(StoreError) in
            guard try statement.step() else {
                throw StoreError.corrupt(path: path, detail: "the change_position row is missing")
            }
            let position = statement.int64(at: 0)
            try statement.run()
            return position
        }
    }

    // MARK: Users

    /// Registers `userId` with phone `e164` and `displayName`, or, when the user exists,
    /// replaces their phone and display name (keeping their key, follows, contacts, events
    /// and searches). The user's previous phone is free again at once.
    ///
    /// - Returns: the user's key.
    /// - Throws: ``StoreError/constraint(path:detail:)`` when another user holds `e164`;
    ///   ``StoreError/invalidArgument(path:detail:)`` when `e164` is not 1 to
    ///   `PhoneNumber.largestE164`.
    package func registerUser(userId: String, e164: UInt64, displayName: String) throws(StoreError)
        -> StoreUserKey
    {
        guard (1...PhoneNumber.largestE164).contains(e164) else {
            throw StoreError.invalidArgument(path: path, detail: "phone \(e164) is not an E.164 number")
        }
        do {
            return try connection.withStatement(
                """
                INSERT INTO users (userId, e164, displayName) VALUES (?1, ?2, ?3)
                ON CONFLICT (userId) DO UPDATE SET e164 = excluded.e164, displayName = excluded.displayName
                RETURNING userKey
                """
            ) { (statement) throws(StoreError) in
                try statement.bind(userId, at: 1)
                try statement.bind(StoreSchema.storedE164(e164), at: 2)
                try statement.bind(displayName, at: 3)
                guard try statement.step() else {
                    throw StoreError.failed(path: path, code: 0, detail: "registering returned no key")
                }
                let key = StoreUserKey(rawValue: statement.int64(at: 0))
                try statement.run()
                return key
            }
        } catch StoreError.constraint {
            throw StoreError.constraint(path: path, detail: "phone +\(e164) is held by another user")
        }
    }

    /// Deletes `userId`: the user, their follows both ways, their contacts, their events
    /// and their recent searches. Their upload budget usage stays (PROTOCOL §6).
    ///
    /// - Returns: `false` when no such user is registered (nothing changed).
    /// - Complexity: O((f + c + e + s) log n) for the user's f follows, c contacts,
    ///   e events and s searches.
    package func deleteUser(userId: String) throws(StoreError) -> Bool {
        guard let key = try Self.userKey(of: userId, on: connection) else { return false }
        for sql in [
            "DELETE FROM follows WHERE followerKey = ?1",
            "DELETE FROM follows WHERE followeeKey = ?1",
            "DELETE FROM contacts WHERE ownerKey = ?1",
            "DELETE FROM events WHERE creatorKey = ?1",
            "DELETE FROM recent_searches WHERE userKey = ?1",
            "DELETE FROM users WHERE userKey = ?1",
        ] {
            try connection.withStatement(sql) { (statement) throws(StoreError) in
                try statement.bind(key, at: 1)
                try statement.run()
            }
        }
        return true
    }

    // MARK: Contacts and upload budget

    /// Stores `contacts` in the book of `ownerId`, each with its normalized phone numbers
    /// (the E.164 numbers that normalized at upload, as integers, in any order). A contact
    /// whose id the owner already has replaces it; a repeated id within `contacts` keeps
    /// the last. Each contact's own `ownerId` member is ignored: the row's owner is
    /// `ownerId`.
    ///
    /// - Throws: ``StoreError/unknownUser(path:userId:)`` when `ownerId` is not registered,
    ///   ``StoreError/invalidArgument(path:detail:)`` for an empty contact id.
    /// - Complexity: O(k log n) for k contacts, plus their encoded size.
    package func upsertContacts(
        ownerId: String, _ contacts: [(contact: Contact, phones: [UInt64])]
    ) throws(StoreError) {
        try upsertContacts(ownerId: ownerId, EncodedContacts(contacts.map(\.contact)), phones: contacts.map(\.phones))
    }

    /// ``upsertContacts(ownerId:_:)`` of contacts already encoded, `phones[i]` for the i-th
    /// one: each body is stored as `batch` encoded it.
    package func upsertContacts(ownerId: String, _ batch: EncodedContacts, phones: [[UInt64]]) throws(StoreError) {
        guard phones.count == batch.count else {
            throw StoreError.invalidArgument(
                path: path, detail: "\(phones.count) lists of phones for \(batch.count) contacts")
        }
        let owner = try requireUserKey(ownerId)
        var phoneBytes = BinaryWriter()
        for (index, numbers) in phones.enumerated() {
            let id = batch.contacts[index].id
            guard !id.isEmpty else {
                throw StoreError.invalidArgument(path: path, detail: "a contact with an empty id")
            }
            phoneBytes.removeAll()
            ContactCodec.writePhones(numbers, to: &phoneBytes)
            try connection.withStatement(
                "INSERT OR REPLACE INTO contacts (ownerKey, contactId, body, phones) VALUES (?1, ?2, ?3, ?4)"
            ) { (statement) throws(StoreError) in
                try statement.bind(owner, at: 1)
                try statement.bind(id, at: 2)
                try batch.withBody(at: index) { (body) throws(StoreError) in try statement.bind(blob: body, at: 3) }
                try statement.bind(blob: phoneBytes.bytes, at: 4)
                try statement.run()
            }
        }
    }

    /// Deletes every contact `ownerId` uploaded. Budget usage and recent searches stay.
    ///
    /// - Returns: how many contacts were deleted (0 for an unknown user).
    package func deleteAllContacts(ownerId: String) throws(StoreError) -> Int {
        guard let owner = try Self.userKey(of: ownerId, on: connection) else { return 0 }
        return try connection.withStatement("DELETE FROM contacts WHERE ownerKey = ?1") {
            (statement) throws(StoreError) in
            try statement.bind(owner, at: 1)
            try statement.run()
            return connection.changes
        }
    }

    /// How many new numbers `userId` has used of its upload budget on UTC day `day`
    /// (0 when none). Works for deleted and never-registered user ids too.
    package func budgetUsage(userId: String, day: Int64) throws(StoreError) -> Int {
        try connection.withStatement("SELECT used FROM upload_budget WHERE userId = ?1 AND day = ?2") {
            (statement) throws(StoreError) in
            try statement.bind(userId, at: 1)
            try statement.bind(day, at: 2)
            return try statement.step() ? Int(statement.int64(at: 0)) : 0
        }
    }

    /// Adds `count` to what `userId` has used of its upload budget on UTC day `day`.
    /// Usage is kept by user id, so it outlives ``deleteUser(userId:)``.
    ///
    /// - Throws: ``StoreError/invalidArgument(path:detail:)`` for a negative `count`.
    package func addBudgetUsage(userId: String, day: Int64, count: Int) throws(StoreError) {
        guard count >= 0 else {
            throw StoreError.invalidArgument(path: path, detail: "negative budget usage \(count)")
        }
        guard count > 0 else { return }
        try connection.withStatement(
            """
            INSERT INTO upload_budget (userId, day, used) VALUES (?1, ?2, ?3)
            ON CONFLICT (userId, day) DO UPDATE SET used = used + excluded.used
            """
        ) { (statement) throws(StoreError) in
            try statement.bind(userId, at: 1)
            try statement.bind(day, at: 2)
            try statement.bind(Int64(count), at: 3)
            try statement.run()
        }
    }

    // MARK: Follows

    /// Makes `followerId` follow `followeeId` since `since` (ms).
    ///
    /// - Returns: `true` when the follow is new; `false` when it already existed (its
    ///   `since` is kept, PROTOCOL §6).
    /// - Throws: ``StoreError/unknownUser(path:userId:)`` for an unregistered user,
    ///   ``StoreError/invalidArgument(path:detail:)`` for a self-follow.
    package func follow(followerId: String, followeeId: String, since: Int64) throws(StoreError) -> Bool {
        let (follower, followee) = try followKeys(followerId, followeeId)
        return try connection.withStatement(
            """
            INSERT INTO follows (followerKey, followeeKey, since) VALUES (?1, ?2, ?3)
            ON CONFLICT (followerKey, followeeKey) DO NOTHING
            """
        ) { (statement) throws(StoreError) in
            try statement.bind(follower, at: 1)
            try statement.bind(followee, at: 2)
            try statement.bind(since, at: 3)
            try statement.run()
            return connection.changes == 1
        }
    }

    /// Ends the follow of `followerId` → `followeeId`.
    ///
    /// - Returns: `false` when there was no such follow.
    /// - Throws: ``StoreError/unknownUser(path:userId:)`` for an unregistered user,
    ///   ``StoreError/invalidArgument(path:detail:)`` for a self-follow.
    package func unfollow(followerId: String, followeeId: String) throws(StoreError) -> Bool {
        let (follower, followee) = try followKeys(followerId, followeeId)
        return try connection.withStatement(
            "DELETE FROM follows WHERE followerKey = ?1 AND followeeKey = ?2"
        ) { (statement) throws(StoreError) in
            try statement.bind(follower, at: 1)
            try statement.bind(followee, at: 2)
            try statement.run()
            return connection.changes == 1
        }
    }

    private func followKeys(_ followerId: String, _ followeeId: String) throws(StoreError) -> (Int64, Int64) {
        guard !followerId.utf8Equals(followeeId) else {
            throw StoreError.invalidArgument(path: path, detail: "\(followerId.debugDescription) following itself")
        }
        return (try requireUserKey(followerId), try requireUserKey(followeeId))
    }

    // MARK: Events

    /// Stores a new event.
    ///
    /// - Throws: ``StoreError/constraint(path:detail:)`` when the event id is taken (by
    ///   anyone: the engine answers the same creator's repeat before writing);
    ///   ``StoreError/unknownUser(path:userId:)`` for an unregistered creator.
    package func createEvent(_ event: EventRecord) throws(StoreError) {
        let creator = try requireUserKey(event.creatorId)
        do {
            try connection.withStatement(
                """
                INSERT INTO events (eventId, creatorKey, title, description, location, startTime, createdAt)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """
            ) { (statement) throws(StoreError) in
                try statement.bind(event.eventId, at: 1)
                try statement.bind(creator, at: 2)
                try statement.bind(event.title, at: 3)
                try statement.bind(event.description, at: 4)
                try statement.bind(event.location, at: 5)
                try statement.bind(event.startTime, at: 6)
                try statement.bind(event.createdAt, at: 7)
                try statement.run()
            }
        } catch StoreError.constraint {
            throw StoreError.constraint(path: path, detail: "event id \(event.eventId.debugDescription) is taken")
        }
    }

    /// Deletes event `eventId` when `creatorId` created it.
    ///
    /// - Returns: `false` when there is no such event or another user created it
    ///   (nothing changed).
    package func deleteEvent(eventId: String, creatorId: String) throws(StoreError) -> Bool {
        guard let creator = try Self.userKey(of: creatorId, on: connection) else { return false }
        return try connection.withStatement("DELETE FROM events WHERE eventId = ?1 AND creatorKey = ?2") {
            (statement) throws(StoreError) in
            try statement.bind(eventId, at: 1)
            try statement.bind(creator, at: 2)
            try statement.run()
            return connection.changes == 1
        }
    }

    // MARK: Keys

    /// The key of registered user `userId`, nil when there is none.
    static func userKey(of userId: String, on connection: SQLiteConnection) throws(StoreError) -> Int64? {
        try connection.withStatement("SELECT userKey FROM users WHERE userId = ?1") {
            (statement) throws(StoreError) in
            try statement.bind(userId, at: 1)
            return try statement.step() ? statement.int64(at: 0) : nil
        }
    }

    private func requireUserKey(_ userId: String) throws(StoreError) -> Int64 {
        guard let key = try Self.userKey(of: userId, on: connection) else {
            throw StoreError.unknownUser(path: path, userId: userId)
        }
        return key
    }
}
