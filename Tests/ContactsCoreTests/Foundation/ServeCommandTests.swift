import ContactsCore
import ContactsJSON
import ContactsService
import ContactsSupport
import Testing

/// `contacts serve --stdio` as a subprocess: the transport rules over real pipes, one
/// response line per answered request, in order.
@Suite struct ServeCommandTests {
    /// Runs the server over `lines` and parses every output line; records an issue when the
    /// process does not exit 0 cleanly or writes anything that is not one JSON value a line.
    static func serve(_ lines: [[UInt8]], sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        let output = try ContactsExecutable.serve(lines)
        #expect(!output.timedOut, "serve did not finish", sourceLocation: sourceLocation)
        #expect(
            output.exited && output.status == 0, "exit \(output.status): \(output.stderrText)",
            sourceLocation: sourceLocation)
        #expect(output.stderr.isEmpty, "stderr: \(output.stderrText)", sourceLocation: sourceLocation)
        #expect(
            output.stdout.isEmpty || output.stdout.last == 0x0A, "the last response ends its line",
            sourceLocation: sourceLocation)
        var responses: [JSONValue] = []
        for line in output.stdoutLines {
            do {
                responses.append(try JSONParser.parse(line))
            } catch {
                Issue.record(
                    "not JSON: \(String(decoding: line.prefix(200), as: UTF8.self)) (\(error))",
                    sourceLocation: sourceLocation)
            }
        }
        return responses
    }

    @Test func everyTransportRuleInOneSession() throws {
        let cases = TransportCase.all
        let responses = try Self.serve(cases.map(\.line))
        let answered = cases.filter { $0.expected != .nothing }
        #expect(responses.count == answered.count)
        for (test, response) in zip(answered, responses) {
            TransportCase.check(response, test.expected, test.name)
        }
    }

    @Test func idsAreEchoedAsWritten() throws {
        let lines = [TransportCase.request(id: "-1.50E+3"), TransportCase.request(id: #""\u00e9\ud83d\ude00""#)]
        let output = try ContactsExecutable.serve(lines.map { Array($0.utf8) })
        #expect(output.stdoutLines.count == 2)
        #expect(output.stdoutText.contains(#""id":-1.50E+3,"#), "\(output.stdoutText)")
        #expect(output.stdoutText.contains(#""id":"é😀","#), "\(output.stdoutText)")
    }

    @Test func malformedLineThenGoodLine() throws {
        let responses = try Self.serve([Array("{".utf8), Array(TransportCase.request(id: "2").utf8)])
        #expect(responses.count == 2)
        guard responses.count == 2 else { return }
        TransportCase.check(responses[0], .error(id: .null, .parseError), "malformed")
        TransportCase.check(responses[1], .result(id: .integer(2)), "good")
    }

    @Test func responsesComeInOrder() throws {
        var lines: [[UInt8]] = []
        var expected: [JSONValue] = []
        for index in 0..<1500 {
            switch index % 5 {
            case 0:
                lines.append(Array(TransportCase.request(id: "\(index)").utf8))
                expected.append(.integer(Int64(index)))
            case 1:
                lines.append(Array(TransportCase.request(id: "\"s\(index)\"", method: #""nope""#).utf8))
                expected.append(.string("s\(index)"))
            case 2:
                lines.append(Array(#"{"jsonrpc":"2.0","method":"getServerInfo"}"#.utf8))
                lines.append([])
            case 3:
                lines.append(Array("not json \(index)".utf8))
                expected.append(.null)
            default:
                lines.append(Array(TransportCase.at("1.5", id: "\(index)").utf8))
                expected.append(.integer(Int64(index)))
            }
        }
        let responses = try Self.serve(lines)
        #expect(responses.map { $0.objectValue?["id"] ?? .string("missing") } == expected)
    }

    @Test func lastLineWithoutNewlineIsAnswered() throws {
        let input = Array((TransportCase.request(id: "1") + "\n" + TransportCase.request(id: "2")).utf8)
        let output = try ContactsExecutable.run(["serve", "--stdio"], stdin: input)
        #expect(output.exited && output.status == 0)
        let ids = output.stdoutLines.map { try? JSONParser.parse($0).objectValue?["id"] }
        #expect(ids == [.integer(1), .integer(2)])
    }

    @Test func emptyInputEndsQuietly() throws {
        let output = try ContactsExecutable.run(["serve", "--stdio"])
        #expect(output.exited && output.status == 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.isEmpty)
        let blanks = try ContactsExecutable.run(["serve", "--stdio"], stdin: Array("\n\n  \n\t\n\r\n".utf8))
        #expect(blanks.exited && blanks.status == 0)
        #expect(blanks.stdout.isEmpty, "blank lines get no response")
    }

    @Test func lineOverSixteenMiBIsRejectedAndServiceGoesOn() throws {
        let huge = TransportCase.paddedRequest(byteCount: 17 * 1024 * 1024, id: 1)
        let justOver = TransportCase.paddedRequest(byteCount: JSONRPCServer.maximumLineBytes + 1, id: 2)
        let responses = try Self.serve([
            huge, Array(TransportCase.request(id: "3").utf8), justOver, Array(TransportCase.request(id: "4").utf8),
        ])
        #expect(responses.count == 4)
        guard responses.count == 4 else { return }
        TransportCase.check(responses[0], .error(id: .null, .invalidRequest), "17 MiB")
        TransportCase.check(responses[1], .result(id: .integer(3)), "after 17 MiB")
        TransportCase.check(responses[2], .error(id: .null, .invalidRequest), "16 MiB + 1")
        TransportCase.check(responses[3], .result(id: .integer(4)), "after 16 MiB + 1")
    }

    @Test func lineOfExactlySixteenMiBIsAnswered() throws {
        let exact = TransportCase.paddedRequest(byteCount: JSONRPCServer.maximumLineBytes, id: 5)
        let responses = try Self.serve([exact, Array(TransportCase.request(id: "6").utf8)])
        #expect(responses.count == 2)
        guard responses.count == 2 else { return }
        TransportCase.check(responses[0], .result(id: .integer(5)), "16 MiB")
        TransportCase.check(responses[1], .result(id: .integer(6)), "after 16 MiB")
    }

    @Test func serverInfoOverTheWire() throws {
        let responses = try Self.serve([Array(TransportCase.request(id: "1").utf8)])
        let info = try #require(responses.first?.objectValue?["result"]?.objectValue)
        #expect(info.members.map(\.key) == ["name", "version", "methods"])
        #expect(info["name"] == .string("contacts"))
        #expect(info["version"] == .string(ContactsCoreVersion.current))
        let methods = try #require(info["methods"]?.arrayValue)
        let names = methods.compactMap(\.stringValue)
        #expect(names.count == methods.count, "method names are strings")
        #expect(names.contains("getServerInfo"))
        #expect(names == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "sorted by bytes")
    }
}
