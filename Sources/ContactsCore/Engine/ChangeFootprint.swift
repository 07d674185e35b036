import ContactsStore
import ContactsSupport

/// What a request's decision reads of the state, named by keys, so that concurrent requests
/// can share one commit (``ContactsEngine/perform(reads:_:)``): a request whose keys no
/// earlier change of the group writes decides the same against the group's starting state as
/// it would after those changes, so its decision stands.
///
/// The keys are coarse on purpose: `user` stands for everything of one user but their
/// outgoing follows (registration, phone, book, budget, events' ownership), `followsOf` for
/// one user's outgoing follows. A footprint that is not sure reads ``everything``.
struct ChangeFootprint: Sendable {
    /// Users whose registration, book or budget the decision reads.
    var users: [String] = []
    /// Users whose outgoing follows the decision reads.
    var followsOf: [String] = []
    /// Phone numbers whose holder the decision reads.
    var phones: [UInt64] = []
    /// Event ids whose holder the decision reads.
    var events: [String] = []
    /// Whether the decision reads the holders of numbers not known beforehand.
    var anyPhone = false
    /// Whether the decision may read anything (it never shares a commit with an earlier
    /// change).
    var everything = false

    /// A decision that may read any part of the state.
    static let everything = ChangeFootprint(everything: true)
}

/// The keys the changes of one commit group write (see ``ChangeFootprint``), against which
/// each later request of the group is checked.
struct WrittenKeys {
    private var users: Set<ExactString> = []
    private var followsOf: Set<ExactString> = []
    private var phones: Set<UInt64> = []
    private var events: Set<ExactString> = []
    private var everything = false

    /// Records what `change` writes, decided against `state` (which has not applied it).
    mutating func add(_ change: StoreChange, decidedOn state: EngineState) {
        switch change {
        case .registerUser(let userId, let e164, _):
            users.insert(ExactString(userId))
            phones.insert(e164)
            if let index = state.index(of: userId), let old = state.user(index) { phones.insert(old.e164) }
        case .deleteUser:
            // Follows of others, events and a phone go: simplest to let nothing follow it.
            everything = true
        case .uploadContacts(let ownerId, _, _, _, _), .deleteAllContacts(let ownerId):
            users.insert(ExactString(ownerId))
        case .follow(let followerId, _, _), .unfollow(let followerId, _):
            followsOf.insert(ExactString(followerId))
        case .createEvent(let event):
            events.insert(ExactString(event.eventId))
        case .deleteEvent(let eventId, _):
            events.insert(ExactString(eventId))
        }
    }

    /// Whether a decision reading `footprint` could decide otherwise after these writes.
    func conflicts(with footprint: ChangeFootprint) -> Bool {
        if isEmpty { return false }
        if everything || footprint.everything { return true }
        if footprint.anyPhone && !phones.isEmpty { return true }
        return footprint.users.contains { users.contains(ExactString($0)) }
            || footprint.followsOf.contains { followsOf.contains(ExactString($0)) }
            || footprint.phones.contains { phones.contains($0) }
            || footprint.events.contains { events.contains(ExactString($0)) }
    }

    /// Whether nothing was written yet.
    var isEmpty: Bool {
        !everything && users.isEmpty && followsOf.isEmpty && phones.isEmpty && events.isEmpty
    }
}
