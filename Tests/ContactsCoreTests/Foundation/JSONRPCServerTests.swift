import ContactsCore
import ContactsJSON
import ContactsService
import ContactsSupport
import Synchronization
import Testing

/// The JSON-RPC transport in-process: `respond(toLine:)` and `respond(to:)`.
@Suite struct JSONRPCServerTests {
    static let bareServer = JSONRPCServer(methods: RPCMethodTable())

    static func respond(_ server: JSONRPCServer, _ line: [UInt8]) -> JSONValue? {
        line.withUnsafeBufferPointer { server.respond(toLine: $0)?.jsonValue }
    }

    static func respond(_ server: JSONRPCServer, _ line: String) -> JSONValue? {
        respond(server, Array(line.utf8))
    }

    @Test(arguments: TransportCase.all)
    func transportRule(_ test: TransportCase) {
        TransportCase.check(Self.respond(Self.bareServer, test.line), test.expected, test.name)
    }

    @Test(arguments: TransportCase.all)
    func parsedAndLineEntryPointsAgree(_ test: TransportCase) {
        let response = Self.respond(Self.bareServer, test.line)
        let value: JSONValue
        do {
            value = try JSONParser.parse(test.line)
        } catch {
            // What does not parse never reaches respond(to:): a blank line gets nothing,
            // anything else parse_error with id null and the parser's own words.
            if test.line.allSatisfy({ [0x20, 0x09, 0x0D, 0x0A].contains($0) }) {
                #expect(response == nil, "\(test.name)")
                return
            }
            TransportCase.check(response, .error(id: .null, .parseError), test.name)
            let message = response?.objectValue?["error"]?.objectValue?["message"]?.stringValue
            if !test.line.starts(with: [0xEF, 0xBB, 0xBF]) {
                #expect(message == "invalid JSON: \(error)", "\(test.name)")
            }
            return
        }
        #expect(Self.bareServer.respond(to: value)?.jsonValue == response)
    }

    @Test(
        arguments: [
            [0xEF, 0xBB, 0xBF] + Array(TransportCase.request(id: "1").utf8),
            [0xEF, 0xBB, 0xBF] + Array("{oops".utf8),
            [0xEF, 0xBB, 0xBF],
        ] as [[UInt8]])
    func aByteOrderMarkIsNamedAsSuch(line: [UInt8]) {
        let response = Self.respond(Self.bareServer, line)
        TransportCase.check(response, .error(id: .null, .parseError), "BOM")
        let message = response?.objectValue?["error"]?.objectValue?["message"]?.stringValue ?? ""
        #expect(message.contains("byte order mark"), "\(message)")
        #expect(!message.contains("at byte 0"), "\(message)")
    }

    @Test func aByteOrderMarkElsewhereIsNotBlamed() {
        // The mark inside a string is just text; after the value it is trailing content.
        let inside = Self.respond(Self.bareServer, TransportCase.request(id: "\"\u{FEFF}\""))
        TransportCase.check(inside, .result(id: .string("\u{FEFF}")), "BOM in the id")
        let after = Self.respond(Self.bareServer, Array(TransportCase.request(id: "1").utf8) + [0xEF, 0xBB, 0xBF])
        TransportCase.check(after, .error(id: .null, .parseError), "BOM after the value")
        let message = after?.objectValue?["error"]?.objectValue?["message"]?.stringValue ?? ""
        #expect(!message.contains("byte order mark"), "\(message)")
    }

    @Test func reasonCodesAreTheProtocolTable() {
        let table: [RPCError.Reason: Int] = [
            .parseError: -32700, .invalidRequest: -32600, .unknownMethod: -32601, .invalidParams: -32602,
            .notFound: -32004, .conflict: -32009, .rateLimited: -32029, .forbidden: -32003, .unavailable: -32013,
            .internalError: -32603,
        ]
        #expect(Set(RPCError.Reason.allCases) == Set(table.keys))
        for reason in RPCError.Reason.allCases { #expect(reason.code == table[reason], "\(reason)") }
        #expect(
            RPCError.Reason.allCases.map(\.rawValue) == [
                "parse_error", "invalid_request", "unknown_method", "invalid_params", "not_found", "conflict",
                "rate_limited", "forbidden", "unavailable", "internal",
            ])
    }

    // MARK: The 16 MiB line limit

    @Test func lineOfExactlySixteenMiBIsParsed() {
        let line = TransportCase.paddedRequest(byteCount: JSONRPCServer.maximumLineBytes)
        #expect(line.count == 16_777_216)
        TransportCase.check(Self.respond(Self.bareServer, line), .result(id: .integer(1)), "16 MiB")
    }

