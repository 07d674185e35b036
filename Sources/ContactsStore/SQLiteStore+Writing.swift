import ContactsModel

extension SQLiteStore: TransactionalStore {
    /// ``transaction(_:)`` with the backend-neutral ``StoreWriting`` face.
    package func withTransaction<R>(_ body: (any StoreWriting) throws -> R) throws -> R {
        try transaction { transaction in
            try body(SQLiteWriting(connection: transaction.connection))
        }
    }
}

/// ``StoreWriting`` over an open SQLite transaction: each call runs the same method of
/// ``SQLiteTransaction``.
struct SQLiteWriting: StoreWriting {
    let connection: SQLiteConnection

    // Each method binds its (noncopyable) transaction to a local: a computed property that
    // returns one makes Swift 6.3.1's optimizer abort in release builds (`forwardToInit`,
    // while inlining into the protocol witness).

    func apply(_ change: StoreChange) throws(StoreError) {
        let transaction = SQLiteTransaction(connection: connection)
        try transaction.apply(change)
    }

    func registerUser(userId: String, e164: UInt64, displayName: String) throws(StoreError) {
        let transaction = SQLiteTransaction(connection: connection)
        _ = try transaction.registerUser(userId: userId, e164: e164, displayName: displayName)
    }

    func deleteUser(userId: String) throws(StoreError) -> Bool {
        let transaction = SQLiteTransaction(connection: connection)
        return try transaction.deleteUser(userId: userId)
    }

    func upsertContacts(ownerId: String, _ contacts: [(contact: Contact, phones: [UInt64])]) throws(StoreError) {
        let transaction = SQLiteTransaction(connection: connection)
        try transaction.upsertContacts(ownerId: ownerId, contacts)
    }

    func deleteAllContacts(ownerId: String) throws(StoreError) -> Int {
        let transaction = SQLiteTransaction(connection: connection)
        return try transaction.deleteAllContacts(ownerId: ownerId)
    }

    func budgetUsage(userId: String, day: Int64) throws(StoreError) -> Int {
        let transaction = SQLiteTransaction(connection: connection)
        return try transaction.budgetUsage(userId: userId, day: day)
    }

    func addBudgetUsage(userId: String, day: Int64, count: Int) throws(StoreError) {
        let transaction = SQLiteTransaction(connection: connection)
        try transaction.addBudgetUsage(userId: userId, day: day, count: count)
    }

    func follow(followerId: String, followeeId: String, since: Int64) throws(StoreError) -> Bool {
        let transaction = SQLiteTransaction(connection: connection)
        return try transaction.follow(followerId: followerId, followeeId: followeeId, since: since)
    }

    func unfollow(followerId: String, followeeId: String) throws(StoreError) -> Bool {
        let transaction = SQLiteTransaction(connection: connection)
        return try transaction.unfollow(followerId: followerId, followeeId: followeeId)
    }

    func createEvent(_ event: EventRecord) throws(StoreError) {
        let transaction = SQLiteTransaction(connection: connection)
        try transaction.createEvent(event)
    }

    func deleteEvent(eventId: String, creatorId: String) throws(StoreError) -> Bool {
        let transaction = SQLiteTransaction(connection: connection)
        return try transaction.deleteEvent(eventId: eventId, creatorId: creatorId)
    }
}
