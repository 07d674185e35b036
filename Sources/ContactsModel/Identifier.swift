import ContactsSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rules PROTOCOL.md sets for ids (user, contact, event ids): 1–128 UTF-8 bytes and no
/// code point of general category Cc. Ids are compared byte for byte, never normalized.
public enum Identifier {
    /// The longest id, in UTF-8 bytes.
    public static let maximumByteCount = 128

    /// Why `candidate` is not a valid id, or nil when it is.
    public static func problem(with candidate: String) -> String? {
        let byteCount = candidate.utf8.count
        if byteCount == 0 { return "is empty" }
        if byteCount > maximumByteCount { return "is longer than \(maximumByteCount) UTF-8 bytes" }
        if withUTF8(of: candidate, containsControlCharacter) { return "contains a control character" }
        return nil
    }

    /// Whether valid UTF-8 `bytes` hold a Cc code point: U+0000–U+001F and U+007F are single
    /// bytes, U+0080–U+009F are 0xC2 followed by 0x80–0x9F (0xC2 only ever leads a sequence).
    ///
    /// - Complexity: O(n), one pass over the bytes.
    private static func containsControlCharacter(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte < 0xA0) { return true }
            previous = byte
        }
        return false
    }

    /// True when `candidate` is a valid id.
    public static func isValid(_ candidate: String) -> Bool {
        problem(with: candidate) == nil
    }
}