    @Test func lineOverSixteenMiBIsRejectedUnparsed() {
        // A valid request one byte too long: invalid_request with id null, so its id was never read.
        let justOver = TransportCase.paddedRequest(byteCount: JSONRPCServer.maximumLineBytes + 1)
        TransportCase.check(Self.respond(Self.bareServer, justOver), .error(id: .null, .invalidRequest), "16 MiB + 1")
        let seventeen = TransportCase.paddedRequest(byteCount: 17 * 1024 * 1024)
        TransportCase.check(Self.respond(Self.bareServer, seventeen), .error(id: .null, .invalidRequest), "17 MiB")
        // Invalid JSON that long is not parsed either: invalid_request, not parse_error.
        let brackets = [UInt8](repeating: UInt8(ascii: "["), count: 17 * 1024 * 1024)
        TransportCase.check(Self.respond(Self.bareServer, brackets), .error(id: .null, .invalidRequest), "17 MiB of [")
    }

    // MARK: Dispatch, params.at and notifications, with a recording method table

    /// Calls seen by the test methods.
    final class CallLog: Sendable {
        let calls = Mutex<[String]>([])
        func record(_ call: String) { calls.withLock { $0.append(call) } }
        var all: [String] { calls.withLock { $0 } }
    }

    static let fixedClock: Int64 = 1_700_000_000_000

    static func recordingServer(_ log: CallLog) -> JSONRPCServer {
        var table = RPCMethodTable()
        table.register("record") { params, context in
            log.record("record@\(context.at)")
            return .object(["at": .integer(context.at), "params": .object(params.object)])
        }
        table.register("conflict") { _, _ throws(RPCError) -> JSONValue in
            log.record("conflict")
            throw .conflict("held by someone else")
        }
        table.register("rateLimited") { _, _ throws(RPCError) -> JSONValue in
            throw RPCError(.rateLimited, "over the budget", retryAfterMs: 86_399_000)
        }
        table.register("needsLimit") { params, _ throws(RPCError) -> JSONValue in
            .integer(try params.limit())
        }
        return JSONRPCServer(methods: table, name: "test-service", version: "9.9.9", clock: { fixedClock })
    }

