import PostgreSQLClient

/// 100,000 contact-like rows loaded four ways, each in one transaction: one INSERT per row
/// (one round trip each), multi-row INSERTs, one pipeline of single-row INSERTs, and
/// binary COPY; with the CPU this process spent per row (encoding, libpq, decoding).
func bulkLoadBenchmarks(_ harness: BenchmarkHarness) throws {
    let connection = try harness.connect()
    try connection.execute("DROP TABLE IF EXISTS bench_contacts")
    try connection.execute(
        "CREATE TABLE bench_contacts (owner text, id int8, name text, phone int8, digest bytea, PRIMARY KEY (owner, id))"
    )
    let count = harness.size(quick: 10_000, full: 100_000)
    var generator = SystemRandomNumberGenerator()
    let rows: [[PostgresValue]] = (0..<count).map { index in
        [
            .text("user\(index % 1_000)"), .int64(Int64(index)), .text("Contact \(index) O'Brien"),
            .int64(14_155_550_000 + Int64(index)),
            .bytes((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }),
        ]
    }
    let insert = PostgresStatement(name: "bench_contact", sql: "INSERT INTO bench_contacts VALUES ($1, $2, $3, $4, $5)")
    // Rows per multi-row INSERT: 5,000 parameters, well under the protocol's 65,535.
    let batch = 1_000
    let multiRow = PostgresStatement(
        name: "bench_contacts_\(batch)",
        sql: "INSERT INTO bench_contacts VALUES "
            + (0..<batch).map { row in
                "(" + (1...5).map { "$\(row * 5 + $0)" }.joined(separator: ", ") + ")"
            }.joined(separator: ", "))

    func load(_ name: String, _ body: @escaping () throws -> Void) -> (String, () throws -> BenchmarkHarness.Figures) {
        (
            name,
            {
                try connection.execute("TRUNCATE bench_contacts")
                let cpuBefore = BenchmarkHarness.processCPUSeconds()
                let seconds = try BenchmarkHarness.seconds { try connection.transaction(body) }
                let clientCPU = BenchmarkHarness.processCPUSeconds() - cpuBefore
                let stored = try connection.execute("SELECT count(*), sum(id)::int8 FROM bench_contacts")
                BenchmarkHarness.check(try stored.int64(row: 0, column: 0) == Int64(count), "\(name): row count")
                BenchmarkHarness.check(
                    try stored.int64(row: 0, column: 1) == Int64(count) * Int64(count - 1) / 2, "\(name): id sum")
                return [
                    ("\(count) rows", Double(count) / seconds, "rows/s"),
                    ("client CPU per row", clientCPU / Double(count) * 1e6, "us"),
                ]
            }
        )
    }

    try harness.compare([
        load("bulk-insert-each") {
            for row in rows { try connection.execute(insert, row) }
        },
        load("bulk-insert-multirow") {
            var start = 0
            while start + batch <= rows.count {
                try connection.execute(multiRow, Array(rows[start..<start + batch].joined()))
                start += batch
            }
            for row in rows[start...] { try connection.execute(insert, row) }
        },
        load("bulk-insert-pipelined") {
            _ = try connection.pipeline(rows.map { .prepared(insert, $0) })
        },
        load("bulk-copy-binary") {
            let copied = try connection.copyIn(
                table: "bench_contacts", columns: ["owner", "id", "name", "phone", "digest"], rows: rows)
            BenchmarkHarness.check(copied == count, "COPY reported \(copied) rows")
        },
    ])
    try connection.execute("DROP TABLE bench_contacts")
}
