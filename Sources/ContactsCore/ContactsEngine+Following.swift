import ContactsStore
import ContactsSupport

extension ContactsEngine {
    /// Applies changes another engine committed, delivered by the change log in commit
    /// order (see ``ChangeFollower``), under the writer lock so that they never interleave
    /// with this engine's own commits; those this engine already has (its own, or ones it
    /// caught up on before a write) are skipped.
    ///
    /// - Throws: ``ContactsError/internalFailure(_:)`` when the changes do not follow this
    ///   engine's position, or memory refuses one (the engine must then reload).
    func applyFollowed(_ changes: [PositionedChange]) throws(ContactsError) {
        try writer.write { (_: inout UInt8) throws(ContactsError) in
            var position = state.read { $0.position }
            for committed in changes where committed.position > position {
                guard committed.position == position + 1 else {
                    throw .internalFailure(
                        "the change log jumped from position \(position) to \(committed.position)")
                }
                try apply(committed.change, at: committed.position)
                position = committed.position
            }
        }
    }

    /// Loads the whole store afresh and replaces this engine's state with it (an engine that
    /// fell behind what the change log still holds), under the writer lock; readers see the
    /// old state until the new one is complete.
    ///
    /// - Throws: what the load throws (the old state stays).
    func reload() throws {
        guard let store else { return }
        try writer.write { (_: inout UInt8) throws in
            var loader = EngineLoader(phoneKeySeed: configuration.phoneKeySeed)
            let position = try store.load(into: &loader)
            var (loaded, searches) = try loader.finish()
            loaded.position = position
            state.write { $0 = loaded }
            recentSearches.write { $0 = RecentSearchLists(searches) }
            followedSearchMark.write { $0 = (store as? any SharedStore)?.loadedSearchMark ?? 0 }
            applied.advance(to: position)
        }
    }

    /// The most searches one merge reads.
    static let followedSearchBatch = 1_000

    /// Merges into memory the recent searches written to the shared store since the last
    /// merge, by every engine this one included (PROTOCOL §8: within 1 s), oldest first, each
    /// moving its query to the front of its user's list (below this engine's own searches not
    /// yet written: ``RecentSearchLists``), so that every engine ends with the store's order
    /// (``FollowedSearch/order``). Under the writer lock, and only once this
    /// engine has applied the change position of the searches' snapshot: a user deleted
    /// since is gone from the snapshot too, and a user registered before it is known here.
    ///
    /// - Returns: false when the snapshot is ahead of this engine, or a search of this engine
    ///   committed while it was read (nothing merged: merge again, once the changes up to
    ///   the snapshot are applied).
    /// - Throws: what the feed throws (nothing merged).
    func mergeFollowedSearches(from feed: any ChangeFeed) throws -> Bool {
        try writer.write { (_: inout UInt8) throws -> Bool in
            let shared = store as? any SharedStore
            let written = shared?.writtenSearchSequence ?? 0
            let fetched = try feed.searches(after: followedSearchMark.read { $0 }, limit: Self.followedSearchBatch)
            // A search of this engine written meanwhile may or may not be in the snapshot:
            // fetch again rather than guess.
            guard shared?.writtenSearchSequence ?? 0 == written else { return false }
            let position = state.read { $0.position }
            guard fetched.position <= position else { return false }
            // Behind this engine only when the database lost committed changes: keep the mark.
            guard fetched.position == position, let last = fetched.searches.last else { return true }
            let users = state.read { state in fetched.searches.map { state.index(of: $0.userId) } }
            recentSearches.write { lists in
                lists.confirm(through: written)
                for (user, search) in zip(users, fetched.searches) {
                    guard let user else { continue }
                    lists.merge(search.query, of: user)
                }
            }
            followedSearchMark.write { $0 = last.order }
            return true
        }
    }
}
