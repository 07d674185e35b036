import ContactsCore
import ContactsJSON
import ContactsSupport
import Testing

/// The strict parser accepts exactly RFC 8259 JSON plus the fine print of PROTOCOL §6.
@Suite struct JSONParserTests {
    static func parses(_ bytes: [UInt8]) -> Bool {
        (try? JSONParser.parse(bytes)) != nil
    }

    static func parses(_ text: String) -> Bool {
        parses(Array(text.utf8))
    }

    static func nested(_ depth: Int, open: String = "[", close: String = "]", inner: String = "") -> String {
        String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
    }

    static let accepted: [String] = [
        "0", "-0", "1", "-1", "1e5", "1E5", "1e+5", "1e-5", "20.0", "-0.5", "0.0", "0e0",
        "123456789012345678901234567890",
        "1e400", "0 ", "true", "false", "null", #""""#, #""a""#, "[]", "{}", " \t\r\n[ 1 , 2 ]\n", #"{"a":{"b":[{}]}}"#,
        #""\"\\\/\b\f\n\r\t""#, #""\u0000\u001F\u00e9\uFFFF""#, #""\ud83d\ude00""#, #""\uD83D\uDE00""#,
        #""\udbff\udfff""#, "\"\u{7F}\"", "\"é€😀\"",
    ]

    static let rejected: [String] = [
        // Numbers JSON does not have.
        "NaN", "-NaN", "Infinity", "-Infinity", "[NaN]", #"{"a":Infinity}"#, "+1", "01", "-01", "00", "1.", ".5",
        "1e", "1e+", "-", "0x10", "1_000", "--1",
        // Strings.
        #""\ud800""#, #""\udc00""#, #""\udbff""#, #""\ud800x""#, #""\ud800\u0041""#, #""\udc00\ud800""#,
        #""\ud800\""#, #""\x41""#, #""\u12""#, #""\u12G4""#, #""\U0041""#, #""\'""#, "\"a", "'a'",
        // Control characters raw inside strings.
        "\"\u{0}\"", "\"a\u{1F}b\"", "\"\t\"", "\"\n\"", "\"\r\"",
        // Structure.
        "", " ", "[", "]", "[1,]", "[,1]", "[1 2]", #"{"a":1,}"#, #"{"a" 1}"#, #"{a:1}"#, "{1:2}", #"{"a"}"#,
        "[1]]", "{}}", "tru", "nul", "True", "nullx", "// c\n1", "/* c */ 1",
        // Anything after the value.
        "1 2", "{} x", "[] []", #""a""b""#, "true false", "1,",
    ]

    @Test(arguments: accepted)
    func accepts(_ text: String) {
        #expect(Self.parses(text))
    }

    @Test(arguments: rejected)
    func rejects(_ text: String) {
        #expect(!Self.parses(text))
    }

