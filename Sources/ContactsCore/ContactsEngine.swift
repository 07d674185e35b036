import ContactsMatching
import ContactsPostgres
import ContactsStore
import ContactsSupport

/// The facade and single owner of all state: users, uploads and matches, the follow graph and
/// feed, contact and user search (PROTOCOL §5).
///
/// Every change takes one path (`perform(_:)`): writers take turns; each decides its change
/// against the current state, the store commits it in one transaction, and only then is it
/// applied to memory, under the state's exclusive lock for just that long. So nothing is
/// half-applied, a change is durable before anyone can see it, and readers never wait for the
/// disk. Reads run concurrently under the shared lock. The engine is `Sendable`: a host may
/// call it from many tasks at once.
///
/// ```swift
/// let engine = try ContactsEngine(storePath: "contacts.db")
/// _ = try engine.registerUser("u1", phone: "+14155552671", displayName: "Ada", at: now)
/// ```
public final class ContactsEngine: Sendable {
    /// The engine's configuration.
    public let configuration: EngineConfiguration
    /// The state, behind a lock that lets a waiting writer go before new readers: under a
    /// steady stream of overlapping reads a change would otherwise wait until no read is under
    /// way at all. So no code path may read it while already reading it.
    let state: ReadWriteLocked<EngineState>
    /// Held by the one change (or commit group) under way: changes are decided and applied
    /// one group at a time. Its value means nothing; it is not `Void` because a zero-sized
    /// value shares its address with the lock's pointer, which ThreadSanitizer reports as a
    /// race on every change.
    let writer = ReadWriteLocked<UInt8>(0)
    /// The requests waiting to be committed together (see ``perform(reads:weight:_:)``).
    let commits = CommitQueue()
    let store: (any Store)?
    /// Recent searches per user, most recent first; kept apart from the main state so that a
    /// search, a read, records its query without taking the exclusive lock.
    let recentSearches = ReadWriteLocked(RecentSearchLists())
    /// On a shared store: the order of the newest recent search merged from the store (see
    /// ``mergeFollowedSearches(from:)``).
    let followedSearchMark = ReadWriteLocked<Int64>(0)
    /// The position of the last change applied, for requests that wait for one.
    let applied = WaitableCounter()
    /// Follows the changes other engines commit, on a store several engines share.
    let follower = ChangeFollower()

    /// An engine; with `storePath`, state is durable in that SQLite file (created when
    /// missing) and everything in it is loaded now.
    ///
    /// - Throws: `StoreError` naming the file and the problem (not ours, newer schema,
    ///   corrupt, read-only, locked); the file is left untouched.
    public convenience init(
        configuration: EngineConfiguration = EngineConfiguration(), storePath: String? = nil,
        storeOptions: StoreOptions = StoreOptions()
    ) throws {
        guard let storePath else {
            self.init(configuration: configuration, state: EngineState(phoneKeySeed: configuration.phoneKeySeed))
            return
        }
        try self.init(configuration: configuration, store: try SQLiteStore.open(path: storePath, options: storeOptions))
    }

    /// An engine whose state is durable in the store at `storeLocation`, and everything in it
    /// loaded now: a PostgreSQL connection URI (`postgresql://…` or `postgres://…`, libpq's
    /// syntax: several hosts, `target_session_attrs`, the `PG*` environment variables), or
    /// else the path of an SQLite file (created when missing). PROTOCOL §8.
    ///
    /// ```swift
    /// let engine = try ContactsEngine(storeLocation: "postgresql://contacts@db.internal/contacts")
    /// ```
    ///
    /// - Throws: `StoreError` naming the store and the problem (unreachable:
    ///   `unavailable`; not ours, newer schema, read-only); the store is left as it was.
    public convenience init(
        configuration: EngineConfiguration = EngineConfiguration(), storeLocation: String,
        storeOptions: StoreOptions = StoreOptions()
    ) throws {
        let store = try StoreLocation(storeLocation).open(options: storeOptions)
        try self.init(configuration: configuration, store: store)
    }

    /// An engine over `store`, loading everything in it now; the engine owns the store from
    /// here on (``close()`` closes it), and closes it when the load fails.
    package init(configuration: EngineConfiguration, store: any Store) throws {
        do {
            var loader = EngineLoader(phoneKeySeed: configuration.phoneKeySeed)
            let position = try store.load(into: &loader)
            var (loaded, searches) = try loader.finish()
            loaded.position = position
            self.configuration = configuration
            self.store = store
            state = ReadWriteLocked(loaded, preferring: .writers)
            recentSearches.write { $0 = RecentSearchLists(searches) }
            applied.advance(to: position)
            if let shared = store as? any SharedStore {
                followedSearchMark.write { $0 = shared.loadedSearchMark }
                follower.start(engine: self, store: shared)
            }
        } catch {
            try? store.close()
            throw error
        }
    }

    private init(configuration: EngineConfiguration, state: EngineState) {
        self.configuration = configuration
        self.state = ReadWriteLocked(state, preferring: .writers)
        store = nil
    }

    /// An engine without a store that holds `users`, registered in this order: they go
    /// through the loader a restart uses (one bulk build of the phone table, the follow graph
    /// and the user directory) rather than one ``registerUser(_:phone:region:displayName:at:)``
    /// each. For benchmarks and tests that need millions of users.
    ///
    /// - Throws: ``LoadError`` when a number is not an E.164 number, or two users share
    ///   an id or a number.
    /// - Complexity: O(n log n) for n users.
    package convenience init(
        configuration: EngineConfiguration = EngineConfiguration(), registeredUsers users: [StoredUser]
    )
        throws
    {
        var loader = EngineLoader(phoneKeySeed: configuration.phoneKeySeed)
        for user in users {
            guard E164Numbers.contains(user.e164) else {
                throw LoadError("user '\(user.userId)' has +\(user.e164), not an E.164 number")
            }
            try loader.loadUser(user)
        }
        let (loaded, _) = try loader.finish()
        guard loaded.userIndex.count == users.count, loaded.phoneOwners.count == users.count else {
            throw LoadError("two of the \(users.count) users share an id or a phone number")
        }
        self.init(configuration: configuration, state: loaded)
    }

    /// The position of the last change this engine has applied (PROTOCOL §8): every answer
    /// it gives from now on reflects at least that change.
    public var position: Int64 {
        state.read { $0.position }
    }

    /// Waits until this engine has applied the change at `position` (PROTOCOL §8
    /// `Contacts-Min-Position`), for at most `timeoutMilliseconds`.
    ///
    /// - Returns: true once it has (at once when it already had); false when the time ran out.
    public func waitForPosition(_ position: Int64, timeoutMilliseconds: Int) -> Bool {
        applied.wait(untilAtLeast: position, timeoutNanoseconds: UInt64(max(0, timeoutMilliseconds)) * 1_000_000)
            >= position
    }

    /// Milliseconds in a UTC day.
    static let millisecondsPerDay: Int64 = 86_400_000

    /// Writes out what is pending (recent searches) and closes the store.
    public func close() throws {
        follower.stop()
        try store?.close()
    }
}
