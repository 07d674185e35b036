internal import CSQLite
import ContactsSupport

/// A compiled SQL statement of a ``SQLiteConnection``; finalized when released.
///
/// Parameters are numbered from 1 (`?1`, `?2`, …), result columns from 0, as in SQLite.
/// Text and blobs are bound with `SQLITE_TRANSIENT` (SQLite copies them), so the Swift
/// buffers need to live only for the call. Column accessors read the current row in place;
/// the pointers they use are valid only until the next `step()` or `reset()`.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let database: OpaquePointer
    private let path: String

    /// SQLite's `SQLITE_TRANSIENT` destructor: "copy the bytes now". The C macro is the
    /// integer -1 cast to a function pointer, which Swift does not import.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(handle: OpaquePointer, database: OpaquePointer, path: String) {
        self.handle = handle
        self.database = database
        self.path = path
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds an integer to parameter `index`.
    func bind(_ value: Int64, at index: Int32) throws(StoreError) {
        try check(sqlite3_bind_int64(handle, index, value), index)
    }

    /// Binds an integer, or NULL when `value` is nil, to parameter `index`.
    func bind(_ value: Int64?, at index: Int32) throws(StoreError) {
        guard let value else { return try check(sqlite3_bind_null(handle, index), index) }
        try bind(value, at: index)
    }

    /// Binds the UTF-8 bytes of `value` as TEXT to parameter `index`.
    func bind(_ value: String, at index: Int32) throws(StoreError) {
        let code = withUTF8(of: value) { bytes -> Int32 in
            // An empty buffer may have a nil base address, which SQLite would bind as NULL.
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                return sqlite3_bind_text(handle, index, "", 0, SQLiteStatement.transient)
            }
            return sqlite3_bind_text(
                handle, index, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                SQLiteStatement.transient)
        }
        try check(code, index)
    }

    /// Binds `value` as TEXT, or NULL when it is nil, to parameter `index`.
    func bind(_ value: String?, at index: Int32) throws(StoreError) {
        guard let value else { return try check(sqlite3_bind_null(handle, index), index) }
        try bind(value, at: index)
    }

    /// Binds `bytes` as a BLOB (an empty one when `bytes` is empty) to parameter `index`.
    func bind(blob bytes: [UInt8], at index: Int32) throws(StoreError) {
        let code = bytes.withUnsafeBytes { blobCode($0, at: index) }
        try check(code, index)
    }

    /// Binds `bytes` as a BLOB (an empty one when `bytes` is empty) to parameter `index`;
    /// SQLite copies them.
    func bind(blob bytes: UnsafeRawBufferPointer, at index: Int32) throws(StoreError) {
        try check(blobCode(bytes, at: index), index)
    }

    private func blobCode(_ buffer: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return sqlite3_bind_zeroblob(handle, index, 0) }
        return sqlite3_bind_blob(handle, index, base, Int32(buffer.count), SQLiteStatement.transient)
    }

    /// Advances to the next row: `true` when a row is ready to read, `false` when done.
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw SQLiteConnection.error(
            code: code, message: String(cString: sqlite3_errmsg(database)), path: path,
            action: "run \(sqlText.debugDescription)")
    }

    /// Steps the statement to its end, for statements that return no rows.
    func run() throws(StoreError) {
        while try step() {}
    }

    /// Resets the statement for its next use and clears its bindings. The result code of
    /// `sqlite3_reset` repeats the last `step()` error, which was already thrown there.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Column `index` of the current row as an integer (0 for NULL).
    func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Whether column `index` of the current row is NULL.
    func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` of the current row as an integer, nil for NULL.
    func optionalInt64(at index: Int32) -> Int64? {
        isNull(at: index) ? nil : int64(at: index)
    }

    /// Column `index` of the current row as text (`""` for NULL). Invalid UTF-8, which
    /// the store never writes, is repaired with U+FFFD rather than trapping.
    func string(at index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Column `index` of the current row as text, nil for NULL.
    func optionalString(at index: Int32) -> String? {
        isNull(at: index) ? nil : string(at: index)
    }

    /// Calls `body` with the bytes of column `index` of the current row, read in place
    /// (an empty buffer for NULL or an empty blob).
    func withBlob<R>(
        at index: Int32, _ body: (UnsafeRawBufferPointer) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        let base = sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? base : nil, count: count))
    }

    private var sqlText: String {
        sqlite3_sql(handle).map { String(cString: $0) }.map { String($0.prefix(60)) } ?? "?"
    }

    private func check(_ code: Int32, _ index: Int32) throws(StoreError) {
        guard code != SQLITE_OK else { return }
        throw SQLiteConnection.error(
            code: code, message: String(cString: sqlite3_errmsg(database)), path: path,
            action: "bind parameter \(index) of \(sqlText.debugDescription)")
    }
}
