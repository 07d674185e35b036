import ContactsMetrics
import ContactsStore
import ContactsSupport

/// A store that times each commit into a histogram (`contacts_store_commit_duration_seconds`)
/// and otherwise forwards everything to the store it wraps.
///
/// A commit is timed from the moment the engine's decision returns to the moment the store's
/// write returns: the transaction's commit, not the decision that ran inside it.
package final class CommitTimingStore: Store {
    private let wrapped: any Store
    private let durations: Histogram

    /// `store`, with its commits timed into `durations`.
    package init(_ store: any Store, durations: Histogram) {
        wrapped = store
        self.durations = durations
    }

    /// The wrapped store's location.
    package var location: String { wrapped.location }

    /// Loads from the wrapped store.
    package func load<Loader: StoreLoader>(into loader: inout Loader) throws -> Int64 {
        try wrapped.load(into: &loader)
    }

    /// Writes through the wrapped store, timing the commit of the changes decided.
    package func writeChanges(
        after position: Int64, catchUp: ([PositionedChange]) throws -> Void, decide: () throws -> [StoreChange]
    ) throws -> Int64 {
        var decidedAt: UInt64?
        let committed = try wrapped.writeChanges(
            after: position, catchUp: catchUp,
            decide: {
                let changes = try decide()
                if !changes.isEmpty { decidedAt = WallClock.monotonicNanoseconds() }
                return changes
            })
        if let decidedAt {
            durations.observe(nanoseconds: WallClock.monotonicNanoseconds() - decidedAt)
        }
        return committed
    }

    /// Records a search through the wrapped store.
    package func recordSearch(userId: String, query: String) -> Int64 {
        wrapped.recordSearch(userId: userId, query: query)
    }

    /// Closes the wrapped store.
    package func close() throws {
        try wrapped.close()
    }
}
