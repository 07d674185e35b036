import ContactsModel
import ContactsStore
import ContactsSupport
import PostgreSQLClient

extension PostgresStore {
    /// Streams every row of the store into `loader`, in the order ``StoreLoader`` gives,
    /// from one consistent snapshot (a `REPEATABLE READ READ ONLY` transaction), each table
    /// through a binary `COPY (SELECT … ORDER BY …) TO STDOUT`: the server sends rows as it
    /// reads them, and nothing is buffered beyond one row (64 follow rows, whose followees
    /// are looked up together).
    ///
    /// User keys are the users' ranks by user id bytes (1, 2, …): valid for this load only.
    /// Searches still pending in the write-behind buffer are not included; the order of the
    /// newest search read is kept as ``loadedSearchMark``.
    ///
    /// - Throws: what `loader` throws; ``StoreError/corrupt(path:detail:)`` when a row does
    ///   not decode or names an unregistered user; ``StoreError/unavailable(path:detail:)``
    ///   when the database cannot be reached.
    /// - Complexity: O(n) in the rows of the store.
    package func load<Loader: StoreLoader>(into loader: inout Loader) throws -> Int64 {
        try withSession { session in
            let connection = session.connection
            connection.responseTimeout = Self.loadResponseTimeout
            defer { connection.responseTimeout = Self.writeResponseTimeout }
            return try session.transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                var reader = PostgresRowReader(session: session)
                try reader.read(into: &loader)
                let result = try session.run { try connection.execute(PostgresStatements.readPosition) }
                let mark = try session.run { try connection.execute(PostgresSearchLog.readMark) }
                let newest = try session.decode { try mark.int64(row: 0, column: 0) }
                lastLoadedSearchMark.write { $0 = newest }
                return try session.decode { try result.int64(row: 0, column: 0) }
            }
        }
    }
}

/// One pass over every table for ``PostgresStore/load(into:)``.
private struct PostgresRowReader {
    let session: PostgresSession
    /// The users pass's ids and keys: names the keys of later rows and checks that every
    /// user they name is registered.
    var users = UserKeyTable()

    init(session: PostgresSession) {
        self.session = session
    }

    private var location: String { session.location }

    mutating func read<Loader: StoreLoader>(into loader: inout Loader) throws {
        try readUsers(into: &loader)
        try readFollows(into: &loader)
        try readContacts(into: &loader)
        try readEvents(into: &loader)
        try readRecentSearches(into: &loader)
        try readBudgetUsage(into: &loader)
    }

    /// Streams `sql`'s rows to `body`, turning the client's errors into the store's.
    private func copy(_ sql: String, _ body: (borrowing PostgresCopyRow) throws -> Void) throws {
        do {
            try session.connection.copyOut(sql, body)
        } catch let error as PostgresError {
            throw error.kind == .client
                ? StoreError.corrupt(path: location, detail: error.oneLine) : session.storeError(error)
        }
    }

    /// Follows looked up together (``UserKeyTable/keys(of:)``).
    private static let followBatch = 64

    /// The key of the user whose id bytes are `bytes`, or a `corrupt` error naming `table`.
    private func key(_ bytes: UnsafeRawBufferPointer, in table: String) throws -> StoreUserKey {
        guard let key = users.key(of: bytes) else { throw unregistered(bytes, in: table) }
        return key
    }

    /// The `corrupt` error for a row of `table` naming the unregistered user id `bytes`.
    private func unregistered(_ bytes: UnsafeRawBufferPointer, in table: String) -> StoreError {
        .corrupt(
            path: location,
            detail: "a row of \(table) names user \(String(decoding: bytes, as: UTF8.self).debugDescription), "
                + "which is not registered")
    }

