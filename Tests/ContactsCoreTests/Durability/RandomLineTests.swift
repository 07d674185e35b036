import ContactsCore
import ContactsJSON
import ContactsService
import ContactsSupport
import Testing

/// Seeded random byte lines sent to `contacts serve --stdio` (issue 7, "bad input"): random
/// bytes, invalid UTF-8 inside otherwise good requests, deep nesting, mutated requests of
/// every method. The service never crashes, answers each line with at most one well-formed
/// response, and answers the good request that follows every bad line.
struct RandomLineTests {
    static let invalidUTF8: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFE], [0xFF], [0xE2, 0x82],
        [0xF0, 0x9F, 0x98], [0xC3],
    ]

    /// Valid requests of every method, the raw material of the mutated lines.
    static let requests: [[UInt8]] = {
        let specs = MethodSpec.all(me: "alice", friend: "bob", contactId: "c-bob", eventId: "ev-alice")
        return specs.enumerated().map { index, spec in
            let request: JSONValue = .object([
                "jsonrpc": .string("2.0"), "id": .integer(index), "method": .string(spec.name),
                "params": .object(spec.valid),
            ])
            var writer = JSONWriter()
            writer.write(request)
            return writer.bytes
        }
    }()

    static func line(_ random: inout SplitMix64) -> [UInt8] {
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
        switch random.next() % 7 {
        case 0:  // random bytes, any but the newline
            return (0..<(random.next() % 200)).map { _ in
                let byte = UInt8(truncatingIfNeeded: random.next())
                return byte == 0x0A ? 0x0B : byte
            }
        case 1:  // invalid UTF-8 inside a string of a good request
            let bad = pick(invalidUTF8)
            let before = Array(
                #"{"jsonrpc":"2.0","id":1,"method":"searchUsers","params":{"as":"alice","query":"a"#.utf8)
            return before + bad + Array(#"b"}}"#.utf8)
        case 2:  // invalid UTF-8 in a key, a method name or outside strings
            let bad = pick(invalidUTF8)
            return pick([
                Array(#"{"jsonrpc":"2.0","id":1,"method":""#.utf8) + bad + Array(#""}"#.utf8),
                Array(#"{"jsonrpc":"2.0","id":1,"method":"getFeed","params":{""#.utf8) + bad
                    + Array(#"":1,"as":"alice"}}"#.utf8),
                Array(#"{"jsonrpc":"2.0","id":1,"#.utf8) + bad + Array(#""method":"getFeed"}"#.utf8),
            ])
        case 3:  // deep nesting, bare or inside params, sometimes closed again
            let depth = pick([63, 64, 65, 1000, 100_000, 1_000_000])
            let open = pick([UInt8(ascii: "["), UInt8(ascii: "{")])
            var line: [UInt8]
            if open == UInt8(ascii: "[") {
                line = Array(repeating: open, count: depth)
                if random.next() % 2 == 0 { line += Array(repeating: UInt8(ascii: "]"), count: depth) }
            } else {
                line = Array(String(repeating: #"{"a":"#, count: depth).utf8) + Array("1".utf8)
                if random.next() % 2 == 0 { line += Array(repeating: UInt8(ascii: "}"), count: depth) }
            }
            if random.next() % 2 == 0 {
                line =
                    Array(#"{"jsonrpc":"2.0","id":1,"method":"getFeed","params":{"as":"alice","x":"#.utf8) + line
                    + Array("}}".utf8)
            }
            return line
        case 4:  // odd but valid-looking tokens
            return Array(
                pick([
                    #"{"jsonrpc":"2.0","id":1,"method":"getFeed","params":{"as":"alice","skip":1e999999}}"#,
                    #"{"jsonrpc":"2.0","id":1,"method":"getFeed","params":{"as":"\ud800"}}"#,
                    #"{"jsonrpc":"2.0","id":1,"method":"getFeed","params":{"as":"\u0000"}}"#,
                    #"{"jsonrpc":"2.0","id":NaN,"method":"getFeed"}"#,
                    #"{"jsonrpc":"2.0","id":Infinity,"method":"getFeed"}"#,
                    #"{"jsonrpc":"2.0","id":-,"method":"getFeed"}"#, #"{"jsonrpc":"2.0","id":1,"method":"getFeed"} x"#,
                    #"{"jsonrpc":"2.0","id":[1],"method":"getFeed"}"#, #"{"jsonrpc":"2.0","id":{},"method":"getFeed"}"#,
                    #"{"jsonrpc":"2.0","id":1,"method":"getFeed","params":{"as":"alice","limit":99999999999999999999}}"#,
                    "\u{FEFF}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"getServerInfo\"}", "\"\\", "{\"", "[", "]", "}",
                ]).utf8)
        default:  // a request of some method with a few bytes changed, inserted, dropped or cut
            var line = pick(requests)
            for _ in 0..<(1 + random.next() % 4) where !line.isEmpty {
                let position = Int(random.next() % UInt64(line.count))
                let byte = UInt8(truncatingIfNeeded: random.next() % 256)
                switch random.next() % 4 {
                case 0: line[position] = byte == 0x0A ? 0x20 : byte
                case 1: line.insert(contentsOf: pick(invalidUTF8), at: position)
                case 2: line.remove(at: position)
                default: line.removeSubrange(position...)
                }
            }
            return line
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomLinesNeverStopTheService(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let register = Array(
            #"{"jsonrpc":"2.0","id":"setup","method":"registerUser","params":{"userId":"alice","phone":"+14155553001"}}"#
                .utf8)
        var lines = [register]
        let count = 120
        for index in 0..<count {
            lines.append(Self.line(&random))
            lines.append(Array(#"{"jsonrpc":"2.0","id":"good-\#(index)","method":"getServerInfo"}"#.utf8))
        }
        // The mutated lines may have deleted alice: a fresh user asks last.
        lines.append(
            Array(
                #"{"jsonrpc":"2.0","id":"setup","method":"registerUser","params":{"userId":"zed","phone":"+14155553009"}}"#
                    .utf8))
        lines.append(
            Array(#"{"jsonrpc":"2.0","id":"last","method":"searchUsers","params":{"as":"zed","query":""}}"#.utf8))
        let output = try ContactsExecutable.serve(lines)
        #expect(!output.timedOut)
        #expect(output.exited && output.status == 0, "seed \(seed): exit \(output.status): \(output.stderrText)")
        #expect(output.stderr.isEmpty, "seed \(seed): \(output.stderrText)")

        var goodSeen = 0
        var othersSinceGood = 0
        var lastResult: JSONValue?
        for line in output.stdoutLines {
            guard let response = try? JSONParser.parse(line).objectValue, response["jsonrpc"] == .string("2.0") else {
                Issue.record("seed \(seed): not a response: \(String(decoding: line.prefix(200), as: UTF8.self))")
                continue
            }
            if let error = response["error"]?.objectValue {
                let reason = error["data"]?.objectValue?["reason"]?.stringValue ?? ""
                let known = RPCError.Reason(rawValue: reason)
                #expect(known != nil && known != .internalError, "seed \(seed): \(JSONValue.object(response).jsonText)")
                #expect(error["code"] == known.map { .integer($0.code) }, "seed \(seed): code of \(reason)")
            }
            if case .string(let id)? = response["id"], id.hasPrefix("good-") {
                #expect(id == "good-\(goodSeen)", "seed \(seed): good requests are answered in order")
                #expect(response["result"] != nil, "seed \(seed): \(id)")
                goodSeen += 1
                othersSinceGood = 0
            } else if response["id"] == .string("last") {
                lastResult = response["result"]
            } else if response["id"] == .string("setup") {
                #expect(response["result"] != nil, "seed \(seed): registration")
                othersSinceGood = 0
            } else {
                othersSinceGood += 1
                #expect(othersSinceGood <= 1, "seed \(seed): more than one response to one line")
            }
        }
        #expect(goodSeen == count, "seed \(seed): every good request after a bad line is answered")
        #expect(lastResult?.objectValue?["items"] != nil, "seed \(seed): a real method still answers at the end")
    }
}
