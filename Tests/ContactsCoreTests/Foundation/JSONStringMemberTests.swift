import ContactsJSON
import ContactsSupport
import Testing

/// `JSONParser.stringMember(_:ofObjectIn:)` finds the member the full parse reads, skipping
/// the other values by their structure.
@Suite struct JSONStringMemberTests {
    static func member(_ text: String, _ key: String = "method") -> String? {
        Array(text.utf8).withUnsafeBufferPointer { JSONParser.stringMember(key, ofObjectIn: $0) }
    }

    /// Random objects whose keys are often `method`, with values of every kind (strings full of
    /// quotes, backslashes and brackets among them): the member found is the full parse's.
    @Test(arguments: Array(UInt64(1)...6))
    func findsWhatTheFullParseReads(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<400 {
            var members: [(String, JSONValue)] = []
            for _ in 0..<Int(random.next() % 6) {
                let key: String
                switch random.next() % 4 {
                case 0, 1: key = "method"
                case 2: key = "params"
                default: key = RandomJSON.string(using: &random)
                }
                let value: JSONValue =
                    random.next() % 2 == 0
                    ? .string(RandomJSON.string(using: &random)) : RandomJSON.value(using: &random, depth: 3)
                members.append((key, value))
            }
            let bytes = RandomJSON.text(of: .object(JSONObject(members)))
            let expected = try JSONParser.parse(bytes).objectValue?["method"]?.stringValue
            let found = bytes.withUnsafeBufferPointer { JSONParser.stringMember("method", ofObjectIn: $0) }
            #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test(
        arguments: [
            (#"{"jsonrpc":"2.0","method":"followUser","params":{"as":"u1"}}"#, "followUser"),
            (
                #" { "params" : { "method" : "inner", "x" : [ "]", "}" , {"a":"\"method\""} ] } ,"method" :"outer" } "#,
                "outer"
            ),
            ("{\n\t\"method\"\r\n:\n\"a\\\"b\\\\\"\n}", "a\"b\\"),
            (#"{"method":"first","method":"last"}"#, "last"),
            (#"{"method":"m","params":[1,-2.5e3,true,false,null,"",{}]}"#, "m"),
            (#"{"params":123,"method":"after a number"}"#, "after a number"),
            (#"{"met\u0068od":"escaped key"}"#, "escaped key"),
            (#"{"method":"caf\u00e9"}"#, "café"),
        ] as [(String, String)])
    func findsTheMember(_ text: String, _ expected: String) {
        #expect(Self.member(text) == expected)
    }

    @Test(arguments: [
        "", " ", "[]", #"["method","x"]"#, #""method""#, "{}", #"{"methods":"x"}"#, #"{"method":1}"#,
        #"{"method":null}"#, #"{"method":{"a":"b"}}"#, #"{"method":"x""#, #"{"method":"#, "{", #"{"method""#,
        #"{"a":[1,2}"#, #"{"a":"unterminated}"#, #"{"method":"x",}"#, #"{"method":"x" "y":1}"#,
    ])
    func hasNoMember(_ text: String) {
        #expect(Self.member(text) == nil, "\(text)")
    }
}