    static let invalidUTF8: [[UInt8]] = [
        [0xFF], [0xC3], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xE2, 0x82], [0xC3, 0x28],
    ]

    @Test(arguments: invalidUTF8)
    func rejectsInvalidUTF8(_ sequence: [UInt8]) {
        let quote = UInt8(ascii: "\"")
        // Inside a plain string, after an escape, as an object key, and outside strings.
        #expect(!Self.parses([quote] + sequence + [quote]))
        #expect(!Self.parses(Array(#""ascii run "#.utf8) + sequence + Array(" more".utf8) + [quote]))
        #expect(!Self.parses(Array(#""\n"#.utf8) + sequence + [quote]))
        #expect(!Self.parses(Array(#"{""#.utf8) + sequence + Array(#"":1}"#.utf8)))
        #expect(!Self.parses(sequence))
        #expect(!Self.parses(Array("[1,".utf8) + sequence + Array("]".utf8)))
    }

    @Test func validUTF8IsKeptByteForByte() throws {
        let text = "José Ὀδυσσεύς 김민준 محمد 😀 e\u{301}"
        let value = try JSONParser.parse(Array("[\"\(text)\"]".utf8))
        #expect(value == .array([.string(text)]))
        // Decomposed and precomposed stay different bytes: no normalization.
        let decomposed = try #require(try JSONParser.parse(#""e\u0301""#).stringValue)
        let precomposed = try #require(try JSONParser.parse("\"\u{E9}\"").stringValue)
        #expect(Array(decomposed.utf8) == [0x65, 0xCC, 0x81])
        #expect(Array(precomposed.utf8) == [0xC3, 0xA9])
    }

    @Test func escapesDecode() throws {
        #expect(try JSONParser.parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try JSONParser.parse(#""a\u00e9\u20AC\ud83d\ude00z""#) == .string("aé€😀z"))
        #expect(try JSONParser.parse(#""\u0000""#) == .string("\u{0}"))
        #expect(try JSONParser.parse(#""\udbff\udfff""#) == .string("\u{10FFFF}"))
    }

    @Test func depthLimitIsSixtyFour() {
        #expect(JSONParser.maximumDepth == 64)
        #expect(Self.parses(Self.nested(64)))
        #expect(!Self.parses(Self.nested(65)))
        #expect(Self.parses(Self.nested(64, open: #"{"k":"#, close: "}", inner: "1")))
        #expect(!Self.parses(Self.nested(65, open: #"{"k":"#, close: "}", inner: "1")))
        // Mixed: 32 objects around 32 arrays is 64; one more array is 65.
        let arrays64 = Self.nested(32, open: #"{"k":"#, close: "}", inner: Self.nested(32))
        let arrays65 = Self.nested(32, open: #"{"k":"#, close: "}", inner: Self.nested(33))
        #expect(Self.parses(arrays64))
        #expect(!Self.parses(arrays65))
        // Siblings do not add up: depth is nesting, not the count of brackets.
        let wide = "[" + Array(repeating: Self.nested(63), count: 50).joined(separator: ",") + "]"
        #expect(Self.parses(wide))
        // Far deeper input is rejected, not a stack overflow.
        #expect(!Self.parses(Self.nested(100_000)))
        #expect(!Self.parses(String(repeating: "[", count: 100_000)))
    }

    @Test func bracketsInsideStringsDoNotCount() {
        let brackets = String(repeating: "[{", count: 100) + String(repeating: "}]", count: 50)
        #expect(Self.parses(Self.nested(64, inner: "\"\(brackets)\"")))
        #expect(Self.parses(Self.nested(63, open: #"{"[[[[":"#, close: "}", inner: "[\"]]]]\"]")))
        #expect(!Self.parses(Self.nested(65, inner: "\"\(brackets)\"")))
    }

    @Test func duplicateKeysReadAsTheLastOne() throws {
        let value = try JSONParser.parse(#"{"a":1,"b":true,"a":2}"#)
        let object = try #require(value.objectValue)
        #expect(object["a"] == .integer(2))
        #expect(object["b"] == .bool(true))
        #expect(object["c"] == nil)
        #expect(object.count == 3)
        #expect(object.members.map(\.key) == ["a", "b", "a"])
    }

    @Test func membersKeepTheirOrder() throws {
        let object = try #require(try JSONParser.parse(#"{"z":0,"a":1,"m":2,"é":3,"A":4}"#).objectValue)
        #expect(object.members.map(\.key) == ["z", "a", "m", "é", "A"])
    }

    struct IntegerCase: Sendable, CustomTestStringConvertible {
        let literal: String
        let value: Int64?
        var testDescription: String { literal }
    }

    static let integers: [IntegerCase] = [
        IntegerCase(literal: "0", value: 0),
        IntegerCase(literal: "-0", value: 0),
        IntegerCase(literal: "20", value: 20),
        IntegerCase(literal: "-20", value: -20),
        IntegerCase(literal: "9223372036854775807", value: .max),
        IntegerCase(literal: "9223372036854775808", value: nil),
        IntegerCase(literal: "-9223372036854775808", value: .min),
        IntegerCase(literal: "-9223372036854775809", value: nil),
        IntegerCase(literal: "18446744073709551616", value: nil),
        IntegerCase(literal: "20.0", value: nil),
        IntegerCase(literal: "2e1", value: nil),
        IntegerCase(literal: "2E1", value: nil),
        IntegerCase(literal: "1e0", value: nil),
        IntegerCase(literal: "0.5", value: nil),
        IntegerCase(literal: "-0.0", value: nil),
    ]

    @Test(arguments: integers)
    func integerValues(_ test: IntegerCase) throws {
        let value = try JSONParser.parse(test.literal)
        guard case .number(let number) = value else {
            Issue.record("\(test.literal) did not parse as a number")
            return
        }
        #expect(number.literal == test.literal, "the literal is kept as written")
        #expect(number.int64Value == test.value)
    }

    @Test func numbersKeepTheirLiteral() throws {
        #expect(try JSONParser.parse("20.0") != JSONParser.parse("20"))
        #expect(try JSONParser.parse("2e1") != JSONParser.parse("20"))
        #expect(try JSONParser.parse("[1E+05]") == .array([.number(JSONNumber(validatedLiteral: "1E+05"))]))
        #expect(JSONNumber(Int64.min).literal == "-9223372036854775808")
        #expect(JSONNumber(validatedLiteral: "2e1").doubleValue == 20)
    }

    @Test func entryPointsAgree() throws {
        let text = #" {"a":[1,"é",null,true,{"b":-0.5e3}]} "#
        let bytes = Array(text.utf8)
        let fromBytes = try JSONParser.parse(bytes)
        #expect(try JSONParser.parse(text) == fromBytes)
        #expect(try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) } == fromBytes)
    }

    @Test func errorsNameTheOffset() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse("[1,2] x") }
        do {
            _ = try JSONParser.parse("[1,2] x")
        } catch {
            #expect(error.offset == 6)
            #expect(!error.message.isEmpty)
            #expect(error.description.contains("6"))
        }
        do {
            _ = try JSONParser.parse(#"["ok","\ud800"]"#)
        } catch {
            #expect(error.offset == 7, "at the escape: \(error)")
        }
    }

    /// Random single-byte edits of valid JSON: the parser returns or throws, never traps, and
    /// whatever it accepts writes back to text that parses to the same value.
    @Test(arguments: Array(UInt64(1)...8))
    func mutatedInputNeverTraps(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let alphabet = Array(#"{}[]",:\u0123456789abcdefnrtlsuE.+-eé \"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xED, 0xFF]
        for _ in 0..<300 {
            var bytes = RandomJSON.text(of: RandomJSON.value(using: &random, depth: 3))
            for _ in 0..<1 + Int(random.next() % 3) where !bytes.isEmpty {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: index)
                }
            }
            if let value = try? JSONParser.parse(bytes) {
                #expect(try JSONParser.parse(RandomJSON.text(of: value)) == value)
            }
        }
    }
}
