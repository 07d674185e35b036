internal import CLibPQ

extension PostgresConnection {
    /// Streams the rows of `sql`, a `COPY (SELECT …) TO STDOUT (FORMAT binary)` or `COPY
    /// table (…) TO STDOUT (FORMAT binary)` statement, to `body` one at a time, and returns
    /// the number of rows. Nothing is buffered beyond the message being read: a table of
    /// tens of millions of rows streams in constant memory.
    ///
    /// ```swift
    /// try connection.copyOut("COPY (SELECT id, name FROM users ORDER BY id) TO STDOUT (FORMAT binary)") { row in
    ///     names[try row.int64(0)] = try row.string(1)
    /// }
    /// ```
    ///
    /// COPY takes no bound parameters: `sql` must be a constant statement (never splice
    /// values into it).
    ///
    /// - Complexity: O(data); one allocation per row inside libpq.
    /// - Throws: `body`'s error (the rest of the stream is read and dropped first, so that
    ///   the connection stays usable), a ``PostgresError`` from the server, or a client
    ///   error when the stream is not binary COPY data.
    @discardableResult
    package func copyOut(_ sql: String, _ body: (borrowing PostgresCopyRow) throws -> Void) throws -> Int {
        let handle = try liveHandle()
        guard PQsendQuery(handle, sql) == 1 else { throw connectionError(handle, statement: sql) }
        try flush(handle, statement: sql)
        guard let first = try nextResult(handle, statement: sql) else {
            throw connectionError(handle, statement: sql)
        }
        guard PQresultStatus(first) == PGRES_COPY_OUT else {
            let status = PQresultStatus(first)
            let error =
                status == PGRES_FATAL_ERROR || status == PGRES_NONFATAL_ERROR
                ? resultError(first, handle: handle, statement: sql)
                : PostgresError(.client, "copyOut needs a COPY … TO STDOUT statement", statement: sql)
            PQclear(first)
            _ = try? finishCommand(handle, statement: sql)
            throw error
        }
        PQclear(first)
        var parser = CopyOutParser()
        var failure: (any Error)?
        while true {
            var buffer: UnsafeMutablePointer<CChar>?
            let length = PQgetCopyData(handle, &buffer, 1)
            if length > 0, let buffer {
                defer { PQfreemem(buffer) }
                guard failure == nil else { continue }
                do {
                    try parser.consume(UnsafeRawBufferPointer(start: buffer, count: Int(length)), body)
                } catch {
                    failure = error
                }
                continue
            }
            if length == 0 {
                // Each wait has its own deadline: a long COPY is fine as long as rows keep coming.
                _ = try awaitSocket(handle, write: false, until: responseDeadline(), statement: sql)
                if PQconsumeInput(handle) == 0 { throw connectionError(handle, statement: sql) }
                continue
            }
            break  // -1: the COPY is over (PQgetResult has its status); -2: an error, likewise.
        }
        let results = try finishCommand(handle, statement: sql)
        if let failure { throw failure }
        guard parser.isFinished else {
            throw PostgresError(.client, "the COPY stream ended without its trailer", statement: sql)
        }
        return results.last?.affectedRows ?? parser.rowCount
    }
}

/// Splits a binary COPY stream into rows, whatever the message boundaries: a row that
/// spans messages is gathered in `pending`; whole rows are read in place.
private struct CopyOutParser {
    /// The 11-byte signature of binary COPY.
    static let signature: [UInt8] = [0x50, 0x47, 0x43, 0x4F, 0x50, 0x59, 0x0A, 0xFF, 0x0D, 0x0A, 0x00]

    private var pending: [UInt8] = []
    private var headerRead = false
    private(set) var isFinished = false
    private(set) var rowCount = 0
    private var starts: [Int] = []
    private var lengths: [Int] = []

    /// Reads the rows `message` completes and keeps the rest for the next message.
    mutating func consume(
        _ message: UnsafeRawBufferPointer, _ body: (borrowing PostgresCopyRow) throws -> Void
    ) throws {
        guard !isFinished else {
            throw PostgresError(.client, "the COPY stream went on after its trailer")
        }
        if pending.isEmpty {
            let used = try parse(message, body)
            if used < message.count { pending.append(contentsOf: message[used...]) }
            return
        }
        pending.append(contentsOf: message)
        let data = pending
        let used = try data.withUnsafeBytes { try parse($0, body) }
        pending.removeSubrange(0..<used)
    }

    /// Parses whole rows from the start of `data`; returns how many bytes they took.
    private mutating func parse(
        _ data: UnsafeRawBufferPointer, _ body: (borrowing PostgresCopyRow) throws -> Void
    ) throws -> Int {
        var offset = 0
        if !headerRead {
            // Signature, flags, header extension length, then the extension itself.
            guard data.count >= 19 else { return 0 }
            guard data.prefix(11).elementsEqual(Self.signature) else {
                throw PostgresError(.client, "the COPY stream is not binary COPY data (FORMAT binary)")
            }
            let extensionLength = Int(Self.int32(data, at: 15))
            guard extensionLength >= 0 else { throw PostgresError(.client, "bad binary COPY header") }
            guard data.count >= 19 + extensionLength else { return 0 }
            offset = 19 + extensionLength
            headerRead = true
        }
        while offset + 2 <= data.count {
            let fieldCount = Int(Self.int16(data, at: offset))
            if fieldCount == -1 {
                isFinished = true
                return offset + 2
            }
            guard fieldCount >= 0 else { throw PostgresError(.client, "bad field count in COPY row \(rowCount)") }
            var cursor = offset + 2
            starts.removeAll(keepingCapacity: true)
            lengths.removeAll(keepingCapacity: true)
            var complete = true
            for _ in 0..<fieldCount {
                guard cursor + 4 <= data.count else {
                    complete = false
                    break
                }
                let length = Int(Self.int32(data, at: cursor))
                cursor += 4
                if length < 0 {
                    starts.append(-1)
                    lengths.append(0)
                    continue
                }
                guard cursor + length <= data.count else {
                    complete = false
                    break
                }
                starts.append(cursor)
                lengths.append(length)
                cursor += length
            }
            guard complete else { break }
            try starts.withUnsafeBufferPointer { starts in
                try lengths.withUnsafeBufferPointer { lengths in
                    try body(PostgresCopyRow(bytes: data, starts: starts, lengths: lengths, number: rowCount))
                }
            }
            rowCount += 1
            offset = cursor
        }
        return offset
    }

    private static func int16(_ data: UnsafeRawBufferPointer, at offset: Int) -> Int16 {
        Int16(bigEndian: data.loadUnaligned(fromByteOffset: offset, as: Int16.self))
    }

    private static func int32(_ data: UnsafeRawBufferPointer, at offset: Int) -> Int32 {
        Int32(bigEndian: data.loadUnaligned(fromByteOffset: offset, as: Int32.self))
    }
}