    /// Text stored as UTF-8 bytes (`bytea`), or a `corrupt` error.
    private func text(_ bytes: UnsafeRawBufferPointer, _ what: @autoclosure () -> String) throws -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw StoreError.corrupt(path: location, detail: "\(what()) is not UTF-8")
        }
        return text
    }

    private mutating func readUsers<Loader: StoreLoader>(into loader: inout Loader) throws {
        var table = UserKeyTable()
        let maximum = PostgresStore.maximumE164
        try copy("COPY (SELECT user_id, e164, display_name FROM users ORDER BY user_id) TO STDOUT (FORMAT binary)") {
            row in
            let userId = try row.string(0)
            let e164 = UInt64(bitPattern: try row.int64(1))
            guard (1...maximum).contains(e164) else {
                throw StoreError.corrupt(path: location, detail: "user \(userId.debugDescription) has phone \(e164)")
            }
            let displayName = try text(try row.bytes(2), "the display name of \(userId.debugDescription)")
            let bytes = try row.bytes(0)
            do throws(UserKeyTable.AppendError) {
                try table.append(bytes, userId: userId)
            } catch .duplicate {
                throw StoreError.corrupt(path: location, detail: "user \(userId.debugDescription) appears twice")
            } catch .full {
                throw StoreError.corrupt(path: location, detail: "more users than one load can key")
            }
            let key = StoreUserKey(rawValue: Int64(table.count))
            try loader.loadUser(StoredUser(key: key, userId: userId, e164: e164, displayName: displayName))
        }
        users = table
    }

    private func readFollows<Loader: StoreLoader>(into loader: inout Loader) throws {
        // The rows come by follower: one lookup per follower; the followees are looked up in
        // batches (their cache misses overlap), and the loader gets every row in order.
        var follower: (bytes: [UInt8], key: StoreUserKey)?
        var followers: [StoreUserKey] = []
        var followees = ByteStringList()
        var sinces: [Int64] = []
        func flush() throws {
            for (index, followee) in users.keys(of: followees).enumerated() {
                guard let followee else {
                    throw followees.withBytes(index) { unregistered($0, in: "follows") }
                }
                try loader.loadFollow(follower: followers[index], followee: followee, since: sinces[index])
            }
            followers.removeAll(keepingCapacity: true)
            followees.removeAll()
            sinces.removeAll(keepingCapacity: true)
        }
        try copy(
            """
            COPY (SELECT follower_id, followee_id, since FROM follows ORDER BY follower_id, followee_id)
            TO STDOUT (FORMAT binary)
            """
        ) { row in
            let followerBytes = try row.bytes(0)
            let followerKey: StoreUserKey
            if let follower, followerBytes.elementsEqual(follower.bytes) {
                followerKey = follower.key
            } else {
                followerKey = try key(followerBytes, in: "follows")
                follower = (Array(followerBytes), followerKey)
            }
            followers.append(followerKey)
            followees.append(try row.bytes(1))
            sinces.append(try row.int64(2))
            if followers.count == Self.followBatch { try flush() }
        }
        try flush()
    }

    private func readContacts<Loader: StoreLoader>(into loader: inout Loader) throws {
        var owner: (bytes: [UInt8], key: StoreUserKey, userId: String)?
        try copy(
            """
            COPY (SELECT owner_id, contact_id, body, phones FROM contacts ORDER BY owner_id, contact_id)
            TO STDOUT (FORMAT binary)
            """
        ) { row in
            let ownerBytes = try row.bytes(0)
            if owner.map({ !ownerBytes.elementsEqual($0.bytes) }) ?? true {
                let key = try key(ownerBytes, in: "contacts")
                owner = (Array(ownerBytes), key, users.userId(of: key))
            }
            guard let owner else { return }
            let id = try row.string(1)
            // The body goes to the loader as the store keeps it (valid for this row only); a
            // loader that decodes it reports a malformed body as a BinaryFormatError.
            do {
                let phones = try ContactCodec.decodePhones(try row.bytes(3))
                try loader.loadContact(
                    owner: owner.key, ownerId: owner.userId, id: id, body: try row.bytes(2), phones: phones)
            } catch let error as BinaryFormatError {
                throw StoreError.corrupt(
                    path: location,
                    detail: "contact \(id.debugDescription) of \(owner.userId.debugDescription): \(error)")
            }
        }
    }

    private func readEvents<Loader: StoreLoader>(into loader: inout Loader) throws {
        try copy(
            """
            COPY (SELECT event_id, creator_id, title, description, location, start_time, created_at FROM events
                  ORDER BY event_id) TO STDOUT (FORMAT binary)
            """
        ) { row in
            let eventId = try row.string(0)
            let creator = try key(try row.bytes(1), in: "events")
            let title = try text(try row.bytes(2), "the title of event \(eventId)")
            let description =
                try row.isNull(3) ? nil : try text(try row.bytes(3), "the description of event \(eventId)")
            let location = try row.isNull(4) ? nil : try text(try row.bytes(4), "the location of event \(eventId)")
            let event = EventRecord(
                eventId: eventId, creatorId: users.userId(of: creator), title: title, description: description,
                location: location, startTime: try row.optionalInt64(5), createdAt: try row.int64(6))
            try loader.loadEvent(event, creator: creator)
        }
    }

    private func readRecentSearches<Loader: StoreLoader>(into loader: inout Loader) throws {
        var user: StoreUserKey?
        var queries: [String] = []
        try copy(
            "COPY (SELECT user_id, query FROM recent_searches ORDER BY user_id, seq DESC) TO STDOUT (FORMAT binary)"
        ) { row in
            let key = try key(try row.bytes(0), in: "recent_searches")
            if key != user {
                if let user { try loader.loadRecentSearches(user: user, queries: queries) }
                user = key
                queries.removeAll(keepingCapacity: true)
            }
            queries.append(try text(try row.bytes(1), "a recent search"))
        }
        if let user { try loader.loadRecentSearches(user: user, queries: queries) }
    }

    private func readBudgetUsage<Loader: StoreLoader>(into loader: inout Loader) throws {
        try copy(
            "COPY (SELECT user_id, day, used FROM upload_budget ORDER BY user_id, day) TO STDOUT (FORMAT binary)"
        ) { row in
            guard let used = Int(exactly: try row.int64(2)) else {
                throw StoreError.corrupt(path: location, detail: "a budget use out of range")
            }
            try loader.loadBudgetUsage(userId: try row.string(0), day: try row.int64(1), used: used)
        }
    }
}
