/// The store's schema: its version history as a list of migrations.
///
/// `migrations[i]` takes a store from schema version `i` to `i + 1`; version 0 is an empty
/// database, so `migrations[0]` creates the tables. The schema version is SQLite's
/// `PRAGMA user_version`. Opening a store at version `v` below ``version`` runs
/// `migrations[v...]` and sets the new version, all in one transaction: a store is either
/// fully migrated or untouched.
package struct StoreSchema: Sendable {
    /// One step of the schema history.
    package struct Migration: Sendable {
        /// What the step does, for error messages.
        package let summary: String
        /// Applies the step inside the migration transaction.
        package let apply: @Sendable (SQLiteConnection) throws(StoreError) -> Void

        /// Makes a step.
        package init(
            _ summary: String, apply: @escaping @Sendable (SQLiteConnection) throws(StoreError) -> Void
        ) {
            self.summary = summary
            self.apply = apply
        }
    }

    /// The steps, oldest first.
    package let migrations: [Migration]

    /// The version this schema brings a store to.
    package var version: Int { migrations.count }

    /// Makes a schema from its history.
    package init(migrations: [Migration]) {
        self.migrations = migrations
    }

    /// The schema this build writes.
    package static let current = StoreSchema(migrations: [
        .createVersion1, .addChangePosition, .storeLongNumbers,
    ])

    /// `PRAGMA application_id` of every ContactsCore store: "CnCt" in ASCII. A database
    /// with another non-zero id belongs to another application and is never touched.
    package static let applicationID: Int32 = 0x436E_4374

    /// How many distinct recent searches are kept per user (PROTOCOL §6: 50).
    package static let recentSearchLimit = 50

    /// The INTEGER that `users.e164` holds for `e164`: its 64-bit pattern, as SQLite integers
    /// are `Int64` and numbers of 19 digits pass `Int64.max` (see ``Migration/storeLongNumbers``).
    /// Distinct numbers stay distinct, so the column's UNIQUE constraint still means one user
    /// a number.
    @inline(__always)
    static func storedE164(_ e164: UInt64) -> Int64 {
        Int64(bitPattern: e164)
    }

    /// The number a `users.e164` INTEGER holds: the inverse of ``storedE164(_:)``.
    @inline(__always)
    static func e164(stored: Int64) -> UInt64 {
        UInt64(bitPattern: stored)
    }
}

extension StoreSchema.Migration {
    /// Version 1: the tables of PROTOCOL §5's state.
    ///
    /// Ids are TEXT in SQLite's default BINARY collation, so they compare byte for byte;
    /// times are INTEGER milliseconds. Tables keyed by something other than a user row use
    /// `WITHOUT ROWID`, so the key is stored once and a scan returns rows in key order.
    package static let createVersion1 = StoreSchema.Migration("create the version 1 tables") {
        connection throws(StoreError) in
        try connection.execute(
            """
            CREATE TABLE users (
                userKey INTEGER PRIMARY KEY,
                userId TEXT NOT NULL UNIQUE,
                e164 INTEGER NOT NULL UNIQUE,
                displayName TEXT NOT NULL
            );
            CREATE TABLE follows (
                followerKey INTEGER NOT NULL,
                followeeKey INTEGER NOT NULL,
                since INTEGER NOT NULL,
                PRIMARY KEY (followerKey, followeeKey)
            ) WITHOUT ROWID;
            CREATE INDEX follows_by_followee ON follows (followeeKey, followerKey);
            CREATE TABLE contacts (
                ownerKey INTEGER NOT NULL,
                contactId TEXT NOT NULL,
                body BLOB NOT NULL,
                phones BLOB NOT NULL,
                PRIMARY KEY (ownerKey, contactId)
            ) WITHOUT ROWID;
            CREATE TABLE upload_budget (
                userId TEXT NOT NULL,
                day INTEGER NOT NULL,
                used INTEGER NOT NULL,
                PRIMARY KEY (userId, day)
            ) WITHOUT ROWID;
            CREATE TABLE events (
                eventId TEXT NOT NULL PRIMARY KEY,
                creatorKey INTEGER NOT NULL,
                title TEXT NOT NULL,
                description TEXT,
                location TEXT,
                startTime INTEGER,
                createdAt INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX events_by_creator ON events (creatorKey);
            CREATE TABLE recent_searches (
                userKey INTEGER NOT NULL,
                query TEXT NOT NULL,
                seq INTEGER NOT NULL,
                PRIMARY KEY (userKey, query)
            ) WITHOUT ROWID;
            CREATE INDEX recent_searches_by_recency ON recent_searches (userKey, seq);
            """)
    }

    /// Version 2: the position of the last change (PROTOCOL §8), one row, 0 before any.
    package static let addChangePosition = StoreSchema.Migration("add the change position") {
        connection throws(StoreError) in
        try connection.execute(
            """
            CREATE TABLE change_position (
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                position INTEGER NOT NULL
            );
            INSERT INTO change_position (singleton, position) VALUES (1, 0);
            """)
    }

    /// Version 3: `users.e164` may hold every number libphonenumber calls possible (up to 19
    /// digits), as the `UInt64`'s bit pattern (``StoreSchema/storedE164(_:)``); numbers past
    /// `Int64.max` read as negative integers in SQL.
    ///
    /// Nothing is rewritten: every number a version 2 store holds has at most 15 digits, far
    /// below 2^63, and its bit pattern is the number itself. The step exists so that a build
    /// of version 2, which would refuse a longer number as corrupt, refuses the store as newer
    /// instead.
    package static let storeLongNumbers = StoreSchema.Migration("store numbers of up to 19 digits") { _ in }
}
