/// One logical line of a vCard file: its physical lines joined (unfolded), with the number
/// of the first one.
package struct VCardLine: Hashable, Sendable {
    /// The unfolded bytes, without any line break.
    package var bytes: [UInt8]
    /// The 1-based number of the physical line it starts on.
    package var number: Int
}

/// Reads a vCard file as logical lines.
///
/// - A leading UTF-8 byte order mark is skipped; a UTF-16 file (byte order mark FF FE or
///   FE FF) is transcoded to UTF-8 first (unpaired surrogates become U+FFFD).
/// - A physical line ends at LF; a CR just before the LF is dropped (CRLF and LF files
///   read alike).
/// - Unfolding (RFC 6350 §3.2, RFC 2425 §5.8.1, used by every version): a line that starts
///   with a space or a tab continues the previous one; the break and that one whitespace
///   character are removed.
/// - Quoted-printable soft line breaks (vCard 2.1, RFC 2045 §6.7): in a property whose
///   parameters say QUOTED-PRINTABLE, a line ending in `=` continues on the next physical
///   line (whether or not that starts with whitespace); the `=` and the break are removed.
///   An `END:VCARD` line is never taken as such a continuation.
package struct VCardLineReader {
    private let bytes: [UInt8]
    private var position: Int
    private var nextNumber = 1

    /// A reader over a whole file.
    ///
    /// - Complexity: O(n) for a UTF-16 file (transcoded once), else O(1).
    package init(_ input: [UInt8]) {
        switch (input.first, input.count > 1 ? input[1] : nil) {
        case (0xFF, 0xFE):
            bytes = Self.utf8(fromUTF16: input.dropFirst(2), bigEndian: false)
            position = 0
        case (0xFE, 0xFF):
            bytes = Self.utf8(fromUTF16: input.dropFirst(2), bigEndian: true)
            position = 0
        default:
            bytes = input
            position = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }
    }

    /// The next logical line, or nil at the end of the file.
    ///
    /// - Complexity: O(k) in the length of the line's physical lines.
    package mutating func next() -> VCardLine? {
        guard let first = nextPhysicalLine() else { return nil }
        var line = VCardLine(bytes: Array(bytes[first.range]), number: first.number)
        while let following = peekPhysicalLine() {
            let softBreak =
                line.bytes.last == UInt8(ascii: "=")
                && VCardProperty.declaresQuotedPrintable(line.bytes)
            let startsWithWhitespace =
                following.range.first.map {
                    bytes[$0] == UInt8(ascii: " ") || bytes[$0] == UInt8(ascii: "\t")
                } ?? false
            if startsWithWhitespace {
                if softBreak { line.bytes.removeLast() }
                line.bytes += bytes[following.range.dropFirst()]
            } else if softBreak && !Self.isEndOfCard(bytes[following.range]) {
                line.bytes.removeLast()
                line.bytes += bytes[following.range]
            } else {
                break
            }
            _ = nextPhysicalLine()
        }
        return line
    }

    /// The next physical line without consuming it.
    private func peekPhysicalLine() -> (range: Range<Int>, number: Int)? {
        var copy = self
        return copy.nextPhysicalLine()
    }

    /// The next physical line (its bytes without CR LF / LF) and its number.
    private mutating func nextPhysicalLine() -> (range: Range<Int>, number: Int)? {
        guard position < bytes.count else { return nil }
        let start = position
        var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        position = end == bytes.count ? end : end + 1
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        defer { nextNumber += 1 }
        return (start..<end, nextNumber)
    }

    /// Whether a physical line is `END:VCARD` (any case, trailing blanks allowed).
    private static func isEndOfCard(_ line: ArraySlice<UInt8>) -> Bool {
        let word = Array("END:VCARD".utf8)
        guard line.count >= word.count else { return false }
        let head = line.prefix(word.count)
        let tail = line.dropFirst(word.count)
        return zip(head, word).allSatisfy { VCardProperty.asciiUppercased($0) == $1 }
            && tail.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// UTF-16 code units (after the byte order mark) as UTF-8; an odd last byte is dropped.
    private static func utf8(fromUTF16 body: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(body.count / 2)
        var index = body.startIndex
        while index + 1 < body.endIndex {
            let high = UInt16(body[bigEndian ? index : index + 1])
            let low = UInt16(body[bigEndian ? index + 1 : index])
            units.append(high << 8 | low)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
