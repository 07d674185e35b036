import ContactsStore
import PostgreSQLClient

/// The change log of PROTOCOL §8 in the `change_log` table: one row per change, at its
/// position, holding the change's ``StoreChange/kind``, its ``StoreChange/key`` and the
/// change itself in its ``StoreChange/binaryForm``, written in the transaction of the change.
///
/// **Positions follow commit order.** Every writing transaction first locks the one row of
/// `change_position` (`SELECT … FOR UPDATE`), reads the position there, catches up on the
/// log up to it, and writes its changes at the positions after it; the lock is held until
/// COMMIT, so the next writer reads the new position only once this transaction is visible.
/// A change at position p + 1 therefore never commits before the change at p, and a reader
/// that sees p + 1 sees every position below it: the log has no gaps to skip or wait out
/// (which a sequence, whose values commit out of order, would have).
///
/// **Waking followers.** The same transaction sends `pg_notify` on the store's channel
/// (``channelQuery``), delivered to every listening engine at COMMIT; an engine then reads
/// the rows after its position (``fetch``).
///
/// **Trimming** (``trim``): rows every engine that is alive has applied and older than the
/// retention's minimum go, and rows older than its maximum go regardless; engines report
/// what they applied in `change_log_readers`.
enum PostgresChangeLog {
    /// The change position, locked for the transaction, and the transaction's id (to learn
    /// after a lost COMMIT whether it committed). Bookkeeping.
    static let lockPosition = PostgresStatement(
        name: "contacts_lock_position_xid",
        sql: "SELECT position, txid_current() FROM change_position FOR UPDATE")
    /// Appends change $1 (kind $2, key $3, payload $4). Bookkeeping.
    static let append = PostgresStatement(
        name: "contacts_log_append",
        sql: "INSERT INTO change_log (position, kind, key, payload) VALUES ($1, $2, $3, $4)")
    /// Wakes the followers on the store's channel (``channelQuery``), payload the last
    /// position $1. Bookkeeping.
    static let notify = PostgresStatement(
        name: "contacts_log_notify",
        sql: "SELECT pg_notify('contacts_changes_' || to_hex(hashtext(current_schema())), $1)")
    /// The store's position and the log's first $2 rows after position $1, in one
    /// snapshot: one row per change (position, payload, head), or one row of NULLs and the
    /// head when there are none. Bookkeeping.
    static let fetch = PostgresStatement(
        name: "contacts_log_fetch",
        sql: """
            SELECT l.position, l.payload, p.position FROM change_position p LEFT JOIN LATERAL (
                SELECT position, payload FROM change_log WHERE position > $1 ORDER BY position LIMIT $2) l ON true
            ORDER BY l.position
            """)
    /// Engine $1 has applied position $2 (and is alive). Bookkeeping.
    static let report = PostgresStatement(
        name: "contacts_log_report",
        sql: """
            INSERT INTO change_log_readers (reader_id, position, seen_at) VALUES ($1, $2, clock_timestamp())
            ON CONFLICT (reader_id) DO UPDATE SET position = excluded.position, seen_at = excluded.seen_at
            """)
    /// Engine $1 is gone. Bookkeeping.
    static let leave = PostgresStatement(
        name: "contacts_log_leave", sql: "DELETE FROM change_log_readers WHERE reader_id = $1")
    /// Trims the log (see ``PostgresChangeLog``): $1 the engine timeout, $2 the minimum and
    /// $3 the maximum retention, in milliseconds. The rows go as one prefix of positions.
    static let trim = PostgresStatement(
        name: "contacts_log_trim",
        sql: """
            WITH readers AS (
                SELECT min(position) AS applied FROM change_log_readers
                WHERE seen_at > clock_timestamp() - $1::int8 * interval '1 millisecond'),
            bound AS (
                SELECT greatest(
                    least((SELECT applied FROM readers), (SELECT max(position) FROM change_log
                        WHERE committed_at < clock_timestamp() - $2::int8 * interval '1 millisecond')),
                    (SELECT max(position) FROM change_log
                        WHERE committed_at < clock_timestamp() - $3::int8 * interval '1 millisecond')) AS position)
            DELETE FROM change_log WHERE position <= (SELECT position FROM bound)
            """)
    /// Forgets engines gone for longer than $1 ms. Bookkeeping.
    static let forgetGone = PostgresStatement(
        name: "contacts_log_forget_gone",
        sql: "DELETE FROM change_log_readers WHERE seen_at < clock_timestamp() - $1::int8 * interval '1 millisecond'")

    /// The store's notification channel: one per schema (a hash of its name), so stores in
    /// other schemas of the database wake no one here.
    static let channelQuery = "SELECT 'contacts_changes_' || to_hex(hashtext(current_schema()))"

    /// The channel of the store `connection` is in.
    static func channel(on connection: PostgresConnection) throws(PostgresError) -> String {
        try connection.execute(channelQuery).string(row: 0, column: 0)
    }

    /// The rows of ``fetch``'s result as changes, checked to follow `position` without a
    /// gap.
    ///
    /// - Returns: the changes and the store's position.
    /// - Throws: ``ChangeLogTrimmed`` when the rows after `position` are gone;
    ///   ``StoreError/corrupt(path:detail:)`` for a row that does not decode.
    static func changes(in result: PostgresResult, after position: Int64, location: String) throws -> (
        changes: [PositionedChange], head: Int64
    ) {
        guard result.rowCount > 0 else {
            throw StoreError.corrupt(path: location, detail: "the change_position row is missing")
        }
        var changes: [PositionedChange] = []
        var head: Int64 = 0
        do {
            head = try result.int64(row: 0, column: 2)
            changes.reserveCapacity(result.rowCount)
            for row in 0..<result.rowCount where !(try result.isNull(row: row, column: 0)) {
                let at = try result.int64(row: row, column: 0)
                let payload = try result.bytes(row: row, column: 1)
                let change = try payload.withUnsafeBytes { bytes throws in try StoreChange(binaryForm: bytes) }
                changes.append(PositionedChange(position: at, change: change))
            }
        } catch {
            throw StoreError.corrupt(path: location, detail: "a row of change_log: \(error)")
        }
        if head > position, changes.first?.position != position + 1 {
            throw ChangeLogTrimmed(path: location, position: position, oldestKept: changes.first?.position)
        }
        for (offset, change) in changes.enumerated() where change.position != position + 1 + Int64(offset) {
            throw StoreError.corrupt(
                path: location,
                detail: "change_log skips from position \(position + Int64(offset)) to \(change.position)")
        }
        return (changes, head)
    }
}

extension PostgresWritePlan {
    /// Appends `change` to the log at `position`.
    mutating func appendToLog(_ change: StoreChange, at position: Int64) {
        addStatement(
            .prepared(
                PostgresChangeLog.append,
                [.int64(position), .int64(Int64(change.kind)), .text(change.key), .bytes(change.binaryForm)]))
    }

    /// Wakes the engines following the log once the transaction commits.
    mutating func notifyFollowers(position: Int64) {
        addStatement(.prepared(PostgresChangeLog.notify, [.text(String(position))]))
    }
}
