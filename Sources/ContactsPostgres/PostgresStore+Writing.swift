import ContactsModel
import ContactsStore
import PostgreSQLClient

extension PostgresStore: TransactionalStore {
    /// Runs `body` in one transaction with the typed writes of ``StoreWriting`` (each runs its
    /// statements at once, one pipeline per call): committed when `body` returns, rolled back
    /// when it throws. Recent searches waiting to be written are written first, in the same
    /// transaction. The change position does not move.
    package func withTransaction<R>(_ body: (any StoreWriting) throws -> R) throws -> R {
        try withSession { session in
            let searches = pendingSearches.take()
            do {
                let result = try session.transaction { () throws -> R in
                    var plan = PostgresWritePlan(location: location)
                    plan.addSearches(searches)
                    try session.run(plan)
                    return try body(PostgresWriting(session: session))
                }
                pendingSearches.written(searches)
                return result
            } catch {
                pendingSearches.requeue(searches, for: self)
                throw error
            }
        }
    }
}

/// ``StoreWriting`` inside a ``PostgresStore/withTransaction(_:)``: each call plans its
/// statements (``PostgresWritePlan``), runs them as one pipeline and reads the answer.
struct PostgresWriting: StoreWriting {
    let session: PostgresSession

    private func plan() -> PostgresWritePlan {
        PostgresWritePlan(location: session.location)
    }

    /// Runs a plan and returns the affected rows of its step `index`.
    private func affectedRows(_ plan: PostgresWritePlan, step index: Int) throws(StoreError) -> Int {
        try session.run(plan)[index].affectedRows
    }

    func apply(_ change: StoreChange) throws(StoreError) {
        var plan = plan()
        try plan.add(change)
        try session.run(plan)
    }

    func registerUser(userId: String, e164: UInt64, displayName: String) throws(StoreError) {
        var plan = plan()
        try plan.registerUser(userId: userId, e164: e164, displayName: displayName)
        try session.run(plan)
    }

    func deleteUser(userId: String) throws(StoreError) -> Bool {
        var plan = plan()
        let step = plan.deleteUser(userId: userId)
        return try affectedRows(plan, step: step) == 1
    }

    func upsertContacts(ownerId: String, _ contacts: [(contact: Contact, phones: [UInt64])]) throws(StoreError) {
        var plan = plan()
        try plan.upsertContacts(ownerId: ownerId, contacts)
        try session.run(plan)
    }

    func deleteAllContacts(ownerId: String) throws(StoreError) -> Int {
        var plan = plan()
        let step = plan.deleteAllContacts(ownerId: ownerId)
        return try affectedRows(plan, step: step)
    }

    func budgetUsage(userId: String, day: Int64) throws(StoreError) -> Int {
        var plan = plan()
        let step = plan.budgetUsage(userId: userId, day: day)
        let result = try session.run(plan)[step]
        guard result.rowCount > 0 else { return 0 }
        return Int(try session.decode { try result.int64(row: 0, column: 0) })
    }

    func addBudgetUsage(userId: String, day: Int64, count: Int) throws(StoreError) {
        var plan = plan()
        try plan.addBudgetUsage(userId: userId, day: day, count: count)
        try session.run(plan)
    }

    func follow(followerId: String, followeeId: String, since: Int64) throws(StoreError) -> Bool {
        var plan = plan()
        let step = try plan.follow(followerId: followerId, followeeId: followeeId, since: since)
        return try affectedRows(plan, step: step) == 1
    }

    func unfollow(followerId: String, followeeId: String) throws(StoreError) -> Bool {
        var plan = plan()
        let step = try plan.unfollow(followerId: followerId, followeeId: followeeId)
        return try affectedRows(plan, step: step) == 1
    }

    func createEvent(_ event: EventRecord) throws(StoreError) {
        var plan = plan()
        plan.createEvent(event)
        try session.run(plan)
    }

    func deleteEvent(eventId: String, creatorId: String) throws(StoreError) -> Bool {
        var plan = plan()
        let step = plan.deleteEvent(eventId: eventId, creatorId: creatorId)
        return try affectedRows(plan, step: step) == 1
    }
}
