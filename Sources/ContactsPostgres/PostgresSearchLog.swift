import ContactsStore
import PostgreSQLClient

/// How recent searches (PROTOCOL §6) reach every engine of a shared store (§8: within 1 s,
/// outside the change positions).
///
/// **One order for every engine.** Each written search takes the next value of the
/// `recent_searches_order` sequence as its `seq`; a repeat takes a new one, so it moves to
/// the front. Every transaction that writes searches first locks the change position's row
/// (``PostgresChangeLog/lockPosition``, as every change does): searches therefore commit in `seq` order (a
/// reader that sees `seq` s sees every search below it), and no `deleteUser` of another
/// engine commits between the insert's check that the user is registered and the insert,
/// so a late flush never brings a deleted user's searches back.
///
/// **Waking the engines.** The same transaction sends the change log's `pg_notify`
/// (``PostgresChangeLog/notify``) with the payload ``notificationPayload``; an engine then reads the searches after
/// the last `seq` it merged (``fetch``), together with the change position of the same
/// snapshot, and merges them once it has applied that position.
enum PostgresSearchLog {
    /// The payload of a notification about searches (a change's is its position).
    static let notificationPayload = "searches"

    /// The change position and the first $2 searches with a `seq` above $1, in one snapshot:
    /// one row per search (position, user_id, query, seq), or one row with NULLs and the
    /// position when there are none. Bookkeeping.
    static let fetch = PostgresStatement(
        name: "contacts_search_fetch",
        sql: """
            SELECT p.position, s.user_id, s.query, s.seq FROM change_position p LEFT JOIN LATERAL (
                SELECT user_id, query, seq FROM recent_searches WHERE seq > $1 ORDER BY seq LIMIT $2) s ON true
            ORDER BY s.seq
            """)
    /// The `seq` of the newest search (0 when there is none). Bookkeeping.
    static let readMark = "SELECT coalesce(max(seq), 0) FROM recent_searches"

    /// The rows of ``fetch``'s result.
    ///
    /// - Throws: ``StoreError/corrupt(path:detail:)`` for a row that does not decode.
    static func searches(in result: PostgresResult, location: String) throws(StoreError) -> FollowedSearches {
        guard result.rowCount > 0 else {
            throw StoreError.corrupt(path: location, detail: "the change_position row is missing")
        }
        do {
            var searches: [FollowedSearch] = []
            searches.reserveCapacity(result.rowCount)
            for row in 0..<result.rowCount where !(try result.isNull(row: row, column: 1)) {
                let query = try result.bytes(row: row, column: 2)
                guard let text = String(validating: query, as: UTF8.self) else {
                    throw StoreError.corrupt(path: location, detail: "a recent search is not UTF-8")
                }
                searches.append(
                    FollowedSearch(
                        userId: try result.string(row: row, column: 1), query: text,
                        order: try result.int64(row: row, column: 3)))
            }
            return FollowedSearches(position: try result.int64(row: 0, column: 0), searches: searches)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.corrupt(path: location, detail: "a row of recent_searches: \(error)")
        }
    }
}
