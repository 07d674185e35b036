import ContactsSupport

/// The text folding of PROTOCOL §2, on which every search comparison is made.
///
/// `fold(s)` is Unicode NFKD, then every code point with a non-zero canonical combining
/// class dropped, then full Unicode case folding: Python's
/// `"".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c)).casefold()`.
/// ASCII text takes a fast path on its UTF-8 bytes (lowercasing A–Z is all three steps do to
/// ASCII); anything else goes through ICU.
///
/// ```swift
/// SearchFolding.fold("José Núñez")  // "jose nunez"
/// SearchFolding.fold("Straße")      // "strasse"
/// SearchFolding.digits("+１ (415)") // "1415"
/// ```
package enum SearchFolding {
    /// `fold(text)` of PROTOCOL §2.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func fold(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendFolded(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `digits(text)` of PROTOCOL §2: the ASCII digits 0–9 of NFKD(`text`), in order.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func digits(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendDigits(of: text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when `term` is a phone term (PROTOCOL §6): NFKD(`term`) has at least one ASCII
    /// digit and nothing but ASCII digits and `+-().`.
    ///
    /// - Complexity: O(n) in the length of `term`.
    package static func isPhoneTerm(_ term: String) -> Bool {
        if let ascii = asciiBytes(term) {
            return isPhoneText(ascii)
        }
        let decomposed = Array(term.utf16).withUnsafeBufferPointer(UnicodeICU.nfkd)
        return isPhoneText(decomposed)
    }

    /// Appends the UTF-8 bytes of `fold(text)` to `output`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func appendFolded(_ text: String, to output: inout [UInt8]) {
        let wasASCII = withUTF8(of: text) { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            output.append(contentsOf: bytes.lazy.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 })
            return true
        }
        if wasASCII { return }
        let decomposed = Array(text.utf16).withUnsafeBufferPointer(UnicodeICU.nfkd)
        var kept: [UInt16] = []
        kept.reserveCapacity(decomposed.count)
        var index = 0
        while index < decomposed.count {
            let (scalar, width) = decodeUTF16(decomposed, at: index)
            // Nothing below U+0300 has a non-zero combining class.
            if scalar < 0x300 || UnicodeICU.combiningClass(scalar) == 0 {
                kept.append(contentsOf: decomposed[index..<index + width])
            }
            index += width
        }
        let folded = kept.withUnsafeBufferPointer(UnicodeICU.foldCase)
        index = 0
        while index < folded.count {
            let (scalar, width) = decodeUTF16(folded, at: index)
            appendUTF8(scalar, to: &output)
            index += width
        }
    }

    /// Appends the ASCII digits of NFKD(`text`) to `output`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func appendDigits(of text: String, to output: inout [UInt8]) {
        let wasASCII = withUTF8(of: text) { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            output.append(contentsOf: bytes.lazy.filter { $0 &- 0x30 < 10 })
            return true
        }
        if wasASCII { return }
        let decomposed = Array(text.utf16).withUnsafeBufferPointer(UnicodeICU.nfkd)
        for unit in decomposed where unit &- 0x30 < 10 { output.append(UInt8(unit)) }
    }

    /// True when the code point `scalar` is a word character of PROTOCOL §6 ranking: general
    /// category L, N or M.
    @inline(__always)
    package static func isWordScalar(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return scalar &- 0x30 < 10 || (scalar | 0x20) &- 0x61 < 26
        }
        return UnicodeICU.isWordCharacter(scalar)
    }

    /// The UTF-8 bytes of `text` when they are all ASCII, else nil.
    private static func asciiBytes(_ text: String) -> [UInt8]? {
        withUTF8(of: text) { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? Array(bytes) : nil
        }
    }

    /// True when `units` has an ASCII digit and nothing but ASCII digits and `+-().`.
    private static func isPhoneText<Unit: FixedWidthInteger>(_ units: [Unit]) -> Bool {
        var sawDigit = false
        for unit in units {
            if unit &- 0x30 < 10 {
                sawDigit = true
                continue
            }
            switch unit {
            case 0x2B, 0x2D, 0x28, 0x29, 0x2E: continue  // + - ( ) .
            default: return false
            }
        }
        return sawDigit
    }

    /// The code point at `index` of valid UTF-16 and its width in code units.
    private static func decodeUTF16(_ units: [UInt16], at index: Int) -> (UInt32, Int) {
        let unit = units[index]
        if unit & 0xFC00 == 0xD800, index + 1 < units.count, units[index + 1] & 0xFC00 == 0xDC00 {
            let scalar = 0x10000 + ((UInt32(unit) & 0x3FF) << 10) + (UInt32(units[index + 1]) & 0x3FF)
            return (scalar, 2)
        }
        return (UInt32(unit), 1)
    }

    /// Appends the UTF-8 encoding of the code point `scalar`.
    private static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
