/// How one value goes on the wire for a target type: the bytes PostgreSQL's binary or text
/// input function of that type reads. Shared by bound parameters and binary COPY.
enum PostgresWireEncoding {
    /// The encoded form of one value.
    enum Form {
        case null
        case binary
        case text
    }

    /// The type a value declares when the statement does not fix one (unnamed
    /// statements, and the first preparation of a named one): integers, booleans and
    /// bytes name their type; text and NULL leave it to the server, as a literal would.
    static func declaredType(of value: PostgresValue) -> UInt32 {
        switch value {
        case .null, .text: PostgresTypeOID.unspecified
        case .int64: PostgresTypeOID.int8
        case .int32: PostgresTypeOID.int4
        case .bool: PostgresTypeOID.bool
        case .bytes: PostgresTypeOID.bytea
        }
    }

    /// Appends `value` encoded for a parameter of type `target` to `buffer` and says in
    /// which form. Text forms end with a NUL (libpq reads text parameters as C strings).
    /// Integers, booleans and bytes go in binary when the target is their own type (or a
    /// wider or narrower integer, range-checked), in text otherwise, so that the server
    /// parses them for any type; text always goes as text.
    ///
    /// - Throws: a client error naming `label` for text holding U+0000, an integer out of
    ///   the target's range, or a value longer than the protocol's 2 GiB.
    static func appendParameter(
        _ value: PostgresValue, target: UInt32, to buffer: inout [UInt8], label: @autoclosure () -> String
    ) throws(PostgresError) -> Form {
        switch value {
        case .null:
            return .null
        case .int64(let number):
            if try appendBinaryInteger(number, target: target, to: &buffer, label: label()) { return .binary }
            appendCString(String(number).utf8, to: &buffer)
        case .int32(let number):
            if try appendBinaryInteger(Int64(number), target: target, to: &buffer, label: label()) {
                return .binary
            }
            appendCString(String(number).utf8, to: &buffer)
        case .bool(let flag):
            if target == PostgresTypeOID.bool {
                buffer.append(flag ? 1 : 0)
                return .binary
            }
            appendCString((flag ? "true" : "false").utf8, to: &buffer)
        case .text(let string):
            try checkText(string, label: label())
            appendCString(string.utf8, to: &buffer)
        case .bytes(let bytes):
            try checkLength(bytes.count, label: label())
            if target == PostgresTypeOID.bytea {
                buffer.append(contentsOf: bytes)
                return .binary
            }
            appendHexBytea(bytes, to: &buffer)
        }
        return .text
    }

    /// Appends `value` in the binary form of column type `target` (binary COPY has no
    /// per-field text), or throws a client error naming `label` when that type cannot
    /// take it.
    static func appendBinaryField(
        _ value: PostgresValue, target: UInt32, to buffer: inout [UInt8], label: @autoclosure () -> String
    ) throws(PostgresError) {
        switch value {
        case .null:
            appendInt32(-1, to: &buffer)
        case .int64(let number):
            guard try appendLengthPrefixedInteger(number, target: target, to: &buffer, label: label()) else {
                throw mismatch(value, target, label())
            }
        case .int32(let number):
            guard try appendLengthPrefixedInteger(Int64(number), target: target, to: &buffer, label: label()) else {
                throw mismatch(value, target, label())
            }
        case .bool(let flag):
            guard target == PostgresTypeOID.bool else { throw mismatch(value, target, label()) }
            appendInt32(1, to: &buffer)
            buffer.append(flag ? 1 : 0)
        case .text(let string):
            try checkText(string, label: label())
            let utf8 = string.utf8
            if target == PostgresTypeOID.jsonb {
                try checkLength(utf8.count + 1, label: label())
                appendInt32(Int32(utf8.count + 1), to: &buffer)
                buffer.append(1)  // jsonb's binary format version
            } else if PostgresTypeOID.isTextLike(target) {
                try checkLength(utf8.count, label: label())
                appendInt32(Int32(utf8.count), to: &buffer)
            } else {
                throw mismatch(value, target, label())
            }
            buffer.append(contentsOf: utf8)
        case .bytes(let bytes):
            guard target == PostgresTypeOID.bytea else { throw mismatch(value, target, label()) }
            try checkLength(bytes.count, label: label())
            appendInt32(Int32(bytes.count), to: &buffer)
            buffer.append(contentsOf: bytes)
        }
    }

