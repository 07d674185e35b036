import CSQLite
import ContactsCore
import ContactsModel
import ContactsSearch
import ContactsSupport

/// SQLite FTS5 with `tokenize='trigram'` over the same folded text (the second baseline):
/// columns name, organization, emails, phone digits; rowids in ranking-key order. Terms of
/// three or more code points go through `MATCH`, shorter ones through `LIKE` (the trigram
/// tokenizer cannot index them). FTS5 has no ranking tiers: its page is the matches at the
/// offset by name, which spares it that work; its answer is checked on the total and, for a
/// whole list, on the set of rows (its rowids are the contacts' ranking-key positions).
final class SearchFTS5Baseline {
    private var database: OpaquePointer?
    /// SQLite's SQLITE_TRANSIENT (a macro Swift cannot import): bound text is copied.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    convenience init(_ contacts: [Contact]) throws {
        try self.init(count: contacts.count) { contacts[$0] }
    }

    /// The database of `count` contacts, `contact(i)` the `i`th.
    init(count: Int, contact: (Int) -> Contact) throws {
        guard sqlite3_open(":memory:", &database) == SQLITE_OK else { throw BaselineError("cannot open SQLite") }
        try execute(
            "CREATE VIRTUAL TABLE docs USING fts5(name, organization, emails, digits, tokenize='trigram')")
        try execute("BEGIN")
        var statement: OpaquePointer?
        guard
            sqlite3_prepare_v2(
                database, "INSERT INTO docs(rowid, name, organization, emails, digits) VALUES (?,?,?,?,?)", -1,
                &statement, nil) == SQLITE_OK
        else { throw BaselineError(message) }
        defer { sqlite3_finalize(statement) }
        let ranked = (0..<count).map { contact($0) }.map { (SearchFolding.fold($0.effectiveDisplayName), $0) }.sorted {
            left, right in
            left.0 != right.0 ? left.0.utf8Precedes(right.0) : left.1.id.utf8Precedes(right.1.id)
        }
        for (row, (name, contact)) in ranked.enumerated() {
            sqlite3_bind_int64(statement, 1, Int64(row))
            for (column, text) in [
                name, SearchFolding.fold(contact.organizationName),
                contact.emailAddresses.map { SearchFolding.fold($0.value) }.joined(separator: "\n"),
                contact.phoneNumbers.map { SearchFolding.digits($0.value) }.joined(separator: " "),
            ].enumerated() {
                sqlite3_bind_text(statement, Int32(column + 2), text, -1, Self.transient)
            }
            guard sqlite3_step(statement) == SQLITE_DONE else { throw BaselineError(message) }
            sqlite3_reset(statement)
        }
        try execute("COMMIT")
    }

    deinit {
        sqlite3_close(database)
    }

    /// The number of rows.
    var rowCount: Int {
        (try? integer("SELECT count(*) FROM docs")) ?? 0
    }

    /// The bytes of the database (tables and FTS5 index).
    var byteCount: Int {
        (try? integer("PRAGMA page_count")).map { $0 * ((try? integer("PRAGMA page_size")) ?? 0) } ?? 0
    }

    /// The total and the rowids from `offset`, at most `limit`, of `query` under the `any` field.
    func search(_ query: String, limit: Int, offset: Int = 0) throws -> (total: Int, rows: [Int64]) {
        var conditions: [String] = []
        var parameters: [String] = []
        for term in SearchQuery(query).terms {
            var alternatives: [String] = []
            let needle = SearchFolding.fold(term)
            Self.addCondition(needle, columns: "{name organization emails}", to: &alternatives, &parameters)
            if SearchFolding.isPhoneTerm(term, allowingSpaces: true) {
                Self.addCondition(SearchFolding.digits(term), columns: "digits", to: &alternatives, &parameters)
            }
            conditions.append("(" + alternatives.joined(separator: " OR ") + ")")
        }
        let sql =
            "SELECT rowid FROM docs" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
            + " ORDER BY rowid"
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else { throw BaselineError(message) }
        defer { sqlite3_finalize(statement) }
        for (index, parameter) in parameters.enumerated() {
            sqlite3_bind_text(statement, Int32(index + 1), parameter, -1, Self.transient)
        }
        var total = 0
        var rows: [Int64] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { throw BaselineError(message) }
            if total >= offset, total - offset < limit { rows.append(sqlite3_column_int64(statement, 0)) }
            total += 1
        }
        return (total, rows)
    }

    /// A trigram `MATCH` for needles of three or more code points, else `LIKE` on each column.
    private static func addCondition(
        _ needle: String, columns: String, to alternatives: inout [String], _ parameters: inout [String]
    ) {
        if needle.unicodeScalars.count >= 3 {
            alternatives.append("rowid IN (SELECT rowid FROM docs WHERE docs MATCH ?)")
            parameters.append("\(columns) : \"" + needle.replacingAll("\"", with: "\"\"") + "\"")
            return
        }
        var escaped = ""
        for character in needle {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        let names = columns == "digits" ? ["digits"] : ["name", "organization", "emails"]
        for column in names {
            alternatives.append("\(column) LIKE ? ESCAPE '\\'")
            parameters.append("%" + escaped + "%")
        }
    }

    private var message: String {
        String(cString: sqlite3_errmsg(database))
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else { throw BaselineError(message) }
    }

    private func integer(_ sql: String) throws -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else { throw BaselineError(message) }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw BaselineError(message) }
        return Int(sqlite3_column_int64(statement, 0))
    }
}

/// A baseline failed to set up or to answer.
struct BaselineError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension String {
    /// This string with every `target` replaced by `replacement` (no Foundation needed).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
