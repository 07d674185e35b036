import ContactsCore
import ContactsJSON
import ContactsSupport

/// Seeded random JSON values for round-trip and robustness tests.
enum RandomJSON {
    /// Code points to draw string characters from: every ASCII control and the characters
    /// the writer escapes, plus Latin, Greek, Cyrillic, CJK, Arabic, combining marks, the
    /// edges of the BMP around the surrogates, astral emoji and U+10FFFF.
    static let scalarPool: [Unicode.Scalar] = {
        var values: [UInt32] = Array(0x00...0x7F)
        values += [0x80, 0x85, 0x9F, 0xA0, 0xE9, 0xFF, 0x301, 0x3A9, 0x416, 0x627, 0x2028, 0x2029, 0x3000]
        values += [0x4E2D, 0xAC00, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFF, 0x1_0000, 0x1_F600, 0x1_F44D, 0x10_FFFF]
        return values.compactMap(Unicode.Scalar.init)
    }()

    static func string(using random: inout SplitMix64, maximumLength: Int = 12) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int(random.next() % UInt64(maximumLength + 1)) {
            scalars.append(scalarPool[Int(random.next() % UInt64(scalarPool.count))])
        }
        return String(scalars)
    }

    /// A number literal following JSON's grammar: sign, integer part, fraction, exponent.
    static func numberLiteral(using random: inout SplitMix64) -> String {
        switch random.next() % 6 {
        case 0: return String(Int64(bitPattern: random.next()))
        case 1: return String(random.next() % 1000)
        default:
            var literal = random.next() % 4 == 0 ? "-" : ""
            literal += random.next() % 3 == 0 ? "0" : String(1 + random.next() % 999_999)
            if random.next() % 2 == 0 { literal += "." + String(random.next() % 10_000) }
            if random.next() % 3 == 0 {
                literal += ["e", "E"][Int(random.next() % 2)] + ["", "+", "-"][Int(random.next() % 3)]
                literal += String(random.next() % 400)
            }
            return literal
        }
    }

    static func value(using random: inout SplitMix64, depth: Int) -> JSONValue {
        let choice = random.next() % (depth > 0 ? 8 : 5)
        switch choice {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .number(JSONNumber(validatedLiteral: numberLiteral(using: &random)))
        case 3, 4: return .string(string(using: &random))
        case 5: return .array((0..<Int(random.next() % 5)).map { _ in value(using: &random, depth: depth - 1) })
        default:
            var members: [(String, JSONValue)] = []
            for _ in 0..<Int(random.next() % 5) {
                // Now and then repeat an earlier key: objects keep duplicates as written.
                let key =
                    !members.isEmpty && random.next() % 5 == 0
                    ? members[Int(random.next() % UInt64(members.count))].0 : string(using: &random, maximumLength: 6)
                members.append((key, value(using: &random, depth: depth - 1)))
            }
            return .object(JSONObject(members))
        }
    }

    /// The compact UTF-8 text of `value`.
    static func text(of value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        return writer.bytes
    }
}
