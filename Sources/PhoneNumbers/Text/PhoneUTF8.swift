/// Decoding scalars out of UTF-8 bytes in place, forwards and backwards.
///
/// The normalizer only hands valid UTF-8 to these functions, but they never trap on bad input:
/// a malformed or truncated sequence reads as U+FFFD, one byte long.
package enum PhoneUTF8 {
    /// The replacement character that malformed sequences decode to.
    package static let replacement: UInt32 = 0xFFFD

    /// The scalar starting at byte `index` (which must be in bounds) and its length in bytes.
    @inline(__always)
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        return decodeMultibyte(bytes, at: index, lead: lead)
    }

    private static func decodeMultibyte(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8
    ) -> (scalar: UInt32, length: Int) {
        let length: Int
        var scalar: UInt32
        var minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (length, scalar, minimum) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (length, scalar, minimum) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (length, scalar, minimum) = (4, UInt32(lead & 0x07), 0x10000)
        default: return (replacement, 1)
        }
        guard index + length <= bytes.count else { return (replacement, 1) }
        for offset in 1..<length {
            let continuation = bytes[index + offset]
            guard continuation & 0xC0 == 0x80 else { return (replacement, 1) }
            scalar = scalar << 6 | UInt32(continuation & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
            return (replacement, 1)
        }
        return (scalar, length)
    }

    /// The scalar that ends just before byte `end` (which must be > 0) and where it starts.
    @inline(__always)
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> (scalar: UInt32, start: Int) {
        let last = bytes[end - 1]
        if last < 0x80 { return (UInt32(last), end - 1) }
        var start = end - 1
        while start > 0 && end - start < 4 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let decoded = decode(bytes, at: start)
        guard start + decoded.length == end else { return (replacement, end - 1) }
        return (decoded.scalar, start)
    }

    /// What one pass over a text reveals.
    package struct Survey {
        /// Whether the bytes are well-formed UTF-8.
        package var isValid = true
        /// How many scalars the text holds (malformed bytes count one each).
        package var scalarCount = 0
        /// Whether the text holds a `;` (so RFC 3966 parameters may be present).
        package var hasSemicolon = false
        /// Whether the text is ASCII digits, at least one, with at most a `+` before them.
        package var isPlainDigits = true
        /// Whether every byte is one of ``simpleBytes``: how most numbers are written.
        package var isSimple = false
    }

    /// ASCII digits and the punctuation most numbers are written with: `+`, space, `-`, `(`,
    /// `)`, `.` and `/`. A text of these alone has no letters, no `#`, `;` or `x`, so none of
    /// libphonenumber's extension, RFC 3966 or second-number rules can apply to it.
    package static let simpleBytes: [UInt8] = Array("0123456789+ -()./".utf8)

    /// Bit b set for each byte b of ``simpleBytes`` (all below 64).
    private static let simpleByteMask: UInt64 = 0x03FF_EB01_0000_0000

    /// Validity, length and shape of `bytes` in one pass.
    ///
    /// - Complexity: O(n).
    package static func survey(_ bytes: UnsafeBufferPointer<UInt8>) -> Survey {
        // Plain ASCII (nearly every number) in one tight pass the compiler can vectorize.
        var union: UInt8 = 0
        var nonDigits = 0
        var outsideSimple: UInt64 = 0
        for byte in bytes {
            union |= byte
            nonDigits &+= byte &- 0x30 >= 10 ? 1 : 0
            outsideSimple |= byte < 64 ? ~simpleByteMask >> UInt64(byte) & 1 : 1
        }
        if union < 0x80 {
            let leadingPlus = bytes.first == UInt8(ascii: "+")
            let isPlainDigits = nonDigits == (leadingPlus ? 1 : 0) && bytes.count > nonDigits
            let isSimple = outsideSimple == 0
            return Survey(
                isValid: true, scalarCount: bytes.count,
                hasSemicolon: !isSimple && bytes.contains(UInt8(ascii: ";")), isPlainDigits: isPlainDigits,
                isSimple: isSimple)
        }
        return surveyNonASCII(bytes)
    }

    private static func surveyNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Survey {
        var isValid = true
        var scalarCount = 0
        var hasSemicolon = false
        var nonDigits = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            scalarCount += 1
            if byte < 0x80 {
                if byte &- 0x30 >= 10 {
                    nonDigits += byte == UInt8(ascii: "+") && index == 0 ? 0 : 1
                    hasSemicolon = hasSemicolon || byte == UInt8(ascii: ";")
                }
                index += 1
                continue
            }
            nonDigits += 1
            let decoded = decode(bytes, at: index)
            // A real U+FFFD is three bytes long; a one-byte replacement marks malformed input.
            if decoded.scalar == replacement && decoded.length == 1 { isValid = false }
            index += decoded.length
        }
        let hasDigit = bytes.count > (bytes.first == UInt8(ascii: "+") ? 1 : 0)
        return Survey(
            isValid: isValid, scalarCount: scalarCount, hasSemicolon: hasSemicolon,
            isPlainDigits: nonDigits == 0 && hasDigit)
    }

    /// The first byte offset where `needle` (ASCII) occurs, or nil.
    package static func firstIndex(of needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard count > 0, bytes.count >= count else { return nil }
        let pattern = needle.utf8Start
        let first = pattern[0]
        var index = 0
        while index <= bytes.count - count {
            if bytes[index] == first {
                var offset = 1
                while offset < count && bytes[index + offset] == pattern[offset] { offset += 1 }
                if offset == count { return index }
            }
            index += 1
        }
        return nil
    }
}
