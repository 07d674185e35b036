import ContactsPostgres
import ContactsStore
import Foundation
import PostgreSQLClient
import Testing

/// The two store backends, for tests that must hold for both (`@Test(arguments:
/// StoreBackend.allCases)`).
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// A fresh, empty store location of one backend for one test, removed when released: a
/// file in a temporary directory, or a schema of its own in the test server's database
/// (the URI sets `search_path` to it).
final class FreshStore {
    let backend: StoreBackend
    /// The text `--store` takes: the path, or the URI.
    let location: String
    private let directory: StoreTestDirectory?
    private let schema: String?

    init(_ backend: StoreBackend) throws {
        self.backend = backend
        switch backend {
        case .sqlite:
            let directory = try StoreTestDirectory()
            self.directory = directory
            schema = nil
            location = directory.path("store.db")
        case .postgres:
            directory = nil
            let schema = PostgresTestEnvironment.uniqueName("store")
            self.schema = schema
            let admin = try PostgresTestEnvironment.connect()
            try admin.execute("CREATE SCHEMA \(schema)")
            admin.close()
            location = try Self.uri(searchPath: schema)
        }
    }

    deinit {
        if let schema, let admin = try? PostgresTestEnvironment.connect() {
            _ = try? admin.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
            admin.close()
        }
    }

    /// The test server's URI with `search_path` set to `schema`.
    static func uri(searchPath schema: String) throws -> String {
        let base = try PostgresTestEnvironment.url()
        return base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + schema
    }

    /// Opens the store (creating it on first use).
    func open(options: StoreOptions = storeTestOptions) throws -> any TransactionalStore {
        try StoreLocation(location).open(options: options)
    }

    /// A connection to the test server in this store's schema (PostgreSQL only), for tests
    /// that look at or damage the tables directly.
    func connection() throws -> PostgresConnection {
        try PostgresConnection.connect(location, responseTimeout: .seconds(60))
    }
}

extension FreshStore {
    /// Waits until no session holds the store's engine mark (PostgreSQL; at once for SQLite,
    /// whose lock goes with the process): after a `kill -9` the dead engine's server session
    /// lingers until the server notices its client is gone.
    ///
    /// - Throws: when the lock is still held after `timeout`.
    func waitUntilNoEngineHoldsIt(timeout: Duration = .seconds(30)) throws {
        guard backend == .postgres else { return }
        let connection = try connection()
        defer { connection.close() }
        let key: [PostgresValue] = [.int64(PostgresStore.engineLockClass)]
        let deadline = ContinuousClock.now + timeout
        while true {
            let taken = try connection.execute(
                "SELECT pg_try_advisory_lock($1::int4, hashtext(current_schema()))", key
            ).bool(row: 0, column: 0)
            if taken {
                try connection.execute("SELECT pg_advisory_unlock($1::int4, hashtext(current_schema()))", key)
                return
            }
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("the engine lock of \(location) is still held after \(timeout)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Ends (`pg_terminate_backend`) the server session of the engine that holds the store
    /// open, as a server restart or a network cut would, and waits until it is gone; returns
    /// how many sessions were ended (PostgreSQL only).
    @discardableResult
    func terminateEngineSession() throws -> Int64 {
        let connection = try connection()
        defer { connection.close() }
        let ended = try connection.execute(
            """
            SELECT count(pg_terminate_backend(pid, 10000)) FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND classid = $1::int4::oid
                AND objid = hashtext(current_schema())::oid AND objsubid = 2
            """, [.int64(PostgresStore.engineLockClass)]
        ).int64(row: 0, column: 0)
        return ended
    }
}
