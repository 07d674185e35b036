/// Decoding code points from folded UTF-8 bytes, without `String`.
///
/// `public` so that ``scalar(at:in:)`` is inlined into the search's loops in other modules
/// (Swift serializes no `@inlinable package` body, swiftlang/swift#70100); ContactsSupport is
/// no product, so nothing outside the package sees it.
public enum UTF8Scalars {
    /// The code point starting at `index` of `bytes` and its length in bytes.
    ///
    /// Folded text is valid UTF-8 (it comes from Swift strings, and saved files are checked
    /// when opened); a malformed or cut sequence still decodes, byte by byte, never reading
    /// past the end.
    @inlinable @inline(__always)
    public static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (scalar: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= bytes.count else { return (lead, 1) }
        var scalar = lead & (0x7F >> UInt32(length))
        for offset in 1..<length {
            scalar = scalar << 6 | (UInt32(bytes[index + offset]) & 0x3F)
        }
        return (scalar, length)
    }

    /// The code points of `bytes`.
    package static func decode(_ bytes: [UInt8]) -> [UInt32] {
        bytes.withUnsafeBufferPointer { buffer in
            var scalars: [UInt32] = []
            var index = 0
            while index < buffer.count {
                let (scalar, length) = scalar(at: index, in: buffer)
                scalars.append(scalar)
                index += length
            }
            return scalars
        }
    }

    /// True when `bytes` is valid UTF-8 (the standard's well-formed sequences: no overlong
    /// forms, no surrogates, nothing above U+10FFFF).
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return false
            }
            guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
