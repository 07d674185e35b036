import ContactsJSON
import ContactsModel
import ContactsSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a fixture file (JSON Lines) record by record, streaming: one line in memory at a
/// time, parsed with ``JSONParser``.
///
/// ```swift
/// let reader = try FixtureReader<Contact>(directory: "data/demo")
/// while let contact = try reader.next() { index.add(contact) }
/// ```
///
/// Blank lines (only spaces, tabs or a carriage return) are skipped; any other line that is
/// not a valid record stops the reading with ``FixtureError/badLine(file:line:reason:)``
/// naming the file and the 1-based line number. Lines over 16 MiB are bad lines.
package final class FixtureReader<Record: FixtureRecord> {
    /// The path read.
    package let path: String
    /// The number of the last line read (1-based; 0 before the first).
    package private(set) var lineNumber = 0
    private var descriptor: Int32
    private var lines: LineReader

    /// A reader of the file at `path`.
    package init(path: String) throws(FixtureError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .io("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        lines = LineReader(fileDescriptor: descriptor, maximumLineBytes: JSONLines.maximumLineBytes)
    }

    /// A reader of `Record.fixtureFileName` (`contacts.jsonl`, …) in the fixture directory
    /// `directory`.
    package convenience init(directory: String) throws(FixtureError) {
        try self.init(path: FixtureDirectory.path(directory, Record.self))
    }

    deinit {
        close(descriptor)
    }

    /// The next record, or nil at the end of the file.
    /// - Complexity: O(n) in the length of the line.
    package func next() throws(FixtureError) -> Record? {
        while true {
            let line: LineReader.Line?
            do {
                line = try lines.nextLine()
            } catch {
                throw .io("cannot read \(path): \(error.description)")
            }
            guard let line else { return nil }
            lineNumber += 1
            guard case .bytes(let bytes) = line else {
                throw bad("line longer than \(JSONLines.maximumLineBytes) bytes")
            }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let json: JSONValue
            do {
                json = try JSONParser.parse(bytes)
            } catch {
                throw bad("invalid JSON: \(error.description)")
            }
            do {
                return try Record(fixtureJSON: json)
            } catch {
                throw bad(error.description)
            }
        }
    }

    /// Calls `body` with each remaining record in order.
    package func forEach(_ body: (Record) throws(FixtureError) -> Void) throws(FixtureError) {
        while let record = try next() { try body(record) }
    }

    /// Every record of the file at `path`.
    /// - Complexity: O(n) memory in the number of records; use ``next()`` to stream.
    package static func readAll(path: String) throws(FixtureError) -> [Record] {
        let reader = try FixtureReader(path: path)
        var records: [Record] = []
        try reader.forEach { records.append($0) }
        return records
    }

    private func bad(_ reason: String) -> FixtureError {
        .badLine(file: path, line: lineNumber, reason: reason)
    }
}
