#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads newline-terminated lines from a file descriptor in large chunks, never holding more
/// than `maximumLineBytes` of one line: a longer line is skipped to its newline and reported
/// as ``Line/oversized``.
public struct LineReader {
    /// One line of input.
    public enum Line: Sendable {
        /// The bytes of a line, without its newline.
        case bytes([UInt8])
        /// A line longer than the limit; its bytes were dropped.
        case oversized
    }

    private let fileDescriptor: Int32
    private let maximumLineBytes: Int
    private var chunk: [UInt8]
    private var chunkStart = 0
    private var chunkEnd = 0
    private var reachedEnd = false

    /// A reader of `fileDescriptor` (not closed by the reader) with a line limit.
    public init(fileDescriptor: Int32, maximumLineBytes: Int, chunkSize: Int = 1 << 20) {
        self.fileDescriptor = fileDescriptor
        self.maximumLineBytes = maximumLineBytes
        chunk = [UInt8](repeating: 0, count: chunkSize)
    }

    /// True when ``nextLine()`` can answer from what is buffered, without reading (and so
    /// without waiting for the writer of a pipe or a terminal): a whole line is buffered, or
    /// the end of input was reached. A streaming caller flushes its output when this is false.
    ///
    /// - Complexity: O(n) in the length of the next line.
    public var hasBufferedLine: Bool {
        if reachedEnd { return true }
        let start = chunkStart
        let end = chunkEnd
        guard start < end else { return false }
        return chunk.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return false }
            return memchr(base + start, 0x0A, end - start) != nil
        }
    }

    /// The next line, or nil at the end of input. A last line without a newline counts.
    public mutating func nextLine() throws(SystemError) -> Line? {
        var line: [UInt8] = []
        var oversized = false
        while true {
            if chunkStart == chunkEnd {
                let refilled = reachedEnd ? false : try refill()
                if !refilled {
                    if oversized { return .oversized }
                    return line.isEmpty ? nil : .bytes(line)
                }
            }
            let end = chunkEnd
            // memchr: the scan costs the same in debug and release builds.
            let start = chunkStart
            let newline = chunk.withUnsafeBytes { raw -> Int? in
                guard let base = raw.baseAddress, let found = memchr(base + start, 0x0A, end - start) else {
                    return nil
                }
                return base.distance(to: UnsafeRawPointer(found))
            }
            let stop = newline ?? end
            if !oversized {
                if line.count + (stop - chunkStart) > maximumLineBytes {
                    oversized = true
                    line = []
                } else {
                    line.append(contentsOf: chunk[chunkStart..<stop])
                }
            }
            if let newline {
                chunkStart = newline + 1
                return oversized ? .oversized : .bytes(line)
            }
            chunkStart = end
        }
    }

    private mutating func refill() throws(SystemError) -> Bool {
        let descriptor = fileDescriptor
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                chunkStart = 0
                chunkEnd = count
                return true
            }
            if count == 0 {
                reachedEnd = true
                return false
            }
            if errno == EINTR { continue }
            throw SystemError.lastError("read")
        }
    }
}
