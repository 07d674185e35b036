#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared secret that HS256 tokens are signed with (PROTOCOL §7, `--jwt-secret-file`).
///
/// Its bytes are used as they are (no encoding, no trimming beyond one trailing line break
/// when read from a file). Its description never shows the bytes.
///
/// ```swift
/// let secret = try JWTSecret(contentsOfFile: "/etc/contacts/jwt-secret")
/// ```
public struct JWTSecret: Sendable, CustomStringConvertible {
    /// The key bytes (never empty).
    public let bytes: [UInt8]

    /// The length RFC 7518 §3.2 requires of an HS256 key (the hash's output, 256 bits): a
    /// shorter secret is accepted, but a caller should warn that it is weak.
    public static let recommendedMinimumByteCount = 32

    /// The largest secret file read: secrets are short, and a mistaken path (a log, a device)
    /// is refused instead of being read whole into memory.
    public static let maximumFileByteCount = 65_536

    /// The secret with these bytes.
    ///
    /// - Throws: ``JWTSecretError/empty(source:)`` when `bytes` is empty.
    public init(bytes: [UInt8]) throws(JWTSecretError) {
        guard !bytes.isEmpty else { throw .empty(source: nil) }
        self.bytes = bytes
    }

    /// The secret held in the file at `path`: its bytes, with one trailing `"\n"` or `"\r\n"`
    /// dropped (the line break an editor or `echo` adds), nothing else changed.
    ///
    /// - Throws: ``JWTSecretError`` when the file cannot be read, is larger than
    ///   ``maximumFileByteCount``, or holds nothing but that line break.
    public init(contentsOfFile path: String) throws(JWTSecretError) {
        var contents = try Self.contents(ofFile: path)
        if contents.last == UInt8(ascii: "\n") {
            contents.removeLast()
            if contents.last == UInt8(ascii: "\r") { contents.removeLast() }
        }
        guard !contents.isEmpty else { throw .empty(source: path) }
        bytes = contents
    }

    /// True when the secret is at least ``recommendedMinimumByteCount`` bytes long.
    public var meetsRecommendedLength: Bool { bytes.count >= Self.recommendedMinimumByteCount }

    /// `JWTSecret(N bytes)`: the length, never the bytes.
    public var description: String { "JWTSecret(\(bytes.count) bytes)" }

    private static func contents(ofFile path: String) throws(JWTSecretError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: lastErrorText()) }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: lastErrorText())
            }
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[..<count])
            guard contents.count <= maximumFileByteCount else {
                throw .tooLarge(path: path, maximumBytes: maximumFileByteCount)
            }
        }
    }

    private static func lastErrorText() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }
}
