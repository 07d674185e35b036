import ContactsSupport
import PostgreSQLClient
import Testing

@Suite("Binary COPY")
struct CopyTests {
    /// One row of the model: what the test wrote, to compare with what the server holds.
    struct Row: Equatable {
        var id: Int64
        var owner: String
        var small: Int32
        var flag: Bool
        var name: String?
        var data: [UInt8]?

        var values: [PostgresValue] {
            [
                .int64(id), .text(owner), .int32(small), .bool(flag), name.map(PostgresValue.text) ?? .null,
                data.map(PostgresValue.bytes) ?? .null,
            ]
        }
    }

    static func model(seed: UInt64, count: Int) -> [Row] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { index in
            Row(
                id: Int64(index) * 7 - 1_000, owner: "user\(Int.random(in: 0..<500, using: &generator))",
                small: Int32.random(in: .min ... .max, using: &generator), flag: Bool.random(using: &generator),
                name: Int.random(in: 0..<10, using: &generator) == 0 ? nil : RandomValues.text(&generator),
                data: Int.random(in: 0..<10, using: &generator) == 0 ? nil : RandomValues.bytes(&generator))
        }
    }

    static let createTable = "(id int8 PRIMARY KEY, owner text NOT NULL, small int4, flag bool, name text, data bytea)"
    static let columns = ["id", "owner", "small", "flag", "name", "data"]

    @Test("100,000 rows copied equal the model: counts, sums and every value", arguments: [1, 2] as [UInt64])
    func hundredThousandRows(seed: UInt64) throws {
        let rows = Self.model(seed: seed, count: 100_000)
        let connection = try PostgresTestEnvironment.connect()
        let table = PostgresTestEnvironment.uniqueName("copy")
        try connection.execute("CREATE TABLE \(table) \(Self.createTable)")
        defer { _ = try? connection.execute("DROP TABLE \(table)") }
        let copied = try connection.copyIn(table: table, columns: Self.columns) { writer in
            for row in rows { try writer.append(row.values) }
        }
        #expect(copied == rows.count)

        let sums = try connection.execute(
            """
            SELECT count(*), sum(id)::int8, sum(small)::int8, count(*) FILTER (WHERE flag),
                   count(name), sum(octet_length(name))::int8, count(data), sum(octet_length(data))::int8,
                   count(DISTINCT owner)
            FROM \(table)
            """)
        let expected: [Int64] = [
            Int64(rows.count), rows.reduce(0) { $0 + $1.id }, rows.reduce(0) { $0 + Int64($1.small) },
            Int64(rows.filter(\.flag).count), Int64(rows.compactMap(\.name).count),
            Int64(rows.compactMap(\.name).reduce(0) { $0 + $1.utf8.count }), Int64(rows.compactMap(\.data).count),
            Int64(rows.compactMap(\.data).reduce(0) { $0 + $1.count }), Int64(Set(rows.map(\.owner)).count),
        ]
        #expect(try (0..<expected.count).map { try sums.int64(row: 0, column: $0) } == expected)

        let stored = try connection.execute("SELECT \(Self.columns.joined(separator: ", ")) FROM \(table) ORDER BY id")
        #expect(stored.rowCount == rows.count)
        var mismatches = 0
        for (index, row) in rows.enumerated() {
            let actual = Row(
                id: try stored.int64(row: index, column: 0), owner: try stored.string(row: index, column: 1),
                small: try stored.int32(row: index, column: 2), flag: try stored.bool(row: index, column: 3),
                name: try stored.isNull(row: index, column: 4) ? nil : try stored.string(row: index, column: 4),
                data: try stored.isNull(row: index, column: 5) ? nil : try stored.bytes(row: index, column: 5))
            if actual != row { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("every column type the writer knows takes its values")
    func columnTypes() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute(
            "CREATE TEMP TABLE kinds (a int2, b int4, c int8, d bool, e varchar(20), f char(3), g jsonb, h json, i name)"
        )
        let copied = try connection.copyIn(
            table: "kinds", columns: ["a", "b", "c", "d", "e", "f", "g", "h", "i"],
            rows: [
                [
                    .int64(-32768), .int64(2_147_483_647), .int32(-1), .bool(false), "vär", "ab", "{\"k\": [1, 2]}",
                    "{\"j\": 1}", "pg_name",
                ],
                [nil, nil, nil, nil, nil, nil, nil, nil, nil],
            ])
        #expect(copied == 2)
        let result = try connection.execute(
            "SELECT a, b, c, d, e, f, g->'k'->>1, h->>'j', i FROM kinds WHERE a IS NOT NULL")
        #expect(try result.int64(row: 0, column: 0) == -32768)
        #expect(try result.int64(row: 0, column: 1) == 2_147_483_647)
        #expect(try result.int64(row: 0, column: 2) == -1)
        #expect(try result.bool(row: 0, column: 3) == false)
        #expect(try result.string(row: 0, column: 4) == "vär")
        #expect(try result.string(row: 0, column: 5) == "ab ")
        #expect(try result.string(row: 0, column: 6) == "2")
        #expect(try result.string(row: 0, column: 7) == "1")
        #expect(try result.string(row: 0, column: 8) == "pg_name")
    }

    @Test("a unique violation aborts the COPY: no row kept, connection usable")
    func uniqueViolation() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE t (id int8 PRIMARY KEY)")
        let rows: [[PostgresValue]] = (0..<50_000).map { [.int64(Int64($0 == 49_999 ? 3 : $0))] }
        let error = try #require(throws: PostgresError.self) {
            try connection.copyIn(table: "t", columns: ["id"], rows: rows)
        }
        #expect(error.sqlState == .uniqueViolation)
        #expect(error.kind == .server)
        #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
        #expect(try connection.copyIn(table: "t", columns: ["id"], rows: [[1], [2]]) == 2)
    }

    @Test("an error thrown by the body aborts the COPY and is rethrown")
    func bodyError() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE t (id int8)")
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try connection.copyIn(table: "t", columns: ["id"]) { writer in
                for id in 0..<20_000 { try writer.append([.int64(Int64(id))]) }
                throw Abort()
            }
        }
        #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
        #expect(connection.transactionStatus == .idle)
    }

    @Test("a value its column cannot take is a client error naming row and column")
    func mismatch() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE t (id int8, small int2)")
        let wrongKind = try #require(throws: PostgresError.self) {
            try connection.copyIn(table: "t", columns: ["id", "small"], rows: [[1, 2], ["three", 4]])
        }
        #expect(wrongKind.kind == .client)
        #expect(wrongKind.message.contains("row 1"))
        #expect(wrongKind.message.contains("\"id\""))
        let outOfRange = try #require(throws: PostgresError.self) {
            try connection.copyIn(table: "t", columns: ["id", "small"], rows: [[1, .int64(40_000)]])
        }
        #expect(outOfRange.kind == .client)
        let width = try #require(throws: PostgresError.self) {
            try connection.copyIn(table: "t", columns: ["id", "small"], rows: [[1]])
        }
        #expect(width.kind == .client)
        #expect(try connection.execute("SELECT count(*) FROM t").int64(row: 0, column: 0) == 0)
    }

    @Test("a column type the writer cannot encode, or a missing table, fails before any row")
    func unsupported() throws {
        let connection = try PostgresTestEnvironment.connect()
        try connection.execute("CREATE TEMP TABLE t (amount numeric)")
        let numeric = try #require(throws: PostgresError.self) {
            try connection.copyIn(table: "t", columns: ["amount"], rows: [[1]])
        }
        #expect(numeric.kind == .client)
        let missing = try #require(throws: PostgresError.self) {
            try connection.copyIn(table: "no_such_table", columns: ["x"], rows: [[1]])
        }
        #expect(missing.sqlState == .undefinedTable)
        #expect(try connection.execute("SELECT 1").int64(row: 0, column: 0) == 1)
    }
}
