/// The type OIDs this client encodes or decodes in binary (fixed in PostgreSQL's catalog,
/// `pg_type.dat`; they never change between versions).
enum PostgresTypeOID {
    /// The server infers the type from the statement (a bound parameter of type 0).
    static let unspecified: UInt32 = 0
    static let bool: UInt32 = 16
    static let bytea: UInt32 = 17
    static let char: UInt32 = 18
    static let name: UInt32 = 19
    static let int8: UInt32 = 20
    static let int2: UInt32 = 21
    static let int4: UInt32 = 23
    static let text: UInt32 = 25
    static let oid: UInt32 = 26
    static let json: UInt32 = 114
    static let xml: UInt32 = 142
    static let unknown: UInt32 = 705
    static let bpchar: UInt32 = 1042
    static let varchar: UInt32 = 1043
    static let jsonb: UInt32 = 3802

    /// Types whose binary form is their text in the client encoding (UTF-8 here).
    static func isTextLike(_ type: UInt32) -> Bool {
        switch type {
        case text, varchar, bpchar, name, unknown, json, xml: true
        default: false
        }
    }

    /// A short name for error messages.
    static func describe(_ type: UInt32) -> String {
        switch type {
        case bool: "bool"
        case bytea: "bytea"
        case char: "\"char\""
        case name: "name"
        case int8: "int8"
        case int2: "int2"
        case int4: "int4"
        case text: "text"
        case oid: "oid"
        case json: "json"
        case xml: "xml"
        case unknown: "unknown"
        case bpchar: "bpchar"
        case varchar: "varchar"
        case jsonb: "jsonb"
        default: "type oid \(type)"
        }
    }
}
