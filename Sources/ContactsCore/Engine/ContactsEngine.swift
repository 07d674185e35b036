/// How an engine is set up.
public struct EngineConfiguration: Sendable {
    /// The default daily upload budget (PROTOCOL §6).
    public static let defaultDailyUploadBudget = 50_000
    /// The default seed of the phone-key hash. Deployments should pick their own, so that
    /// tables are not comparable across deployments by accident.
    public static let defaultPhoneKeySeed: UInt64 = 0x436F_6E74_6163_7473

    /// New distinct numbers a user may upload per UTC day; 0 means no limit.
    public var dailyUploadBudget: Int
    /// The most contacts one upload may carry.
    public var maximumContactsPerUpload: Int
    /// The seed of the XXH3 phone keys.
    public var phoneKeySeed: UInt64

    /// A configuration; the defaults are the protocol's.
    public init(
        dailyUploadBudget: Int = defaultDailyUploadBudget, maximumContactsPerUpload: Int = 10_000,
        phoneKeySeed: UInt64 = defaultPhoneKeySeed
    ) {
        self.dailyUploadBudget = dailyUploadBudget
        self.maximumContactsPerUpload = maximumContactsPerUpload
        self.phoneKeySeed = phoneKeySeed
    }
}

/// The facade and single owner of all state: users, uploads and matches, the follow graph and
/// feed, contact and user search (PROTOCOL §5).
///
/// Every change takes one path — check against the current state, write to the store in one
/// transaction, then apply to the in-memory structures, all under the writer lock — so nothing
/// is half-applied and a change is durable before anyone can see it. Reads run concurrently
/// under the reader lock. The engine is `Sendable`: a host may call it from many tasks at once.
///
/// ```swift
/// let engine = try ContactsEngine(storePath: "contacts.db")
/// _ = try engine.registerUser("u1", phone: "+14155552671", displayName: "Ada", at: now)
/// ```
public final class ContactsEngine: Sendable {
    /// The engine's configuration.
    public let configuration: EngineConfiguration
    let state: ReadWriteLocked<EngineState>
    let store: ContactStore?
    /// Recent searches per user, most recent first; kept apart from the main state so that a
    /// search, a read, records its query without taking the writer lock.
    let recentSearches = ReadWriteLocked<[UInt32: [String]]>([:])

    /// An engine; with `storePath`, state is durable in that SQLite file (created when
    /// missing) and everything in it is loaded now.
    ///
    /// - Throws: ``StoreError`` naming the file and the problem (not ours, newer schema,
    ///   corrupt, read-only, locked); the file is left untouched.
    public init(
        configuration: EngineConfiguration = EngineConfiguration(), storePath: String? = nil,
        storeOptions: StoreOptions = StoreOptions()
    ) throws {
        self.configuration = configuration
        guard let storePath else {
            store = nil
            state = ReadWriteLocked(EngineState(phoneKeySeed: configuration.phoneKeySeed))
            return
        }
        let store = try ContactStore.open(path: storePath, options: storeOptions)
        do {
            var loader = EngineLoader(phoneKeySeed: configuration.phoneKeySeed)
            try store.load(into: &loader)
            let (loaded, searches) = try loader.finish()
            self.store = store
            state = ReadWriteLocked(loaded)
            recentSearches.write { $0 = searches }
        } catch {
            try? store.close()
            throw error
        }
    }

    /// An engine without a store that holds `users`, registered in this order: they go
    /// through the loader a restart uses (one bulk build of the phone table, the follow graph
    /// and the user directory) rather than one ``registerUser(_:phone:region:displayName:at:)``
    /// each. For benchmarks and tests that need millions of users.
    ///
    /// - Throws: ``LoadError`` when a number is not a directory number (at most 15 digits),
    ///   or two users share an id or a number.
    /// - Complexity: O(n log n) for n users.
    package init(configuration: EngineConfiguration = EngineConfiguration(), registeredUsers users: [StoredUser])
        throws
    {
        var loader = EngineLoader(phoneKeySeed: configuration.phoneKeySeed)
        for user in users {
            guard user.e164 > 0, user.e164 <= PhoneNormalization.largestDirectoryNumber else {
                throw LoadError("user '\(user.userId)' has +\(user.e164), not a directory number")
            }
            try loader.loadUser(user)
        }
        let (loaded, _) = try loader.finish()
        guard loaded.userIndex.count == users.count, loaded.phoneOwners.count == users.count else {
            throw LoadError("two of the \(users.count) users share an id or a phone number")
        }
        self.configuration = configuration
        store = nil
        state = ReadWriteLocked(loaded)
    }

    /// Milliseconds in a UTC day.
    static let millisecondsPerDay: Int64 = 86_400_000

    /// Writes a change to the store (when there is one) in one transaction.
    ///
    /// - Throws: `internal` when the store fails; nothing was written then.
    func persist(_ body: (borrowing StoreTransaction) throws -> Void) throws(RPCError) {
        guard let store else { return }
        do {
            try store.transaction(body)
        } catch {
            throw RPCError(.internalError, "the store failed: \(error)")
        }
    }

    /// Writes out what is pending (recent searches) and closes the store.
    public func close() throws {
        try store?.close()
    }
}
