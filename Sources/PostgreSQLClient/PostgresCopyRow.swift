/// One row of a binary `COPY … TO STDOUT`, as ``PostgresConnection/copyOut(_:_:)`` hands it
/// to its body: the fields' bytes in place, valid only during that call.
///
/// Binary COPY carries no types: the caller knows its query and reads each field as what it
/// is. Every accessor checks the field's index and length and throws a client error naming
/// the row and field instead of trapping (the bytes come from the server).
package struct PostgresCopyRow: ~Copyable {
    /// The row's bytes (one row of the COPY stream, from its field count on).
    private let bytes: UnsafeRawBufferPointer
    /// Start of each field's bytes in `bytes`, or -1 for NULL.
    private let starts: UnsafeBufferPointer<Int>
    /// Length of each field.
    private let lengths: UnsafeBufferPointer<Int>
    /// The row's number in the stream, from 0, for messages.
    package let number: Int

    init(
        bytes: UnsafeRawBufferPointer, starts: UnsafeBufferPointer<Int>, lengths: UnsafeBufferPointer<Int>, number: Int
    ) {
        self.bytes = bytes
        self.starts = starts
        self.lengths = lengths
        self.number = number
    }

    /// The number of fields.
    package var count: Int { starts.count }

    /// Whether field `index` is NULL.
    package func isNull(_ index: Int) throws(PostgresError) -> Bool {
        try checkIndex(index)
        return starts[index] < 0
    }

    /// Field `index` as an `int8`.
    ///
    /// - Throws: a client error when it is NULL or not 8 bytes long.
    package func int64(_ index: Int) throws(PostgresError) -> Int64 {
        let field = try nonNull(index, expected: "an int8")
        guard field.count == 8 else { throw lengthError(index, field.count, expected: "an int8 (8 bytes)") }
        return Int64(bigEndian: field.loadUnaligned(as: Int64.self))
    }

    /// Field `index` as an `int8`, or nil when NULL.
    package func optionalInt64(_ index: Int) throws(PostgresError) -> Int64? {
        try isNull(index) ? nil : try int64(index)
    }

    /// Field `index` as text (a text-like column's UTF-8).
    ///
    /// - Throws: a client error when it is NULL or not valid UTF-8.
    package func string(_ index: Int) throws(PostgresError) -> String {
        let field = try nonNull(index, expected: "text")
        guard let text = String(validating: field, as: UTF8.self) else {
            throw PostgresError(.client, "COPY row \(number), field \(index) is not valid UTF-8")
        }
        return text
    }

    /// Field `index` as text, or nil when NULL.
    package func optionalString(_ index: Int) throws(PostgresError) -> String? {
        try isNull(index) ? nil : try string(index)
    }

    /// The bytes of field `index` (a bytea's, or a text's UTF-8), valid during the body that
    /// received this row only.
    ///
    /// - Throws: a client error when it is NULL.
    package func bytes(_ index: Int) throws(PostgresError) -> UnsafeRawBufferPointer {
        try nonNull(index, expected: "bytes")
    }

    private func checkIndex(_ index: Int) throws(PostgresError) {
        guard index >= 0, index < starts.count else {
            throw PostgresError(.client, "COPY row \(number) has \(starts.count) fields; field \(index) asked for")
        }
    }

    private func nonNull(_ index: Int, expected: String) throws(PostgresError) -> UnsafeRawBufferPointer {
        try checkIndex(index)
        let start = starts[index]
        guard start >= 0 else {
            throw PostgresError(.client, "COPY row \(number), field \(index) is NULL, not \(expected)")
        }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<start + lengths[index]])
    }

    private func lengthError(_ index: Int, _ length: Int, expected: String) -> PostgresError {
        PostgresError(.client, "COPY row \(number), field \(index) holds \(length) bytes, not \(expected)")
    }
}
