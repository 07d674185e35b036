import ContactsCore
import ContactsJSON
import ContactsService
import Testing

/// The typed parameter accessors (PROTOCOL §5 limits, §6 "Parameters").
@Suite struct RPCParamsTests {
    static func params(_ text: String) throws -> RPCParams {
        RPCParams(try #require(try JSONParser.parse(text).objectValue))
    }

    /// The reason of the error `body` throws, nil when it succeeds.
    static func failure<T>(_ body: () throws(RPCError) -> T) -> RPCError.Reason? {
        do {
            _ = try body()
            return nil
        } catch {
            #expect(!error.message.isEmpty)
            return error.reason
        }
    }

    @Test func limitRules() throws {
        #expect(try Self.params("{}").limit() == 20)
        #expect(RPCParams.defaultLimit == 20)
        #expect(try Self.params(#"{"limit":null}"#).limit() == 20)
        #expect(try Self.params("{}").limit(default: 100) == 100)
        #expect(try Self.params(#"{"limit":1}"#).limit() == 1)
        #expect(try Self.params(#"{"limit":1000}"#).limit() == 1000)
        for bad in [
            "0", "1001", "-1", "9223372036854775807", "-9223372036854775808", "20.0", "2e1", #""20""#, "true", "[]",
        ] {
            let params = try Self.params(#"{"limit":"# + bad + "}")
            #expect(Self.failure { () throws(RPCError) in try params.limit() } == .invalidParams, "limit \(bad)")
        }
    }

    @Test func skipRules() throws {
        #expect(try Self.params("{}").skip() == 0)
        #expect(try Self.params(#"{"skip":null}"#).skip() == 0)
        #expect(try Self.params(#"{"skip":0}"#).skip() == 0)
        #expect(try Self.params(#"{"skip":-0}"#).skip() == 0)
        #expect(try Self.params(#"{"skip":5}"#).skip() == 5)
        #expect(try Self.params(#"{"skip":9223372036854775807}"#).skip() == Int.max, "past the end is allowed")
        for bad in ["-1", "-9223372036854775808", "1.0", "1e2", #""1""#, "false", "9223372036854775808", "{}"] {
            let params = try Self.params(#"{"skip":"# + bad + "}")
            #expect(Self.failure { () throws(RPCError) in try params.skip() } == .invalidParams, "skip \(bad)")
        }
    }

    @Test func integers() throws {
        let params = try Self.params(
            #"{"a":9223372036854775807,"b":-9223372036854775808,"c":-0,"d":9223372036854775808,"e":20.0,"f":2e1,"g":"20","h":true,"i":null}"#
        )
        #expect(try params.optionalInt64("a") == .max)
        #expect(try params.optionalInt64("b") == .min)
        #expect(try params.optionalInt64("c") == 0)
        #expect(try params.optionalInt64("i") == nil)
        #expect(try params.optionalInt64("missing") == nil)
        for key in ["d", "e", "f", "g", "h"] {
            #expect(Self.failure { () throws(RPCError) in try params.optionalInt64(key) } == .invalidParams, "\(key)")
        }
    }

    @Test func strings() throws {
        let params = try Self.params(#"{"s":"x","e":"","n":null,"i":1,"a":["x"]}"#)
        #expect(try params.string("s") == "x")
        #expect(try params.string("e") == "")
        #expect(try params.optionalString("n") == nil)
        #expect(try params.optionalString("missing") == nil)
        #expect(Self.failure { () throws(RPCError) in try params.string("n") } == .invalidParams, "null is missing")
        #expect(Self.failure { () throws(RPCError) in try params.string("missing") } == .invalidParams)
        #expect(Self.failure { () throws(RPCError) in try params.optionalString("i") } == .invalidParams)
        #expect(Self.failure { () throws(RPCError) in try params.optionalString("a") } == .invalidParams)
        #expect(params.value("n") == nil)
        #expect(params.value("s") == .string("x"))
    }

    @Test func ids() throws {
        let long = String(repeating: "x", count: 128)
        let tooLong = String(repeating: "é", count: 64) + "x"
        let params = RPCParams(
            JSONObject([
                ("ok", .string("u1")), ("long", .string(long)), ("tooLong", .string(tooLong)), ("empty", .string("")),
                ("control", .string("u\u{7F}")), ("c1", .string("u\u{85}")), ("tab", .string("u\t1")),
                ("number", .integer(1)),
                ("null", .null), ("spaces", .string(" u 1 ")), ("decomposed", .string("e\u{301}")),
            ]))
        #expect(try params.id("ok") == "u1")
        #expect(try params.id("long") == long)
        #expect(try params.id("spaces") == " u 1 ")
        #expect(try Array(params.id("decomposed").utf8) == [0x65, 0xCC, 0x81], "no normalization")
        #expect(try params.optionalID("null") == nil)
        #expect(try params.optionalID("missing") == nil)
        for key in ["tooLong", "empty", "control", "c1", "tab", "number", "null", "missing"] {
            #expect(Self.failure { () throws(RPCError) in try params.id(key) } == .invalidParams, "\(key)")
        }
        for key in ["tooLong", "empty", "control", "c1", "tab", "number"] {
            #expect(Self.failure { () throws(RPCError) in try params.optionalID(key) } == .invalidParams, "\(key)")
        }
    }

    @Test func idArrayCountsDuplicates() throws {
        func params(_ ids: [String]) -> RPCParams { RPCParams(["userIds": .array(ids.map(JSONValue.string))]) }
        let thousandSame = Array(repeating: "u1", count: 1000)
        #expect(try params(thousandSame).idArray("userIds", maximumCount: 1000) == thousandSame, "duplicates kept")
        #expect(try params([]).idArray("userIds", maximumCount: 1000) == [])
        let overBy1 = params(Array(repeating: "u1", count: 1001))
        #expect(
            Self.failure { () throws(RPCError) in try overBy1.idArray("userIds", maximumCount: 1000) } == .invalidParams
        )
        let badElement = RPCParams(["userIds": .array([.string("u1"), .integer(2)])])
        #expect(
            Self.failure { () throws(RPCError) in try badElement.idArray("userIds", maximumCount: 10) }
                == .invalidParams)
        let emptyElement = params(["u1", ""])
        #expect(
            Self.failure { () throws(RPCError) in try emptyElement.idArray("userIds", maximumCount: 10) }
                == .invalidParams)
        for value: JSONValue in [.string("u1"), .object([:]), .integer(1)] {
            let notArray = RPCParams(["userIds": value])
            #expect(
                Self.failure { () throws(RPCError) in try notArray.idArray("userIds", maximumCount: 10) }
                    == .invalidParams)
        }
        #expect(
            Self.failure { () throws(RPCError) in try RPCParams().idArray("userIds", maximumCount: 10) }
                == .invalidParams)
        let nullArray = RPCParams(["userIds": .null])
        #expect(
            Self.failure { () throws(RPCError) in try nullArray.idArray("userIds", maximumCount: 10) } == .invalidParams
        )
    }

    @Test func arrayLimit() throws {
        let tenThousand = RPCParams(["contacts": .array(Array(repeating: .object([:]), count: 10_000))])
        #expect(try tenThousand.array("contacts", maximumCount: 10_000).count == 10_000)
        let over = RPCParams(["contacts": .array(Array(repeating: .null, count: 10_001))])
        #expect(
            Self.failure { () throws(RPCError) in try over.array("contacts", maximumCount: 10_000) } == .invalidParams)
        // Elements of any type are handed on; judging them is the method's business.
        let mixed = RPCParams(["contacts": .array([.null, .integer(1), .string("x")])])
        #expect(try mixed.array("contacts", maximumCount: 3) == [.null, .integer(1), .string("x")])
        #expect(
            Self.failure { () throws(RPCError) in try RPCParams().array("contacts", maximumCount: 1) } == .invalidParams
        )
        let notArray = RPCParams(["contacts": .object([:])])
        #expect(
            Self.failure { () throws(RPCError) in try notArray.array("contacts", maximumCount: 1) } == .invalidParams)
    }

    @Test func textCountsCodePoints() throws {
        let astral = String(repeating: "😀", count: 256)  // 1024 bytes, 256 code points
        let decomposed = String(repeating: "e\u{301}", count: 128)  // 128 characters, 256 code points
        let params = RPCParams(
            JSONObject([
                ("astral", .string(astral)), ("decomposed", .string(decomposed)),
                ("over", .string(String(repeating: "a", count: 257))), ("overByMark", .string(decomposed + "\u{301}")),
                ("number", .integer(3)), ("empty", .string("")),
            ]))
        #expect(try params.text("astral", maximumCodePoints: 256) == astral)
        #expect(try params.text("decomposed", maximumCodePoints: 256) == decomposed)
        #expect(try params.text("empty", maximumCodePoints: 256) == "")
        #expect(try params.optionalText("missing", maximumCodePoints: 256) == nil)
        for key in ["over", "overByMark", "number", "missing"] {
            #expect(
                Self.failure { () throws(RPCError) in try params.text(key, maximumCodePoints: 256) } == .invalidParams,
                "\(key)")
        }
    }

    @Test func errorsNameTheParameter() throws {
        let params = try Self.params(#"{"limit":0,"userId":""}"#)
        do {
            _ = try params.limit()
            Issue.record("limit 0 accepted")
        } catch {
            #expect(error.message.contains("limit"))
        }
        do {
            _ = try params.id("userId")
            Issue.record("empty id accepted")
        } catch {
            #expect(error.message.contains("userId"))
        }
        do {
            _ = try params.id("as")
            Issue.record("missing id accepted")
        } catch {
            #expect(error.message.contains("as"))
        }
    }
}