    /// Whether binary COPY can write some ``PostgresValue`` to a column of type `type`.
    static func isCopyable(_ type: UInt32) -> Bool {
        switch type {
        case PostgresTypeOID.int8, PostgresTypeOID.int4, PostgresTypeOID.int2, PostgresTypeOID.bool,
            PostgresTypeOID.bytea, PostgresTypeOID.jsonb:
            true
        default:
            PostgresTypeOID.isTextLike(type)
        }
    }

    /// Appends a big-endian 16-bit integer.
    static func appendInt16(_ value: Int16, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
    }

    /// Appends a big-endian 32-bit integer.
    static func appendInt32(_ value: Int32, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
    }

    /// Appends a big-endian 64-bit integer.
    static func appendInt64(_ value: Int64, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
    }

    /// The largest field or parameter the protocol can carry (its lengths are `int32`).
    static let maximumLength = Int(Int32.max)

    private static func mismatch(_ value: PostgresValue, _ target: UInt32, _ label: String) -> PostgresError {
        PostgresError(
            .client,
            "\(label) is \(PostgresTypeOID.describe(target)); a \(kindName(value)) value cannot be written to it "
                + "in binary COPY")
    }

    private static func kindName(_ value: PostgresValue) -> String {
        switch value {
        case .null: "NULL"
        case .int64: "int64"
        case .int32: "int32"
        case .bool: "bool"
        case .text: "text"
        case .bytes: "bytes"
        }
    }

    private static func checkText(_ string: String, label: @autoclosure () -> String) throws(PostgresError) {
        try checkLength(string.utf8.count, label: label())
        if string.utf8.contains(0) {
            throw PostgresError(.client, "\(label()) contains U+0000, which PostgreSQL text cannot hold")
        }
    }

    private static func checkLength(_ count: Int, label: @autoclosure () -> String) throws(PostgresError) {
        if count > maximumLength {
            throw PostgresError(.client, "\(label()) is \(count) bytes; the protocol carries at most \(maximumLength)")
        }
    }

    /// The value's binary form for an integer target, or false for a non-integer target.
    private static func appendBinaryInteger(
        _ number: Int64, target: UInt32, to buffer: inout [UInt8], label: @autoclosure () -> String
    ) throws(PostgresError) -> Bool {
        switch target {
        case PostgresTypeOID.int8:
            appendInt64(number, to: &buffer)
        case PostgresTypeOID.int4:
            guard let narrow = Int32(exactly: number) else { throw outOfRange(number, "int4", label()) }
            appendInt32(narrow, to: &buffer)
        case PostgresTypeOID.int2:
            guard let narrow = Int16(exactly: number) else { throw outOfRange(number, "int2", label()) }
            appendInt16(narrow, to: &buffer)
        default:
            return false
        }
        return true
    }

    /// The length and binary form of an integer field, or false for a non-integer column.
    private static func appendLengthPrefixedInteger(
        _ number: Int64, target: UInt32, to buffer: inout [UInt8], label: @autoclosure () -> String
    ) throws(PostgresError) -> Bool {
        let width: Int32
        switch target {
        case PostgresTypeOID.int8: width = 8
        case PostgresTypeOID.int4: width = 4
        case PostgresTypeOID.int2: width = 2
        default: return false
        }
        let start = buffer.count
        appendInt32(width, to: &buffer)
        do {
            return try appendBinaryInteger(number, target: target, to: &buffer, label: label())
        } catch {
            buffer.removeSubrange(start...)
            throw error
        }
    }

    private static func outOfRange(_ number: Int64, _ type: String, _ label: String) -> PostgresError {
        PostgresError(.client, "\(label) is \(type) on the server; \(number) is out of its range")
    }

    private static func appendCString(_ utf8: some Collection<UInt8>, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: utf8)
        buffer.append(0)
    }

    /// bytea's text form: `\x` and two lowercase hex digits a byte.
    private static func appendHexBytea(_ bytes: [UInt8], to buffer: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        buffer.reserveCapacity(buffer.count + 2 * bytes.count + 3)
        buffer.append(UInt8(ascii: "\\"))
        buffer.append(UInt8(ascii: "x"))
        for byte in bytes {
            buffer.append(digits[Int(byte >> 4)])
            buffer.append(digits[Int(byte & 0x0F)])
        }
        buffer.append(0)
    }
}
