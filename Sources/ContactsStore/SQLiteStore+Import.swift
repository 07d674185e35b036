import ContactsModel
import ContactsSupport
import PhoneNumbers

extension SQLiteStore: StoreImporting {
    /// ``StoreImporting/importRows(_:)`` into an empty SQLite store: every row inserted in
    /// one transaction, the users with the source's keys as their row ids (keys are positive
    /// and distinct in every backend), so later rows need no translation. The schema's
    /// secondary indexes are dropped for the load and created again after it, in the same
    /// transaction: one sort each instead of a random B-tree insert per row.
    ///
    /// - Complexity: O(n log n) for n rows.
    package func importRows(_ fill: (inout SQLiteImporter) throws -> Int64) throws {
        try transaction { transaction in
            let connection = transaction.connection
            let rows = try Self.inspectedTables.reduce(Int64(0)) { sum, table throws(StoreError) in
                sum + (try connection.integer("SELECT count(*) FROM \(table)"))
            }
            let position = try connection.integer("SELECT position FROM change_position")
            guard rows == 0, position == 0 else {
                throw StoreError.invalidArgument(
                    path: path, detail: "the target store is not empty (\(rows) rows, position \(position))")
            }
            let indexes = try Self.secondaryIndexes(connection)
            for index in indexes { try connection.execute("DROP INDEX \(index.name)") }
            var importer = SQLiteImporter(connection: connection)
            let sourcePosition = try fill(&importer)
            for index in indexes { try connection.execute(index.sql) }
            try connection.withStatement("UPDATE change_position SET position = ?1") {
                (statement) throws(StoreError) in
                try statement.bind(sourcePosition, at: 1)
                try statement.run()
            }
        }
    }
}

extension SQLiteStore {
    /// The schema's own indexes (not the ones behind primary keys and UNIQUE constraints),
    /// with the SQL that creates each.
    fileprivate static func secondaryIndexes(_ connection: SQLiteConnection) throws(StoreError) -> [(
        name: String, sql: String
    )] {
        try connection.withStatement(
            "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name"
        ) { (statement) throws(StoreError) in
            var indexes: [(name: String, sql: String)] = []
            while try statement.step() { indexes.append((statement.string(at: 0), statement.string(at: 1))) }
            return indexes
        }
    }
}

/// Writes the rows of a load into an empty SQLite store (see ``SQLiteStore/importRows(_:)``).
package struct SQLiteImporter: StoreLoader {
    let connection: SQLiteConnection
    /// Recent searches get sequences 0, -1, -2, … (most recent first): only their order
    /// within a user matters, and searches recorded later (from 1 up) come after them.
    private var sequencesUsed: Int64 = 0
    private var body = BinaryWriter()
    private var phones = BinaryWriter()

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Inserts the user under the source's key.
    package mutating func loadUser(_ user: StoredUser) throws {
        guard (1...PhoneNumber.largestE164).contains(user.e164) else {
            throw StoreError.invalidArgument(
                path: connection.path,
                detail: "user \(user.userId.debugDescription) has phone \(user.e164), longer than this store holds")
        }
        try connection.withStatement("INSERT INTO users (userKey, userId, e164, displayName) VALUES (?1, ?2, ?3, ?4)") {
            (statement) throws(StoreError) in
            try statement.bind(user.key.rawValue, at: 1)
            try statement.bind(user.userId, at: 2)
            try statement.bind(Int64(user.e164), at: 3)
            try statement.bind(user.displayName, at: 4)
            try statement.run()
        }
    }

    /// Inserts the follow.
    package mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws {
        try connection.withStatement("INSERT INTO follows (followerKey, followeeKey, since) VALUES (?1, ?2, ?3)") {
            (statement) throws(StoreError) in
            try statement.bind(follower.rawValue, at: 1)
            try statement.bind(followee.rawValue, at: 2)
            try statement.bind(since, at: 3)
            try statement.run()
        }
    }

    /// Inserts the contact.
    package mutating func loadContact(owner: StoreUserKey, contact: Contact, phones numbers: [UInt64]) throws {
        body.removeAll()
        phones.removeAll()
        ContactCodec.writeBody(contact, to: &body)
        ContactCodec.writePhones(numbers, to: &phones)
        try connection.withStatement(
            "INSERT INTO contacts (ownerKey, contactId, body, phones) VALUES (?1, ?2, ?3, ?4)"
        ) { [body, phones] (statement) throws(StoreError) in
            try statement.bind(owner.rawValue, at: 1)
            try statement.bind(contact.id, at: 2)
            try statement.bind(blob: body.bytes, at: 3)
            try statement.bind(blob: phones.bytes, at: 4)
            try statement.run()
        }
    }

    /// Inserts the event.
    package mutating func loadEvent(_ event: EventRecord, creator: StoreUserKey) throws {
        try connection.withStatement(
            """
            INSERT INTO events (eventId, creatorKey, title, description, location, startTime, createdAt)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """
        ) { (statement) throws(StoreError) in
            try statement.bind(event.eventId, at: 1)
            try statement.bind(creator.rawValue, at: 2)
            try statement.bind(event.title, at: 3)
            try statement.bind(event.description, at: 4)
            try statement.bind(event.location, at: 5)
            try statement.bind(event.startTime, at: 6)
            try statement.bind(event.createdAt, at: 7)
            try statement.run()
        }
    }

    /// Inserts the queries, the first the most recent.
    package mutating func loadRecentSearches(user: StoreUserKey, queries: [String]) throws {
        for query in queries {
            let sequence = -sequencesUsed
            sequencesUsed += 1
            try connection.withStatement("INSERT INTO recent_searches (userKey, query, seq) VALUES (?1, ?2, ?3)") {
                (statement) throws(StoreError) in
                try statement.bind(user.rawValue, at: 1)
                try statement.bind(query, at: 2)
                try statement.bind(sequence, at: 3)
                try statement.run()
            }
        }
    }

    /// Inserts the budget use.
    package mutating func loadBudgetUsage(userId: String, day: Int64, used: Int) throws {
        try connection.withStatement("INSERT INTO upload_budget (userId, day, used) VALUES (?1, ?2, ?3)") {
            (statement) throws(StoreError) in
            try statement.bind(userId, at: 1)
            try statement.bind(day, at: 2)
            try statement.bind(Int64(used), at: 3)
            try statement.run()
        }
    }
}
