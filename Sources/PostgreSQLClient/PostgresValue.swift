/// A value sent to PostgreSQL as a bound parameter or a COPY field, or read back from a
/// result with ``PostgresResult/value(row:column:)``.
///
/// Parameters are always sent apart from the SQL text (never spliced into it). On the wire,
/// integers, booleans and bytes go in binary, text as text: see ``PostgresConnection``.
/// Literals work where a value is expected: `["alice", 42, true, nil]`.
package enum PostgresValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// A 64-bit integer (`int8`, `bigint`); also fits `int4` and `int2` targets when in range.
    case int64(Int64)
    /// A 32-bit integer (`int4`, `integer`).
    case int32(Int32)
    /// A boolean.
    case bool(Bool)
    /// Text (`text`, `varchar`, or any type the server parses from text). It must not
    /// contain U+0000, which PostgreSQL text cannot hold.
    case text(String)
    /// Bytes (`bytea`), any length including zero.
    case bytes([UInt8])
}

extension PostgresValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByStringLiteral
{
    /// `nil` is SQL NULL.
    package init(nilLiteral: ()) {
        self = .null
    }

    /// An integer literal is an `int8`.
    package init(integerLiteral value: Int64) {
        self = .int64(value)
    }

    /// A boolean literal.
    package init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    /// A string literal is text.
    package init(stringLiteral value: String) {
        self = .text(value)
    }
}
