import ContactsSupport

/// The text folding of PROTOCOL §2, on which every search comparison is made.
///
/// `fold(s)` is Unicode NFKD, then every code point with a non-zero canonical combining
/// class dropped, then full Unicode case folding, then the ten Latin letters without a
/// decomposition replaced as people type them (`ł`→`l`, `ø`→`o`, `đ`→`d`, `ð`→`d`, `ħ`→`h`,
/// `ı`→`i`, `ŧ`→`t`, `æ`→`ae`, `œ`→`oe`, `þ`→`th`): Python's
/// `"".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c)).casefold()`
/// with those replacements. ASCII takes a fast path on its UTF-8 bytes (lowercasing A–Z is all
/// the steps do to ASCII); other code points are looked up in ``FoldTable``, one at a time
/// (`fold` maps each code point on its own).
///
/// ```swift
/// SearchFolding.fold("José Núñez")  // "jose nunez"
/// SearchFolding.fold("Łódź")        // "lodz"
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
    /// digit and nothing but ASCII digits and `+-().` — and spaces when `allowingSpaces` (a
    /// whole query, its whitespace runs collapsed to one space).
    ///
    /// - Complexity: O(n) in the length of `term`.
    package static func isPhoneTerm(_ term: String, allowingSpaces: Bool = false) -> Bool {
        withUTF8(of: term) { bytes in
            var sawDigit = false
            var index = 0
            let buffer = bytes.assumingMemoryBound(to: UInt8.self)
            while index < buffer.count {
                let (scalar, length) = UTF8Scalars.scalar(at: index, in: buffer)
                index += length
                if scalar == 0x20, allowingSpaces { continue }
                let traits = FoldTable.shared.traits(of: scalar)
                guard traits.contains(.phoneCharacters) else { return false }
                if traits.contains(.hasDigit) { sawDigit = true }
            }
            return sawDigit
        }
    }

    /// Appends the UTF-8 bytes of `fold(text)` to `output`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func appendFolded(_ text: String, to output: inout [UInt8]) {
        withUTF8(of: text) { appendFolded(utf8: $0.assumingMemoryBound(to: UInt8.self), to: &output) }
    }

    /// Appends the UTF-8 bytes of `fold` of the valid UTF-8 text `bytes` to `output`.
    ///
    /// - Complexity: O(n) in the number of bytes.
    package static func appendFolded(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let table = FoldTable.shared
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                output.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                index += 1
                continue
            }
            let (scalar, length) = UTF8Scalars.scalar(at: index, in: bytes)
            table.appendFold(of: scalar, to: &output)
            index += length
        }
    }

    /// Appends the ASCII digits of NFKD(`text`) to `output`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func appendDigits(of text: String, to output: inout [UInt8]) {
        withUTF8(of: text) { appendDigits(utf8: $0.assumingMemoryBound(to: UInt8.self), to: &output) }
    }

    /// Appends the ASCII digits of NFKD of the valid UTF-8 text `bytes` to `output`: those of
    /// its fold, since neither dropping marks nor case folding makes or removes an ASCII digit.
    ///
    /// - Complexity: O(n) in the number of bytes.
    package static func appendDigits(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let table = FoldTable.shared
        var folded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte &- 0x30 < 10 { output.append(byte) }
                index += 1
                continue
            }
            let (scalar, length) = UTF8Scalars.scalar(at: index, in: bytes)
            index += length
            guard table.traits(of: scalar).contains(.hasDigit) else { continue }
            folded.removeAll(keepingCapacity: true)
            table.appendFold(of: scalar, to: &folded)
            for digit in folded where digit &- 0x30 < 10 { output.append(digit) }
        }
    }

    /// True when the code point `scalar` is a word character of PROTOCOL §6 ranking: general
    /// category L, N or M.
    @inline(__always)
    package static func isWordScalar(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return scalar &- 0x30 < 10 || (scalar | 0x20) &- 0x61 < 26
        }
        return FoldTable.shared.traits(of: scalar).contains(.word)
    }
}
