import ContactsModel
import ContactsPostgres
import ContactsStore
import Foundation
import PostgreSQLClient
import Testing

/// The schema can be distributed on the columns the README names (Citus' rules for
/// distributed tables: every primary key and unique constraint includes the distribution
/// column), checked on plain PostgreSQL 15 with declarative partitioning, which enforces the
/// same rule: each data table is made again `PARTITION BY HASH` on its distribution column,
/// with the store's own constraints and indexes (`LIKE … INCLUDING ALL`), and the store then
/// runs on those partitioned tables with the same answers.
@Suite("PostgreSQL schema distribution")
struct PostgresDistributionTests {
    /// Hash partitions per table: enough that rows of one user and of another land apart.
    static let partitions = 4

    /// Makes, in `target`, the bookkeeping as it is in `source` (tables and the search order's
    /// sequence) and every data table partitioned on its distribution column.
    static func partitionedCopy(of source: String, into target: String, on connection: PostgresConnection) throws {
        for table in PostgresSchema.dataTables {
            guard let column = PostgresSchema.distributionColumns[table] else {
                throw TestSetupError("table \(table) has no distribution column")
            }
            try connection.execute(
                "CREATE TABLE \(target).\(table) (LIKE \(source).\(table) INCLUDING ALL) PARTITION BY HASH (\(column))")
            for remainder in 0..<partitions {
                try connection.execute(
                    """
                    CREATE TABLE \(target).\(table)_p\(remainder) PARTITION OF \(target).\(table)
                    FOR VALUES WITH (MODULUS \(partitions), REMAINDER \(remainder))
                    """)
            }
        }
        for table in ["contacts_schema", "change_position"] + PostgresSchema.changeLogTables {
            try connection.execute("CREATE TABLE \(target).\(table) (LIKE \(source).\(table) INCLUDING ALL)")
            try connection.execute("INSERT INTO \(target).\(table) SELECT * FROM \(source).\(table)")
        }
        // The search order (schema version 2) is a sequence, carried on from the source's.
        _ = try connection.executeScript(
            """
            CREATE SEQUENCE \(target).recent_searches_order;
            SELECT setval('\(target).recent_searches_order', nextval('\(source).recent_searches_order'))
            """)
        let function = try connection.execute(
            """
            SELECT pg_get_functiondef(p.oid) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = $1 AND p.proname = 'contacts_require_user'
            """, [.text(source)])
        let definition = try function.string(row: 0, column: 0)
        try connection.executeScript(definition.replacingFirst("\(source).", with: "\(target)."))
    }

    @Test func everyTableHashPartitionsOnItsDistributionColumnAndServesTheSameAnswers() throws {
        let plain = try FreshStore(.postgres)
        try plain.open().close()
        let partitioned = try FreshStore(.postgres)
        let connection = try PostgresTestEnvironment.connect()
        defer { connection.close() }
        try Self.partitionedCopy(of: schema(of: plain), into: schema(of: partitioned), on: connection)
        let kinds = try connection.execute(
            """
            SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind = 'p'
            """, [.text(schema(of: partitioned))])
        #expect(try kinds.int64(row: 0, column: 0) == Int64(PostgresSchema.dataTables.count))

        // The same writes on both: every kind of change, with its refusals.
        var snapshots: [StoreSnapshot] = []
        for fresh in [plain, partitioned] {
            let store = try fresh.open()
            var random = StoreTestRandom(seed: 5)
            try store.withTransaction { tx in
                for index in 0..<40 {
                    try tx.registerUser(userId: "u\(index)", e164: 1_000 + UInt64(index), displayName: "U \(index)")
                }
                for index in 0..<40 {
                    _ = try tx.follow(followerId: "u\(index)", followeeId: "u\((index * 7 + 1) % 40)", since: 9)
                    try tx.upsertContacts(
                        ownerId: "u\(index)", [(random.contact(id: "c\(index)"), [1_000 + UInt64(index % 5)])])
                    try tx.createEvent(
                        EventRecord(eventId: "e\(index)", creatorId: "u\(index % 3)", title: "t", createdAt: 1))
                    try tx.addBudgetUsage(userId: "u\(index)", day: 3, count: index)
                }
                _ = try tx.deleteUser(userId: "u1")
                try tx.registerUser(userId: "u2", e164: 1_001, displayName: "took u1's phone")
            }
            #expect(throws: StoreError.self) {
                try store.withTransaction { tx in try tx.registerUser(userId: "u3", e164: 1_001, displayName: "") }
            }
            #expect(throws: StoreError.self) {
                try store.withTransaction { tx in
                    try tx.createEvent(EventRecord(eventId: "e5", creatorId: "u4", title: "x", createdAt: 1))
                }
            }
            store.recordSearch(userId: "u0", query: "zoë")
            _ = try store.write(after: 0, catchUp: { _ in }, decide: { .unfollow(followerId: "u0", followeeId: "u7") })
            snapshots.append(try store.loadSnapshot())
            try store.close()
        }
        #expect(snapshots[0] == snapshots[1])
        let rows = try connection.execute("SELECT count(*) FROM \(schema(of: partitioned)).follows_p0")
        #expect(try rows.int64(row: 0, column: 0) > 0)
    }

    /// The check can fail: a primary key without the partitioning column is refused.
    @Test func aKeyWithoutTheDistributionColumnIsRefused() throws {
        let plain = try FreshStore(.postgres)
        try plain.open().close()
        let other = try FreshStore(.postgres)
        let connection = try PostgresTestEnvironment.connect()
        defer { connection.close() }
        let error = try #require(throws: PostgresError.self) {
            try connection.execute(
                """
                CREATE TABLE \(schema(of: other)).users (LIKE \(schema(of: plain)).users INCLUDING ALL)
                PARTITION BY HASH (e164)
                """)
        }
        #expect(error.message.contains("unique constraint on partitioned table must include all partitioning columns"))
    }

    private func schema(of fresh: FreshStore) throws -> String {
        guard let range = fresh.location.range(of: "search_path%3D") else {
            throw TestSetupError("no search_path in \(fresh.location)")
        }
        return String(fresh.location[range.upperBound...])
    }
}

extension String {
    /// This string with the first `target` replaced by `replacement`.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
