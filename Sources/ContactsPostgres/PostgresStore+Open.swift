import ContactsStore
import PostgreSQLClient

extension PostgresStore {
    /// ``open(uri:options:)`` with a given schema history (tests use it to check migrations
    /// with a fake newer version).
    package static func open(uri: String, options: StoreOptions, schema: PostgresSchema) throws(StoreError)
        -> PostgresStore
    {
        let location = redacted(uri)
        let connection = try connect(uri, location: location)
        let session = PostgresSession(connection: connection, location: location)
        do throws(StoreError) {
            try checkWritable(session)
            try migrate(session, schema: schema)
            try session.markAsEngine()
            return PostgresStore(uri: uri, location: location, options: options, session: session)
        } catch {
            session.close()
            throw error
        }
    }

    /// A connection to `uri` with the write path's response timeout.
    ///
    /// - Throws: ``StoreError/unavailable(path:detail:)`` when no host takes it;
    ///   ``StoreError/invalidArgument(path:detail:)`` for a malformed URI.
    static func connect(_ uri: String, location: String) throws(StoreError) -> PostgresConnection {
        do {
            return try PostgresConnection.connect(uri, responseTimeout: writeResponseTimeout)
        } catch {
            if error.kind == .client { throw StoreError.invalidArgument(path: location, detail: error.oneLine) }
            throw StoreError.unavailable(path: location, detail: error.oneLine)
        }
    }

    /// Refuses a standby, a read-only session, and a `search_path` that names no schema.
    private static func checkWritable(_ session: PostgresSession) throws(StoreError) {
        let location = session.location
        if session.connection.isHotStandby == true {
            throw StoreError.readOnly(
                path: location,
                detail: "the server is a standby; list the primary in the URI (with target_session_attrs=read-write)")
        }
        let result = try session.run {
            try session.connection.execute(
                "SELECT current_schema() IS NOT NULL, current_setting('transaction_read_only') = 'on'")
        }
        let (hasSchema, readOnly) = try session.decode {
            (try result.bool(row: 0, column: 0), try result.bool(row: 0, column: 1))
        }
        guard hasSchema else {
            throw StoreError.failed(
                path: location, code: 0,
                detail: "the connection's search_path names no existing schema to create the tables in")
        }
        if readOnly {
            throw StoreError.readOnly(
                path: location, detail: "the session is read-only (default_transaction_read_only)")
        }
    }

    /// What a schema holds of ours: the bookkeeping row, if any, and which of our tables exist.
    struct Inventory {
        var application: String?
        var version: Int?
        var tables: [String]
    }

    /// Reads the inventory of the connection's current schema.
    static func inventory(_ session: PostgresSession) throws(StoreError) -> Inventory {
        let names = PostgresSchema.allTables.map { "'\($0)'" }.joined(separator: ", ")
        let tables = try session.run {
            try session.connection.execute(
                """
                SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND c.relname IN (\(names))
                ORDER BY 1
                """)
        }
        var inventory = Inventory(
            tables: try session.decode { try (0..<tables.rowCount).map { try tables.string(row: $0, column: 0) } })
        guard inventory.tables.contains("contacts_schema") else { return inventory }
        let row = try session.run {
            try session.connection.execute("SELECT application, version FROM contacts_schema")
        }
        guard row.rowCount == 1 else {
            inventory.application = ""
            return inventory
        }
        inventory.application = try session.decode { try row.string(row: 0, column: 0) }
        inventory.version = Int(try session.decode { try row.int64(row: 0, column: 1) })
        return inventory
    }

    /// Brings the schema to `schema.version` in one transaction, under a transaction-level
    /// advisory lock so that two openers never migrate at once; refuses another
    /// application's tables and a newer schema (nothing written then).
    private static func migrate(_ session: PostgresSession, schema: PostgresSchema) throws(StoreError) {
        let location = session.location
        do {
            try session.transaction { () throws in
                try session.run {
                    try session.connection.execute(
                        "SELECT pg_advisory_xact_lock($1::int4, hashtext(current_schema()) # 1)",
                        [.int64(PostgresSession.lockClass)])
                }
                let inventory = try inventory(session)
                var version = 0
                if let application = inventory.application {
                    guard application == PostgresSchema.application else {
                        throw StoreError.notOurs(
                            path: location,
                            detail: "its contacts_schema table names \(application.debugDescription), not ContactsCore")
                    }
                    version = inventory.version ?? 0
                } else if !inventory.tables.isEmpty {
                    throw StoreError.notOurs(
                        path: location,
                        detail: "the schema holds tables named like ours (\(inventory.tables.joined(separator: ", "))) "
                            + "but no contacts_schema row")
                }
                if version > schema.version {
                    throw StoreError.newerSchema(path: location, found: version, supported: schema.version)
                }
                guard version < schema.version else { return }
                if inventory.application == nil {
                    try session.run {
                        try session.connection.executeScript(
                            """
                            CREATE TABLE contacts_schema (
                                singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
                                application text NOT NULL,
                                version integer NOT NULL
                            )
                            """)
                        try session.connection.execute(
                            "INSERT INTO contacts_schema (application, version) VALUES ($1, 0)",
                            [.text(PostgresSchema.application)])
                    }
                }
                for migration in schema.migrations[version...] {
                    do {
                        try session.connection.executeScript(migration.script)
                    } catch let error as PostgresError where error.isConnectionError {
                        throw session.storeError(error)
                    } catch {
                        throw StoreError.failed(
                            path: location, code: 0, detail: "migration \"\(migration.summary)\" failed: \(error)")
                    }
                }
                try session.run {
                    try session.connection.execute(
                        "UPDATE contacts_schema SET version = $1", [.int64(Int64(schema.version))])
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.failed(path: location, code: 0, detail: "\(error)")
        }
    }
}
