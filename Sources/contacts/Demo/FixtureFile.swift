import ContactsCore
import ContactsFixtures

/// Streaming the records of a fixture file (JSON Lines) with progress on stderr, for the
/// commands that load fixtures (`match`, `demo`).
enum FixtureFile {
    /// Records between two progress updates: often enough for a smooth bar, rarely enough to
    /// cost nothing next to parsing.
    static let progressStride = 1024

    /// Calls `body` with each record of the file at `path` and its 1-based line number, in
    /// file order, showing progress as `label` unless `quiet`.
    ///
    /// - Throws: a ``CommandLineError`` of one line naming the file (and the line, for a bad
    ///   line); whatever `body` throws.
    /// - Complexity: O(n) in the size of the file; one line in memory at a time.
    static func forEach<Record: FixtureRecord>(
        _ type: Record.Type, path: String, label: String, quiet: Bool, _ body: (Record, _ line: Int) throws -> Void
    ) throws {
        // The total of the bar; a file that cannot be read fails below, with its reason.
        let total = quiet ? 0 : LineCounter.count(ofFileAt: path) ?? 0
        let progress = ProgressReporter(label, quiet: quiet)
        do {
            let reader = try FixtureReader<Record>(path: path)
            var read = 0
            while let record = try reader.next() {
                try body(record, reader.lineNumber)
                read += 1
                if read % progressStride == 0 { progress.update(done: reader.lineNumber, total: total) }
            }
        } catch let error as FixtureError {
            throw CommandLineError("\(error)")
        }
        progress.finish()
    }
}
