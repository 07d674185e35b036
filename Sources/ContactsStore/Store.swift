/// The durable record an engine writes through and rebuilds from: every user, follow,
/// contact, event, budget use and recent search, and the position of the last change.
///
/// An engine keeps all state in memory; the store is what survives it. Every change goes
/// through ``write(after:catchUp:decide:)``: in one transaction the engine first hears of the
/// changes other engines committed since its position, then decides its own against that
/// state, and the store commits it durably before the engine applies it. So a change is
/// acknowledged only once committed, and two engines can never both accept conflicting
/// changes. ``load(into:)`` streams everything at start-up.
///
/// Backends: ``SQLiteStore`` (one file, one engine) and the PostgreSQL store (several engines
/// on one database). Both hold the same data and give the same answers.
package protocol Store: AnyObject, Sendable {
    /// Where the store is, for messages: a file path, or a URI without its password.
    var location: String { get }

    /// Streams every committed row into `loader` (in ``StoreLoader``'s order) and returns the
    /// position of the last change the rows include (0 for a new store).
    ///
    /// - Throws: what `loader` throws, or a ``StoreError``.
    func load<Loader: StoreLoader>(into loader: inout Loader) throws -> Int64

    /// One change, decided against the committed state and committed durably.
    ///
    /// Runs in one transaction that no other write interleaves with: `catchUp` receives, in
    /// commit order, the changes committed after `position` by other engines (none for a
    /// store that only one engine uses), then `decide` returns the change to commit, or nil
    /// when the request changes nothing. An error thrown by either rolls everything back and
    /// is rethrown.
    ///
    /// - Returns: the position of the committed change; nil when `decide` returned nil.
    /// - Throws: what the closures throw, or a ``StoreError`` (``StoreError/unavailable(location:detail:)``
    ///   when the database cannot be reached: nothing was committed).
    func write(
        after position: Int64, catchUp: ([PositionedChange]) throws -> Void, decide: () throws -> StoreChange?
    ) throws -> Int64?

    /// Records that `userId` searched for `query` (already trimmed and collapsed), written
    /// behind: never waits on the disk; a crash may lose the last second of searches.
    func recordSearch(userId: String, query: String)

    /// Writes what is pending and closes the store; using it afterwards throws
    /// ``StoreError/closed(path:)``. Closing twice does nothing.
    func close() throws
}
