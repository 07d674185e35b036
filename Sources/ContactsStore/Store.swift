/// The durable record an engine writes through and rebuilds from: every user, follow,
/// contact, event, budget use and recent search, and the position of the last change.
///
/// An engine keeps all state in memory; the store is what survives it. Every change goes
/// through ``writeChanges(after:catchUp:decide:)``: in one transaction the engine first hears of the
/// changes other engines committed since its position, then decides its own against that
/// state, and the store commits it durably before the engine applies it. So a change is
/// acknowledged only once committed, and two engines can never both accept conflicting
/// changes. ``load(into:)`` streams everything at start-up.
///
/// Backends: ``SQLiteStore`` (one file, one engine) and `PostgresStore` (module
/// ContactsPostgres: one database that several engines share through its change log). Both hold the same
/// data and give the same answers.
package protocol Store: AnyObject, Sendable {
    /// Where the store is, for messages: a file path, or a URI without its password.
    var location: String { get }

    /// Streams every committed row into `loader` (in ``StoreLoader``'s order) and returns the
    /// position of the last change the rows include (0 for a new store).
    ///
    /// - Throws: what `loader` throws, or a ``StoreError``.
    func load<Loader: StoreLoader>(into loader: inout Loader) throws -> Int64

    /// Changes decided against the committed state and committed durably, together.
    ///
    /// Runs in one transaction that no other write interleaves with: `catchUp` receives, in
    /// commit order, the changes committed after `position` that this engine has not applied
    /// (another engine's; or this engine's own change whose commit was cut off by a lost
    /// connection and turned out to have been committed), then `decide` returns the changes
    /// to commit, in order (none when the requests change nothing). They commit at once:
    /// one durable commit (one fsync) for all, each with its own position. An error thrown
    /// by either closure rolls everything back and is rethrown.
    ///
    /// - Returns: the position of the last committed change (the store's position after
    ///   the catch-up when `decide` returned none); the changes have the positions before it,
    ///   in order.
    /// - Throws: what the closures throw, or a ``StoreError`` (``StoreError/unavailable(path:detail:)``
    ///   when the database cannot be reached: nothing was committed, or, when the connection
    ///   was lost during the commit itself, the outcome is known only once the store is
    ///   reached again, and a committed change is then delivered to `catchUp`).
    func writeChanges(
        after position: Int64, catchUp: ([PositionedChange]) throws -> Void, decide: () throws -> [StoreChange]
    ) throws -> Int64

    /// Records that `userId` searched for `query` (already trimmed and collapsed), written
    /// behind: never waits on the disk; a crash may lose the last second of searches.
    ///
    /// - Returns: the search's place in the store's write-behind order (see
    ///   ``SharedStore/writtenSearchSequence``).
    @discardableResult
    func recordSearch(userId: String, query: String) -> Int64

    /// Writes what is pending and closes the store; using it afterwards throws
    /// ``StoreError/closed(path:)``. Closing twice does nothing.
    func close() throws
}

extension Store {
    /// One change, decided against the committed state and committed durably: the one-change
    /// form of ``writeChanges(after:catchUp:decide:)``.
    ///
    /// - Returns: the position of the committed change; nil when `decide` returned nil.
    package func write(
        after position: Int64, catchUp: ([PositionedChange]) throws -> Void, decide: () throws -> StoreChange?
    ) throws -> Int64? {
        var decided = false
        let last = try writeChanges(after: position, catchUp: catchUp) {
            guard let change = try decide() else { return [] }
            decided = true
            return [change]
        }
        return decided ? last : nil
    }

    /// The whole store as one value: convenient for small stores, tools and tests.
    /// Engines rebuilding from a large store should stream with ``load(into:)``.
    package func loadSnapshot() throws -> StoreSnapshot {
        var snapshot = StoreSnapshot()
        _ = try load(into: &snapshot)
        return snapshot
    }
}
