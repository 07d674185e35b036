/// Rebuilds an ``EngineState`` from a store's rows: users first (dense indexes in load
/// order), then follows, contacts, events, searches and budget use, collected into bulk
/// builds of the graph, the phone table and the upload index.
struct EngineLoader: StoreLoader {
    private var state: EngineState
    private let phoneKeySeed: UInt64
    private var indexOfKey: [StoreUserKey: UInt32] = [:]
    private var userIDs: [String] = []
    private var registeredNumbers: [UInt64] = []
    private var registeredUsers: [UInt32] = []
    private var edges: [FollowEdge] = []
    private var uploadOwners: [UInt32] = []
    private var uploadContacts: [UInt32] = []
    private var uploadNumbers: [UInt64] = []
    private var searches: [UInt32: [String]] = [:]
    private var pendingOwner: UInt32?
    private var pendingContacts: [(contact: Contact, numbers: [UInt64])] = []

    init(phoneKeySeed: UInt64) {
        self.phoneKeySeed = phoneKeySeed
        state = EngineState(phoneKeySeed: phoneKeySeed)
    }

    private func index(of key: StoreUserKey) throws -> UInt32 {
        guard let index = indexOfKey[key] else {
            throw LoadError("a row names user key \(key), which is not registered")
        }
        return index
    }

    mutating func loadUser(_ user: StoredUser) throws {
        let index = UInt32(state.users.count)
        state.users.append(UserRecord(userId: user.userId, e164: user.e164, displayName: user.displayName))
        state.userIndex[ExactString(user.userId)] = index
        indexOfKey[user.key] = index
        userIDs.append(user.userId)
        registeredNumbers.append(user.e164)
        registeredUsers.append(index)
    }

    mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws {
        edges.append(FollowEdge(follower: try index(of: follower), followee: try index(of: followee), since: since))
    }

    mutating func loadContact(owner: StoreUserKey, contact: Contact, phones: [UInt64]) throws {
        let owner = try index(of: owner)
        // The store yields each owner's contacts together: a book is put as one batch.
        if pendingOwner != owner { flushPendingContacts() }
        pendingOwner = owner
        pendingContacts.append((contact, phones))
    }

    private mutating func flushPendingContacts() {
        guard let owner = pendingOwner, !pendingContacts.isEmpty else { return }
        let slots = state.books[owner, default: AddressBook()].put(pendingContacts)
        for (slot, pending) in zip(slots, pendingContacts) {
            for number in Set(pending.numbers) {
                uploadOwners.append(owner)
                uploadContacts.append(slot)
                uploadNumbers.append(number)
            }
        }
        pendingContacts.removeAll(keepingCapacity: true)
    }

    mutating func loadEvent(_ event: StoredEvent, creator: StoreUserKey) throws {
        _ = try state.events.create(
            Event(
                eventId: event.eventId, creator: try index(of: creator), title: event.title,
                description: event.description, location: event.location, startTime: event.startTime,
                createdAt: event.createdAt))
    }

    mutating func loadRecentSearches(user: StoreUserKey, queries: [String]) throws {
        searches[try index(of: user)] = queries
    }

    mutating func loadBudgetUsage(userId: String, day: Int64, used: Int) throws {
        let key = ExactString(userId)
        if let known = state.budget[key], known.day > day { return }
        state.budget[key] = BudgetDay(day: day, used: used)
    }

    /// The rebuilt state and the recent searches by user.
    consuming func finish() throws -> (EngineState, [UInt32: [String]]) {
        flushPendingContacts()
        state.graph = try FollowGraph(userIDs: userIDs, edges: edges)
        state.phoneOwners = try HashedPhoneTable(numbers: registeredNumbers, users: registeredUsers, seed: phoneKeySeed)
        state.uploads = try UploadIndex(
            owners: uploadOwners, contacts: uploadContacts, numbers: uploadNumbers, seed: phoneKeySeed)
        state.directory = ContactSearchIndex(
            state.users.compactMap { $0.map { Contact(id: $0.userId, displayName: $0.displayName) } })
        return (state, searches)
    }
}

/// A store whose rows do not fit together (a follow of an unknown user, say).
struct LoadError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
