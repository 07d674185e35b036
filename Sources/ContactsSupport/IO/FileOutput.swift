#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing whole buffers to file descriptors.
public enum FileOutput {
    /// Writes every byte of `bytes` to `fileDescriptor`, retrying short writes.
    public static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                write(fileDescriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemError.lastError("write")
            }
            offset += written
        }
    }
}
