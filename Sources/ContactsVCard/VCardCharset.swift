/// The character sets a vCard `CHARSET` parameter may name that the importer reads, each
/// turned into UTF-8.
///
/// The single-byte tables come from the Unicode Consortium's mapping files
/// (`MAPPINGS/ISO8859/8859-1.TXT`, `8859-15.TXT`, `VENDORS/MICSFT/WINDOWS/CP1252.TXT`);
/// the five bytes CP1252 leaves undefined map to the C1 control of the same number, as
/// the WHATWG Encoding Standard does.
package enum VCardCharset: Hashable, Sendable {
    /// UTF-8 (and US-ASCII, its subset).
    case utf8
    /// ISO-8859-1 (Latin-1): each byte is the code point of the same number.
    case latin1
    /// ISO-8859-15 (Latin-9): Latin-1 with eight code points replaced (€, Š, š, Ž, ž, Œ, œ, Ÿ).
    case latin9
    /// Windows-1252: Latin-1 with 0x80–0x9F holding punctuation and letters.
    case windows1252

    /// The character set a `CHARSET` value names (case-insensitive, common aliases
    /// included), or nil when it is not one of the supported ones.
    package init?(name: String) {
        switch name.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii", "us_ascii":
            self = .utf8
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "cp819":
            self = .latin1
        case "iso-8859-15", "iso8859-15", "iso_8859-15", "latin9", "latin-9", "l9":
            self = .latin9
        case "windows-1252", "cp1252", "x-cp1252", "cp-1252":
            self = .windows1252
        default:
            return nil
        }
    }

    /// `bytes` decoded from this character set into UTF-8: unchanged for `.utf8` (validity
    /// is checked by the caller, once), transcoded for the single-byte sets, which decode
    /// every byte.
    ///
    /// - Complexity: O(n) in the number of bytes.
    package func utf8(from bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard self != .utf8, bytes.contains(where: { $0 >= 0x80 }) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 4)
        for byte in bytes {
            Self.appendUTF8(of: codePoint(of: byte), to: &output)
        }
        return output[...]
    }

    /// The code point a byte stands for in a single-byte set.
    private func codePoint(of byte: UInt8) -> UInt32 {
        switch self {
        case .utf8, .latin1:
            return UInt32(byte)
        case .latin9:
            return Self.latin9Differences[byte] ?? UInt32(byte)
        case .windows1252:
            guard byte >= 0x80, byte <= 0x9F else { return UInt32(byte) }
            return UInt32(Self.windows1252High[Int(byte - 0x80)])
        }
    }

    /// Where ISO-8859-15 departs from ISO-8859-1 (8859-15.TXT).
    private static let latin9Differences: [UInt8: UInt32] = [
        0xA4: 0x20AC, 0xA6: 0x0160, 0xA8: 0x0161, 0xB4: 0x017D,
        0xB8: 0x017E, 0xBC: 0x0152, 0xBD: 0x0153, 0xBE: 0x0178,
    ]

    /// Windows-1252 bytes 0x80–0x9F (CP1252.TXT); 0x81, 0x8D, 0x8F, 0x90 and 0x9D are
    /// undefined there and kept as the C1 control of the same number.
    private static let windows1252High: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// Appends the UTF-8 form of a code point below U+10000 (all a single-byte set holds).
    private static func appendUTF8(of codePoint: UInt32, to output: inout [UInt8]) {
        switch codePoint {
        case 0..<0x80:
            output.append(UInt8(codePoint))
        case 0x80..<0x800:
            output.append(0xC0 | UInt8(codePoint >> 6))
            output.append(0x80 | UInt8(codePoint & 0x3F))
        default:
            output.append(0xE0 | UInt8(codePoint >> 12))
            output.append(0x80 | UInt8((codePoint >> 6) & 0x3F))
            output.append(0x80 | UInt8(codePoint & 0x3F))
        }
    }
}
