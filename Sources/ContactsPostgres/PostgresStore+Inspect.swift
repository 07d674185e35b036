import ContactsStore
import PostgreSQLClient

extension PostgresStore {
    /// Reads the schema version, position and row counts of the store at `uri` without
    /// changing it (and without its engine lock: an engine may be serving it).
    ///
    /// - Throws: ``StoreError/unavailable(path:detail:)`` when no server takes the
    ///   connection; ``StoreError/notOurs(path:detail:)`` for another application's tables.
    package static func inspect(uri: String) throws(StoreError) -> StoreInspection {
        let location = redacted(uri)
        let session = PostgresSession(connection: try connect(uri, location: location), location: location)
        defer { session.close() }
        do {
            return try session.transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                try inspect(session)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.failed(path: location, code: 0, detail: "\(error)")
        }
    }

    /// ``inspect(uri:)`` on an open session, inside the caller's transaction.
    static func inspect(_ session: PostgresSession) throws(StoreError) -> StoreInspection {
        let inventory = try inventory(session)
        var inspection = StoreInspection(
            kind: "PostgreSQL", location: session.location, schemaVersion: inventory.version ?? 0,
            supportedVersion: PostgresSchema.current.version, position: 0, tables: [])
        if let application = inventory.application, application != PostgresSchema.application {
            throw StoreError.notOurs(
                path: session.location,
                detail: "its contacts_schema table names \(application.debugDescription), not ContactsCore")
        }
        if inventory.application == nil {
            guard inventory.tables.isEmpty else {
                throw StoreError.notOurs(
                    path: session.location,
                    detail: "the schema holds tables named like ours (\(inventory.tables.joined(separator: ", "))) "
                        + "but no contacts_schema row")
            }
            return inspection
        }
        guard inspection.schemaVersion <= inspection.supportedVersion, inspection.schemaVersion > 0 else {
            return inspection
        }
        let counts = PostgresSchema.dataTables.map { "(SELECT count(*) FROM \($0))" }.joined(separator: ", ")
        let result = try session.run {
            try session.connection.execute("SELECT \(counts), (SELECT position FROM change_position)")
        }
        try session.decode {
            for (index, table) in PostgresSchema.dataTables.enumerated() {
                inspection.tables.append(
                    StoreInspection.Table(name: table, rows: Int(try result.int64(row: 0, column: index))))
            }
            inspection.position = try result.int64(row: 0, column: PostgresSchema.dataTables.count)
        }
        return inspection
    }
}
