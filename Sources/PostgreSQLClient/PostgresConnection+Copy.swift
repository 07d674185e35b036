internal import CLibPQ

extension PostgresConnection {
    /// Bulk-loads rows with `COPY table (columns) FROM STDIN` in binary format: `body`
    /// appends rows to the writer, which streams them to the server in chunks. Returns the
    /// number of rows the server copied. Runs in the caller's transaction if one is open;
    /// otherwise the COPY is atomic on its own.
    ///
    /// ```swift
    /// let copied = try connection.copyIn(table: "contacts", columns: ["owner", "id", "name"]) { writer in
    ///     for contact in contacts {
    ///         try writer.append([.text(contact.owner), .int64(contact.id), .text(contact.name)])
    ///     }
    /// }
    /// ```
    ///
    /// Names are quoted as given (no case folding). Columns must be of a type the writer
    /// can encode: int2, int4, int8, bool, bytea, text, varchar, bpchar, name, json, jsonb.
    ///
    /// - Complexity: one round trip to learn the column types (once per table and column
    ///   list per session), then O(data) streamed.
    /// - Throws: `body`'s error (the COPY is then aborted: no row is kept), or a
    ///   ``PostgresError``: the server's (a unique violation, say) or a client error for a
    ///   value the column cannot take.
    @discardableResult
    package func copyIn(
        table: String, schema: String? = nil, columns: [String], _ body: (inout PostgresCopyWriter) throws -> Void
    ) throws -> Int {
        var writer = PostgresCopyWriter(stream: try startCopyIn(table: table, schema: schema, columns: columns))
        do {
            try body(&writer)
            return try writer.stream.finish()
        } catch {
            writer.stream.abort(reason: "\(error)")
            throw error
        }
    }

    /// Starts `COPY table (columns) FROM STDIN` in binary format and returns the stream to
    /// append rows to: the push form of ``copyIn(table:schema:columns:_:)``, for rows that
    /// arrive from callbacks. Nothing else may run on the connection until the stream is
    /// finished or aborted.
    ///
    /// - Throws: a ``PostgresError``: the server's, or a client error for a column of a type
    ///   the stream cannot write.
    package func startCopyIn(table: String, schema: String? = nil, columns: [String]) throws(PostgresError)
        -> PostgresCopyInStream
    {
        let handle = try liveHandle()
        guard !columns.isEmpty else { throw PostgresError(.client, "copyIn needs at least one column") }
        var target = try Self.quotedIdentifier(table, what: "table")
        if let schema { target = try Self.quotedIdentifier(schema, what: "schema") + "." + target }
        var quotedColumns: [String] = []
        for column in columns { quotedColumns.append(try Self.quotedIdentifier(column, what: "column")) }
        let columnList = quotedColumns.joined(separator: ", ")
        let sql = "COPY \(target) (\(columnList)) FROM STDIN (FORMAT binary)"
        let types = try copyTypes(sql: sql, select: "SELECT \(columnList) FROM \(target) LIMIT 0", columns: columns)

        guard PQsendQueryParams(handle, sql, 0, nil, nil, nil, nil, 0) == 1 else {
            throw connectionError(handle, statement: sql)
        }
        try flush(handle, statement: sql)
        guard let first = try nextResult(handle, statement: sql) else {
            throw connectionError(handle, statement: sql)
        }
        guard PQresultStatus(first) == PGRES_COPY_IN else {
            let error = resultError(first, handle: handle, statement: sql)
            PQclear(first)
            _ = try? finishCommand(handle, statement: sql)
            copyColumnTypes[sql] = nil
            throw error
        }
        PQclear(first)
        return PostgresCopyInStream(connection: self, handle: handle, columns: columns, types: types, statement: sql)
    }

    /// Bulk-loads `rows` (each a value per column) through ``copyIn(table:schema:columns:_:)``.
    @discardableResult
    package func copyIn(
        table: String, schema: String? = nil, columns: [String], rows: some Sequence<[PostgresValue]>
    ) throws(PostgresError) -> Int {
        do {
            return try copyIn(table: table, schema: schema, columns: columns) { writer throws(PostgresError) in
                for row in rows { try writer.append(row) }
            }
        } catch let error as PostgresError {
            throw error
        } catch {
            throw PostgresError(.client, "\(error)")
        }
    }

    /// The server's types of `columns` (cached per COPY statement for the session).
    private func copyTypes(sql: String, select: String, columns: [String]) throws(PostgresError) -> [UInt32] {
        if let known = copyColumnTypes[sql] { return known }
        let described = try execute(select)
        var types: [UInt32] = []
        for (index, column) in columns.enumerated() {
            let type = try described.columnType(index)
            guard PostgresWireEncoding.isCopyable(type) else {
                throw PostgresError(
                    .client,
                    "column \(column.debugDescription) is \(PostgresTypeOID.describe(type)); copyIn writes int2, "
                        + "int4, int8, bool, bytea, text, varchar, bpchar, name, json and jsonb columns",
                    statement: sql)
            }
            types.append(type)
        }
        copyColumnTypes[sql] = types
        return types
    }
}

