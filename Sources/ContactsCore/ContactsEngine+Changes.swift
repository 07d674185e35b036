import ContactsStore
import ContactsSupport

/// What a request decided: the change to commit (nil when it changes nothing) and its answer.
struct Decision<Result> {
    /// The change to commit, if any.
    var change: StoreChange?
    /// What the request answers once the change is applied.
    var result: Result
    /// For an upload: each contact id's position among its contacts (see
    /// ``EngineState/apply(_:uploadSlots:)``).
    var uploadSlots: [ExactString: UInt32]? = nil
}

extension ContactsEngine {
    /// The one path of every change: decide it against the current state, commit it to the
    /// store, apply it to memory.
    ///
    /// Changes run one at a time (the writer lock). `decide` runs under the state's shared
    /// lock, so readers go on meanwhile; with a store, it runs inside the store's transaction,
    /// after the changes other engines committed since this engine's position have been
    /// applied, so it decides against the committed state. Only applying the change takes the
    /// exclusive lock.
    ///
    /// - Throws: what `decide` throws (nothing changed); ``ContactsError/unavailable(_:)``
    ///   or ``ContactsError/internalFailure(_:)`` when the store fails (nothing was committed).
    func perform<Result>(_ decide: (EngineState) throws(ContactsError) -> Decision<Result>) throws(ContactsError)
        -> Result
    {
        try writer.write { (_: inout UInt8) throws(ContactsError) -> Result in
            guard let store else {
                let decision = try state.read(decide)
                if let change = decision.change {
                    try apply(change, at: state.read { $0.position } + 1, uploadSlots: decision.uploadSlots)
                }
                return decision.result
            }
            var decided: Decision<Result>?
            let position: Int64?
            do {
                position = try store.write(
                    after: state.read { $0.position },
                    catchUp: { missed in
                        for committed in missed { try apply(committed.change, at: committed.position) }
                    },
                    decide: {
                        let decision = try state.read(decide)
                        decided = decision
                        return decision.change
                    })
            } catch let error as ContactsError {
                throw error
            } catch let error as StoreError {
                throw ContactsError(error)
            } catch {
                throw .internalFailure("the store failed: \(error)")
            }
            guard let decision = decided else { throw .internalFailure("the store did not ask for the change") }
            if let change = decision.change, let position {
                try apply(change, at: position, uploadSlots: decision.uploadSlots)
            }
            return decision.result
        }
    }

    /// Applies a committed change at `position` to memory, under the exclusive lock; a
    /// deleted user's recent searches go with them.
    func apply(_ change: StoreChange, at position: Int64, uploadSlots: [ExactString: UInt32]? = nil)
        throws(ContactsError)
    {
        try state.write { (state: inout EngineState) throws(ContactsError) in
            if case .deleteUser(let userId) = change, let index = state.index(of: userId) {
                recentSearches.write { $0[index] = nil }
            }
            try state.apply(change, uploadSlots: uploadSlots)
            state.position = position
        }
        applied.advance(to: position)
    }
}
