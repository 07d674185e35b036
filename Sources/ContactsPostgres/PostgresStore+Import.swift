import ContactsModel
import ContactsStore
import ContactsSupport
import PostgreSQLClient

extension PostgresStore: StoreImporting {
    /// ``StoreImporting/importRows(_:)`` into an empty PostgreSQL store, in one transaction:
    /// the data tables' indexes and unique constraints are dropped, every table is filled
    /// with one binary `COPY FROM STDIN` as the rows arrive, the directories (`phone_owners`,
    /// `event_ids`) are filled from `users` and `events` on the server, and the indexes and
    /// constraints are built again (one sort each, instead of a B-tree insert per row); a
    /// duplicate the source should not hold fails the copy there. `ANALYZE` follows the
    /// commit, so that the planner knows the new tables.
    package func importRows(_ fill: (inout PostgresImporter) throws -> Int64) throws {
        try withSession { session in
            let connection = session.connection
            connection.responseTimeout = Self.loadResponseTimeout
            defer { connection.responseTimeout = Self.writeResponseTimeout }
            try session.transaction { () throws in
                let inspection = try Self.inspect(session)
                guard inspection.isEmpty else {
                    let rows = inspection.tables.reduce(0) { $0 + $1.rows }
                    throw StoreError.invalidArgument(
                        path: location,
                        detail: "the target store is not empty (\(rows) rows, position \(inspection.position))")
                }
                try session.run { try connection.execute("SET LOCAL maintenance_work_mem = '256MB'") }
                let indexes = try PostgresIndexSet.drop(on: session, tables: PostgresSchema.dataTables)
                var importer = PostgresImporter(session: session)
                let position = try fill(&importer)
                try importer.finish()
                try session.run {
                    try connection.execute("INSERT INTO phone_owners (e164, user_id) SELECT e164, user_id FROM users")
                    try connection.execute(
                        "INSERT INTO event_ids (event_id, creator_id) SELECT event_id, creator_id FROM events")
                }
                try indexes.create(on: session)
                try session.run {
                    try connection.execute(PostgresStatements.setPosition, [.int64(position)])
                }
            }
            try session.run { try connection.execute("ANALYZE") }
        }
    }
}

/// The indexes and unique constraints of some tables, as the catalog defines them: dropped
/// before a bulk load and made again after it, so that the load needs no index maintenance.
struct PostgresIndexSet {
    /// `ALTER TABLE … ADD CONSTRAINT …` and `CREATE INDEX …` statements, in order.
    private var creations: [String] = []

    /// Drops the indexes and primary-key and unique constraints of `tables` (in the current
    /// schema) and returns what makes them again.
    static func drop(on session: PostgresSession, tables: [String]) throws(StoreError) -> PostgresIndexSet {
        let names = tables.map { "'\($0)'" }.joined(separator: ", ")
        let connection = session.connection
        let constraints = try session.run {
            try connection.execute(
                """
                SELECT t.relname::text, c.conname::text, pg_get_constraintdef(c.oid)
                FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
                WHERE n.nspname = current_schema() AND t.relname IN (\(names)) AND c.contype IN ('p', 'u')
                ORDER BY 1, 2
                """)
        }
        let indexes = try session.run {
            try connection.execute(
                """
                SELECT i.indexname::text, i.indexdef FROM pg_indexes i
                WHERE i.schemaname = current_schema() AND i.tablename IN (\(names))
                  AND NOT EXISTS (SELECT FROM pg_constraint c WHERE c.conname = i.indexname
                                  AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()))
                ORDER BY 1
                """)
        }
        var set = PostgresIndexSet()
        var drops: [String] = []
        try session.decode {
            for row in 0..<constraints.rowCount {
                let table = quoted(try constraints.string(row: row, column: 0))
                let name = quoted(try constraints.string(row: row, column: 1))
                drops.append("ALTER TABLE \(table) DROP CONSTRAINT \(name)")
                set.creations.append(
                    "ALTER TABLE \(table) ADD CONSTRAINT \(name) \(try constraints.string(row: row, column: 2))")
            }
            for row in 0..<indexes.rowCount {
                drops.append("DROP INDEX \(quoted(try indexes.string(row: row, column: 0)))")
                set.creations.append(try indexes.string(row: row, column: 1))
            }
        }
        for statement in drops {
            try session.run { try connection.execute(statement) }
        }
        return set
    }

    /// Makes the indexes and constraints again.
    ///
    /// - Throws: ``StoreError/constraint(path:detail:)`` when the loaded rows break a
    ///   uniqueness rule.
    func create(on session: PostgresSession) throws(StoreError) {
        for statement in creations {
            do {
                try session.connection.execute(statement)
            } catch  where error.sqlState == .uniqueViolation {
                let reason = PostgresError.oneLine(error.detail ?? error.message)
                throw StoreError.constraint(
                    path: session.location, detail: "the copied rows break \(statement): \(reason)")
            } catch {
                throw session.storeError(error)
            }
        }
    }

