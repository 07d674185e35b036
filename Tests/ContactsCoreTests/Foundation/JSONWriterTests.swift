import ContactsCore
import ContactsJSON
import ContactsSupport
import Testing

/// The writer's output: compact, ordered, escaped as RFC 8259 requires, and read back by the
/// parser as the same value.
@Suite struct JSONWriterTests {
    /// The obviously-correct escaping: `"` and `\` escaped, the five short forms for
    /// \b \f \n \r \t or `\u00XX` for the other controls (the writer uses the short forms
    /// for \n \r \t only), every other scalar as itself.
    static func naiveQuoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test func escapesExactly() {
        let input = "\"\\\n\r\t\u{0}\u{8}\u{C}\u{1B}\u{1F}\u{7F}/é😀\u{2028}"
        let expected = #""\"\\\n\r\t\u0000\u0008\u000c\u001b\u001f"# + "\u{7F}/é😀\u{2028}\""
        #expect(JSONValue.string(input).jsonText == expected)
        #expect(JSONValue.string(input).jsonText == Self.naiveQuoted(input))
    }

    @Test func everyControlCharacterIsEscaped() throws {
        for code in UInt32(0)..<0x20 {
            let string = String(Unicode.Scalar(code).map(Character.init) ?? " ")
            let text = JSONValue.string(string).jsonText
            #expect(!text.utf8.contains { $0 < 0x20 }, "U+\(String(code, radix: 16)) written raw")
            #expect(try JSONParser.parse(text) == .string(string))
        }
    }

    @Test func compactAndOrdered() {
        let value: JSONValue = .object([
            "z": .array([.integer(1), .null, .bool(true), .bool(false)]),
            "a": .object(["k": .string("v")]),
            "m": .number(JSONNumber(validatedLiteral: "-1.5E+3")),
            "e": .array([]),
            "o": .object([:]),
        ])
        #expect(value.jsonText == #"{"z":[1,null,true,false],"a":{"k":"v"},"m":-1.5E+3,"e":[],"o":{}}"#)
    }

    @Test func duplicateMembersAreWrittenAsKept() throws {
        let object = JSONObject([("a", .integer(1)), ("a", .integer(2))])
        #expect(JSONValue.object(object).jsonText == #"{"a":1,"a":2}"#)
    }

    @Test func objectSubscriptSetting() {
        var object: JSONObject = ["a": .integer(1), "b": .integer(2)]
        object["a"] = .integer(3)
        object["c"] = .null
        #expect(JSONValue.object(object).jsonText == #"{"a":3,"b":2,"c":null}"#)
        object["b"] = nil
        #expect(JSONValue.object(object).jsonText == #"{"a":3,"c":null}"#)
        object["missing"] = nil
        #expect(object.count == 2)
    }

    @Test func writerAppendsAndResets() {
        var writer = JSONWriter()
        writer.write(.integer(1))
        writer.appendRaw("\n")
        writer.write(.string("x"))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "1\n\"x\"")
        writer.removeAll()
        #expect(writer.bytes.isEmpty)
        writer.writeString("k")
        #expect(writer.bytes == Array(#""k""#.utf8))
    }

    @Test(arguments: Array(UInt64(1)...10))
    func stringsMatchTheNaiveEscaping(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let string = RandomJSON.string(using: &random, maximumLength: 20)
            #expect(JSONValue.string(string).jsonText == Self.naiveQuoted(string))
        }
    }

    /// One cursor writing many strings, integers and literals into room of exactly their
    /// bounds: the naive text, and the worst string (every byte a `\u00XX`) fills its bound.
    @Test(arguments: Array(UInt64(1)...5))
    func aCursorWritesTheNaiveTextWithinItsBounds(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let worst = String(repeating: "\u{01}", count: 9)
        let strings = [worst, ""] + (0..<100).map { _ in RandomJSON.string(using: &random, maximumLength: 20) }
        let integers = strings.map { _ in Int64(bitPattern: random.next()) >> (random.next() % 64) } + [.min, .max]
        let bound =
            strings.reduce(2) { $0 + 1 + JSONByteCursor.stringBound(utf8Count: $1.utf8.count) }
            + integers.count * (1 + JSONByteCursor.integerBound)
        var writer = JSONWriter()
        writer.write(upTo: bound) { cursor in
            cursor.appendRaw("[")
            for string in strings {
                cursor.writeString(string)
                cursor.appendByte(UInt8(ascii: ","))
            }
            for integer in integers {
                cursor.writeInteger(integer)
                cursor.appendByte(UInt8(ascii: ","))
            }
            cursor.appendRaw("]")
        }
        let expected =
            "[" + strings.map { Self.naiveQuoted($0) + "," }.joined() + integers.map { "\($0)," }.joined() + "]"
        #expect(writer.text == expected)
        var filled = JSONWriter()
        filled.write(upTo: JSONByteCursor.stringBound(utf8Count: worst.utf8.count)) { cursor in
            cursor.writeString(worst)
            #expect(cursor.count == JSONByteCursor.stringBound(utf8Count: worst.utf8.count))
        }
    }

    @Test(arguments: Array(UInt64(1)...20))
    func randomValuesRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<50 {
            let value = RandomJSON.value(using: &random, depth: 5)
            let bytes = RandomJSON.text(of: value)
            let parsed = try JSONParser.parse(bytes)
            #expect(parsed == value)
            // Byte-exact too (String's == is canonical equivalence, blind to normalization).
            #expect(RandomJSON.text(of: parsed) == bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == value.jsonText)
            // No raw control byte anywhere, so a written value never splits a JSON line.
            #expect(!bytes.contains { $0 < 0x20 })
        }
    }

    @Test func deepestAcceptedValueRoundTrips() throws {
        var value: JSONValue = .string("[[[")
        for level in 0..<JSONParser.maximumDepth {
            value = level.isMultiple(of: 2) ? .array([value]) : .object(["k": value])
        }
        #expect(try JSONParser.parse(RandomJSON.text(of: value)) == value)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(RandomJSON.text(of: .array([value]))) }
    }

    @Test func integersAreWrittenAsTheirDecimalDigits() {
        var random = SplitMix64(seed: 7)
        let edges: [Int64] = [0, 1, -1, 9, 10, -10, 1_733_000_000_000, .max, .min, .max - 1, .min + 1]
        for value in edges + (0..<1_000).map({ _ in Int64(bitPattern: random.next()) >> (random.next() % 64) }) {
            var writer = JSONWriter()
            writer.writeInteger(value)
            #expect(writer.text == String(value))
        }
    }
}
