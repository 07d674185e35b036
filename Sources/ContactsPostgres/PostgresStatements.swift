import PostgreSQLClient

/// The store's statements, prepared once per connection and reused (``PostgresStatement``).
/// Every value is a bound parameter; the SQL is constant.
///
/// Each names the distribution key it is routed by (see ``PostgresSchema``): statements on
/// one key stay on one node of a distributed database.
enum PostgresStatements {
    /// The change position. Bookkeeping.
    static let readPosition = "SELECT position FROM change_position"
    /// Sets the change position ($1). Bookkeeping.
    static let setPosition = PostgresStatement(
        name: "contacts_set_position", sql: "UPDATE change_position SET position = $1")

    /// Raises CC404 unless user $1 is registered. One key: user_id.
    static let requireUser = PostgresStatement(
        name: "contacts_require_user", sql: "SELECT contacts_require_user($1)")

    // MARK: Users

    /// Frees the phone of user $1 in the directory. Two keys: the user's row, then the phone.
    static let freeOldPhone = PostgresStatement(
        name: "contacts_free_old_phone",
        sql: "DELETE FROM phone_owners WHERE e164 = (SELECT e164 FROM users WHERE user_id = $1) AND user_id = $1")
    /// Claims phone $2 for user $1 (a unique violation when held). One key: e164.
    static let claimPhone = PostgresStatement(
        name: "contacts_claim_phone", sql: "INSERT INTO phone_owners (e164, user_id) VALUES ($2, $1)")
    /// Registers or re-registers user $1 with phone $2 and name $3. One key: user_id.
    static let upsertUser = PostgresStatement(
        name: "contacts_upsert_user",
        sql: """
            INSERT INTO users (user_id, e164, display_name) VALUES ($1, $2, $3)
            ON CONFLICT (user_id) DO UPDATE SET e164 = excluded.e164, display_name = excluded.display_name
            """)
    /// Deletes user $1's outgoing follows. One key: follower_id.
    static let deleteFollowsOf = PostgresStatement(
        name: "contacts_delete_follows_of", sql: "DELETE FROM follows WHERE follower_id = $1")
    /// Deletes the follows of user $1. Every key (an index on followee_id).
    static let deleteFollowersOf = PostgresStatement(
        name: "contacts_delete_followers_of", sql: "DELETE FROM follows WHERE followee_id = $1")
    /// Deletes user $1's contacts. One key: owner_id.
    static let deleteContactsOf = PostgresStatement(
        name: "contacts_delete_contacts_of", sql: "DELETE FROM contacts WHERE owner_id = $1")
    /// Frees user $1's event ids in the directory. Two keys: the creator's events, then their ids.
    static let freeEventIdsOf = PostgresStatement(
        name: "contacts_free_event_ids_of",
        sql: "DELETE FROM event_ids WHERE event_id IN (SELECT event_id FROM events WHERE creator_id = $1)")
    /// Deletes user $1's events. One key: creator_id.
    static let deleteEventsOf = PostgresStatement(
        name: "contacts_delete_events_of", sql: "DELETE FROM events WHERE creator_id = $1")
    /// Deletes user $1's recent searches. One key: user_id.
    static let deleteSearchesOf = PostgresStatement(
        name: "contacts_delete_searches_of", sql: "DELETE FROM recent_searches WHERE user_id = $1")
    /// Deletes user $1 (affects 1 row when registered). One key: user_id.
    static let deleteUser = PostgresStatement(
        name: "contacts_delete_user", sql: "DELETE FROM users WHERE user_id = $1")

    // MARK: Contacts and budget

    /// Rows of one multi-row contact upsert: 4 parameters each, well under the protocol's
    /// 65,535, and enough that a 1,000-contact upload takes two statements.
    static let contactsPerStatement = 500

    /// Upserts `rows` contacts of one owner ($1, then contact id, body, phones per row). One
    /// key: owner_id.
    static func upsertContacts(rows: Int) -> PostgresStatement {
        let values = (0..<rows).map { "($1, $\(3 * $0 + 2), $\(3 * $0 + 3), $\(3 * $0 + 4))" }
        return PostgresStatement(
            name: "contacts_upsert_contacts_\(rows)",
            sql: "INSERT INTO contacts (owner_id, contact_id, body, phones) VALUES "
                + values.joined(separator: ", ")
                + " ON CONFLICT (owner_id, contact_id) DO UPDATE SET body = excluded.body, phones = excluded.phones")
    }

    /// The statement for full chunks, made once.
    static let upsertFullChunk = upsertContacts(rows: contactsPerStatement)

    /// What user $1 used of its budget on day $2. One key: user_id.
    static let budgetUsage = PostgresStatement(
        name: "contacts_budget_usage", sql: "SELECT used FROM upload_budget WHERE user_id = $1 AND day = $2")
    /// Adds $3 to user $1's budget use on day $2. One key: user_id.
    static let addBudgetUsage = PostgresStatement(
        name: "contacts_add_budget_usage",
        sql: """
            INSERT INTO upload_budget (user_id, day, used) VALUES ($1, $2, $3)
            ON CONFLICT (user_id, day) DO UPDATE SET used = upload_budget.used + excluded.used
            """)

    // MARK: Follows

    /// Follow $1 → $2 since $3 (affects 1 row when new). One key: follower_id.
    static let follow = PostgresStatement(
        name: "contacts_follow",
        sql: """
            INSERT INTO follows (follower_id, followee_id, since) VALUES ($1, $2, $3)
            ON CONFLICT (follower_id, followee_id) DO NOTHING
            """)
    /// Unfollow $1 → $2 (affects 1 row when there was a follow). One key: follower_id.
    static let unfollow = PostgresStatement(
        name: "contacts_unfollow", sql: "DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2")

    // MARK: Events

    /// Claims event id $1 for creator $2 (a unique violation when taken). One key: event_id.
    static let claimEventId = PostgresStatement(
        name: "contacts_claim_event_id", sql: "INSERT INTO event_ids (event_id, creator_id) VALUES ($1, $2)")
    /// Stores an event. One key: creator_id.
    static let insertEvent = PostgresStatement(
        name: "contacts_insert_event",
        sql: """
            INSERT INTO events (creator_id, event_id, title, description, location, start_time, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            """)
    /// Frees event id $1 when creator $2 holds it (affects 1 row then). One key: event_id.
    static let freeEventId = PostgresStatement(
        name: "contacts_free_event_id", sql: "DELETE FROM event_ids WHERE event_id = $1 AND creator_id = $2")
    /// Deletes event $2 of creator $1. One key: creator_id.
    static let deleteEvent = PostgresStatement(
        name: "contacts_delete_event", sql: "DELETE FROM events WHERE creator_id = $1 AND event_id = $2")

    // MARK: Recent searches

    /// Records query $2 of user $1 at the next value of the store's search order
    /// (``PostgresSearchLog``; nothing for an unregistered user). One key: user_id.
    static let recordSearch = PostgresStatement(
        name: "contacts_record_search",
        sql: """
            INSERT INTO recent_searches (user_id, query, seq) SELECT $1, $2, nextval('recent_searches_order')
            WHERE EXISTS (SELECT FROM users WHERE user_id = $1)
            ON CONFLICT (user_id, query) DO UPDATE SET seq = excluded.seq
            """)
    /// Keeps user $1's newest $2 queries. One key: user_id.
    static let trimSearches = PostgresStatement(
        name: "contacts_trim_searches",
        sql: """
            DELETE FROM recent_searches WHERE user_id = $1 AND seq <= (
                SELECT seq FROM recent_searches WHERE user_id = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1)
            """)
}
