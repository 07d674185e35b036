/// Base64url (RFC 4648 §5) without padding, as JWS compact serialization uses it (RFC 7515 §2).
///
/// Decoding is strict: only the 64 characters of the URL-safe alphabet, no `=` padding, no
/// whitespace, no length of the form 4k + 1, and the unused low bits of the last character
/// zero, so that every byte string has exactly one accepted spelling (a token cannot be
/// altered without changing what it decodes to).
package enum Base64URL {
    /// Why text is not strict unpadded base64url.
    package enum DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
        /// `=` padding, which JWS leaves out.
        case padding
        /// A character outside `A–Z a–z 0–9 - _`.
        case invalidCharacter
        /// A length of 4k + 1 characters, which no byte string encodes to.
        case invalidLength
        /// The last character carries non-zero unused bits.
        case nonCanonical

        /// The problem, in words.
        package var description: String {
            switch self {
            case .padding: "has '=' padding"
            case .invalidCharacter: "has a character outside the base64url alphabet"
            case .invalidLength: "has an impossible length"
            case .nonCanonical: "is not in canonical form (non-zero trailing bits)"
            }
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The 6-bit value of each byte, or `invalid`.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()

    private static let invalid: UInt8 = 0xFF

    /// The unpadded base64url text of `bytes`.
    ///
    /// - Complexity: O(n) in the number of bytes.
    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        let alphabet = alphabet
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            if second != nil { output.append(alphabet[Int(group >> 6 & 0x3F)]) }
            if third != nil { output.append(alphabet[Int(group & 0x3F)]) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes that `text` (ASCII, unpadded base64url) encodes.
    ///
    /// - Complexity: O(n) in the length of `text`.
    /// - Throws: ``DecodingError`` naming the first problem found.
    package static func decode(_ text: UnsafeRawBufferPointer) throws(DecodingError) -> [UInt8] {
        if text.contains(UInt8(ascii: "=")) { throw .padding }
        let values = values  // one read of the lazily made table, not one per character
        var output: [UInt8] = []
        output.reserveCapacity(text.count * 3 / 4)
        var group: UInt32 = 0
        var pending = 0
        for character in text {
            let value = values[Int(character)]
            if value == invalid { throw .invalidCharacter }
            group = group << 6 | UInt32(value)
            pending += 1
            if pending == 4 {
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                output.append(UInt8(truncatingIfNeeded: group >> 8))
                output.append(UInt8(truncatingIfNeeded: group))
                group = 0
                pending = 0
            }
        }
        switch pending {
        case 1:  // 6 bits: not even one byte
            throw .invalidLength
        case 2:  // 12 bits: one byte and 4 unused bits
            guard group & 0xF == 0 else { throw .nonCanonical }
            output.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:  // 18 bits: two bytes and 2 unused bits
            guard group & 0x3 == 0 else { throw .nonCanonical }
            output.append(UInt8(truncatingIfNeeded: group >> 10))
            output.append(UInt8(truncatingIfNeeded: group >> 2))
        default:
            break
        }
        return output
    }
}
