import ContactsCore
import ContactsJSON
import ContactsSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Unbuffered writes to stdout and stderr, and buffered writing of many output lines.
enum StandardStreams {
    /// Writes `text` to stdout.
    static func write(_ text: String) {
        try? FileOutput.writeAll(Array(text.utf8), to: STDOUT_FILENO)
    }

    /// Writes `text` to stderr.
    static func writeError(_ text: String) {
        try? FileOutput.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// True when stderr is a terminal.
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}

/// Collects JSON lines and writes them to stdout in large chunks.
struct JSONLineOutput {
    private var writer = JSONWriter(reserve: 1 << 16)

    /// Appends `value` and a newline, flushing when the buffer is large.
    mutating func emit(_ value: JSONValue) throws {
        writer.write(value)
        writer.appendRaw("\n")
        if writer.bytes.count >= 1 << 16 { try flush() }
    }

    /// Writes out what is buffered.
    mutating func flush() throws {
        try FileOutput.writeAll(writer.bytes, to: STDOUT_FILENO)
        writer.removeAll()
    }
}
