import ContactsModel

/// A store that can take every row of another store at once, when empty: the target of
/// `contacts store copy`. The rows arrive through a ``StoreLoader`` (the source's
/// ``Store/load(into:)``), table by table, and are written in bulk in one transaction.
package protocol StoreImporting: TransactionalStore {
    /// The loader that writes the rows it receives into this store.
    associatedtype Importer: StoreLoader

    /// Runs `fill` with an importer inside one transaction and commits what it received,
    /// with the change position `fill` returns (the source's).
    ///
    /// - Throws: ``StoreError/invalidArgument(path:detail:)`` when the store is not empty
    ///   (nothing written); what `fill` throws, or a ``StoreError`` (nothing kept).
    func importRows(_ fill: (inout Importer) throws -> Int64) throws
}
