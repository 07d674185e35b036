import PostgreSQLClient

/// Binary against text for int8 and bytea. Parameters: the same rows inserted both ways
/// (text: decimal digits, bytea's `\x` hex form), pipelined in one transaction so that the
/// encoding and the server's parsing are what differs. Results: the same rows read both
/// ways and decoded.
func parameterFormatBenchmarks(_ harness: BenchmarkHarness) throws {
    let connection = try harness.connect()
    try connection.execute("DROP TABLE IF EXISTS bench_ints, bench_blobs")
    try connection.execute("CREATE TABLE bench_ints (a int8, b int8, c int8, d int8)")
    try connection.execute("CREATE TABLE bench_blobs (data bytea)")

    let rows = harness.size(quick: 2_000, full: 20_000)
    let numbers = (0..<rows).map { Int64($0) * 1_000_003 + 4_155_550_000 }
    try harness.compare(
        ["binary", "text"].map { format in
            (
                "params-int8-\(format)",
                {
                    try connection.execute("TRUNCATE bench_ints")
                    let queries = numbers.map { number -> PostgresQuery in
                        let values: [PostgresValue] =
                            format == "binary"
                            ? [.int64(number), .int64(-number), .int64(number / 3), .int64(number * 2)]
                            : [
                                .text(String(number)), .text(String(-number)), .text(String(number / 3)),
                                .text(String(number * 2)),
                            ]
                        return .sql("INSERT INTO bench_ints VALUES ($1, $2, $3, $4)", values)
                    }
                    let seconds = try BenchmarkHarness.seconds {
                        try connection.transaction { _ = try connection.pipeline(queries) }
                    }
                    let sum = try connection.execute("SELECT sum(a)::int8 FROM bench_ints").int64(row: 0, column: 0)
                    BenchmarkHarness.check(sum == numbers.reduce(0, +), "int8 sum after the \(format) run")
                    return [("\(rows) rows x 4 int8", Double(rows) / seconds, "rows/s")]
                }
            )
        })

    for size in [16, 1_024, 65_536, 1 << 20] {
        let total = harness.size(quick: 4 << 20, full: 32 << 20)
        let count = max(8, min(rows, total / size))
        var generator = SystemRandomNumberGenerator()
        let payload = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let hex = "\\x" + payload.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        try harness.compare(
            ["binary", "text"].map { format in
                (
                    "params-bytea-\(format)",
                    {
                        try connection.execute("TRUNCATE bench_blobs")
                        let value: PostgresValue = format == "binary" ? .bytes(payload) : .text(hex)
                        let queries = Array(
                            repeating: PostgresQuery.sql("INSERT INTO bench_blobs VALUES ($1)", [value]), count: count)
                        let seconds = try BenchmarkHarness.seconds {
                            try connection.transaction { _ = try connection.pipeline(queries) }
                        }
                        let stored = try connection.execute("SELECT sum(octet_length(data))::int8 FROM bench_blobs")
                        BenchmarkHarness.check(
                            try stored.int64(row: 0, column: 0) == Int64(size * count), "bytea bytes stored")
                        return [("\(size) B x \(count)", Double(size * count) / seconds / 1e6, "MB/s")]
                    }
                )
            })
    }

    // Results: the same rows read in binary (extended protocol) and in text (a script,
    // simple protocol), every value decoded.
    try connection.execute("TRUNCATE bench_ints, bench_blobs")
    _ = try connection.pipeline(numbers.map { .sql("INSERT INTO bench_ints VALUES ($1, $1, $1, $1)", [.int64($0)]) })
    let blobCount = harness.size(quick: 64, full: 256)
    let blob = [UInt8](repeating: 0x5A, count: 65_536)
    _ = try connection.pipeline(
        (0..<blobCount).map { _ in .sql("INSERT INTO bench_blobs VALUES ($1)", [.bytes(blob)]) })
    try harness.compare(
        ["binary", "text"].map { format in
            (
                "results-int8-\(format)",
                {
                    var sum: Int64 = 0
                    let seconds = try BenchmarkHarness.seconds {
                        let sql = "SELECT a, b, c, d FROM bench_ints"
                        let result =
                            format == "binary" ? try connection.execute(sql) : try connection.executeScript(sql)[0]
                        for row in 0..<result.rowCount {
                            for column in 0..<4 { sum &+= try result.int64(row: row, column: column) }
                        }
                    }
                    BenchmarkHarness.check(sum == 4 * numbers.reduce(0, +), "int8 result sum (\(format))")
                    return [("\(rows) rows x 4 int8", Double(rows) / seconds, "rows/s")]
                }
            )
        })
    try harness.compare(
        ["binary", "text"].map { format in
            (
                "results-bytea-\(format)",
                {
                    var bytes = 0
                    let seconds = try BenchmarkHarness.seconds {
                        let sql = "SELECT data FROM bench_blobs"
                        let result =
                            format == "binary" ? try connection.execute(sql) : try connection.executeScript(sql)[0]
                        for row in 0..<result.rowCount { bytes += try result.bytes(row: row, column: 0).count }
                    }
                    BenchmarkHarness.check(bytes == blobCount * blob.count, "bytea result bytes (\(format))")
                    return [("65536 B x \(blobCount)", Double(bytes) / seconds / 1e6, "MB/s")]
                }
            )
        })
    try connection.execute("DROP TABLE bench_ints, bench_blobs")
}
