import ContactsCore
import ContactsSearch

/// The queries of one `contacts search` run, checked before any search starts.
enum QueryList {
    /// The longest query, in code points (the limit `searchContacts` enforces).
    static let maximumLength = ContactsEngine.maximumQueryLength

    /// `query` alone, when it is not too long.
    static func single(_ query: String) throws -> [String] {
        try check(query, place: "QUERY")
        return [query]
    }

    /// The queries of the file at `path`, one a line: the file must be UTF-8; a final
    /// newline, a carriage return before a newline and blank lines (only whitespace) are
    /// dropped; at least one query must remain.
    ///
    /// - Complexity: O(n) in the size of the file.
    static func lines(ofFileAt path: String) throws -> [String] {
        let bytes = try InputFile.bytes(path)
        var queries: [String] = []
        var lineNumber = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            let text = line.last == 0x0D ? line.dropLast() : line
            guard let query = String(validating: text, as: UTF8.self) else {
                throw CommandLineError("\(path) line \(lineNumber): not valid UTF-8")
            }
            if SearchQuery(query).isEmpty { continue }
            try check(query, place: "\(path) line \(lineNumber)")
            queries.append(query)
        }
        guard !queries.isEmpty else { throw CommandLineError("\(path): no query (one query a line)") }
        return queries
    }

    /// Throws when `query` is longer than ``maximumLength`` code points.
    private static func check(_ query: String, place: String) throws {
        let length = query.unicodeScalars.count
        guard length <= maximumLength else {
            throw CommandLineError(
                "\(place): query of \(length) characters, longer than the limit of \(maximumLength)")
        }
    }
}
