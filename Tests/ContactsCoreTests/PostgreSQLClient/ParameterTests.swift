import ContactsSupport
import PostgreSQLClient
import Testing

@Suite("Bound parameters and typed results")
struct ParameterTests {
    /// Text that would break a statement if it were spliced into SQL.
    static let awkwardTexts = [
        "", " ", "'", "''", "\\", "\\'", "O'Brien", "\"double\"", "'); DROP TABLE victims; --", "$1", "%_",
        "tab\tnewline\ncarriage\r", "日本語 Ελληνικά עברית", "e\u{301} 👩‍👩‍👧 \u{FEFF}", "\\x41",
    ]

    /// One value of every kind, with the extremes.
    static let values: [PostgresValue] = [
        .null, .int64(0), .int64(-1), .int64(.min), .int64(.max), .int32(.min), .int32(.max), .int32(7),
        .bool(true), .bool(false), .text(""), .text("plain"), .text("O'Brien \\ 日本"), .bytes([]), .bytes([0]),
        .bytes([0, 1, 2, 255, 0]),
    ]

    @Test("SELECT $1 gives back every kind of value, typed as sent", arguments: values)
    func echo(_ value: PostgresValue) throws {
        let connection = try PostgresTestEnvironment.connect()
        let result = try connection.execute("SELECT $1", [value])
        #expect(result.rowCount == 1)
        #expect(try result.value(row: 0, column: 0) == value)
        #expect(try result.isNull(row: 0, column: 0) == (value == .null))
    }

