import ContactsStore

/// The PostgreSQL store's schema: its version history as a list of migrations, kept in the
/// connection's current schema (the first of `search_path`, `public` unless the URI sets
/// `options=-csearch_path%3D…`).
///
/// `migrations[i]` takes a store from schema version `i` to `i + 1`; version 0 is a schema
/// without our tables. The version is the one row of `contacts_schema`. Opening a store at
/// version `v` below ``version`` runs `migrations[v...]` and sets the new version in one
/// transaction (PostgreSQL's DDL is transactional): a store is fully migrated or untouched.
///
/// **Distribution.** Every table of users' data has a primary key that begins with its
/// distribution key, and no unique constraint without it, so the tables can be distributed
/// by a Postgres-wire distributed database (Citus, YugabyteDB, CockroachDB):
///
/// | table | distribution column | holds |
/// |---|---|---|
/// | `users` | `user_id` | a registered user: phone, display name |
/// | `phone_owners` | `e164` | the directory: who holds each number (unique phones) |
/// | `follows` | `follower_id` | one follow and its `since` |
/// | `contacts` | `owner_id` | one uploaded contact (body and normalized numbers) |
/// | `upload_budget` | `user_id` | new numbers a user id used on one UTC day |
/// | `events` | `creator_id` | one event |
/// | `event_ids` | `event_id` | the directory of event ids (unique across creators) |
/// | `recent_searches` | `user_id` | one recent query of a user |
///
/// `contacts_schema` and `change_position` are bookkeeping (one row each), exempt; so are
/// the change log of §8 (`change_log`: every change at its position, see
/// ``PostgresChangeLog``) and the positions the engines following it have applied
/// (`change_log_readers`).
///
/// **Encodings.** Ids are `text COLLATE "C"`, so they compare and sort byte for byte;
/// free text that may hold U+0000 (display names, event texts, queries), which PostgreSQL's
/// `text` cannot, is `bytea` holding the UTF-8. Phone numbers are `bigint` holding the
/// `UInt64` digits' bit pattern (`Int64(bitPattern:)`): numbers above `Int64.max` (19
/// digits) read back negative in SQL, losslessly.
package struct PostgresSchema: Sendable {
    /// One step of the schema history.
    package struct Migration: Sendable {
        /// What the step does, for error messages.
        package let summary: String
        /// The SQL script of the step, run inside the migration transaction.
        package let script: String

        /// Makes a step.
        package init(_ summary: String, script: String) {
            self.summary = summary
            self.script = script
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
    package static let current = PostgresSchema(migrations: [.createVersion1, .orderRecentSearches])

    /// The value of `contacts_schema.application`: a table of that name holding another
    /// value belongs to someone else, and the store is refused.
    package static let application = "ContactsCore"

    /// The data tables, in the order ``PostgresStore`` loads them (for `store check`).
    package static let dataTables = [
        "users", "phone_owners", "follows", "contacts", "events", "event_ids", "recent_searches", "upload_budget",
    ]

    /// The distribution column of each data table (the table in the type's documentation):
    /// every primary key begins with it and no unique constraint leaves it out, so a
    /// distributed database can place each row by it. A test checks it by creating the
    /// same tables hash-partitioned on these columns, which PostgreSQL refuses otherwise.
    package static let distributionColumns: [String: String] = [
        "users": "user_id", "phone_owners": "e164", "follows": "follower_id", "contacts": "owner_id",
        "upload_budget": "user_id", "events": "creator_id", "event_ids": "event_id", "recent_searches": "user_id",
    ]

    /// Every table the schema makes: a schema holding one of them without our bookkeeping
    /// row is another application's, and is refused.
    package static let allTables = ["contacts_schema", "change_position"] + dataTables + changeLogTables

    /// The change log's tables (PROTOCOL §8; see ``PostgresChangeLog``).
    package static let changeLogTables = ["change_log", "change_log_readers"]
}

extension PostgresSchema.Migration {
    /// Version 1: the tables of PROTOCOL §5's state and the change position of §8.
    package static let createVersion1 = PostgresSchema.Migration(
        "create the version 1 tables",
        script: """
            CREATE TABLE change_position (
                singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
                position bigint NOT NULL
            );
            INSERT INTO change_position (position) VALUES (0);
            CREATE TABLE users (
                user_id text COLLATE "C" NOT NULL,
                e164 bigint NOT NULL,
                display_name bytea NOT NULL,
                PRIMARY KEY (user_id)
            );
            CREATE TABLE phone_owners (
                e164 bigint NOT NULL,
                user_id text COLLATE "C" NOT NULL,
                PRIMARY KEY (e164)
            );
            CREATE TABLE follows (
                follower_id text COLLATE "C" NOT NULL,
                followee_id text COLLATE "C" NOT NULL,
                since bigint NOT NULL,
                PRIMARY KEY (follower_id, followee_id)
            );
            CREATE INDEX follows_by_followee ON follows (followee_id);
            CREATE TABLE contacts (
                owner_id text COLLATE "C" NOT NULL,
                contact_id text COLLATE "C" NOT NULL,
                body bytea NOT NULL,
                phones bytea NOT NULL,
                PRIMARY KEY (owner_id, contact_id)
            );
            CREATE TABLE upload_budget (
                user_id text COLLATE "C" NOT NULL,
                day bigint NOT NULL,
                used bigint NOT NULL,
                PRIMARY KEY (user_id, day)
            );
            CREATE TABLE events (
                creator_id text COLLATE "C" NOT NULL,
                event_id text COLLATE "C" NOT NULL,
                title bytea NOT NULL,
                description bytea,
                location bytea,
                start_time bigint,
                created_at bigint NOT NULL,
                PRIMARY KEY (creator_id, event_id)
            );
            CREATE TABLE event_ids (
                event_id text COLLATE "C" NOT NULL,
                creator_id text COLLATE "C" NOT NULL,
                PRIMARY KEY (event_id)
            );
            CREATE TABLE recent_searches (
                user_id text COLLATE "C" NOT NULL,
                query bytea NOT NULL,
                seq bigint NOT NULL,
                PRIMARY KEY (user_id, query)
            );
            CREATE INDEX recent_searches_by_recency ON recent_searches (user_id, seq);
            CREATE FUNCTION contacts_require_user(id text) RETURNS void LANGUAGE plpgsql AS $body$
            BEGIN
                IF NOT EXISTS (SELECT FROM users WHERE user_id = id) THEN
                    RAISE EXCEPTION USING ERRCODE = 'CC404', MESSAGE = 'no registered user', DETAIL = id;
                END IF;
            END
            $body$;
            CREATE TABLE change_log (
                position bigint NOT NULL,
                kind smallint NOT NULL,
                key text COLLATE "C" NOT NULL,
                payload bytea NOT NULL,
                committed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
                PRIMARY KEY (position)
            );
            CREATE TABLE change_log_readers (
                reader_id text COLLATE "C" NOT NULL,
                position bigint NOT NULL,
                seen_at timestamptz NOT NULL,
                PRIMARY KEY (reader_id)
            );
            """)
}

extension PostgresSchema.Migration {
    /// Version 2: one order of recent searches for every engine (``PostgresSearchLog``): the
    /// `recent_searches_order` sequence, started past every `seq` already written, and an
    /// index on `seq` for the engines that read the searches after the last they merged.
    package static let orderRecentSearches = PostgresSchema.Migration(
        "order recent searches by one sequence",
        script: """
            CREATE SEQUENCE recent_searches_order;
            SELECT setval('recent_searches_order', (SELECT coalesce(max(seq), 0) + 1 FROM recent_searches), false);
            CREATE INDEX recent_searches_by_order ON recent_searches (seq);
            """)
}
