import Dispatch

/// Rebuilds an ``EngineState`` from a store's rows: users first (dense indexes in load
/// order), then follows, contacts, events, searches and budget use, collected into bulk
/// builds of the graph, the phone table and the upload index.
///
/// The search indexes — the bulk of an open — are built on background threads while the
/// store is still being read: the user directory as soon as the users are in, each address
/// book as soon as its last contact is (the store yields a book's contacts together).
/// ``finish()`` builds the graph and the phone table meanwhile, then waits for them.
struct EngineLoader: StoreLoader {
    private var state: EngineState
    private let phoneKeySeed: UInt64
    private var indexOfKey: [StoreUserKey: UInt32] = [:]
    private var userIDs: [String] = []
    private var registeredNumbers: [UInt64] = []
    private var registeredUsers: [UInt32] = []
    private var edges: [FollowEdge] = []
    private var searches: [UInt32: [String]] = [:]
    private var pendingOwner: UInt32?
    private var pendingContacts: [(contact: Contact, numbers: [UInt64])] = []
    private var directoryStarted = false
    /// The owners whose books went to the background.
    private var ownersStarted = Set<UInt32>()
    /// What the background builds hand back, and the group that waits for them.
    private let built = ReadWriteLocked(BackgroundBuilds())
    private let builds = DispatchGroup()

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
        startDirectory()
        edges.append(FollowEdge(follower: try index(of: follower), followee: try index(of: followee), since: since))
    }

    mutating func loadContact(owner: StoreUserKey, contact: Contact, phones: [UInt64]) throws {
        startDirectory()
        let key = owner
        let owner = try index(of: key)
        // The store yields each owner's contacts together: a book is put as one batch.
        if pendingOwner != owner {
            flushPendingContacts()
            guard !ownersStarted.contains(owner) else {
                throw LoadError("the contacts of user key \(key) do not come together")
            }
        }
        pendingOwner = owner
        pendingContacts.append((contact, phones))
    }

    /// Builds the pending book on a background thread.
    private mutating func flushPendingContacts() {
        guard let owner = pendingOwner, !pendingContacts.isEmpty else { return }
        let batch = pendingContacts
        pendingContacts = []
        ownersStarted.insert(owner)
        let built = built
        DispatchQueue.global().async(group: builds) {
            var book = AddressBook()
            let slots = book.put(batch)
            built.write {
                $0.books.append(BuiltBook(owner: owner, book: book, slots: slots, batch: batch))
            }
        }
    }

    /// Builds the user directory on a background thread, once, when the users are all in.
    private mutating func startDirectory() {
        guard !directoryStarted else { return }
        directoryStarted = true
        let users = state.users
        let built = built
        DispatchQueue.global().async(group: builds) {
            let directory = ContactSearchIndex(
                users.compactMap { $0.map { Contact(id: $0.userId, displayName: $0.displayName) } })
            built.write { $0.directory = directory }
        }
    }

    mutating func loadEvent(_ event: StoredEvent, creator: StoreUserKey) throws {
        startDirectory()
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
        startDirectory()
        flushPendingContacts()
        state.graph = try FollowGraph(userIDs: userIDs, edges: edges)
        state.phoneOwners = try HashedPhoneTable(numbers: registeredNumbers, users: registeredUsers, seed: phoneKeySeed)
        builds.wait()
        let (books, directory) = built.write { built in (built.books, built.directory) }
        var uploadOwners: [UInt32] = []
        var uploadContacts: [UInt32] = []
        var uploadNumbers: [UInt64] = []
        // In the order the books were read, so the upload index is built alike every time.
        for built in books.sorted(by: { $0.owner < $1.owner }) {
            state.books[built.owner] = built.book
            for (slot, pending) in zip(built.slots, built.batch) {
                for number in Set(pending.numbers) {
                    uploadOwners.append(built.owner)
                    uploadContacts.append(slot)
                    uploadNumbers.append(number)
                }
            }
        }
        state.uploads = try UploadIndex(
            owners: uploadOwners, contacts: uploadContacts, numbers: uploadNumbers, seed: phoneKeySeed)
        state.directory = directory
        return (state, searches)
    }
}

/// The results of the loader's background builds.
private struct BackgroundBuilds {
    var books: [BuiltBook] = []
    var directory = ContactSearchIndex()
}

/// A book built in the background, with the slots of its batch.
private struct BuiltBook {
    let owner: UInt32
    let book: AddressBook
    let slots: [UInt32]
    let batch: [(contact: Contact, numbers: [UInt64])]
}

/// A store whose rows do not fit together (a follow of an unknown user, say).
struct LoadError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
