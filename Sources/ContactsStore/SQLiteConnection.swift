internal import CSQLite

/// One SQLite database connection: the only owner of a `sqlite3 *` handle.
///
/// A thin, checked layer: every C result code is turned into a ``StoreError`` at the call,
/// naming the file. Statements given by ``prepared(_:)`` are compiled once and cached by
/// their SQL text. Not thread-safe: ``SQLiteStore`` serializes every use behind its lock.
package final class SQLiteConnection {
    /// How a connection opens its file.
    package enum OpenMode: Sendable {
        /// Read and write; the file must exist (SQLite falls back to read-only, silently,
        /// when the OS refuses writes; see ``SQLiteConnection/isReadOnly``).
        case readWrite
        /// Read and write, creating the file when it is missing.
        case readWriteCreate
        /// Read only.
        case readOnly
    }

    /// The path the connection was opened on.
    package let path: String
    private var handle: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]

    private init(path: String, handle: OpaquePointer) {
        self.path = path
        self.handle = handle
    }

    deinit {
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
    }

    /// Opens `path` with `mode`. Opening never reads the file: errors in its content
    /// surface at the first statement.
    package static func open(path: String, mode: OpenMode) throws(StoreError) -> SQLiteConnection {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw SQLiteConnection.error(code: code, message: message, path: path, action: "open")
        }
        return SQLiteConnection(path: path, handle: handle)
    }

    /// Finalizes every cached statement and closes the handle. Closing twice is harmless.
    package func close() throws(StoreError) {
        statements.removeAll()
        guard let handle else { return }
        self.handle = nil
        let code = sqlite3_close_v2(handle)
        if code != SQLITE_OK {
            throw SQLiteConnection.error(
                code: code, message: String(cString: sqlite3_errstr(code)), path: path,
                action: "close")
        }
    }

    /// Whether SQLite opened the main database read-only (the OS refused writes).
    var isReadOnly: Bool {
        guard let handle else { return false }
        return sqlite3_db_readonly(handle, "main") == 1
    }

    /// Whether a transaction is open (SQLite is not in autocommit mode).
    var isInTransaction: Bool {
        guard let handle else { return false }
        return sqlite3_get_autocommit(handle) == 0
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int {
        guard let handle else { return 0 }
        return Int(sqlite3_changes64(handle))
    }

    /// Sets the time SQLite waits for another connection's lock before failing with
    /// ``StoreError/locked(path:)``.
    func setBusyTimeout(milliseconds: Int) throws(StoreError) {
        let handle = try liveHandle()
        let code = sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        try check(code, action: "set the busy timeout")
    }

    /// Runs one or more SQL statements that return no rows of interest (DDL, pragmas,
    /// BEGIN / COMMIT). Not cached: for statements run once or rarely.
    package func execute(_ sql: String) throws(StoreError) {
        let handle = try liveHandle()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteConnection.error(
                code: sqlite3_extended_errcode(handle), message: text, path: path,
                action: "run \(sql.prefix(60).debugDescription)")
        }
    }

    /// Runs `body` between `BEGIN IMMEDIATE` and `COMMIT`; rolls back and rethrows when
    /// `body` or the commit throws.
    func inTransaction<R>(_ body: () throws(StoreError) -> R) throws(StoreError) -> R {
        try execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            rollbackQuietly()
            throw error
        }
    }

    /// Rolls back the open transaction, if any. Used on error paths, where the first error
    /// is the one to report, so a failure here is not thrown.
    func rollbackQuietly() {
        guard let handle, sqlite3_get_autocommit(handle) == 0 else { return }
        sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
    }

    /// The statement for `sql`, compiled on first use and cached for the connection's life.
    func prepared(_ sql: String) throws(StoreError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        let statement = try compile(sql)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` with the cached statement for `sql`, then resets it (bindings cleared),
    /// whether `body` returns or throws.
    func withStatement<R>(
        _ sql: String, _ body: (SQLiteStatement) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        let statement = try prepared(sql)
        defer { statement.reset() }
        return try body(statement)
    }

    /// The single integer a query such as `PRAGMA user_version` returns (0 when no row).
    package func integer(_ sql: String) throws(StoreError) -> Int64 {
        try withStatement(sql) { statement throws(StoreError) in
            try statement.step() ? statement.int64(at: 0) : 0
        }
    }

    /// The single text a query such as `PRAGMA journal_mode=WAL` returns (`""` when no row).
    package func text(_ sql: String) throws(StoreError) -> String {
        let statement = try compile(sql)
        return try statement.step() ? statement.string(at: 0) : ""
    }

    private func compile(_ sql: String) throws(StoreError) -> SQLiteStatement {
        let handle = try liveHandle()
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(
            handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        try check(code, action: "prepare \(sql.prefix(60).debugDescription)")
        guard let statement else {
            throw StoreError.failed(path: path, code: 0, detail: "empty SQL statement")
        }
        return SQLiteStatement(handle: statement, database: handle, path: path)
    }

    private func liveHandle() throws(StoreError) -> OpaquePointer {
        guard let handle else { throw StoreError.closed(path: path) }
        return handle
    }

    private func check(_ code: Int32, action: String) throws(StoreError) {
        guard code != SQLITE_OK else { return }
        let message =
            handle.map { String(cString: sqlite3_errmsg($0)) }
            ?? String(cString: sqlite3_errstr(code))
        throw SQLiteConnection.error(code: code, message: message, path: path, action: action)
    }

    /// The ``StoreError`` for an SQLite result `code` (primary or extended).
    static func error(code: Int32, message: String, path: String, action: String) -> StoreError {
        let detail = "\(action): \(message)"
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .locked(path: path)
        case SQLITE_READONLY:
            return .readOnly(path: path, detail: detail)
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            // NOTADB too: the file header was checked to be SQLite's before any open.
            return .corrupt(path: path, detail: detail)
        case SQLITE_CONSTRAINT:
            return .constraint(path: path, detail: detail)
        default:
            return .failed(path: path, code: code, detail: detail)
        }
    }
}
