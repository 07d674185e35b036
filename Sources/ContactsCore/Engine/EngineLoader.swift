import ContactsMatching
import ContactsModel
import ContactsSearch
import ContactsSocial
import ContactsStore
import ContactsSupport
import Dispatch

/// Rebuilds an ``EngineState`` from a store's rows: users first (dense indexes in load
/// order), then follows, contacts, events, searches and budget use, collected into bulk
/// builds of the graph, the phone table and the upload index. Contacts go into their books
/// as the store keeps them, packed (``AddressBook/put(id:body:numbers:)``): none is decoded.
///
/// The two largest builds run on background threads while the store is still being read: the
/// user directory's search index as soon as the users are in, the follow graph as soon as the
/// follows are (the store yields users, then follows, then the rest). ``finish()`` builds the
/// phone table and the upload index meanwhile, then waits for them. The address books' search
/// indexes wait for each book's first search (``LazySearchIndex``).
struct EngineLoader: StoreLoader {
    private var state: EngineState
    private let phoneKeySeed: UInt64
    private var indexOfKey = UserRowIndex()
    private var userIDs: [String] = []
    private var registeredNumbers: [UInt64] = []
    private var registeredUsers: [UInt32] = []
    private var edges: [FollowEdge] = []
    private var searches: [UInt32: [String]] = [:]
    private var pendingOwner: UInt32?
    /// The book being loaded (its owner's contacts come together).
    private var pendingBook: AddressBook?
    /// The owners whose books are complete.
    private var ownersLoaded = Set<UInt32>()
    /// The pending book's uploaded numbers, and the upload index's books so far.
    private var pendingUploads: [(number: UInt64, contact: UInt32)] = []
    private var uploads = UploadIndex.Builder()
    /// What the background builds hand back, and the group that waits for them.
    private let built = ReadWriteLocked(BackgroundBuilds())
    private let background = DispatchGroup()
    private var directoryStarted = false
    private var graphStarted = false

    init(phoneKeySeed: UInt64) {
        self.phoneKeySeed = phoneKeySeed
        state = EngineState(phoneKeySeed: phoneKeySeed)
    }

    private func index(of key: StoreUserKey) throws -> UInt32 {
        guard let index = indexOfKey.index(of: key) else {
            throw LoadError("a row names user key \(key), which is not registered")
        }
        return index
    }

    mutating func loadUser(_ user: StoredUser) throws {
        let record = UserRecord(userId: user.userId, e164: user.e164, displayName: user.displayName)
        guard let index = try state.appendUser(user.userId, record) else {
            throw LoadError("user id '\(user.userId)' is registered twice")
        }
        indexOfKey.insert(index, for: user.key)
        userIDs.append(user.userId)
        registeredNumbers.append(user.e164)
        registeredUsers.append(index)
    }

    mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws {
        startDirectory()
        edges.append(FollowEdge(follower: try index(of: follower), followee: try index(of: followee), since: since))
    }

    mutating func loadContact(owner: StoreUserKey, contact: Contact, phones: [UInt64]) throws {
        var body: [UInt8] = []
        ContactCodec.appendBody(contact, to: &body)
        try body.withUnsafeBytes { body in
            try loadContact(owner: owner, ownerId: contact.ownerId, id: contact.id, body: body, phones: phones)
        }
    }

    /// Puts the contact in its owner's book as the store keeps it (packed, never decoded),
    /// and its numbers in the upload index's rows.
    mutating func loadContact(
        owner key: StoreUserKey, ownerId: String, id: String, body: UnsafeRawBufferPointer, phones: [UInt64]
    ) throws {
        startDirectory()
        startGraph()
        let owner = try index(of: key)
        // The store yields each owner's contacts together.
        if pendingOwner != owner {
            try flushPendingBook()
            guard !ownersLoaded.contains(owner) else {
                throw LoadError("the contacts of user key \(key) do not come together")
            }
            pendingOwner = owner
            pendingBook = AddressBook(ownerId: ownerId)
        }
        let slot = try pendingBook?.put(id: id, body: body, numbers: phones) ?? 0
        // Repeated numbers are fine: the upload index's book collapses them.
        for number in phones { pendingUploads.append((number, slot)) }
    }

    /// Puts the pending book in the state, at its exact size, and its numbers in the upload
    /// index's books.
    private mutating func flushPendingBook() throws {
        guard let owner = pendingOwner, var book = pendingBook else { return }
        pendingBook = nil
        try uploads.addBook(of: owner, pairs: &pendingUploads)
        pendingUploads.removeAll(keepingCapacity: true)
        book.shrinkToFit()
        ownersLoaded.insert(owner)
        state.books[owner] = book
    }

    /// Builds the user directory on a background thread, once, when the users are all in.
    private mutating func startDirectory() {
        guard !directoryStarted else { return }
        directoryStarted = true
        let users = state.users
        let built = built
        DispatchQueue.global().async(group: background) {
            let index = ContactSearchIndex(
                users.compactMap { $0.map { Contact(id: $0.userId, displayName: $0.displayName) } })
            built.write { $0.directory = index }
        }
    }

    /// Builds the follow graph on a background thread, once, when the follows are all in.
    private mutating func startGraph() {
        guard !graphStarted else { return }
        graphStarted = true
        let (userIDs, edges) = (userIDs, edges)
        self.edges = []
        let built = built
        DispatchQueue.global().async(group: background) {
            let graph = Result { () throws(FollowGraphError) in try FollowGraph(userIDs: userIDs, edges: edges) }
            built.write { $0.graph = graph }
        }
    }

    mutating func loadEvent(_ event: EventRecord, creator: StoreUserKey) throws {
        startDirectory()
        startGraph()
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

    /// The rebuilt state and the recent searches by user: the state with room for the users
    /// to come (``EngineState/registrationRoom(forUsers:)``), so that registering them copies
    /// nothing under the engine's lock (the room is reserved memory, touched only as it fills).
    consuming func finish() throws -> (EngineState, [UInt32: [String]]) {
        startDirectory()
        startGraph()
        try flushPendingBook()
        state.phoneOwners = try HashedPhoneTable(numbers: registeredNumbers, users: registeredUsers, seed: phoneKeySeed)
        state.uploads = try uploads.build(seed: phoneKeySeed)
        background.wait()
        // Taken out, not copied: the state then holds the only copy, which grows in place.
        var builds = BackgroundBuilds()
        built.write { swap(&$0, &builds) }
        state.graph = try builds.graph?.get() ?? FollowGraph()
        swap(&state.directory, &builds.directory)
        builds = BackgroundBuilds()
        state.reserveRoom(forRegistering: EngineState.registrationRoom(forUsers: state.users.count))
        return (state, searches)
    }
}

/// The results of the loader's background builds.
private struct BackgroundBuilds {
    var directory = ContactSearchIndex()
    var graph: Result<FollowGraph, FollowGraphError>?
}

/// A store whose rows do not fit together (a follow of an unknown user, say).
struct LoadError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
