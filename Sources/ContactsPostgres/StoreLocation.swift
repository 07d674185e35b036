import ContactsStore

/// Where a store is, from the text `--store` takes (PROTOCOL §8): a PostgreSQL connection
/// URI (`postgresql://…` or `postgres://…`, libpq's syntax, several hosts included), or else
/// the path of an SQLite file.
package enum StoreLocation: Sendable, Hashable, CustomStringConvertible {
    /// An SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL database.
    case postgres(uri: String)

    /// The location `text` names.
    package init(_ text: String) {
        if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") {
            self = .postgres(uri: text)
        } else {
            self = .sqlite(path: text)
        }
    }

    /// The path, or the URI without its password.
    package var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let uri): PostgresStore.redacted(uri)
        }
    }

    /// Opens the store (created when missing, migrated when older).
    ///
    /// - Throws: the ``StoreError`` of ``SQLiteStore/open(path:options:)`` or
    ///   ``PostgresStore/open(uri:options:)``.
    package func open(options: StoreOptions = StoreOptions()) throws(StoreError) -> any TransactionalStore {
        switch self {
        case .sqlite(let path): try SQLiteStore.open(path: path, options: options)
        case .postgres(let uri): try PostgresStore.open(uri: uri, options: options)
        }
    }

    /// What the store holds, read without changing it (see ``StoreInspection``).
    package func inspect() throws(StoreError) -> StoreInspection {
        switch self {
        case .sqlite(let path): try SQLiteStore.inspect(path: path)
        case .postgres(let uri): try PostgresStore.inspect(uri: uri)
        }
    }
}