    /// `name` as a quoted SQL identifier.
    private static func quoted(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}

/// Writes the rows of a load into an empty PostgreSQL store, one binary COPY per table as
/// the tables arrive (see ``PostgresStore/importRows(_:)``).
package struct PostgresImporter: StoreLoader {
    private let session: PostgresSession
    /// The COPY under way and its table.
    private var stream: (table: String, copy: PostgresCopyInStream)?
    /// The user id of each key the users pass delivered.
    private var userIds: [StoreUserKey: String] = [:]
    /// Recent searches get sequences 0, -1, -2, … (most recent first): only their order
    /// within a user matters, and searches recorded later (from 1 up) come after them.
    private var sequencesUsed: Int64 = 0
    private var body = BinaryWriter()
    private var phones = BinaryWriter()

    init(session: PostgresSession) {
        self.session = session
    }

    /// Ends the last COPY.
    mutating func finish() throws {
        if let stream {
            self.stream = nil
            _ = try session.run { try stream.copy.finish() }
        }
    }

    /// The COPY into `table`, started (and the previous one ended) when the rows move on.
    private mutating func copy(_ table: String, _ columns: [String]) throws -> PostgresCopyInStream {
        if let stream, stream.table == table { return stream.copy }
        try finish()
        let started = try session.run { try session.connection.startCopyIn(table: table, columns: columns) }
        stream = (table, started)
        return started
    }

    private func userId(_ key: StoreUserKey, in table: String) throws -> String {
        guard let userId = userIds[key] else {
            throw StoreError.corrupt(
                path: session.location, detail: "a row of \(table) names user key \(key), which is not registered")
        }
        return userId
    }

    /// Runs `body`, turning the client's errors into the store's.
    private func rows(_ body: () throws -> Void) throws {
        try session.run(body)
    }

    package mutating func loadUser(_ user: StoredUser) throws {
        guard (1...PostgresStore.maximumE164).contains(user.e164) else {
            throw StoreError.invalidArgument(
                path: session.location, detail: "user \(user.userId.debugDescription) has phone \(user.e164)")
        }
        let copy = try copy("users", ["user_id", "e164", "display_name"])
        userIds[user.key] = user.userId
        try rows {
            try copy.beginRow()
            try copy.field(user.userId)
            try copy.field(Int64(bitPattern: user.e164))
            try copy.field(utf8: user.displayName)
            try copy.endRow()
        }
    }

    package mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws {
        let copy = try copy("follows", ["follower_id", "followee_id", "since"])
        let (followerId, followeeId) = (try userId(follower, in: "follows"), try userId(followee, in: "follows"))
        try rows {
            try copy.beginRow()
            try copy.field(followerId)
            try copy.field(followeeId)
            try copy.field(since)
            try copy.endRow()
        }
    }

    package mutating func loadContact(owner: StoreUserKey, contact: Contact, phones numbers: [UInt64]) throws {
        let copy = try copy("contacts", ["owner_id", "contact_id", "body", "phones"])
        let ownerId = try userId(owner, in: "contacts")
        body.removeAll()
        phones.removeAll()
        ContactCodec.writeBody(contact, to: &body)
        ContactCodec.writePhones(numbers, to: &phones)
        try rows { [body, phones] in
            try copy.beginRow()
            try copy.field(ownerId)
            try copy.field(contact.id)
            try body.bytes.withUnsafeBytes { try copy.field(bytes: $0) }
            try phones.bytes.withUnsafeBytes { try copy.field(bytes: $0) }
            try copy.endRow()
        }
    }

    package mutating func loadEvent(_ event: EventRecord, creator: StoreUserKey) throws {
        let copy = try copy(
            "events", ["creator_id", "event_id", "title", "description", "location", "start_time", "created_at"])
        let creatorId = try userId(creator, in: "events")
        try rows {
            try copy.beginRow()
            try copy.field(creatorId)
            try copy.field(event.eventId)
            try copy.field(utf8: event.title)
            if let description = event.description { try copy.field(utf8: description) } else { try copy.fieldNull() }
            if let location = event.location { try copy.field(utf8: location) } else { try copy.fieldNull() }
            if let startTime = event.startTime { try copy.field(startTime) } else { try copy.fieldNull() }
            try copy.field(event.createdAt)
            try copy.endRow()
        }
    }

    package mutating func loadRecentSearches(user: StoreUserKey, queries: [String]) throws {
        let copy = try copy("recent_searches", ["user_id", "query", "seq"])
        let userId = try userId(user, in: "recent_searches")
        for query in queries {
            let sequence = -sequencesUsed
            sequencesUsed += 1
            try rows {
                try copy.beginRow()
                try copy.field(userId)
                try copy.field(utf8: query)
                try copy.field(sequence)
                try copy.endRow()
            }
        }
    }

    package mutating func loadBudgetUsage(userId: String, day: Int64, used: Int) throws {
        let copy = try copy("upload_budget", ["user_id", "day", "used"])
        try rows {
            try copy.beginRow()
            try copy.field(userId)
            try copy.field(day)
            try copy.field(Int64(used))
            try copy.endRow()
        }
    }
}
