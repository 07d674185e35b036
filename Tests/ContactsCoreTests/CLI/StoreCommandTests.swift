import ContactsJSON
import Foundation
import Testing

/// `contacts store copy FROM TO`, `contacts store check STORE` and `serve --store URI`: help,
/// exit codes, one error line, progress on stderr.
struct StoreCommandTests {
    /// Serves `requests` (method, params) on `store` and returns each response's result or
    /// error reason, in order.
    static func serve(_ store: String, _ requests: [(String, JSONObject)]) throws -> [String] {
        var input: [UInt8] = []
        for (index, (method, params)) in requests.enumerated() {
            var writer = JSONWriter()
            writer.write(
                .object([
                    "jsonrpc": .string("2.0"), "id": .integer(Int64(index)), "method": .string(method),
                    "params": .object(params),
                ]))
            input += writer.bytes + [0x0A]
        }
        let output = try ContactsExecutable.run(["serve", "--stdio", "--store", store], stdin: input)
        #expect(output.status == 0, "\(output.stderrText)")
        return try output.stdoutLines.map { line in
            let response = try JSONParser.parse(line).objectValue
            if let result = response?["result"] { return result.jsonText }
            return response?["error"]?.objectValue?["data"]?.objectValue?["reason"]?.stringValue ?? "?"
        }
    }

    static let writes: [(String, JSONObject)] = [
        ("registerUser", ["userId": .string("ann"), "phone": .string("+14155550100"), "displayName": .string("Ann")]),
        ("registerUser", ["userId": .string("bob"), "phone": .string("+14155550101")]),
        ("followUser", ["as": .string("ann"), "userId": .string("bob"), "at": .integer(5)]),
        (
            "uploadContacts",
            [
                "as": .string("ann"),
                "contacts": .array([
                    .object([
                        "id": .string("c1"), "displayName": .string("Bobby"),
                        "phoneNumbers": .array([.object(["value": .string("+1 415 555 0101")])]),
                    ])
                ]),
            ]
        ),
        ("createEvent", ["as": .string("bob"), "eventId": .string("e1"), "title": .string("Tea"), "at": .integer(7)]),
        ("registerUser", ["userId": .string("cy"), "phone": .string("+14155550101")]),
    ]

    static let reads: [(String, JSONObject)] = [
        ("getFollowers", ["as": .string("bob")]),
        ("lookupContactMatches", ["as": .string("ann")]),
        ("getFeed", ["as": .string("ann")]),
        ("searchContacts", ["as": .string("ann"), "query": .string("bob")]),
    ]

    @Test func serveKeepsItsStateInPostgreSQLAndStoreCopyMovesItBothWays() throws {
        let postgres = try FreshStore(.postgres)
        let answers = try Self.serve(postgres.location, Self.writes)
        #expect(answers.last == "conflict")
        let expected = try Self.serve(postgres.location, Self.reads)
        #expect(expected[0].contains("\"ann\"") && expected[2].contains("Tea"))

        let check = try ContactsExecutable.run(["store", "check", postgres.location])
        #expect(check.status == 0, "\(check.stderrText)")
        #expect(check.stdoutText.contains("kind: PostgreSQL"))
        #expect(check.stdoutText.contains("schema version: 2 (this build: 2)"))
        #expect(check.stdoutText.contains("position: 5"))
        #expect(check.stdoutText.contains("rows users: 2") && check.stdoutText.contains("rows follows: 1"))

        let sqlite = try FreshStore(.sqlite)
        let copy = try ContactsExecutable.run(["store", "copy", postgres.location, sqlite.location])
        #expect(copy.status == 0, "\(copy.stderrText)")
        #expect(copy.stderrText.contains("2 users, 1 follows, 1 contacts, 1 events"), "\(copy.stderrText)")
        #expect(try Self.serve(sqlite.location, Self.reads) == expected)
        let sqliteCheck = try ContactsExecutable.run(["store", "check", sqlite.location])
        #expect(sqliteCheck.stdoutText.contains("kind: SQLite") && sqliteCheck.stdoutText.contains("position: 5"))

        let back = try FreshStore(.postgres)
        let copyBack = try ContactsExecutable.run(["store", "copy", "--quiet", sqlite.location, back.location])
        #expect(copyBack.status == 0 && copyBack.stderr.isEmpty, "\(copyBack.stderrText)")
        #expect(try Self.serve(back.location, Self.reads) == expected)

        // Into a store that holds something: one line, exit 1, nothing changed.
        let refused = try ContactsExecutable.run(["store", "copy", sqlite.location, postgres.location])
        #expect(refused.status == 1)
        #expect(refused.stderrLines.count == 1 && refused.stderrText.contains("not empty"), "\(refused.stderrText)")
    }

    @Test func badInvocationsExitOneWithOneLine() throws {
        let help = try ContactsExecutable.run(["store", "--help"])
        #expect(help.status == 0 && help.stdoutText.contains("contacts store copy FROM TO"))
        for arguments in [
            ["store"], ["store", "move", "a", "b"], ["store", "copy", "a"], ["store", "check"],
            ["store", "check", "a", "b"], ["store", "copy", "x.db", "x.db"],
        ] {
            let output = try ContactsExecutable.run(arguments)
            #expect(output.status == 1, "\(arguments)")
            #expect(output.stderrLines.count == 1, "\(arguments): \(output.stderrText)")
            #expect(output.stderrText.hasPrefix("contacts store: "), "\(arguments): \(output.stderrText)")
        }
        let down = try RefusingPort()
        let unreachable = try ContactsExecutable.run(["store", "check", "postgresql://u:pw@127.0.0.1:\(down.port)/x"])
        #expect(unreachable.status == 1 && unreachable.stderrLines.count == 1)
        #expect(unreachable.stderrText.contains("unavailable") && !unreachable.stderrText.contains("pw@"))
        let serveDown = try ContactsExecutable.run(
            ["serve", "--stdio", "--store", "postgresql://127.0.0.1:\(down.port)/x"])
        #expect(serveDown.status == 1 && serveDown.stderrLines.count == 1, "\(serveDown.stderrText)")
    }

    @Test func checkReportsAnEmptyStoreAndRefusesANewerOne() throws {
        let fresh = try FreshStore(.postgres)
        let empty = try ContactsExecutable.run(["store", "check", fresh.location])
        #expect(empty.status == 0 && empty.stdoutText.contains("schema version: 0"), "\(empty.stdoutText)")
        _ = try Self.serve(fresh.location, [])
        let connection = try fresh.connection()
        try connection.execute("UPDATE contacts_schema SET version = 9")
        connection.close()
        let newer = try ContactsExecutable.run(["store", "check", fresh.location])
        #expect(newer.status == 1 && newer.stderrText.contains("schema version 9 is newer"))
        let serve = try ContactsExecutable.run(["serve", "--stdio", "--store", fresh.location])
        #expect(serve.status == 1 && serve.stderrText.contains("schema version 9 is newer"))
    }
}
