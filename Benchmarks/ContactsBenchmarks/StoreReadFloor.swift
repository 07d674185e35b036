import CSQLite
import ContactsCore
import ContactsStore
import ContactsSupport

/// The I/O floor of opening a store, and the baseline of its load: the same rows the store's
/// load reads, with the same SQL and page-cache / memory-map settings, through plain
/// `sqlite3_step` — each column touched (integers summed, text and blob lengths added),
/// nothing decoded or built. Also the file's bytes per table from SQLite's `dbstat` virtual
/// table.
final class StoreReadFloor {
    private var database: OpaquePointer?

    /// The queries of `SQLiteStore.load(into:)`, in its order (``readRows()`` counts by position).
    static let queries = [
        "SELECT userKey, userId, e164, displayName FROM users ORDER BY userKey",
        "SELECT followerKey, followeeKey, since FROM follows ORDER BY followerKey, followeeKey",
        "SELECT ownerKey, contactId, body, phones FROM contacts ORDER BY ownerKey, contactId",
        "SELECT eventId, creatorKey, title, description, location, startTime, createdAt FROM events ORDER BY eventId",
        "SELECT userKey, query FROM recent_searches ORDER BY userKey, seq DESC",
        "SELECT userId, day, used FROM upload_budget ORDER BY userId, day",
    ]

    /// Opens the store file (which no store may hold: the store locks it exclusively).
    init(path: String) throws {
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            throw BaselineError("cannot open \(path): \(message)")
        }
        let options = StoreOptions()
        try execute("PRAGMA cache_size = -\(options.cacheKibibytes)")
        try execute("PRAGMA mmap_size = \(options.memoryMapMebibytes << 20)")
    }

    deinit {
        sqlite3_close(database)
    }

    /// Reads every row of every table, touching every column (integers summed into
    /// `touched`, text and blob lengths added), and answers what ``StoreRowsAnswer`` counts.
    func readRows() throws -> (rows: StoreRowsAnswer, touched: UInt64) {
        var rows = StoreRowsAnswer()
        var touched: UInt64 = 0
        for (table, sql) in Self.queries.enumerated() {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else {
                throw BaselineError("\(sql): \(message)")
            }
            defer { sqlite3_finalize(statement) }
            let columns = sqlite3_column_count(statement)
            while true {
                let code = sqlite3_step(statement)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else { throw BaselineError("\(sql): \(message)") }
                for column in 0..<columns {
                    switch sqlite3_column_type(statement, column) {
                    case SQLITE_INTEGER: touched &+= UInt64(bitPattern: sqlite3_column_int64(statement, column))
                    case SQLITE_TEXT:
                        _ = sqlite3_column_text(statement, column)
                        touched &+= UInt64(sqlite3_column_bytes(statement, column))
                    case SQLITE_BLOB:
                        _ = sqlite3_column_blob(statement, column)
                        touched &+= UInt64(sqlite3_column_bytes(statement, column))
                    default: break
                    }
                }
                switch table {
                case 0:
                    rows.users += 1
                    rows.e164Sum &+= UInt64(bitPattern: sqlite3_column_int64(statement, 2))
                case 1:
                    rows.follows += 1
                    rows.sinceSum &+= UInt64(bitPattern: sqlite3_column_int64(statement, 2))
                case 2:
                    rows.contacts += 1
                    rows.contactIDBytes += Int(sqlite3_column_bytes(statement, 1))
                case 3: rows.events += 1
                case 4: rows.recentSearches += 1
                default: rows.budgetRows += 1
                }
            }
        }
        return (rows, touched)
    }

    /// Bytes of pages per table or index (`dbstat`), or nil when this SQLite lacks `dbstat`.
    func bytesPerTable() -> [String: Int]? {
        var statement: OpaquePointer?
        guard
            sqlite3_prepare_v2(database, "SELECT name, sum(pgsize) FROM dbstat GROUP BY name", -1, &statement, nil)
                == SQLITE_OK
        else { return nil }
        defer { sqlite3_finalize(statement) }
        var bytes: [String: Int] = [:]
        while sqlite3_step(statement) == SQLITE_ROW {
            guard let name = sqlite3_column_text(statement, 0) else { continue }
            bytes[String(cString: name)] = Int(sqlite3_column_int64(statement, 1))
        }
        return bytes
    }

    private var message: String { String(cString: sqlite3_errmsg(database)) }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else { throw BaselineError("\(sql): \(message)") }
    }
}
