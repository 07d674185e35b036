import ContactsModel
import ContactsStore
import ContactsSupport
import PostgreSQLClient

/// The statements of one or more writes, sent as one pipeline inside a transaction
/// (``PostgresSession/run(_:)``): the SQL of every mutation is here, once, for the engine's
/// changes and the typed writes of ``StoreWriting`` alike.
///
/// Arguments are checked before anything is planned (a phone out of range, a self-follow, an
/// empty contact id); the store's invariants are checked by the server in statement order
/// (`contacts_require_user`, the directories' primary keys), and the whole transaction is
/// rolled back on the first failure.
struct PostgresWritePlan {
    /// One statement, how to name its failure, and what to check of its result.
    struct Step {
        var query: PostgresQuery
        /// The ``StoreError`` for a server error of this statement (nil: the generic one).
        var failure: (PostgresError) -> StoreError? = { _ in nil }
        /// Checks the statement's result (a throw rolls the transaction back).
        var check: (PostgresResult) throws(StoreError) -> Void = { _ in }
    }

    let location: String
    private(set) var steps: [Step] = []

    init(location: String) {
        self.location = location
    }

    /// The index the next step will have (to find its result).
    var nextIndex: Int { steps.count }

    /// Adds the statements of `change`.
    mutating func add(_ change: StoreChange) throws(StoreError) {
        switch change {
        case .registerUser(let userId, let e164, let displayName):
            try registerUser(userId: userId, e164: e164, displayName: displayName)
        case .deleteUser(let userId):
            _ = deleteUser(userId: userId)
        case .uploadContacts(let ownerId, let contacts, let numbers, let day, let added):
            try upsertContacts(ownerId: ownerId, contacts, phones: numbers)
            try addBudgetUsage(userId: ownerId, day: day, count: added)
        case .deleteAllContacts(let ownerId):
            _ = deleteAllContacts(ownerId: ownerId)
        case .follow(let followerId, let followeeId, let since):
            _ = try follow(followerId: followerId, followeeId: followeeId, since: since)
        case .unfollow(let followerId, let followeeId):
            _ = try unfollow(followerId: followerId, followeeId: followeeId)
        case .createEvent(let event):
            createEvent(event)
        case .deleteEvent(let eventId, let creatorId):
            _ = deleteEvent(eventId: eventId, creatorId: creatorId)
        }
    }

    /// Sets the change position to `position`.
    mutating func setPosition(_ position: Int64) {
        steps.append(Step(query: .prepared(PostgresStatements.setPosition, [.int64(position)])))
    }

    /// Adds a statement whose result needs no check (the change log's, see `PostgresChangeLog`).
    mutating func addStatement(_ query: PostgresQuery) {
        steps.append(Step(query: query))
    }

    // MARK: Users

    /// Frees the user's old phone, claims `e164` (a `constraint` error when another user
    /// holds it), and upserts the user.
    mutating func registerUser(userId: String, e164: UInt64, displayName: String) throws(StoreError) {
        guard (1...PostgresStore.maximumE164).contains(e164) else {
            throw StoreError.invalidArgument(path: location, detail: "phone \(e164) is not an E.164 number")
        }
        let phone = PostgresValue.int64(Int64(bitPattern: e164))
        let location = location
        steps.append(Step(query: .prepared(PostgresStatements.freeOldPhone, [.text(userId)])))
        steps.append(
            Step(
                query: .prepared(PostgresStatements.claimPhone, [.text(userId), phone]),
                failure: { error in
                    error.sqlState == .uniqueViolation
                        ? .constraint(path: location, detail: "phone +\(e164) is held by another user") : nil
                }))
        steps.append(
            Step(query: .prepared(PostgresStatements.upsertUser, [.text(userId), phone, Self.textBytes(displayName)])))
    }

    /// Deletes the user and everything of theirs but the budget use; returns the index of
    /// the step whose affected rows say whether the user was registered.
    mutating func deleteUser(userId: String) -> Int {
        let id = PostgresValue.text(userId)
        for statement in [
            PostgresStatements.deleteFollowsOf, PostgresStatements.deleteFollowersOf,
            PostgresStatements.deleteContactsOf, PostgresStatements.freeEventIdsOf, PostgresStatements.deleteEventsOf,
            PostgresStatements.deleteSearchesOf, PostgresStatements.freeOldPhone,
        ] {
            steps.append(Step(query: .prepared(statement, [id])))
        }
        steps.append(Step(query: .prepared(PostgresStatements.deleteUser, [id])))
        return steps.count - 1
    }

