internal import CLibPQ

/// The answer to one statement: its rows (if any), its command tag and affected-row count.
///
/// Owns a libpq `PGresult`, which is immutable once made, so a result may be read from any
/// thread. Accessors check their row and column and the column's type, and throw a client
/// error instead of trapping: a result's shape comes from the server.
///
/// Values arrive in binary from ``PostgresConnection/execute(_:_:)`` and in text from
/// ``PostgresConnection/executeScript(_:)``; every accessor reads both.
///
/// - Complexity: every accessor is O(1) but ``string(row:column:)`` and
///   ``bytes(row:column:)``, which copy the value (O(length)).
package final class PostgresResult: @unchecked Sendable {
    // Safety of @unchecked Sendable: `handle` is never mutated after init (libpq documents
    // a PGresult as read-only after creation and safe to read from several threads) and it
    // is freed only in deinit.
    private let handle: OpaquePointer

    /// The number of rows.
    package let rowCount: Int
    /// The number of columns.
    package let columnCount: Int

    /// Takes ownership of `handle` (freed with PQclear when the result goes).
    init(taking handle: OpaquePointer) {
        self.handle = handle
        self.rowCount = Int(PQntuples(handle))
        self.columnCount = Int(PQnfields(handle))
    }

    deinit {
        PQclear(handle)
    }

    /// The command tag, such as `INSERT 0 1` or `SELECT 3`.
    package var commandTag: String {
        String(cString: PQcmdStatus(handle))
    }

    /// Rows inserted, updated, deleted, selected, copied or fetched, from the command tag;
    /// 0 for commands that affect no rows (DDL, BEGIN).
    package var affectedRows: Int {
        Int(String(cString: PQcmdTuples(handle))) ?? 0
    }

    /// The parameter types of a described prepared statement (PQdescribePrepared).
    var parameterTypes: [UInt32] {
        (0..<PQnparams(handle)).map { PQparamtype(handle, $0) }
    }

    /// The name of column `column` (0-based).
    package func columnName(_ column: Int) throws(PostgresError) -> String {
        try checkColumn(column)
        return String(cString: PQfname(handle, Int32(column)))
    }

    /// The index of the column named exactly `name` (no case folding).
    ///
    /// - Complexity: O(columns).
    package func columnIndex(named name: String) throws(PostgresError) -> Int {
        for column in 0..<columnCount where String(cString: PQfname(handle, Int32(column))) == name {
            return column
        }
        throw PostgresError(.client, "the result has no column named \(name.debugDescription)")
    }

    /// The type OID of column `column` (0-based): 20 for int8, 25 for text, 17 for bytea…
    package func columnType(_ column: Int) throws(PostgresError) -> UInt32 {
        try checkColumn(column)
        return PQftype(handle, Int32(column))
    }

    /// Whether the value at `row`, `column` is SQL NULL.
    package func isNull(row: Int, column: Int) throws(PostgresError) -> Bool {
        try checkCell(row: row, column: column)
        return PQgetisnull(handle, Int32(row), Int32(column)) == 1
    }

    /// The integer at `row`, `column`: an int2, int4, int8 or oid column.
    ///
    /// - Throws: a client error when the value is NULL or the column is not an integer.
    package func int64(row: Int, column: Int) throws(PostgresError) -> Int64 {
        let cell = try nonNullCell(row: row, column: column)
        if cell.isBinary {
            switch (cell.type, cell.bytes.count) {
            case (PostgresTypeOID.int8, 8): return Int64(bigEndian: cell.bytes.loadUnaligned(as: Int64.self))
            case (PostgresTypeOID.int4, 4): return Int64(Int32(bigEndian: cell.bytes.loadUnaligned(as: Int32.self)))
            case (PostgresTypeOID.int2, 2): return Int64(Int16(bigEndian: cell.bytes.loadUnaligned(as: Int16.self)))
            case (PostgresTypeOID.oid, 4): return Int64(UInt32(bigEndian: cell.bytes.loadUnaligned(as: UInt32.self)))
            default: throw typeError(cell, expected: "an integer")
            }
        }
        switch cell.type {
        case PostgresTypeOID.int8, PostgresTypeOID.int4, PostgresTypeOID.int2, PostgresTypeOID.oid:
            if let number = Int64(String(decoding: cell.bytes, as: UTF8.self)) { return number }
            throw PostgresError(.client, "\(label(cell)) holds \(cell.bytes.count) bytes that are not an integer")
        default:
            throw typeError(cell, expected: "an integer")
        }
    }

    /// The integer at `row`, `column` as an `Int32`: an int2 or int4 column, or an int8
    /// or oid whose value fits.
    ///
    /// - Throws: a client error when the value is NULL, not an integer, or out of range.
    package func int32(row: Int, column: Int) throws(PostgresError) -> Int32 {
        let wide = try int64(row: row, column: column)
        guard let narrow = Int32(exactly: wide) else {
            throw PostgresError(.client, "row \(row), column \(column) holds \(wide), out of Int32's range")
        }
        return narrow
    }

    /// The boolean at `row`, `column`.
    ///
    /// - Throws: a client error when the value is NULL or the column is not a bool.
    package func bool(row: Int, column: Int) throws(PostgresError) -> Bool {
        let cell = try nonNullCell(row: row, column: column)
        guard cell.type == PostgresTypeOID.bool, cell.bytes.count == 1 else {
            throw typeError(cell, expected: "a bool")
        }
        let byte = cell.bytes[0]
        return cell.isBinary ? byte != 0 : byte == UInt8(ascii: "t")
    }

    /// The text at `row`, `column`: a text-like column (text, varchar, bpchar, name, json,
    /// jsonb, xml, "char"), an integer or a bool (written in decimal, `true` / `false`);
    /// any column of a text-format result.
    ///
    /// - Throws: a client error when the value is NULL, the column has another type
    ///   (cast it to `::text` in the query), or the bytes are not UTF-8.
    package func string(row: Int, column: Int) throws(PostgresError) -> String {
        let cell = try nonNullCell(row: row, column: column)
        var bytes = cell.bytes
        if cell.isBinary {
            switch cell.type {
            case PostgresTypeOID.int8, PostgresTypeOID.int4, PostgresTypeOID.int2, PostgresTypeOID.oid:
                return String(try int64(row: row, column: column))
            case PostgresTypeOID.bool:
                return try bool(row: row, column: column) ? "true" : "false"
            case PostgresTypeOID.jsonb:
                guard bytes.first == 1 else { throw typeError(cell, expected: "jsonb of format version 1") }
                bytes = UnsafeRawBufferPointer(rebasing: bytes.dropFirst())
            case PostgresTypeOID.char:
                break
            default:
                guard PostgresTypeOID.isTextLike(cell.type) else {
                    throw typeError(cell, expected: "text (cast the column to ::text in the query)")
                }
            }
        }
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw PostgresError(.client, "\(label(cell)) is not valid UTF-8")
        }
        return string
    }

    /// The bytes at `row`, `column`: a bytea column (or the UTF-8 of a text-like one).
    ///
    /// - Throws: a client error when the value is NULL or the column is neither.
    package func bytes(row: Int, column: Int) throws(PostgresError) -> [UInt8] {
        let cell = try nonNullCell(row: row, column: column)
        if cell.type == PostgresTypeOID.bytea {
            return cell.isBinary ? Array(cell.bytes) : try Self.decodeByteaText(cell.bytes, label: label(cell))
        }
        guard PostgresTypeOID.isTextLike(cell.type) else { throw typeError(cell, expected: "bytea") }
        return Array(cell.bytes)
    }

    /// The value at `row`, `column` as a ``PostgresValue``: NULL, int8 (and int2, oid) as
    /// `.int64`, int4 as `.int32`, bool, bytea as `.bytes`, text-like as `.text`.
    ///
    /// - Throws: a client error for other column types.
    package func value(row: Int, column: Int) throws(PostgresError) -> PostgresValue {
        if try isNull(row: row, column: column) { return .null }
        switch PQftype(handle, Int32(column)) {
        case PostgresTypeOID.int4: return .int32(try int32(row: row, column: column))
        case PostgresTypeOID.int8, PostgresTypeOID.int2, PostgresTypeOID.oid:
            return .int64(try int64(row: row, column: column))
        case PostgresTypeOID.bool: return .bool(try bool(row: row, column: column))
        case PostgresTypeOID.bytea: return .bytes(try bytes(row: row, column: column))
        default: return .text(try string(row: row, column: column))
        }
    }

    // MARK: - Cells

    /// One value's raw bytes (valid while the result lives) and how to read them.
    private struct Cell {
        var bytes: UnsafeRawBufferPointer
        var type: UInt32
        var isBinary: Bool
        var row: Int
        var column: Int
    }

    /// Names a cell in error messages (built only when an error is thrown).
    private func label(_ cell: Cell) -> String {
        "row \(cell.row), column \(cell.column) (\(String(cString: PQfname(handle, Int32(cell.column)))))"
    }

    private func checkColumn(_ column: Int) throws(PostgresError) {
        guard column >= 0, column < columnCount else {
            throw PostgresError(.client, "column \(column) is out of range: the result has \(columnCount) columns")
        }
    }

    private func checkCell(row: Int, column: Int) throws(PostgresError) {
        try checkColumn(column)
        guard row >= 0, row < rowCount else {
            throw PostgresError(.client, "row \(row) is out of range: the result has \(rowCount) rows")
        }
    }

    private func nonNullCell(row: Int, column: Int) throws(PostgresError) -> Cell {
        try checkCell(row: row, column: column)
        guard PQgetisnull(handle, Int32(row), Int32(column)) == 0 else {
            throw PostgresError(.client, "row \(row), column \(column) (\(try columnName(column))) is NULL")
        }
        let start = UnsafeRawPointer(PQgetvalue(handle, Int32(row), Int32(column)))
        let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
        return Cell(
            bytes: UnsafeRawBufferPointer(start: start, count: length), type: PQftype(handle, Int32(column)),
            isBinary: PQfformat(handle, Int32(column)) == 1, row: row, column: column)
    }

    private func typeError(_ cell: Cell, expected: String) -> PostgresError {
        PostgresError(.client, "\(label(cell)) is \(PostgresTypeOID.describe(cell.type)), not \(expected)")
    }

    /// bytea's text output: `\x` and hex digits (the server's default `bytea_output`).
    private static func decodeByteaText(_ text: UnsafeRawBufferPointer, label: String) throws(PostgresError) -> [UInt8]
    {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"), text.count % 2 == 0
        else {
            throw PostgresError(.client, "\(label) is bytea text not in hex form (set bytea_output = 'hex')")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((text.count - 2) / 2)
        var index = 2
        while index < text.count {
            guard let high = hexDigit(text[index]), let low = hexDigit(text[index + 1]) else {
                throw PostgresError(.client, "\(label) holds a bad hex digit at byte \(index)")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
