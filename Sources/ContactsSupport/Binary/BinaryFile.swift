#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads and atomic writes through POSIX calls (the library does not link
/// Foundation: its ICU module clashes with the system ICU that CICU wraps).
package enum BinaryFile {
    /// The bytes of the file at `path`.
    package static func read(path: String) throws(FileAccessError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileAccessError(.read, path: path, reason: lastError()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileAccessError(.read, path: path, reason: lastError()) }
        let size = Int(status.st_size)
        var failure: String?
        let bytes = [UInt8](fillingCapacity: size) { buffer, initialized in
            while initialized < size, let base = buffer.baseAddress {
                let count = systemRead(descriptor, base + initialized, size - initialized)
                if count > 0 {
                    initialized += count
                } else if count == 0 {
                    failure = "the file shrank while being read"
                    return
                } else if errno != EINTR {
                    failure = lastError()
                    return
                }
            }
        }
        if let failure { throw FileAccessError(.read, path: path, reason: failure) }
        return bytes
    }

    /// Writes `bytes` to `path` atomically: to a temporary file beside it, flushed to disk,
    /// then renamed over `path`.
    package static func writeAtomically(_ bytes: [UInt8], path: String) throws(FileAccessError) {
        let temporary = "\(path).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileAccessError(.write, path: path, reason: lastError()) }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count, let base = buffer.baseAddress {
                let count = write(descriptor, base + written, buffer.count - written)
                if count >= 0 {
                    written += count
                } else if errno != EINTR {
                    failure = lastError()
                    return
                }
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = lastError() }
        if close(descriptor) != 0, failure == nil { failure = lastError() }
        if failure == nil, rename(temporary, path) != 0 { failure = lastError() }
        if let failure {
            unlink(temporary)
            throw FileAccessError(.write, path: path, reason: failure)
        }
    }

    /// POSIX `read` (the name is taken by ``read(path:)`` inside this type).
    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