    // MARK: Contacts and budget

    /// Upserts the contacts into `ownerId`'s book (the last of a repeated id wins) after
    /// checking the owner is registered.
    mutating func upsertContacts(ownerId: String, _ contacts: [(contact: Contact, phones: [UInt64])])
        throws(StoreError)
    {
        try upsertContacts(ownerId: ownerId, EncodedContacts(contacts.map(\.contact)), phones: contacts.map(\.phones))
    }

    /// ``upsertContacts(ownerId:_:)`` of contacts already encoded, `phones[i]` for the i-th
    /// one: each body is stored as `batch` encoded it.
    mutating func upsertContacts(ownerId: String, _ batch: EncodedContacts, phones: [[UInt64]]) throws(StoreError) {
        guard phones.count == batch.count else {
            throw StoreError.invalidArgument(
                path: location, detail: "\(phones.count) lists of phones for \(batch.count) contacts")
        }
        // The last of each id, in first-seen order: one statement cannot upsert a key twice.
        var slot: [ExactString: Int] = [:]
        var kept: [Int] = []
        kept.reserveCapacity(batch.count)
        for index in 0..<batch.count {
            let id = batch.contacts[index].id
            guard !id.isEmpty else {
                throw StoreError.invalidArgument(path: location, detail: "a contact with an empty id")
            }
            if let position = slot[ExactString(id)] {
                kept[position] = index
            } else {
                slot[ExactString(id)] = kept.count
                kept.append(index)
            }
        }
        steps.append(Step(query: .prepared(PostgresStatements.requireUser, [.text(ownerId)])))
        var phoneBytes = BinaryWriter()
        var start = 0
        while start < kept.count {
            let count = min(PostgresStatements.contactsPerStatement, kept.count - start)
            var values: [PostgresValue] = [.text(ownerId)]
            values.reserveCapacity(1 + 3 * count)
            for index in kept[start..<start + count] {
                phoneBytes.removeAll()
                ContactCodec.writePhones(phones[index], to: &phoneBytes)
                let body = batch.withBody(at: index) { [UInt8]($0) }
                values += [.text(batch.contacts[index].id), .bytes(body), .bytes(phoneBytes.bytes)]
            }
            let statement =
                count == PostgresStatements.contactsPerStatement
                ? PostgresStatements.upsertFullChunk : PostgresStatements.upsertContacts(rows: count)
            // A partial chunk's SQL differs by size: parsed for this run only.
            steps.append(
                Step(
                    query: count == PostgresStatements.contactsPerStatement
                        ? .prepared(statement, values) : .sql(statement.sql, values)))
            start += count
        }
    }

    /// Deletes every contact of `ownerId`; returns the index of the step whose affected rows
    /// count them.
    mutating func deleteAllContacts(ownerId: String) -> Int {
        steps.append(Step(query: .prepared(PostgresStatements.deleteContactsOf, [.text(ownerId)])))
        return steps.count - 1
    }

    /// Adds `count` to what `userId` used on `day`.
    mutating func addBudgetUsage(userId: String, day: Int64, count: Int) throws(StoreError) {
        guard count >= 0 else {
            throw StoreError.invalidArgument(path: location, detail: "negative budget usage \(count)")
        }
        guard count > 0 else { return }
        steps.append(
            Step(
                query: .prepared(PostgresStatements.addBudgetUsage, [.text(userId), .int64(day), .int64(Int64(count))]))
        )
    }

    /// Reads what `userId` used on `day`; returns the step's index.
    mutating func budgetUsage(userId: String, day: Int64) -> Int {
        steps.append(Step(query: .prepared(PostgresStatements.budgetUsage, [.text(userId), .int64(day)])))
        return steps.count - 1
    }

    // MARK: Follows

