import PostgreSQLClient

/// Latency of one statement: a trivial SELECT, and a single-row INSERT in autocommit (each
/// a commit, so a WAL flush) and inside a transaction (no flush until COMMIT).
func roundTripBenchmarks(_ harness: BenchmarkHarness) throws {
    let connection = try harness.connect()
    try connection.execute("DROP TABLE IF EXISTS bench_latency")
    try connection.execute("CREATE TABLE bench_latency (owner text, id int8, name text, PRIMARY KEY (owner, id))")
    let select = PostgresStatement(name: "bench_select", sql: "SELECT $1::int8")
    let insert = PostgresStatement(name: "bench_insert", sql: "INSERT INTO bench_latency VALUES ($1, $2, $3)")
    let count = harness.size(quick: 200, full: 2_000)
    var next: Int64 = 0

    func latencies(_ body: () throws -> Void) throws -> [Double] {
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for _ in 0..<count { samples.append(try BenchmarkHarness.seconds(body) * 1e6) }
        return samples.sorted()
    }
    func figures(_ samples: [Double]) -> [(String, Double, String)] {
        [
            ("p50", BenchmarkHarness.percentile(samples, 0.5), "us"),
            ("p99", BenchmarkHarness.percentile(samples, 0.99), "us"),
        ]
    }

    try harness.measure("select-prepared") {
        let samples = try latencies {
            next += 1
            let result = try connection.execute(select, [.int64(next)])
            BenchmarkHarness.check(try result.int64(row: 0, column: 0) == next, "SELECT echoed another value")
        }
        return figures(samples)
    }
    try harness.measure("insert-autocommit") {
        let samples = try latencies {
            next += 1
            try connection.execute(insert, [.text("user1"), .int64(next), .text("Name \(next)")])
        }
        return figures(samples)
    }
    try harness.measure("insert-in-transaction") {
        var samples: [Double] = []
        try connection.transaction {
            samples = try latencies {
                next += 1
                try connection.execute(insert, [.text("user1"), .int64(next), .text("Name \(next)")])
            }
        }
        return figures(samples)
    }
    let stored = try connection.execute("SELECT count(*) FROM bench_latency").int64(row: 0, column: 0)
    BenchmarkHarness.check(stored == Int64(count * 2 * (harness.runs + 1)), "\(stored) rows in bench_latency")
    try connection.execute("DROP TABLE bench_latency")
}
