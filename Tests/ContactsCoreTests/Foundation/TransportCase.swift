import ContactsCore
import ContactsJSON
import ContactsService
import Testing

/// One request line and the response PROTOCOL §5/§6 "Transport" requires for it, from a
/// server whose only method is `getServerInfo` (so the same table runs in-process and
/// through `contacts serve --stdio`).
struct TransportCase: Sendable, CustomTestStringConvertible {
    /// What must come back.
    enum Expected: Sendable, Equatable {
        /// No response line at all.
        case nothing
        /// A success with this id.
        case result(id: JSONValue)
        /// An error with this id and reason.
        case error(id: JSONValue, RPCError.Reason)
    }

    let name: String
    let line: [UInt8]
    let expected: Expected

    var testDescription: String { name }

    init(_ name: String, _ line: String, _ expected: Expected) {
        self.init(name, Array(line.utf8), expected)
    }

    init(_ name: String, _ line: [UInt8], _ expected: Expected) {
        self.name = name
        self.line = line
        self.expected = expected
    }

    /// `{"jsonrpc":"2.0","id":<id>,"method":"getServerInfo"<extra>}`.
    static func request(id: String, method: String = #""getServerInfo""#, extra: String = "") -> String {
        #"{"jsonrpc":"2.0","id":"# + id + #","method":"# + method + extra + "}"
    }

