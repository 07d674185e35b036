import ContactsJSON
import ContactsSupport
import Testing

/// The JSON-RPC suite over both transports (PROTOCOL §7: "§6 holds unchanged, body for
/// line"): the same requests — every transport rule, every method with valid params, at its
/// limits and with every invalid param, and seeded random lines — sent as lines to
/// `contacts serve --stdio` and as `POST /rpc` bodies (curl, a service token) to
/// `contacts serve --listen`, get byte-identical answers in the same order.
@Suite(.serialized) struct TransportEquivalenceTests {
    static let at: Int64 = 1_700_000_000_000

    /// A request line; `at` is fixed so that times do not depend on the clock.
    static func line(_ id: Int, _ method: String, _ params: JSONObject) -> [UInt8] {
        var params = params
        if params["at"] == nil { params["at"] = .integer(at + Int64(id)) }
        let request: JSONValue = .object([
            "jsonrpc": .string("2.0"), "id": .integer(Int64(id)), "method": .string(method),
            "params": .object(params),
        ])
        var writer = JSONWriter()
        writer.write(request)
        return writer.bytes
    }

    /// Users, books, follows and events for every method to act on.
    static let setup: [(String, JSONObject)] = [
        (
            "registerUser",
            ["userId": .string("alice"), "phone": .string("+1 415 555 3001"), "displayName": .string("Al")]
        ),
        (
            "registerUser",
            ["userId": .string("bob"), "phone": .string("+1 415 555 3002"), "displayName": .string("Bo")]
        ),
        ("registerUser", ["userId": .string("carol"), "phone": .string("+1 415 555 3003")]),
        (
            "uploadContacts",
            [
                "as": .string("alice"),
                "contacts": .array([
                    .object([
                        "id": .string("c-bob"), "displayName": .string("Bobby"),
                        "phoneNumbers": .array([.object(["value": .string("(415) 555-3002")])]),
                    ])
                ]),
            ]
        ),
        ("followUser", ["as": .string("alice"), "userId": .string("bob")]),
        ("followUser", ["as": .string("bob"), "userId": .string("alice")]),
        ("createEvent", ["as": .string("alice"), "eventId": .string("ev-alice"), "title": .string("Mine")]),
        ("createEvent", ["as": .string("bob"), "eventId": .string("ev-bob"), "title": .string("Bob's")]),
        ("searchContacts", ["as": .string("alice"), "query": .string("bo")]),
    ]

    /// Every method: each invalid value of each param, each boundary value, then the valid
    /// params; the state-changing ones last so that the reads before them see the fixture.
    static func methodLines(startingAt first: Int) -> [[UInt8]] {
        var id = first
        var lines: [[UInt8]] = []
        func add(_ method: String, _ params: JSONObject) {
            lines.append(line(id, method, params))
            id += 1
        }
        for (method, params) in setup { add(method, params) }
        let specs = MethodSpec.all(me: "alice", friend: "bob", contactId: "c-bob", eventId: "ev-alice")
        for spec in specs {
            for param in spec.params {
                var values = MethodSpec.invalidValues(of: param.kind) + MethodSpec.boundaryValues(of: param.kind)
                if param.required { values.append(("missing", .null)) }
                for (_, value) in values {
                    var params = spec.valid
                    params[param.key] = value
                    add(spec.name, params)
                }
            }
        }
        for spec in specs.reversed() { add(spec.name, spec.valid) }
        add("getServerInfo", [:])
        return lines
    }

    /// Sends `lines` both ways and compares the answers.
    static func expectSameAnswers(_ lines: [[UInt8]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let stdio = try ContactsExecutable.serve(lines)
        #expect(stdio.exited && stdio.status == 0, "stdio: \(stdio.stderrText)", sourceLocation: sourceLocation)
        let server = try HTTPServiceProcess()
        let http = try server.answers(lines, token: try server.token("backend", service: true))
        let expected = stdio.stdoutLines
        #expect(http.count == expected.count, "answers over HTTP and stdio", sourceLocation: sourceLocation)
        for (index, (overHTTP, overStdio)) in zip(http, expected).enumerated() where overHTTP != overStdio {
            let overHTTPText = String(decoding: overHTTP.prefix(300), as: UTF8.self)
            let overStdioText = String(decoding: overStdio.prefix(300), as: UTF8.self)
            Issue.record(
                Comment(rawValue: "answer \(index) differs:\n  http:  \(overHTTPText)\n  stdio: \(overStdioText)"),
                sourceLocation: sourceLocation)
            break
        }
    }

    @Test func everyTransportRuleAnswersAsOnStdio() throws {
        let lines = TransportCase.all.map(\.line).filter { !$0.contains(0x0A) }
        #expect(lines.count > 50)
        try Self.expectSameAnswers(lines)
    }

    @Test func everyMethodAndParamErrorAnswersAsOnStdio() throws {
        let lines = Self.methodLines(startingAt: 1)
        #expect(lines.count > 300)
        try Self.expectSameAnswers(lines)
    }

    @Test(arguments: [1, 2] as [UInt64])
    func randomLinesAnswerAsOnStdio(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var lines = Array(Self.methodLines(startingAt: 1).prefix(Self.setup.count))
        for _ in 0..<150 {
            var line = RandomLineTests.line(&random)
            line.removeAll { $0 == 0x0A }
            lines.append(line)
        }
        try Self.expectSameAnswers(lines)
    }
}
