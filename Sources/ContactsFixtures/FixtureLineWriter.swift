import ContactsJSON
import ContactsSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes JSON Lines to a file through one reusable ``JSONWriter``, flushing in large chunks.
///
/// The lines go to `<path>.partial`; ``finish()`` renames it to `path`, so a fixture file
/// either is complete or does not exist under its name.
package final class FixtureLineWriter {
    /// Bytes buffered before a write to the file.
    private static let flushThreshold = 1 << 20

    private let path: String
    private let partialPath: String
    private var descriptor: Int32
    private var writer = JSONWriter(reserve: flushThreshold + (64 << 10))
    /// The number of lines written.
    package private(set) var lineCount = 0

    /// Creates (or truncates) `<path>.partial`.
    package init(path: String) throws(FixtureError) {
        self.path = path
        partialPath = path + ".partial"
        descriptor = open(partialPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.ioError("cannot create", partialPath) }
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(partialPath)
        }
    }

    /// Appends `value` as one line.
    package func write(_ value: JSONValue) throws(FixtureError) {
        writer.write(value)
        writer.appendRaw("\n")
        lineCount += 1
        if writer.bytes.count >= Self.flushThreshold { try flush() }
    }

    /// Writes what is buffered, closes the file and gives it its final name.
    package func finish() throws(FixtureError) {
        try flush()
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else {
            let error = Self.ioError("cannot close", partialPath)
            unlink(partialPath)
            throw error
        }
        guard rename(partialPath, path) == 0 else {
            let error = Self.ioError("cannot rename to \(path):", partialPath)
            unlink(partialPath)
            throw error
        }
    }

    private func flush() throws(FixtureError) {
        do {
            try FileOutput.writeAll(writer.bytes, to: descriptor)
        } catch {
            throw .io("cannot write \(partialPath): \(error.description)")
        }
        writer.removeAll()
    }

    private static func ioError(_ what: String, _ path: String) -> FixtureError {
        .io("\(what) \(path): \(String(cString: strerror(errno)))")
    }
}