    /// A `getServerInfo` request with `params.at` written as `at`.
    static func at(_ at: String, id: String = "1") -> String {
        request(id: id, extra: #","params":{"at":"# + at + "}")
    }

    static func number(_ literal: String) -> JSONValue { .number(JSONNumber(validatedLiteral: literal)) }

    static let invalidRequest = RPCError.Reason.invalidRequest
    static let parseError = RPCError.Reason.parseError

    static let all: [TransportCase] = envelope + ids + params + notifications + blank + malformed

    static let envelope: [TransportCase] = [
        TransportCase("a plain request", request(id: "1"), .result(id: .integer(1))),
        TransportCase("empty array", "[]", .error(id: .null, invalidRequest)),
        TransportCase("batch", "[" + request(id: "1") + "]", .error(id: .null, invalidRequest)),
        TransportCase("number value", "1", .error(id: .null, invalidRequest)),
        TransportCase("string value", #""getServerInfo""#, .error(id: .null, invalidRequest)),
        TransportCase("null value", "null", .error(id: .null, invalidRequest)),
        TransportCase("bool value", "true", .error(id: .null, invalidRequest)),
        TransportCase(
            "jsonrpc missing", #"{"id":2,"method":"getServerInfo"}"#, .error(id: .integer(2), invalidRequest)),
        TransportCase(
            "jsonrpc 1.0", #"{"jsonrpc":"1.0","id":3,"method":"getServerInfo"}"#,
            .error(id: .integer(3), invalidRequest)),
        TransportCase(
            "jsonrpc number", #"{"jsonrpc":2.0,"id":4,"method":"getServerInfo"}"#,
            .error(id: .integer(4), invalidRequest)),
        TransportCase(
            "jsonrpc padded", #"{"jsonrpc":"2.0 ","id":"a","method":"getServerInfo"}"#,
            .error(id: .string("a"), invalidRequest)),
        TransportCase(
            "jsonrpc null", #"{"jsonrpc":null,"id":5,"method":"getServerInfo"}"#,
            .error(id: .integer(5), invalidRequest)),
        TransportCase("method missing", #"{"jsonrpc":"2.0","id":6}"#, .error(id: .integer(6), invalidRequest)),
        TransportCase("method number", request(id: "7", method: "1"), .error(id: .integer(7), invalidRequest)),
        TransportCase("method null", request(id: "8", method: "null"), .error(id: .integer(8), invalidRequest)),
        TransportCase(
            "method array", request(id: "9", method: #"["getServerInfo"]"#), .error(id: .integer(9), invalidRequest)),
        TransportCase("method object", request(id: "10", method: "{}"), .error(id: .integer(10), invalidRequest)),
        TransportCase(
            "unknown method", request(id: "11", method: #""nope""#), .error(id: .integer(11), .unknownMethod)),
        TransportCase("empty method", request(id: "12", method: #""""#), .error(id: .integer(12), .unknownMethod)),
        TransportCase(
            "method names are case-sensitive", request(id: "13", method: #""GetServerInfo""#),
            .error(id: .integer(13), .unknownMethod)),
        TransportCase(
            "unknown members ignored",
            #"{"x":{"y":[1]},"jsonrpc":"2.0","id":14,"method":"getServerInfo","params":{"as":5,"unknown":[null]},"z":null}"#,
            .result(id: .integer(14))),
        TransportCase(
            "invalid and valid id: invalid_request echoes it", #"{"jsonrpc":"2.0","id":"keep","method":7}"#,
            .error(id: .string("keep"), invalidRequest)),
    ]

    static let ids: [TransportCase] = [
        TransportCase("string id", request(id: #""abc""#), .result(id: .string("abc"))),
        TransportCase("empty string id", request(id: #""""#), .result(id: .string(""))),
        TransportCase("unicode id", request(id: #""é😀""#), .result(id: .string("é😀"))),
        TransportCase("number id", request(id: "7"), .result(id: .integer(7))),
        TransportCase("negative fraction id", request(id: "-1.5e3"), .result(id: number("-1.5e3"))),
        TransportCase(
            "big id", request(id: "123456789012345678901234567890"),
            .result(id: number("123456789012345678901234567890"))),
        TransportCase("null id is answered", request(id: "null"), .result(id: .null)),
        TransportCase("object id", request(id: #"{"a":1}"#), .error(id: .null, invalidRequest)),
        TransportCase("empty object id", request(id: "{}"), .error(id: .null, invalidRequest)),
        TransportCase("array id", request(id: "[1]"), .error(id: .null, invalidRequest)),
        TransportCase("true id", request(id: "true"), .error(id: .null, invalidRequest)),
        TransportCase("false id", request(id: "false"), .error(id: .null, invalidRequest)),
        TransportCase(
            "bad id and bad jsonrpc", #"{"jsonrpc":"1.0","id":[],"method":"getServerInfo"}"#,
            .error(id: .null, invalidRequest)),
    ]

    static let params: [TransportCase] = [
        TransportCase("params object", request(id: "20", extra: #","params":{}"#), .result(id: .integer(20))),
        TransportCase(
            "params null", request(id: "21", extra: #","params":null"#), .error(id: .integer(21), invalidRequest)),
        TransportCase(
            "params string", request(id: "22", extra: #","params":"x""#), .error(id: .integer(22), invalidRequest)),
        TransportCase(
            "params number", request(id: "23", extra: #","params":1"#), .error(id: .integer(23), invalidRequest)),
        TransportCase(
            "params true", request(id: "24", extra: #","params":true"#), .error(id: .integer(24), invalidRequest)),
        TransportCase(
            "params false", request(id: "25", extra: #","params":false"#), .error(id: .integer(25), invalidRequest)),
        TransportCase(
            "params empty array", request(id: "26", extra: #","params":[]"#), .error(id: .integer(26), .invalidParams)),
        TransportCase(
            "params array", request(id: "27", extra: #","params":[1,2]"#), .error(id: .integer(27), .invalidParams)),
        TransportCase(
            "unknown method before params array", request(id: "28", method: #""nope""#, extra: #","params":[1]"#),
            .error(id: .integer(28), .unknownMethod)),
        TransportCase(
            "unknown method before params.at", request(id: "29", method: #""nope""#, extra: #","params":{"at":"x"}"#),
            .error(id: .integer(29), .unknownMethod)),
        TransportCase(
            "envelope before unknown method", request(id: "30", method: #""nope""#, extra: #","params":null"#),
            .error(id: .integer(30), invalidRequest)),
        TransportCase("at 2e1", at("2e1"), .error(id: .integer(1), .invalidParams)),
        TransportCase("at 20.0", at("20.0"), .error(id: .integer(1), .invalidParams)),
        TransportCase("at 1.5", at("1.5"), .error(id: .integer(1), .invalidParams)),
        TransportCase("at 1E3", at("1E3"), .error(id: .integer(1), .invalidParams)),
        TransportCase("at string", at(#""20""#), .error(id: .integer(1), .invalidParams)),
        TransportCase("at true", at("true"), .error(id: .integer(1), .invalidParams)),
        TransportCase("at array", at("[20]"), .error(id: .integer(1), .invalidParams)),
        TransportCase("at object", at("{}"), .error(id: .integer(1), .invalidParams)),
        TransportCase("at int64 max + 1", at("9223372036854775808"), .error(id: .integer(1), .invalidParams)),
        TransportCase("at int64 min - 1", at("-9223372036854775809"), .error(id: .integer(1), .invalidParams)),
        TransportCase("at int64 max", at("9223372036854775807"), .result(id: .integer(1))),
        TransportCase("at int64 min", at("-9223372036854775808"), .result(id: .integer(1))),
        TransportCase("at zero", at("0"), .result(id: .integer(1))),
        TransportCase("at minus zero", at("-0"), .result(id: .integer(1))),
        TransportCase("at negative", at("-1"), .result(id: .integer(1))),
        TransportCase("at null is absent", at("null"), .result(id: .integer(1))),
        TransportCase("at realistic", at("1700000000000"), .result(id: .integer(1))),
    ]

    static let notifications: [TransportCase] = [
        TransportCase("notification", #"{"jsonrpc":"2.0","method":"getServerInfo"}"#, .nothing),
        TransportCase(
            "notification with params", #"{"jsonrpc":"2.0","method":"getServerInfo","params":{"at":5}}"#, .nothing),
        TransportCase("notification to an unknown method", #"{"jsonrpc":"2.0","method":"nope"}"#, .nothing),
        TransportCase(
            "notification with params array", #"{"jsonrpc":"2.0","method":"getServerInfo","params":[]}"#, .nothing),
        TransportCase(
            "notification with a bad at", #"{"jsonrpc":"2.0","method":"getServerInfo","params":{"at":2e1}}"#, .nothing),
        // Not a valid request, so not a notification: JSON-RPC 2.0 answers it with id null.
        TransportCase(
            "invalid request without id", #"{"jsonrpc":"1.0","method":"getServerInfo"}"#,
            .error(id: .null, invalidRequest)),
        TransportCase("no jsonrpc, no id", #"{"method":"getServerInfo"}"#, .error(id: .null, invalidRequest)),
    ]

    static let blank: [TransportCase] = [
        TransportCase("empty line", "", .nothing),
        TransportCase("spaces", "   ", .nothing),
        TransportCase("tabs and spaces", "\t \t", .nothing),
        TransportCase("carriage return", "\r", .nothing),
        TransportCase("CRLF request", request(id: "40") + "\r", .result(id: .integer(40))),
        TransportCase("padded request", " \t" + request(id: "41") + "  ", .result(id: .integer(41))),
    ]

    static let requestPrefix = Array(#"{"jsonrpc":"2.0","id":1,"method":"getServerInfo","params":{"x":""#.utf8)
    static let requestSuffix = Array(#""}}"#.utf8)

    static func nestedParams(depth: Int) -> String {
        // The envelope and params are two levels; the rest is arrays.
        request(
            id: "1",
            extra: #","params":{"x":"# + String(repeating: "[", count: depth - 2) + #""]]]""#
                + String(repeating: "]", count: depth - 2) + "}")
    }

    static let malformed: [TransportCase] = [
        TransportCase("open brace", "{", .error(id: .null, parseError)),
        TransportCase("garbage", "hello", .error(id: .null, parseError)),
        TransportCase(
            "single quotes", "{'jsonrpc':'2.0','id':1,'method':'getServerInfo'}", .error(id: .null, parseError)),
        TransportCase(
            "trailing comma", #"{"jsonrpc":"2.0","id":1,"method":"getServerInfo",}"#, .error(id: .null, parseError)),
        TransportCase("trailing content", request(id: "1") + " x", .error(id: .null, parseError)),
        TransportCase("two values", request(id: "1") + request(id: "2"), .error(id: .null, parseError)),
        TransportCase("NaN id", request(id: "NaN"), .error(id: .null, parseError)),
        TransportCase("Infinity at", at("Infinity"), .error(id: .null, parseError)),
        TransportCase("-Infinity at", at("-Infinity"), .error(id: .null, parseError)),
        TransportCase("leading zero id", request(id: "01"), .error(id: .null, parseError)),
        TransportCase("lone high surrogate", request(id: #""\ud800""#), .error(id: .null, parseError)),
        TransportCase("lone low surrogate", request(id: "1", method: #""get\udc00""#), .error(id: .null, parseError)),
        TransportCase("control character in a string", request(id: "\"a\u{1}\""), .error(id: .null, parseError)),
        TransportCase("invalid UTF-8", requestPrefix + [0xC3, 0x28] + requestSuffix, .error(id: .null, parseError)),
        TransportCase("invalid UTF-8 byte FF", requestPrefix + [0xFF] + requestSuffix, .error(id: .null, parseError)),
        TransportCase(
            "UTF-8 surrogate", requestPrefix + [0xED, 0xA0, 0x80] + requestSuffix, .error(id: .null, parseError)),
        TransportCase(
            "byte order mark before a request", [0xEF, 0xBB, 0xBF] + Array(request(id: "1").utf8),
            .error(id: .null, parseError)),
        TransportCase("valid surrogate pair", request(id: #""\ud83d\ude00""#), .result(id: .string("😀"))),
        TransportCase("depth 64", nestedParams(depth: 64), .result(id: .integer(1))),
        TransportCase("depth 65", nestedParams(depth: 65), .error(id: .null, parseError)),
        TransportCase(
            "brackets in strings do not count",
            request(id: "1", extra: #","params":{"x":""# + String(repeating: "[{", count: 200) + #""}"#),
            .result(id: .integer(1))),
    ]

    /// A `getServerInfo` request with id 1 padded (inside a params string) to exactly `byteCount` bytes.
    static func paddedRequest(byteCount: Int, id: Int = 1) -> [UInt8] {
        let prefix = Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"getServerInfo","params":{"pad":""#.utf8)
        let suffix = Array(#""}}"#.utf8)
        return prefix + [UInt8](repeating: UInt8(ascii: "x"), count: byteCount - prefix.count - suffix.count) + suffix
    }

    /// Checks that `response` is what `expected` asks for, in every member.
    static func check(
        _ response: JSONValue?, _ expected: Expected, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        switch expected {
        case .nothing:
            #expect(
                response == nil, "\(name): expected no response, got \(response?.jsonText ?? "")",
                sourceLocation: sourceLocation)
        case .result(let id):
            guard let object = response?.objectValue else {
                Issue.record(
                    "\(name): expected a result, got \(response?.jsonText ?? "nothing")", sourceLocation: sourceLocation
                )
                return
            }
            #expect(
                Set(object.members.map(\.key)) == ["jsonrpc", "id", "result"] && object.count == 3, "\(name)",
                sourceLocation: sourceLocation)
            #expect(object["jsonrpc"] == .string("2.0"), "\(name)", sourceLocation: sourceLocation)
            #expect(object["id"]?.jsonText == id.jsonText, "\(name): id", sourceLocation: sourceLocation)
            #expect(object["result"] != nil, "\(name)", sourceLocation: sourceLocation)
        case .error(let id, let reason):
            guard let object = response?.objectValue, let error = object["error"]?.objectValue else {
                Issue.record(
                    "\(name): expected \(reason.rawValue), got \(response?.jsonText ?? "nothing")",
                    sourceLocation: sourceLocation)
                return
            }
            #expect(
                Set(object.members.map(\.key)) == ["jsonrpc", "id", "error"] && object.count == 3, "\(name)",
                sourceLocation: sourceLocation)
            #expect(object["jsonrpc"] == .string("2.0"), "\(name)", sourceLocation: sourceLocation)
            #expect(
                object["id"]?.jsonText == id.jsonText, "\(name): id of \(object.jsonText)",
                sourceLocation: sourceLocation)
            #expect(
                Set(error.members.map(\.key)) == ["code", "message", "data"], "\(name)", sourceLocation: sourceLocation)
            #expect(
                error["code"] == .integer(reason.code), "\(name): code of \(object.jsonText)",
                sourceLocation: sourceLocation)
            #expect(
                error["data"] == .object(["reason": .string(reason.rawValue)]), "\(name): data of \(object.jsonText)",
                sourceLocation: sourceLocation)
            #expect(error["message"]?.stringValue?.isEmpty == false, "\(name): message", sourceLocation: sourceLocation)
        }
    }
}

extension JSONObject {
    /// The compact text of the object.
    var jsonText: String { JSONValue.object(self).jsonText }
}