    @Test func atReachesTheMethodElseTheClock() throws {
        let log = CallLog()
        let server = Self.recordingServer(log)
        let withAt = try #require(
            Self.respond(server, #"{"jsonrpc":"2.0","id":1,"method":"record","params":{"at":-5}}"#))
        #expect(withAt.objectValue?["result"]?.objectValue?["at"] == .integer(-5))
        let withoutAt = try #require(Self.respond(server, #"{"jsonrpc":"2.0","id":2,"method":"record"}"#))
        #expect(withoutAt.objectValue?["result"]?.objectValue?["at"] == .integer(Self.fixedClock))
        let nullAt = try #require(
            Self.respond(server, #"{"jsonrpc":"2.0","id":3,"method":"record","params":{"at":null}}"#))
        #expect(nullAt.objectValue?["result"]?.objectValue?["at"] == .integer(Self.fixedClock))
        #expect(log.all == ["record@-5", "record@\(Self.fixedClock)", "record@\(Self.fixedClock)"])
    }

    @Test(arguments: ["2e1", "20.0", #""20""#, "true", "9223372036854775808", "[]"])
    func badAtFailsBeforeTheMethodRuns(_ at: String) {
        let log = CallLog()
        let server = Self.recordingServer(log)
        let response = Self.respond(server, #"{"jsonrpc":"2.0","id":1,"method":"record","params":{"at":"# + at + "}}")
        TransportCase.check(response, .error(id: .integer(1), .invalidParams), "at \(at)")
        #expect(log.all.isEmpty, "a failed request changes nothing")
    }

    @Test func paramsReachTheMethodUnchanged() throws {
        let server = Self.recordingServer(CallLog())
        let response = try #require(
            Self.respond(server, #"{"jsonrpc":"2.0","id":1,"method":"record","params":{"b":[1,{"c":null}],"a":"é"}}"#))
        #expect(response.objectValue?["result"]?.objectValue?["params"]?.jsonText == #"{"b":[1,{"c":null}],"a":"é"}"#)
    }

    @Test func notificationsRunButAreNotAnswered() {
        let log = CallLog()
        let server = Self.recordingServer(log)
        #expect(Self.respond(server, #"{"jsonrpc":"2.0","method":"record","params":{"at":7}}"#) == nil)
        #expect(
            Self.respond(server, #"{"jsonrpc":"2.0","method":"conflict"}"#) == nil,
            "a failing notification is silent too")
        #expect(Self.respond(server, #"{"jsonrpc":"2.0","method":"unknown"}"#) == nil)
        #expect(Self.respond(server, #"{"jsonrpc":"2.0","method":"record","params":{"at":1.5}}"#) == nil)
        #expect(Self.respond(server, #"{"jsonrpc":"2.0","method":"record","params":[]}"#) == nil)
        #expect(log.all == ["record@7", "conflict"])
        // With "id": null it is a request, answered.
        TransportCase.check(
            Self.respond(server, #"{"jsonrpc":"2.0","id":null,"method":"record"}"#), .result(id: .null), "id null")
    }

    @Test func methodErrorsKeepTheirReasonAndData() throws {
        let server = Self.recordingServer(CallLog())
        TransportCase.check(
            Self.respond(server, #"{"jsonrpc":"2.0","id":"x","method":"conflict"}"#),
            .error(id: .string("x"), .conflict),
            "conflict")
        let limited = try #require(Self.respond(server, #"{"jsonrpc":"2.0","id":2,"method":"rateLimited"}"#))
        let error = try #require(limited.objectValue?["error"]?.objectValue)
        #expect(error["code"] == .integer(-32029))
        #expect(error["data"] == .object(["reason": .string("rate_limited"), "retryAfterMs": .integer(86_399_000)]))
        TransportCase.check(
            Self.respond(server, #"{"jsonrpc":"2.0","id":3,"method":"needsLimit","params":{"limit":0}}"#),
            .error(id: .integer(3), .invalidParams), "limit 0")
        let limit = Self.respond(server, #"{"jsonrpc":"2.0","id":4,"method":"needsLimit","params":{"limit":1000}}"#)
        #expect(limit?.objectValue?["result"] == .integer(1000))
    }

    @Test func unknownMethodIsCheckedBeforeParams() {
        let log = CallLog()
        let server = Self.recordingServer(log)
        TransportCase.check(
            Self.respond(server, #"{"jsonrpc":"2.0","id":1,"method":"Record","params":{"at":"bad"}}"#),
            .error(id: .integer(1), .unknownMethod), "unknown with bad at")
        TransportCase.check(
            Self.respond(server, #"{"jsonrpc":"2.0","id":2,"method":"record","params":[1]}"#),
            .error(id: .integer(2), .invalidParams), "known with params array")
        #expect(log.all.isEmpty)
    }

    @Test func serverInfoShape() throws {
        let response = try #require(
            Self.respond(Self.recordingServer(CallLog()), #"{"jsonrpc":"2.0","id":1,"method":"getServerInfo"}"#))
        let info = try #require(response.objectValue?["result"]?.objectValue)
        #expect(info.members.map(\.key) == ["name", "version", "methods"])
        #expect(info["name"] == .string("test-service"))
        #expect(info["version"] == .string("9.9.9"))
        #expect(
            info["methods"]
                == .array(["conflict", "getServerInfo", "needsLimit", "rateLimited", "record"].map(JSONValue.string)))

        let bare = try #require(Self.respond(Self.bareServer, #"{"jsonrpc":"2.0","id":1,"method":"getServerInfo"}"#))
        let bareInfo = try #require(bare.objectValue?["result"]?.objectValue)
        #expect(bareInfo["name"] == .string("contacts"))
        #expect(bareInfo["version"] == .string(ContactsCoreVersion.current))
        #expect(bareInfo["methods"] == .array([.string("getServerInfo")]))
    }

    @Test func methodNamesAreListedByBytes() throws {
        var table = RPCMethodTable()
        for name in ["émile", "zeta", "Alpha", "beta", "Zulu"] { table.register(name) { _, _ in .null } }
        #expect(table.names == ["Alpha", "Zulu", "beta", "zeta", "émile"])
        let server = JSONRPCServer(methods: table)
        let response = try #require(Self.respond(server, #"{"jsonrpc":"2.0","id":1,"method":"getServerInfo"}"#))
        let methods = try #require(response.objectValue?["result"]?.objectValue?["methods"]?.arrayValue)
        #expect(
            methods.compactMap(\.stringValue).map { Array($0.utf8) }
                == [
                    "Alpha", "Zulu", "beta", "getServerInfo", "zeta", "émile",
                ].map { Array($0.utf8) })
    }
}
