import ContactsModel

/// The typed writes of one transaction, the same on every backend: one method per mutation
/// of PROTOCOL §5, below the level of a ``StoreChange`` (no position is advanced). Tools and
/// the store tests write through it; the engine writes whole changes with
/// ``Store/writeChanges(after:catchUp:decide:)``.
///
/// A value exists only inside the body of ``TransactionalStore/withTransaction(_:)`` and
/// must not be used after the body returns. The store enforces its own invariants — a
/// registered user for every row that names one, unique phones and event ids — and throws a
/// ``StoreError`` when one would break; the whole transaction is then rolled back.
package protocol StoreWriting {
    /// Writes `change` (see ``StoreChange``), without advancing the position.
    func apply(_ change: StoreChange) throws(StoreError)

    /// Registers `userId` with phone `e164` and `displayName`, or, when the user exists,
    /// replaces their phone and display name (keeping their follows, contacts, events and
    /// searches). The user's previous phone is free again at once.
    ///
    /// - Throws: ``StoreError/constraint(path:detail:)`` when another user holds `e164`;
    ///   ``StoreError/invalidArgument(path:detail:)`` when `e164` is 0 or above the store's
    ///   largest number.
    func registerUser(userId: String, e164: UInt64, displayName: String) throws(StoreError)

    /// Deletes `userId`: the user, their follows both ways, their contacts, their events
    /// and their recent searches. Their upload budget usage stays (PROTOCOL §6).
    ///
    /// - Returns: `false` when no such user is registered (nothing changed).
    func deleteUser(userId: String) throws(StoreError) -> Bool

    /// Stores `contacts` in the book of `ownerId`, each with its normalized phone numbers. A
    /// contact whose id the owner already has replaces it; a repeated id within `contacts`
    /// keeps the last. Each contact's own `ownerId` member is ignored.
    ///
    /// - Throws: ``StoreError/unknownUser(path:userId:)`` when `ownerId` is not registered,
    ///   ``StoreError/invalidArgument(path:detail:)`` for an empty contact id.
    func upsertContacts(ownerId: String, _ contacts: [(contact: Contact, phones: [UInt64])]) throws(StoreError)

    /// Deletes every contact `ownerId` uploaded. Budget usage and recent searches stay.
    ///
    /// - Returns: how many contacts were deleted (0 for an unknown user).
    func deleteAllContacts(ownerId: String) throws(StoreError) -> Int

    /// How many new numbers `userId` has used of its upload budget on UTC day `day` (0 when
    /// none), for deleted and never-registered user ids too.
    func budgetUsage(userId: String, day: Int64) throws(StoreError) -> Int

    /// Adds `count` to what `userId` has used of its upload budget on UTC day `day`.
    ///
    /// - Throws: ``StoreError/invalidArgument(path:detail:)`` for a negative `count`.
    func addBudgetUsage(userId: String, day: Int64, count: Int) throws(StoreError)

    /// Makes `followerId` follow `followeeId` since `since` (ms).
    ///
    /// - Returns: `true` when the follow is new; `false` when it already existed (its
    ///   `since` is kept).
    /// - Throws: ``StoreError/unknownUser(path:userId:)`` for an unregistered user,
    ///   ``StoreError/invalidArgument(path:detail:)`` for a self-follow.
    func follow(followerId: String, followeeId: String, since: Int64) throws(StoreError) -> Bool

    /// Ends the follow of `followerId` → `followeeId`.
    ///
    /// - Returns: `false` when there was no such follow.
    /// - Throws: as ``follow(followerId:followeeId:since:)``.
    func unfollow(followerId: String, followeeId: String) throws(StoreError) -> Bool

    /// Stores a new event.
    ///
    /// - Throws: ``StoreError/constraint(path:detail:)`` when the event id is taken (by
    ///   anyone); ``StoreError/unknownUser(path:userId:)`` for an unregistered creator.
    func createEvent(_ event: EventRecord) throws(StoreError)

    /// Deletes event `eventId` when `creatorId` created it.
    ///
    /// - Returns: `false` when there is no such event or another user created it.
    func deleteEvent(eventId: String, creatorId: String) throws(StoreError) -> Bool
}

/// A ``Store`` that also offers typed transactions and control over its write-behind
/// searches: what tools and the store's tests use, on either backend.
package protocol TransactionalStore: Store {
    /// Runs `body` in one transaction: committed when `body` returns, rolled back (nothing
    /// of it kept) when `body` or the commit throws; the error is rethrown. Recent searches
    /// waiting to be written are written in the same transaction, before `body` runs.
    ///
    /// - Throws: what `body` throws, or a ``StoreError``.
    func withTransaction<R>(_ body: (any StoreWriting) throws -> R) throws -> R

    /// Writes the recorded searches now, in their own transaction.
    ///
    /// - Throws: ``StoreError``; the searches then stay pending for the next attempt.
    func flushSearches() throws(StoreError)

    /// How many recorded searches are not yet written.
    var pendingSearchCount: Int { get }
}
