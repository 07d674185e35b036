/// What `contacts store check` reports of a store, read without changing it: its kind,
/// schema version, position and the rows of each table.
package struct StoreInspection: Sendable, Equatable {
    /// `SQLite` or `PostgreSQL`.
    package var kind: String
    /// Where the store is (a path, or a URI without its password).
    package var location: String
    /// The store's schema version; 0 for a store not created yet (an empty database or a
    /// missing file).
    package var schemaVersion: Int
    /// The schema version this build writes.
    package var supportedVersion: Int
    /// The position of the last change (0 before any, or for a store not created yet).
    package var position: Int64
    /// Each table and its row count, in the schema's order (none for a store not created).
    package var tables: [Table]

    /// One table's row count.
    package struct Table: Sendable, Equatable {
        /// The table's name.
        package var name: String
        /// Its rows.
        package var rows: Int

        /// Makes a count.
        package init(name: String, rows: Int) {
            self.name = name
            self.rows = rows
        }
    }

    /// Makes an inspection.
    package init(
        kind: String, location: String, schemaVersion: Int, supportedVersion: Int, position: Int64, tables: [Table]
    ) {
        self.kind = kind
        self.location = location
        self.schemaVersion = schemaVersion
        self.supportedVersion = supportedVersion
        self.position = position
        self.tables = tables
    }

    /// The rows of `table` (0 when it is not listed).
    package func rows(of table: String) -> Int {
        tables.first { $0.name == table }?.rows ?? 0
    }

    /// Whether the store holds nothing: no row in any table and position 0.
    package var isEmpty: Bool {
        position == 0 && tables.allSatisfy { $0.rows == 0 }
    }
}
