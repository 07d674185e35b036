import ContactsModel
import ContactsSupport
import PhoneNumbers

extension SQLiteStore {
    /// Streams every row of the store into `loader`, in the order ``StoreLoader`` gives,
    /// under the store's lock (writes wait until the load ends).
    ///
    /// Reads only what is committed: searches still pending in the write-behind buffer
    /// (see ``recordSearch(userId:query:)``) are not included.
    ///
    /// - Throws: what `loader` throws; ``StoreError/corrupt(path:detail:)`` when a row
    ///   does not decode, names a user key that is not registered, or SQLite finds the
    ///   file damaged; other ``StoreError``s from SQLite.
    /// - Complexity: O(n) in the rows of the store (each table is read in its key order).
    package func load<Loader: StoreLoader>(into loader: inout Loader) throws -> Int64 {
        try withConnection { connection throws in
            var reader = StoreRowReader(connection: connection)
            try reader.read(into: &loader)
            return try connection.integer("SELECT position FROM change_position")
        }
    }

    /// The whole store as one value: convenient for small stores, tools and tests.
    /// Engines rebuilding from a large store should stream with ``load(into:)``.
    package func loadSnapshot() throws -> StoreSnapshot {
        var snapshot = StoreSnapshot()
        _ = try load(into: &snapshot)
        return snapshot
    }
}

/// One pass over every table for ``SQLiteStore/load(into:)``.
private struct StoreRowReader {
    let connection: SQLiteConnection
    /// The users pass's keys: fills `ownerId` / `creatorId` and checks that every key a
    /// later row names is registered.
    var directory = UserKeyDirectory()

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    private var path: String { connection.path }

    mutating func read<Loader: StoreLoader>(into loader: inout Loader) throws {
        try readUsers(into: &loader)
        try readFollows(into: &loader)
        try readContacts(into: &loader)
        try readEvents(into: &loader)
        try readRecentSearches(into: &loader)
        try readBudgetUsage(into: &loader)
    }

    private func userId(_ key: Int64, in table: String) throws(StoreError) -> String {
        guard let userId = directory.userId(for: key) else {
            throw StoreError.corrupt(
                path: path, detail: "a row of \(table) names user key \(key), which is not registered")
        }
        return userId
    }

    private mutating func readUsers<Loader: StoreLoader>(into loader: inout Loader) throws {
        let statement = try connection.prepared(
            "SELECT userKey, userId, e164, displayName FROM users ORDER BY userKey")
        defer { statement.reset() }
        while try statement.step() {
            let key = statement.int64(at: 0)
            let e164 = StoreSchema.e164(stored: statement.int64(at: 2))
            guard (1...PhoneNumber.largestE164).contains(e164) else {
                throw StoreError.corrupt(path: path, detail: "user key \(key) has phone \(e164)")
            }
            let user = StoredUser(
                key: StoreUserKey(rawValue: key), userId: statement.string(at: 1),
                e164: e164, displayName: statement.string(at: 3))
            directory.append(key: key, userId: user.userId)
            try loader.loadUser(user)
        }
        directory.finish()
    }

    private func readFollows<Loader: StoreLoader>(into loader: inout Loader) throws {
        let statement = try connection.prepared(
            "SELECT followerKey, followeeKey, since FROM follows ORDER BY followerKey, followeeKey")
        defer { statement.reset() }
        while try statement.step() {
            let follower = statement.int64(at: 0)
            let followee = statement.int64(at: 1)
            guard directory.contains(follower), directory.contains(followee) else {
                throw StoreError.corrupt(
                    path: path, detail: "follow \(follower) -> \(followee) names an unregistered user key")
            }
            try loader.loadFollow(
                follower: StoreUserKey(rawValue: follower), followee: StoreUserKey(rawValue: followee),
                since: statement.int64(at: 2))
        }
    }

    private func readContacts<Loader: StoreLoader>(into loader: inout Loader) throws {
        let statement = try connection.prepared(
            "SELECT ownerKey, contactId, body, phones FROM contacts ORDER BY ownerKey, contactId")
        defer { statement.reset() }
        var currentOwner: (key: Int64, userId: String)?
        while try statement.step() {
            let key = statement.int64(at: 0)
            let ownerId: String
            if let currentOwner, currentOwner.key == key {
                ownerId = currentOwner.userId
            } else {
                ownerId = try userId(key, in: "contacts")
                currentOwner = (key, ownerId)
            }
            let id = statement.string(at: 1)
            let contact: Contact
            let phones: [UInt64]
            do {
                contact = try statement.withBlob(at: 2) { (bytes) throws(StoreError) in
                    try decoded { () throws(BinaryFormatError) in
                        try ContactCodec.decodeBody(bytes, id: id, ownerId: ownerId)
                    }
                }
                phones = try statement.withBlob(at: 3) { (bytes) throws(StoreError) in
                    try decoded { () throws(BinaryFormatError) in try ContactCodec.decodePhones(bytes) }
                }
            } catch {
                throw StoreError.corrupt(
                    path: path, detail: "contact \(id.debugDescription) of \(ownerId.debugDescription): \(error)")
            }
            try loader.loadContact(owner: StoreUserKey(rawValue: key), contact: contact, phones: phones)
        }
    }

