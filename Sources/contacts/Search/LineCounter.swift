#if canImport(Glibc)
    import Glibc
#endif

/// Counts the lines of a file, cheaply, so that a progress bar has its total before the file
/// is parsed.
enum LineCounter {
    /// The bytes read at a time.
    static let chunkBytes = 1 << 20

    /// The number of lines of the file at `path` (a last line without a newline counts), or
    /// nil when it cannot be read.
    ///
    /// - Complexity: O(n) in the size of the file: one `memchr` pass, in chunks of
    ///   ``chunkBytes``.
    static func count(ofFileAt path: String) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        var lines = 0
        var endsWithNewline = true
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            chunk.withUnsafeBytes { raw in
                guard var cursor = raw.baseAddress else { return }
                let end = cursor + count
                while cursor < end, let newline = memchr(cursor, 0x0A, end - cursor) {
                    lines += 1
                    cursor = UnsafeRawPointer(newline) + 1
                }
            }
            endsWithNewline = chunk[count - 1] == 0x0A
        }
        return endsWithNewline ? lines : lines + 1
    }
}