/// The rows of one ``PostgresConnection/copyIn(table:schema:columns:_:)``, valid only inside
/// its body.
package struct PostgresCopyWriter: ~Copyable {
    let stream: PostgresCopyInStream

    init(stream: PostgresCopyInStream) {
        self.stream = stream
    }

    /// The rows appended so far.
    package var rowCount: Int { stream.rowCount }

    /// Appends one row: a value per column, in the order of the columns (see
    /// ``PostgresCopyInStream/append(_:)``).
    package mutating func append(_ row: [PostgresValue]) throws(PostgresError) {
        try stream.append(row)
    }
}

/// Encodes rows for a binary COPY and streams them to the server in chunks; made by
/// ``PostgresConnection/startCopyIn(table:schema:columns:)``. Rows are appended whole
/// (``append(_:)``) or field by field (``beginRow()``, the `field` methods, ``endRow()``,
/// which build no array per row). ``finish()`` ends the COPY; ``abort(reason:)`` (or an
/// error) drops every row. Used by one thread at a time, like its connection.
package final class PostgresCopyInStream {
    /// Bytes gathered before handing a chunk to libpq: large enough that the per-call
    /// cost disappears, small enough to stay in cache.
    static let chunkSize = 64 * 1024

    private let connection: PostgresConnection
    private let handle: OpaquePointer
    private let columns: [String]
    private let types: [UInt32]
    private let statement: String
    private var buffer: [UInt8] = []
    /// Set once the COPY is over (finished, aborted, or ended by a server error).
    private var isOver = false
    /// The start of the row being built field by field, and its next column; nil between rows.
    private var openRow: (start: Int, column: Int)?
    /// The rows appended so far.
    package private(set) var rowCount = 0

    init(connection: PostgresConnection, handle: OpaquePointer, columns: [String], types: [UInt32], statement: String) {
        self.connection = connection
        self.handle = handle
        self.columns = columns
        self.types = types
        self.statement = statement
        buffer.reserveCapacity(Self.chunkSize + 1024)
        // Signature, flags (no OIDs), header extension length.
        buffer.append(contentsOf: [0x50, 0x47, 0x43, 0x4F, 0x50, 0x59, 0x0A, 0xFF, 0x0D, 0x0A, 0x00])
        PostgresWireEncoding.appendInt32(0, to: &buffer)
        PostgresWireEncoding.appendInt32(0, to: &buffer)
    }

    /// A stream dropped without finish() or abort() aborts: no row is kept.
    deinit {
        abort(reason: "the COPY stream was dropped unfinished")
    }

    /// Appends one row: a value per column, in the order of `columns`.
    ///
    /// - Throws: a client error naming the row and column for a value its column cannot
    ///   take (the row is not written), or the server's error when it already refused
    ///   the COPY (a unique violation in an earlier row, say).
    package func append(_ row: [PostgresValue]) throws(PostgresError) {
        try checkOpen(expectingRow: false)
        guard row.count == types.count else {
            throw PostgresError(
                .client, "row \(rowCount) has \(row.count) values for \(types.count) columns", statement: statement)
        }
        let start = buffer.count
        PostgresWireEncoding.appendInt16(Int16(types.count), to: &buffer)
        for index in 0..<types.count {
            do {
                try PostgresWireEncoding.appendBinaryField(
                    row[index], target: types[index], to: &buffer,
                    label: "row \(rowCount), column \(columns[index].debugDescription)")
            } catch {
                buffer.removeSubrange(start...)
                throw error
            }
        }
        try rowDone()
    }

    /// Starts a row to be filled field by field, in column order, then ended with ``endRow()``.
    package func beginRow() throws(PostgresError) {
        try checkOpen(expectingRow: false)
        openRow = (buffer.count, 0)
        PostgresWireEncoding.appendInt16(Int16(types.count), to: &buffer)
    }

    /// The next field of the open row: an integer, for an int8, int4 or int2 column.
    package func field(_ value: Int64) throws(PostgresError) {
        try nextField { (target, label) throws(PostgresError) in
            try PostgresWireEncoding.appendBinaryField(.int64(value), target: target, to: &buffer, label: label)
        }
    }

    /// The next field of the open row: text, for a text-like column.
    package func field(_ value: String) throws(PostgresError) {
        try nextField { (target, label) throws(PostgresError) in
            try PostgresWireEncoding.appendBinaryField(.text(value), target: target, to: &buffer, label: label)
        }
    }

    /// The next field of the open row: bytes, for a bytea column.
    package func field(bytes: UnsafeRawBufferPointer) throws(PostgresError) {
        try nextField { (target, label) throws(PostgresError) in
            guard target == PostgresTypeOID.bytea, bytes.count <= PostgresWireEncoding.maximumLength else {
                throw PostgresError(.client, "\(label) takes no bytes of \(bytes.count) in binary COPY")
            }
            PostgresWireEncoding.appendInt32(Int32(bytes.count), to: &buffer)
            buffer.append(contentsOf: bytes)
        }
    }

    /// The next field of the open row: the UTF-8 of `text` as bytes, for a bytea column (text
    /// that may hold U+0000, which a text column cannot).
    package func field(utf8 text: String) throws(PostgresError) {
        try nextField { (target, label) throws(PostgresError) in
            let count = text.utf8.count
            guard target == PostgresTypeOID.bytea, count <= PostgresWireEncoding.maximumLength else {
                throw PostgresError(.client, "\(label) takes no bytes of \(count) in binary COPY")
            }
            PostgresWireEncoding.appendInt32(Int32(count), to: &buffer)
            buffer.append(contentsOf: text.utf8)
        }
    }

    /// The next field of the open row: NULL.
    package func fieldNull() throws(PostgresError) {
        try nextField { (target, label) throws(PostgresError) in
            try PostgresWireEncoding.appendBinaryField(.null, target: target, to: &buffer, label: label)
        }
    }

    /// Ends the open row.
    ///
    /// - Throws: a client error when the row has fewer fields than columns (it is dropped).
    package func endRow() throws(PostgresError) {
        guard let row = openRow else { throw PostgresError(.client, "endRow() without beginRow()") }
        openRow = nil
        guard row.column == types.count else {
            buffer.removeSubrange(row.start...)
            throw PostgresError(
                .client, "row \(rowCount) has \(row.column) values for \(types.count) columns", statement: statement)
        }
        try rowDone()
    }

    /// Sends the trailer, ends the COPY and returns the server's row count.
    ///
    /// - Throws: the server's error (nothing was kept), or a client error when a row is open.
    package func finish() throws(PostgresError) -> Int {
        guard openRow == nil else {
            abort(reason: "finish() inside a row")
            throw PostgresError(.client, "finish() with a row still open", statement: statement)
        }
        try checkOpen(expectingRow: false)
        PostgresWireEncoding.appendInt16(-1, to: &buffer)
        try sendBuffer()
        isOver = true
        try endCopy(error: nil)
        let results = try connection.finishCommand(handle, statement: statement)
        return results.last?.affectedRows ?? rowCount
    }

    /// Ends the COPY with an error so that the server keeps none of its rows; the
    /// server's answer (the abort it reports) is read and dropped. Harmless once over.
    package func abort(reason: String) {
        guard !isOver else { return }
        isOver = true
        // A connection closed meanwhile has freed the handle: nothing to end.
        guard connection.handle == handle else { return }
        guard (try? endCopy(error: "aborted by the client: \(reason)")) != nil else { return }
        _ = try? connection.finishCommand(handle, statement: statement)
    }

    private func checkOpen(expectingRow: Bool) throws(PostgresError) {
        guard !isOver else { throw PostgresError(.client, "the COPY is over", statement: statement) }
        guard (openRow != nil) == expectingRow else {
            throw PostgresError(
                .client, expectingRow ? "a field outside a row (call beginRow())" : "a row is still open",
                statement: statement)
        }
    }

    private func nextField(_ write: (UInt32, String) throws(PostgresError) -> Void) throws(PostgresError) {
        try checkOpen(expectingRow: true)
        guard let row = openRow, row.column < types.count else {
            throw PostgresError(.client, "row \(rowCount) has more values than its \(types.count) columns")
        }
        do {
            try write(types[row.column], "row \(rowCount), column \(columns[row.column].debugDescription)")
        } catch {
            buffer.removeSubrange(row.start...)
            openRow = nil
            throw error
        }
        openRow = (row.start, row.column + 1)
    }

    private func rowDone() throws(PostgresError) {
        rowCount += 1
        if buffer.count >= Self.chunkSize { try sendBuffer() }
    }

    /// Hands the buffer to libpq, waiting while its output is full.
    private func sendBuffer() throws(PostgresError) {
        guard !buffer.isEmpty else { return }
        while true {
            let queued = buffer.withUnsafeBytes { bytes in
                PQputCopyData(handle, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
            }
            if queued == 1 { break }
            if queued < 0 { throw serverRefusal() }
            try connection.flush(handle, statement: statement)
        }
        buffer.removeAll(keepingCapacity: true)
        try connection.flush(handle, statement: statement)
    }

    private func endCopy(error: String?) throws(PostgresError) {
        while true {
            let ended = PQputCopyEnd(handle, error)
            if ended == 1 { break }
            if ended < 0 { throw connection.connectionError(handle, statement: statement) }
            try connection.flush(handle, statement: statement)
        }
        try connection.flush(handle, statement: statement)
    }

    /// libpq refuses copy data once the server has ended the COPY with an error: read
    /// that error, which is the one to report.
    private func serverRefusal() -> PostgresError {
        isOver = true
        let fallback = connection.connectionError(handle, statement: statement)
        do {
            _ = try connection.finishCommand(handle, statement: statement)
            return fallback
        } catch {
            return error
        }
    }
}
