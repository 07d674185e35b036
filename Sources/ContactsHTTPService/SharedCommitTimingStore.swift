import ContactsMetrics
import ContactsStore

/// A ``CommitTimingStore`` over a store several engines share (PROTOCOL §8): it times commits
/// the same way and also opens the wrapped store's change feed, so that an engine behind it
/// follows the changes the other engines commit.
package final class SharedCommitTimingStore: SharedStore {
    private let timing: CommitTimingStore
    private let shared: any SharedStore

    /// `store`, with its commits timed into `durations`.
    package init(_ store: any SharedStore, durations: Histogram) {
        timing = CommitTimingStore(store, durations: durations)
        shared = store
    }

    /// The wrapped store's location.
    package var location: String { timing.location }

    /// Loads from the wrapped store.
    package func load<Loader: StoreLoader>(into loader: inout Loader) throws -> Int64 {
        try timing.load(into: &loader)
    }

    /// Writes through the wrapped store, timing the commit of the changes decided.
    package func writeChanges(
        after position: Int64, catchUp: ([PositionedChange]) throws -> Void, decide: () throws -> [StoreChange]
    ) throws -> Int64 {
        try timing.writeChanges(after: position, catchUp: catchUp, decide: decide)
    }

    /// Records a search through the wrapped store.
    package func recordSearch(userId: String, query: String) -> Int64 {
        timing.recordSearch(userId: userId, query: query)
    }

    /// The wrapped store's written searches.
    package var writtenSearchSequence: Int64 { shared.writtenSearchSequence }

    /// Opens the wrapped store's change feed.
    package func openFeed() throws -> any ChangeFeed {
        try shared.openFeed()
    }

    /// The wrapped store's mark of the last load's newest recent search.
    package var loadedSearchMark: Int64 { shared.loadedSearchMark }

    /// Closes the wrapped store.
    package func close() throws {
        try timing.close()
    }
}

extension CommitTimingStore {
    /// `store` with its commits timed into `durations`: a ``SharedCommitTimingStore`` when
    /// several engines may share it (so that the engine follows the others), else a
    /// ``CommitTimingStore``.
    package static func wrapping(_ store: any Store, durations: Histogram) -> any Store {
        if let shared = store as? any SharedStore { return SharedCommitTimingStore(shared, durations: durations) }
        return CommitTimingStore(store, durations: durations)
    }
}
