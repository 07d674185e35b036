/// Why a fixture could not be generated or read.
package enum FixtureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The generator's options are out of range; the text says which and why.
    case invalidOptions(String)
    /// A file or directory could not be created, written or read: the path and the
    /// system's reason.
    case io(String)
    /// A line of a fixture file is not a valid record: the file, the 1-based line number
    /// and what is wrong.
    case badLine(file: String, line: Int, reason: String)

    /// One line for a person: `contacts.jsonl line 17: invalid JSON: …`.
    package var description: String {
        switch self {
        case .invalidOptions(let reason): "invalid fixture options: \(reason)"
        case .io(let reason): reason
        case .badLine(let file, let line, let reason): "\(file) line \(line): \(reason)"
        }
    }
}

/// What is wrong with one fixture record (a JSON line), without its place in the file.
package struct FixtureRecordError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    package let description: String

    /// An error saying `description`.
    package init(_ description: String) {
        self.description = description
    }
}