    /// The follow, after checking both users; returns the index of the step whose affected
    /// rows say whether it is new.
    mutating func follow(followerId: String, followeeId: String, since: Int64) throws(StoreError) -> Int {
        try requireFollowUsers(followerId, followeeId)
        steps.append(
            Step(query: .prepared(PostgresStatements.follow, [.text(followerId), .text(followeeId), .int64(since)])))
        return steps.count - 1
    }

    /// The unfollow, after checking both users; returns the index of the step whose affected
    /// rows say whether there was a follow.
    mutating func unfollow(followerId: String, followeeId: String) throws(StoreError) -> Int {
        try requireFollowUsers(followerId, followeeId)
        steps.append(Step(query: .prepared(PostgresStatements.unfollow, [.text(followerId), .text(followeeId)])))
        return steps.count - 1
    }

    private mutating func requireFollowUsers(_ followerId: String, _ followeeId: String) throws(StoreError) {
        guard !followerId.utf8Equals(followeeId) else {
            throw StoreError.invalidArgument(path: location, detail: "\(followerId.debugDescription) following itself")
        }
        steps.append(Step(query: .prepared(PostgresStatements.requireUser, [.text(followerId)])))
        steps.append(Step(query: .prepared(PostgresStatements.requireUser, [.text(followeeId)])))
    }

    // MARK: Events

    /// Checks the creator, claims the event id (a `constraint` error when taken) and stores
    /// the event.
    mutating func createEvent(_ event: EventRecord) {
        let location = location
        steps.append(Step(query: .prepared(PostgresStatements.requireUser, [.text(event.creatorId)])))
        steps.append(
            Step(
                query: .prepared(PostgresStatements.claimEventId, [.text(event.eventId), .text(event.creatorId)]),
                failure: { error in
                    error.sqlState == .uniqueViolation
                        ? .constraint(path: location, detail: "event id \(event.eventId.debugDescription) is taken")
                        : nil
                }))
        steps.append(
            Step(
                query: .prepared(
                    PostgresStatements.insertEvent,
                    [
                        .text(event.creatorId), .text(event.eventId), Self.textBytes(event.title),
                        event.description.map(Self.textBytes) ?? .null, event.location.map(Self.textBytes) ?? .null,
                        event.startTime.map(PostgresValue.int64) ?? .null, .int64(event.createdAt),
                    ])))
    }

    /// Deletes the event when `creatorId` holds it; returns the index of the step whose
    /// affected rows say whether it did.
    mutating func deleteEvent(eventId: String, creatorId: String) -> Int {
        steps.append(Step(query: .prepared(PostgresStatements.freeEventId, [.text(eventId), .text(creatorId)])))
        let index = steps.count - 1
        steps.append(Step(query: .prepared(PostgresStatements.deleteEvent, [.text(creatorId), .text(eventId)])))
        return index
    }

    // MARK: Recent searches

    /// Records `searches` (in order: a later one of the same query moves it to the front)
    /// and trims each user touched to the newest `StoreSchema.recentSearchLimit`, after
    /// taking the change position's lock (so that search orders commit in order, and no
    /// `deleteUser` of another engine commits between the check that the user exists and
    /// the insert), and wakes the engines following the store (``PostgresSearchLog``).
    mutating func addSearches(_ searches: [PendingSearch]) {
        guard !searches.isEmpty else { return }
        steps.append(Step(query: .prepared(PostgresChangeLog.lockPosition)))
        var touched: [String] = []
        var seen: Set<ExactString> = []
        for search in searches {
            steps.append(
                Step(
                    query: .prepared(
                        PostgresStatements.recordSearch, [.text(search.userId), Self.textBytes(search.query)])))
            if seen.insert(ExactString(search.userId)).inserted { touched.append(search.userId) }
        }
        for userId in touched {
            steps.append(
                Step(
                    query: .prepared(
                        PostgresStatements.trimSearches,
                        [.text(userId), .int64(Int64(StoreSchema.recentSearchLimit))])))
        }
        steps.append(
            Step(query: .prepared(PostgresChangeLog.notify, [.text(PostgresSearchLog.notificationPayload)])))
    }

    /// Free text as its UTF-8 bytes (the schema keeps it in `bytea`: `text` cannot hold U+0000).
    static func textBytes(_ text: String) -> PostgresValue {
        .bytes(Array(text.utf8))
    }
}