    private func decoded<T>(_ body: () throws(BinaryFormatError) -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError.corrupt(path: path, detail: "\(error)")
        }
    }

    private func readEvents<Loader: StoreLoader>(into loader: inout Loader) throws {
        let statement = try connection.prepared(
            """
            SELECT eventId, creatorKey, title, description, location, startTime, createdAt
            FROM events ORDER BY eventId
            """)
        defer { statement.reset() }
        while try statement.step() {
            let creator = statement.int64(at: 1)
            let event = EventRecord(
                eventId: statement.string(at: 0), creatorId: try userId(creator, in: "events"),
                title: statement.string(at: 2), description: statement.optionalString(at: 3),
                location: statement.optionalString(at: 4), startTime: statement.optionalInt64(at: 5),
                createdAt: statement.int64(at: 6))
            try loader.loadEvent(event, creator: StoreUserKey(rawValue: creator))
        }
    }

    private func readRecentSearches<Loader: StoreLoader>(into loader: inout Loader) throws {
        let statement = try connection.prepared(
            "SELECT userKey, query FROM recent_searches ORDER BY userKey, seq DESC")
        defer { statement.reset() }
        var user: Int64?
        var queries: [String] = []
        while try statement.step() {
            let key = statement.int64(at: 0)
            if key != user {
                if let user { try loader.loadRecentSearches(user: StoreUserKey(rawValue: user), queries: queries) }
                _ = try userId(key, in: "recent_searches")
                user = key
                queries.removeAll(keepingCapacity: true)
            }
            queries.append(statement.string(at: 1))
        }
        if let user { try loader.loadRecentSearches(user: StoreUserKey(rawValue: user), queries: queries) }
    }

    private func readBudgetUsage<Loader: StoreLoader>(into loader: inout Loader) throws {
        let statement = try connection.prepared(
            "SELECT userId, day, used FROM upload_budget ORDER BY userId, day")
        defer { statement.reset() }
        while try statement.step() {
            try loader.loadBudgetUsage(
                userId: statement.string(at: 0), day: statement.int64(at: 1),
                used: Int(statement.int64(at: 2)))
        }
    }
}

/// The registered user keys of a load, with their user ids.
///
/// Membership is asked once per follow end (20M times for 10M follows), so it is a bitset
/// over the key range (keys are nearly dense: 1M users take 128 KiB, which stays in cache);
/// a user id is asked once per contact owner or event, by binary search.
private struct UserKeyDirectory {
    /// Keys in ascending order (the users pass reads them so).
    private var keys: [Int64] = []
    private var userIds: [String] = []
    /// Bit `k - base` is set when key `k` is registered; empty when the keys are too sparse
    /// for a bitset (then membership falls back to binary search).
    private var bits: [UInt64] = []
    private var base: Int64 = 0

    /// A bitset is used while it takes at most this many bits per key (plus a fixed slack):
    /// past that, deleted users have left the key range too sparse to be worth it.
    private static let maximumBitsPerKey: Int64 = 64

    mutating func append(key: Int64, userId: String) {
        keys.append(key)
        userIds.append(userId)
    }

    /// Builds the bitset once every key is in.
    mutating func finish() {
        guard let first = keys.first, let last = keys.last else { return }
        let span = last - first + 1
        guard span <= Int64(keys.count) * Self.maximumBitsPerKey + 65_536 else { return }
        base = first
        bits = [UInt64](repeating: 0, count: Int((span + 63) / 64))
        for key in keys {
            let offset = Int(key - first)
            bits[offset >> 6] |= 1 << UInt64(offset & 63)
        }
    }

    func contains(_ key: Int64) -> Bool {
        guard !bits.isEmpty else { return index(of: key) != nil }
        guard key >= base else { return false }
        let offset = key - base
        guard offset < Int64(bits.count) * 64 else { return false }
        return bits[Int(offset >> 6)] & (1 << UInt64(offset & 63)) != 0
    }

    func userId(for key: Int64) -> String? {
        index(of: key).map { userIds[$0] }
    }

    private func index(of key: Int64) -> Int? {
        SortedArraySearch.firstIndex(of: key, in: keys)
    }
}
