import ContactsMatching
import ContactsModel
import ContactsSearch
import ContactsSocial
import ContactsStore
import ContactsSupport

extension EngineState {
    /// Applies a committed change: the one way the state changes, whether this engine decided
    /// the change or another engine did (its changes arrive in commit order).
    ///
    /// Every change was checked against the state it was decided on, which is this state for
    /// a change of this engine's and, for another engine's, the same committed state this one
    /// has reached by applying every change before it.
    ///
    /// - Parameter uploadSlots: for an upload this engine decided, each contact id's position
    ///   among the upload's contacts, which a new book adopts instead of hashing every id again.
    /// - Throws: ``ContactsError/internalFailure(_:)`` should a structure refuse the change,
    ///   which the checks rule out (a bug, not a caller's error).
    mutating func apply(_ change: StoreChange, uploadSlots: [ExactString: UInt32]? = nil) throws(ContactsError) {
        switch change {
        case .registerUser(let userId, let e164, let displayName):
            try register(userId, e164: e164, displayName: displayName)
        case .deleteUser(let userId):
            guard let index = index(of: userId) else { return }
            uploads.removeAllUploads(of: index)
            books[index] = nil
            if let record = user(index) { _ = phoneOwners.removeUser(for: record.e164) }
            _ = graph.removeUser(index)
            _ = events.removeEvents(of: index)
            _ = directory.remove(id: userId, rebuildingWhenChurned: false)
            directoryChangedIDs?.append(userId)
            users[Int(index)] = nil
            userIndex.remove(userId)
        case .uploadContacts(let ownerId, let contacts, let numbers, let day, let added):
            guard let owner = index(of: ownerId) else { return }
            let key = ExactString(ownerId)
            var usage = budget[key] ?? BudgetDay(day: day, used: 0)
            if usage.day != day { usage = BudgetDay(day: day, used: 0) }
            usage.used += added
            budget[key] = usage
            let slots = books[owner, default: AddressBook(ownerId: ownerId)].put(
                contacts, numbers: numbers, slotOfID: uploadSlots)
            let uploaded = zip(slots, numbers).map { UploadedContact(contact: $0, numbers: $1) }
            try Self.applied { () throws(MatchingError) in try uploads.replaceContacts(uploaded, of: owner) }
        case .deleteAllContacts(let ownerId):
            guard let owner = index(of: ownerId) else { return }
            uploads.removeAllUploads(of: owner)
            books[owner] = nil
        case .follow(let followerId, let followeeId, let since):
            guard let follower = index(of: followerId), let followee = index(of: followeeId) else { return }
            try Self.applied { () throws(FollowGraphError) in _ = try graph.follow(follower, followee, since: since) }
        case .unfollow(let followerId, let followeeId):
            guard let follower = index(of: followerId), let followee = index(of: followeeId) else { return }
            _ = graph.unfollow(follower, followee)
        case .createEvent(let record):
            guard let creator = index(of: record.creatorId) else { return }
            let event = Event(
                eventId: record.eventId, creator: creator, title: record.title, description: record.description,
                location: record.location, startTime: record.startTime, createdAt: record.createdAt)
            try Self.applied { () throws(EventStoreError) in _ = try events.create(event) }
        case .deleteEvent(let eventId, let creatorId):
            guard let creator = index(of: creatorId) else { return }
            _ = events.delete(eventId: eventId, by: creator)
        }
    }

    /// Registers `userId`, or replaces the phone and name of its registration (the old phone
    /// is free again at once).
    private mutating func register(_ userId: String, e164: UInt64, displayName: String) throws(ContactsError) {
        let record = UserRecord(userId: userId, e164: e164, displayName: displayName)
        let index: UInt32
        if let existing = self.index(of: userId), let old = user(existing) {
            index = existing
            _ = phoneOwners.removeUser(for: old.e164)
            users[Int(index)] = record
        } else {
            guard let appended = try appendUser(userId, record) else {
                throw .internalFailure("user '\(userId)' has an index but no record")
            }
            index = appended
            try Self.applied { () throws(FollowGraphError) in try graph.registerUser(index, id: userId) }
        }
        try Self.applied { () throws(MatchingError) in _ = try phoneOwners.setUser(index, for: e164) }
        _ = directory.update(with: Contact(id: userId, displayName: displayName), rebuildingWhenChurned: false)
        directoryChangedIDs?.append(userId)
    }

    /// What the directory holds for each of `userIds` as the state is now, in order: the user's
    /// entry, or nil for one no longer registered. Read under the shared lock by a directory
    /// rebuild catching up with the changes made since its copy (``replay(_:onto:)``).
    ///
    /// - Complexity: O(k) lookups for k ids.
    func directoryEntries(for userIds: ArraySlice<String>) -> [(userId: String, entry: Contact?)] {
        userIds.map { userId in
            guard let index = index(of: userId), let record = user(index) else { return (userId, nil) }
            return (userId, Contact(id: userId, displayName: record.displayName))
        }
    }

    /// Brings `directory` up to `entries` (from ``directoryEntries(for:)``): each user's entry
    /// put in, or taken out when nil.
    ///
    /// - Complexity: O(t) for t grams of the entries' names.
    static func replay(_ entries: [(userId: String, entry: Contact?)], onto directory: inout ContactSearchIndex) {
        for (userId, entry) in entries {
            if let entry {
                directory.update(with: entry, rebuildingWhenChurned: false)
            } else {
                directory.remove(id: userId, rebuildingWhenChurned: false)
            }
        }
    }

    /// Puts `rebuilt` in place of the directory, leaving `rebuilt` empty (so the directory's
    /// storage is not shared, and its next change copies nothing): `rebuilt` is the directory
    /// as it was when ``directoryChangedIDs`` started, rebuilt, with the changes of the first
    /// `caughtUp` of those ids already replayed on it (``replay(_:onto:)``, off the lock); the
    /// rest are replayed here, so the directory holds the same users, and answers the same,
    /// before and after. Not a change of the state's contents (``apply(_:uploadSlots:)`` is the
    /// one path of those), only of the directory's layout.
    ///
    /// - Parameter compaction: the ``directoryCompaction`` the rebuild started under; when the
    ///   state has another (it was loaded afresh meanwhile), nothing is installed.
    /// - Returns: the directory replaced, for the caller to release after the lock (nil: none).
    /// - Complexity: O(t) for t grams of the names of the users changed after the first
    ///   `caughtUp`.
    mutating func installDirectory(_ rebuilt: inout ContactSearchIndex, caughtUp: Int, compaction: UInt64)
        -> ContactSearchIndex?
    {
        guard compaction == directoryCompaction, let changed = directoryChangedIDs else { return nil }
        if caughtUp < changed.count { Self.replay(directoryEntries(for: changed[caughtUp...]), onto: &rebuilt) }
        directoryChangedIDs = nil
        directorySharesStorage = false
        var replaced = ContactSearchIndex()
        swap(&replaced, &rebuilt)
        swap(&replaced, &directory)
        return replaced
    }

    /// Runs an in-memory update whose failure the checks before it rule out; should it fail
    /// anyway, the caller gets an internal failure rather than a crash.
    static func applied<Failure: Error>(_ update: () throws(Failure) -> Void) throws(ContactsError) {
        do {
            try update()
        } catch {
            throw .internalFailure("in-memory update failed: \(error)")
        }
    }
}
