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