    @Test("awkward text is stored and read back as plain text", arguments: awkwardTexts)
    func awkwardText(_ text: String) throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE victims (id int8 PRIMARY KEY, name text)")
        try connection.execute("INSERT INTO victims VALUES ($1, $2)", [1, .text(text)])
        let result = try connection.execute(
            "SELECT name, octet_length(name) FROM victims WHERE name = $1", [.text(text)])
        #expect(result.rowCount == 1)
        #expect(try result.string(row: 0, column: 0) == text)
        #expect(try result.int64(row: 0, column: 1) == Int64(text.utf8.count))
        // The table survived the injection attempt and holds exactly one row.
        #expect(try connection.execute("SELECT count(*) FROM victims").int64(row: 0, column: 0) == 1)
    }

    @Test("a 700 KB text of quotes and backslashes round-trips")
    func longAwkwardText() throws {
        let connection = try PostgresTestEnvironment.connect()
        let text = String(repeating: "long'\\\"", count: 100_000)
        let result = try connection.execute("SELECT $1, octet_length($1)", [.text(text)])
        #expect(try result.string(row: 0, column: 0) == text)
        #expect(try result.int64(row: 0, column: 1) == Int64(text.utf8.count))
    }

    @Test("the empty string and empty bytes are values, not NULL")
    func emptyIsNotNull() throws {
        let connection = try PostgresTestEnvironment.connect()
        let result = try connection.execute(
            "SELECT $1::text IS NULL, length($1::text), $2::bytea IS NULL, octet_length($2::bytea)",
            [.text(""), .bytes([])])
        #expect(try result.bool(row: 0, column: 0) == false)
        #expect(try result.int64(row: 0, column: 1) == 0)
        #expect(try result.bool(row: 0, column: 2) == false)
        #expect(try result.int64(row: 0, column: 3) == 0)
    }

    @Test("large bytea values round-trip byte for byte", arguments: [1 << 20, 16 << 20])
    func largeBytes(size: Int) throws {
        let connection = try PostgresTestEnvironment.connect()
        var generator = SplitMix64(seed: UInt64(size))
        let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try connection.execute("CREATE TEMP TABLE blobs (id int8, data bytea)")
        try connection.execute("INSERT INTO blobs VALUES (1, $1)", [.bytes(bytes)])
        let result = try connection.execute("SELECT data, octet_length(data) FROM blobs")
        #expect(try result.int64(row: 0, column: 1) == Int64(size))
        #expect(try result.bytes(row: 0, column: 0) == bytes)
    }

    @Test("text holding U+0000 is refused before anything is sent")
    func nulInTextIsRefused() throws {
        let connection = try PostgresTestEnvironment.connect()
        let error = try #require(throws: PostgresError.self) {
            try connection.execute("SELECT $1", [.text("a\u{0}b")])
        }
        #expect(error.kind == .client)
        #expect(error.message.contains("U+0000"))
        #expect(try connection.execute("SELECT 1").int64(row: 0, column: 0) == 1)
    }

    @Test("an int64 out of an int4 column's range fails clearly, prepared or not")
    func narrowing() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE narrow (n int4)")
        try connection.execute("INSERT INTO narrow VALUES ($1)", [.int64(Int64(Int32.max))])
        let unnamed = try #require(throws: PostgresError.self) {
            try connection.execute("INSERT INTO narrow VALUES ($1)", [.int64(Int64(Int32.max) + 1)])
        }
        #expect(unnamed.kind == .server)
        #expect(unnamed.sqlState?.rawValue == "22003")
        let statement = PostgresStatement(name: "narrow_insert", sql: "INSERT INTO narrow VALUES ($1)")
        try connection.execute(statement, [.int32(-5)])
        let prepared = try #require(throws: PostgresError.self) {
            try connection.execute(statement, [.int64(Int64(Int32.min) - 1)])
        }
        #expect(prepared.kind == .client)
        #expect(prepared.message.contains("int4"))
        let sum = try connection.execute("SELECT sum(n)::int8, count(*) FROM narrow")
        #expect(try sum.int64(row: 0, column: 0) == Int64(Int32.max) - 5)
        #expect(try sum.int64(row: 0, column: 1) == 2)
    }

    @Test("results read by the wrong type, row or column throw instead of trapping")
    func accessorErrors() throws {
        let connection = try PostgresTestEnvironment.connect()
        let result = try connection.execute("SELECT 'x'::text AS t, NULL::int8 AS n, 1.5::numeric AS d")
        #expect(throws: PostgresError.self) { try result.int64(row: 0, column: 0) }
        #expect(throws: PostgresError.self) { try result.int64(row: 0, column: 1) }
        #expect(throws: PostgresError.self) { try result.string(row: 0, column: 2) }
        #expect(throws: PostgresError.self) { try result.string(row: 1, column: 0) }
        #expect(throws: PostgresError.self) { try result.string(row: 0, column: 3) }
        #expect(try result.isNull(row: 0, column: 1))
        #expect(try result.columnIndex(named: "n") == 1)
        #expect(try result.columnName(2) == "d")
    }

    @Test("a script's text-format results decode like binary ones")
    func textFormatResults() throws {
        let connection = try PostgresTestEnvironment.connect()
        let results = try connection.executeScript(
            "CREATE TEMP TABLE s (x int); SELECT (-9223372036854775808)::int8, true, '\\x00ff10'::bytea, 'O''B', 7::int4"
        )
        #expect(results.count == 2)
        let row = try #require(results.last)
        #expect(try row.int64(row: 0, column: 0) == .min)
        #expect(try row.bool(row: 0, column: 1))
        #expect(try row.bytes(row: 0, column: 2) == [0, 255, 16])
        #expect(try row.string(row: 0, column: 3) == "O'B")
        #expect(try row.value(row: 0, column: 4) == .int32(7))
    }

    @Test("random rows round-trip through a prepared statement", arguments: [1, 2, 3] as [UInt64])
    func randomRows(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute(
            "CREATE TEMP TABLE mixed (id int8 PRIMARY KEY, small int4, flag bool, name text, data bytea)")
        let insert = PostgresStatement(name: "mixed_insert", sql: "INSERT INTO mixed VALUES ($1, $2, $3, $4, $5)")
        var model: [[PostgresValue]] = []
        for id in 0..<300 {
            func maybe(_ value: PostgresValue) -> PostgresValue {
                Int.random(in: 0..<5, using: &generator) == 0 ? .null : value
            }
            let row: [PostgresValue] = [
                .int64(Int64(id)), maybe(.int32(Int32.random(in: .min ... .max, using: &generator))),
                maybe(.bool(Bool.random(using: &generator))), maybe(.text(RandomValues.text(&generator))),
                maybe(.bytes(RandomValues.bytes(&generator))),
            ]
            try connection.execute(insert, row)
            model.append(row)
        }
        #expect(connection.preparedStatementCount == 1)
        let result = try connection.execute("SELECT * FROM mixed ORDER BY id")
        #expect(result.rowCount == model.count)
        for (index, expected) in model.enumerated() {
            let actual = try (0..<5).map { column in try result.value(row: index, column: column) }
            #expect(actual == expected, "row \(index)")
        }
    }
}
