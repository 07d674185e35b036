import ContactsSupport

extension SQLiteStore {
    /// The tables of the SQLite schema, for `store check`.
    static let inspectedTables = ["users", "follows", "contacts", "events", "recent_searches", "upload_budget"]

    /// Reads the schema version, position and row counts of the store at `path` without
    /// changing it (a read-only connection; a missing or empty file reports version 0).
    ///
    /// - Throws: ``StoreError/notOurs(path:detail:)`` for another application's file,
    ///   ``StoreError/locked(path:)`` while an engine holds it, other ``StoreError``s from
    ///   SQLite.
    package static func inspect(path givenPath: String) throws(StoreError) -> StoreInspection {
        let path = givenPath.hasPrefix("/") ? givenPath : FileSystem.currentDirectory + "/" + givenPath
        let supported = StoreSchema.current.version
        let header = try StoreFileHeader.inspect(path: path)
        var inspection = StoreInspection(
            kind: "SQLite", location: path, schemaVersion: 0, supportedVersion: supported, position: 0, tables: [])
        guard case .sqlite(let applicationID, _) = header else { return inspection }
        if applicationID != StoreSchema.applicationID && applicationID != 0 {
            throw StoreError.notOurs(
                path: path,
                detail: "an SQLite database of another application: its application_id is "
                    + "0x\(String(UInt32(bitPattern: applicationID), radix: 16))")
        }
        let connection = try SQLiteConnection.open(path: path, mode: .readOnly)
        defer { try? connection.close() }
        inspection.schemaVersion = Int(try connection.integer("PRAGMA user_version"))
        if inspection.schemaVersion == 0 {
            guard try connection.integer("SELECT count(*) FROM sqlite_schema") == 0 else {
                throw StoreError.notOurs(path: path, detail: "an SQLite database of another application")
            }
            return inspection
        }
        guard inspection.schemaVersion <= supported else { return inspection }
        for table in inspectedTables {
            inspection.tables.append(
                StoreInspection.Table(name: table, rows: Int(try connection.integer("SELECT count(*) FROM \(table)"))))
        }
        if inspection.schemaVersion >= 2 {
            inspection.position = try connection.integer("SELECT position FROM change_position")
        }
        return inspection
    }
}
