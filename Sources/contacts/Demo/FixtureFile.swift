import ContactsCore
import ContactsFixtures

#if canImport(Glibc)
    import Glibc
#endif

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
        let total = quiet ? 0 : try lineCount(path)
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

    /// The number of lines of the file at `path` (a last line without a newline counts), for
    /// the total of a progress bar.
    ///
    /// - Complexity: O(n) in the size of the file, read in 1 MiB chunks.
    static func lineCount(_ path: String) throws -> Int {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CommandLineError("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var lines = 0
        var last: UInt8 = 0x0A
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandLineError("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            for byte in chunk[0..<count] where byte == 0x0A { lines += 1 }
            last = chunk[count - 1]
        }
        return last == 0x0A ? lines : lines + 1
    }
}
