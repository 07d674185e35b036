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
    /// With a store, concurrent changes share commits (group commit, ``CommitQueue``): the
    /// caller that finds no commit under way leads, takes every waiting request as one group,
    /// decides each in order against the state the group starts from — inside the store's
    /// transaction, after the changes other engines committed since this engine's position
    /// have been applied — and commits the group's changes in one transaction (one fsync),
    /// each at its own position, then applies them to memory in that order. A request whose
    /// `footprint` touches what an earlier change of the group writes waits for the next
    /// group, so every decision is the one it would be if the changes ran one at a time.
    /// `decide` runs under the state's shared lock, so readers go on meanwhile; only applying
    /// the changes takes the exclusive lock.
    ///
    /// - Parameters:
    ///   - footprint: what `decide` reads (``ChangeFootprint/everything`` when unsure: the
    ///     request then starts a group of its own).
    ///   - weight: the request's share of a group's size (an upload's contacts).
    /// - Throws: what `decide` throws (nothing changed); ``ContactsError/unavailable(_:)``
    ///   or ``ContactsError/internalFailure(_:)`` when the store fails (nothing was committed,
    ///   or, for `unavailable` after a connection lost during the commit, the engine learns
    ///   whether it was at its next write and applies it then).
    func perform<Result>(
        reads footprint: ChangeFootprint = .everything, weight: Int = 1,
        _ decide: (EngineState) throws(ContactsError) -> Decision<Result>
    ) throws(ContactsError) -> Result {
        guard let store else {
            return try writer.write { (_: inout UInt8) throws(ContactsError) -> Result in
                let decision = try state.read(decide)
                if let change = decision.change {
                    try apply(change, at: state.read { $0.position } + 1, uploadSlots: decision.uploadSlots)
                }
                return decision.result
            }
        }
        // The closure is used only until this call returns: the caller waits for its request.
        let outcome = withoutActuallyEscaping(decide) { decide in
            let request = TypedPendingChange(footprint: footprint, weight: weight, body: decide)
            if commits.enqueue(request) {
                repeat {
                    let group = commits.takeGroup()
                    if !group.isEmpty { commit(group, to: store) }
                } while !commits.isDone(request)
                commits.stepDown()
            }
            let outcome = request.outcome
            request.release()
            return outcome
        }
        guard let outcome else { throw .internalFailure("the commit group did not answer the request") }
        return try outcome.get()
    }

    /// Decides and commits one group (see ``perform(reads:weight:_:)``), applies what
    /// committed, and finishes every request it answered; the others go back to the queue.
    private func commit(_ group: [PendingChange], to store: any Store) {
        var decided: [(request: PendingChange, change: StoreChange, uploadSlots: [ExactString: UInt32]?)] = []
        var answered: [PendingChange] = []
        var deferred: [PendingChange] = []
        var didDecide = false
        writer.write { (_: inout UInt8) in
            do {
                let last = try store.writeChanges(
                    after: state.read { $0.position },
                    catchUp: { missed in
                        for committed in missed { try apply(committed.change, at: committed.position) }
                    },
                    decide: {
                        didDecide = true
                        var written = WrittenKeys()
                        var changes: [StoreChange] = []
                        for request in group {
                            if written.conflicts(with: request.footprint) {
                                deferred.append(request)
                                continue
                            }
                            do {
                                let (change, slots) = try state.read { (state) throws(ContactsError) in
                                    let decision = try request.decide(state)
                                    if let change = decision.change { written.add(change, decidedOn: state) }
                                    return decision
                                }
                                guard let change else {
                                    answered.append(request)
                                    continue
                                }
                                decided.append((request, change, slots))
                                changes.append(change)
                            } catch {
                                answered.append(request)
                            }
                        }
                        return changes
                    })
                applyCommitted(decided, last: last)
                answered += decided.map(\.request)
            } catch {
                let failure = Self.contactsError(error)
                if !didDecide {
                    for request in group { request.fail(failure) }
                    answered = group
                    deferred = []
                    return
                }
                if case .unavailable = failure {
                    for item in decided { item.request.fail(failure) }
                    answered += decided.map(\.request)
                } else if decided.count > 1 {
                    // Retry each alone, so that only a faulty change fails.
                    for item in decided { item.request.alone = true }
                    deferred = decided.map(\.request) + deferred
                } else {
                    for item in decided { item.request.fail(failure) }
                    answered += decided.map(\.request)
                }
            }
        }
        commits.putBack(deferred)
        commits.finish(answered)
    }

    /// Applies a committed group's changes in order (the last at `last`) under one exclusive
    /// lock; a change that memory refuses (a bug) fails its own request only.
    private func applyCommitted(
        _ decided: [(request: PendingChange, change: StoreChange, uploadSlots: [ExactString: UInt32]?)], last: Int64
    ) {
        guard !decided.isEmpty else { return }
        let first = last - Int64(decided.count) + 1
        makeRoom(for: decided.lazy.map(\.change))
        state.write { (state: inout EngineState) in
            for (offset, item) in decided.enumerated() {
                do throws(ContactsError) {
                    try apply(item.change, to: &state, uploadSlots: item.uploadSlots)
                    item.request.succeed()
                } catch {
                    item.request.fail(error)
                }
                state.position = first + Int64(offset)
            }
            compactDirectoryIfChurned(&state)
        }
        applied.advance(to: last)
    }

    /// The engine's error for a store failure.
    private static func contactsError(_ error: any Error) -> ContactsError {
        switch error {
        case let error as ContactsError: error
        case let error as StoreError: ContactsError(error)
        case let error as ChangeLogTrimmed: .unavailable(error.description)
        default: .internalFailure("the store failed: \(error)")
        }
    }

    /// Applies a committed change at `position` to memory, under the exclusive lock; a
    /// deleted user's recent searches go with them.
    func apply(_ change: StoreChange, at position: Int64, uploadSlots: [ExactString: UInt32]? = nil)
        throws(ContactsError)
    {
        makeRoom(for: CollectionOfOne(change))
        try state.write { (state: inout EngineState) throws(ContactsError) in
            try apply(change, to: &state, uploadSlots: uploadSlots)
            state.position = position
            compactDirectoryIfChurned(&state)
        }
        applied.advance(to: position)
    }

    /// Applies `change` to `state` (held exclusively by the caller).
    private func apply(_ change: StoreChange, to state: inout EngineState, uploadSlots: [ExactString: UInt32]?)
        throws(ContactsError)
    {
        if case .deleteUser(let userId) = change, let index = state.index(of: userId) {
            recentSearches.write { $0.remove(index) }
        }
        try state.apply(change, uploadSlots: uploadSlots)
    }

    /// Makes room, before `changes` are applied, for the users they register or delete (see
    /// ``EngineState/hasRoom(forRegistering:)``; a deletion grows nothing but changes the
    /// directory, which may share its storage with a rebuild's copy): the parts that lack room
    /// are copied with room to spare off the exclusive lock and swapped in under it in O(1), so
    /// that applying the changes grows and copies nothing the readers wait for. The parts
    /// replaced are released after the lock. The caller holds the writer lock.
    ///
    /// - Complexity: O(k) for k changes when there is room; O(n) in the bytes of the parts
    ///   that lack it otherwise (amortized over the users that fill the room).
    private func makeRoom(for changes: some Sequence<StoreChange>) {
        let registrations = changes.reduce(0) { count, change in
            switch change {
            case .registerUser, .deleteUser: count + 1
            default: count
            }
        }
        guard registrations > 0,
            var room = state.read({ current -> RegistrationRoom? in
                current.hasRoom(forRegistering: registrations)
                    ? nil : RegistrationRoom(of: current, registrations: registrations)
            })
        else { return }
        room.makeRoom(forRegistering: registrations)
        state.write { $0.install(&room) }
        withExtendedLifetime(room) {}  // the replaced parts are freed here, after the lock
    }
}
