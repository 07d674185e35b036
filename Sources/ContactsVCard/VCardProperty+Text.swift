/// Decoding a property value to text, the same way for every version:
///
/// 1. ENCODING=BASE64/B: the whole value is base64-decoded (whitespace ignored).
/// 2. A structured value (N, ADR, ORG) is split at each `;` not escaped by a backslash.
/// 3. ENCODING=QUOTED-PRINTABLE: each part is quoted-printable-decoded (`=XX` → the byte;
///    a final `=` is dropped; another `=` not followed by two hex digits is kept).
/// 4. The bytes are read in the CHARSET of the property (UTF-8 when absent; see
///    ``VCardCharset``).
/// 5. CR LF becomes LF, and backslash escapes are resolved: `\n` and `\N` → line feed;
///    `\,` `\;` `\\` and `\:` (Google's export escapes colons in URLs) → the character; any
///    other backslash is kept as written. (Escapes are ASCII, so this is safe on UTF-8.)
/// 6. Invalid UTF-8 is kept with U+FFFD and reported.
extension VCardProperty {
    /// The value as one text, or nil (with a problem in `problems`) when its CHARSET or
    /// ENCODING is not supported.
    ///
    /// - Complexity: O(n) in the length of the value.
    package func text(problems: inout [VCardProblem]) -> String? {
        components(structured: false, problems: &problems)?.first
    }

    /// The components of a structured value (`family;given;…`), or nil (with a problem in
    /// `problems`) when its CHARSET or ENCODING is not supported.
    ///
    /// - Complexity: O(n) in the length of the value.
    package func components(problems: inout [VCardProblem]) -> [String]? {
        components(structured: true, problems: &problems)
    }

    private func components(structured: Bool, problems: inout [VCardProblem]) -> [String]? {
        let charset: VCardCharset
        if let name = parameterValues("CHARSET").first {
            guard let supported = VCardCharset(name: name) else {
                problems.append(
                    VCardProblem(
                        line: line, kind: .unsupportedCharset,
                        message: "\(self.name) CHARSET=\(name) is not supported "
                            + "(use UTF-8, ISO-8859-1, ISO-8859-15 or Windows-1252); \(self.name) skipped"))
                return nil
            }
            charset = supported
        } else {
            charset = .utf8
        }
        let transferDecoded: ArraySlice<UInt8>
        switch encoding {
        case .none, .quotedPrintable:
            transferDecoded = value
        case .base64:
            guard let decoded = Self.base64Decoded(value) else {
                problems.append(
                    VCardProblem(
                        line: line, kind: .unsupportedEncoding,
                        message: "\(name) value is not valid BASE64; \(name) skipped"))
                return nil
            }
            transferDecoded = decoded[...]
        case .unsupported(let encodingName):
            problems.append(
                VCardProblem(
                    line: line, kind: .unsupportedEncoding,
                    message: "\(name) ENCODING=\(encodingName) is not supported "
                        + "(use QUOTED-PRINTABLE or BASE64); \(name) skipped"))
            return nil
        }
        let parts = structured ? Self.splitAtUnescapedSemicolons(transferDecoded) : [transferDecoded]
        var sawInvalidUTF8 = false
        let texts = parts.map { part -> String in
            var bytes = encoding == .quotedPrintable ? Self.quotedPrintableDecoded(part)[...] : part
            bytes = charset.utf8(from: bytes)
            if bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\r") }) {
                bytes = Self.unescaped(bytes)[...]
            }
            if let text = String(validating: bytes, as: UTF8.self) { return text }
            sawInvalidUTF8 = true
            return String(decoding: bytes, as: UTF8.self)
        }
        if sawInvalidUTF8 {
            problems.append(
                VCardProblem(
                    line: line, kind: .invalidUTF8,
                    message: "\(name) value is not valid UTF-8; bad bytes replaced by U+FFFD"))
        }
        return texts
    }

    /// The parts of `bytes` between `;` not preceded by an escaping backslash.
    private static func splitAtUnescapedSemicolons(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 2
            case UInt8(ascii: ";"):
                parts.append(bytes[start..<index])
                index += 1
                start = index
            default:
                index += 1
            }
        }
        parts.append(bytes[min(start, bytes.endIndex)...])
        return parts
    }

    /// Quoted-printable decoding: `=XX` (either case) → the byte; an `=` at the very end (a
    /// soft line break with nothing after it) dropped; any other byte, and an `=` without
    /// two hex digits after it, as is.
    private static func quotedPrintableDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "="), index + 2 < bytes.endIndex,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else if bytes[index] == UInt8(ascii: "="), index + 1 == bytes.endIndex {
                index += 1
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    /// `bytes` with backslash escapes resolved and CR LF turned into LF.
    private static func unescaped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\r"), index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "\n") {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.endIndex else {
                output.append(byte)
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            switch escaped {
            case UInt8(ascii: "n"), UInt8(ascii: "N"):
                output.append(UInt8(ascii: "\n"))
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\\"), UInt8(ascii: ":"):
                output.append(escaped)
            default:
                output.append(byte)
                output.append(escaped)
            }
            index += 2
        }
        return output
    }

    /// Base64 (RFC 4648 alphabet, `=` padding optional, whitespace ignored), or nil when a
    /// byte is outside the alphabet or the length is impossible.
    private static func base64Decoded(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var sawPadding = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                continue
            case UInt8(ascii: "="):
                sawPadding = true
                continue
            default:
                break
            }
            guard !sawPadding, let sextet = base64Value(byte) else { return nil }
            accumulator = accumulator << 6 | UInt32(sextet)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return bits >= 6 ? nil : output
    }

    private static func base64Value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
