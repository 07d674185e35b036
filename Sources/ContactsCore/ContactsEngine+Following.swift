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
            recentSearches.write { $0 = searches }
            applied.advance(to: position)
        }
    }
}
