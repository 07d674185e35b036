/// A ``Store`` that several engines may serve at once (PROTOCOL §8): each engine follows,
/// through a feed of its own, the changes the others commit to the store's change log.
package protocol SharedStore: Store {
    /// Opens a feed of the change log on a connection of its own, so that following never
    /// waits for this engine's writes.
    ///
    /// - Throws: ``StoreError/unavailable(path:detail:)`` when the store cannot be reached.
    func openFeed() throws -> any ChangeFeed

    /// The order of the newest recent search that the last ``Store/load(into:)`` read (0
    /// when none): a feed's ``ChangeFeed/searches(after:limit:)`` after it gives what that
    /// load did not see.
    var loadedSearchMark: Int64 { get }

    /// The place in the write-behind order (what ``Store/recordSearch(userId:query:)``
    /// returned) of the last search whose write committed: every search recorded up to it
    /// is in the store (or was dropped, as for a user deleted meanwhile).
    var writtenSearchSequence: Int64 { get }
}

/// The change log of a ``SharedStore`` as one engine follows it. Used by one thread at a time.
package protocol ChangeFeed: AnyObject {
    /// The changes committed after `position`, in commit order (at most `limit`, the
    /// first at `position + 1`); when there are none, waits up to `timeout` for one to be
    /// committed. An empty answer means none came within `timeout`. Each call also tells the
    /// store that this engine has applied `position`, so that the log can be trimmed below
    /// what every engine has applied.
    ///
    /// - Throws: ``ChangeLogTrimmed`` when the log no longer holds the changes right after
    ///   `position` (the engine must load the store afresh);
    ///   ``StoreError/unavailable(path:detail:)`` when the store cannot be reached (the next
    ///   call reconnects).
    func changes(after position: Int64, limit: Int, waiting timeout: Duration) throws -> [PositionedChange]

    /// Whether recent searches may have been written since the last
    /// ``searches(after:limit:)`` (another engine said so, or it is time to look anyway);
    /// the follower sets it again when it could not merge what it fetched. While it is set,
    /// ``changes(after:limit:waiting:)`` does not wait.
    var searchesDue: Bool { get set }

    /// The recent searches written after order `mark`, oldest first (at most `limit`), and
    /// the change position of the same snapshot: an engine merges them once it has applied
    /// that position (PROTOCOL §8: recent searches reach the other engines within 1 s).
    /// Clears ``searchesDue`` unless the answer is full.
    ///
    /// - Throws: ``StoreError/unavailable(path:detail:)`` when the store cannot be reached.
    func searches(after mark: Int64, limit: Int) throws -> FollowedSearches

    /// Closes the feed's connection. Closing twice does nothing.
    func close()
}

/// An engine fell too far behind the change log: the changes after its position were
/// trimmed (every engine that was alive had applied them, or they passed the log's
/// longest retention). The engine must load the store afresh and follow from there.
package struct ChangeLogTrimmed: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the store is.
    package var path: String
    /// The position the engine had applied.
    package var position: Int64
    /// The first position the log still holds (nil when it holds none).
    package var oldestKept: Int64?

    /// Makes the error.
    package init(path: String, position: Int64, oldestKept: Int64?) {
        self.path = path
        self.position = position
        self.oldestKept = oldestKept
    }

    /// One line: the store, this engine's position and what the log still holds.
    package var description: String {
        let kept = oldestKept.map { "starts at position \($0)" } ?? "holds no change"
        return "store \(path): this engine is at position \(position) but the change log \(kept): the changes "
            + "in between were trimmed; the engine reloads the store"
    }
}
