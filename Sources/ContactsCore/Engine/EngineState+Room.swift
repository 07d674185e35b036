import ContactsSearch
import ContactsSocial

extension EngineState {
    /// True when `registrations` more users can be registered without the storage they are
    /// appended to growing under the exclusive lock: the user records, the follow graph's
    /// nodes and the directory's arrays. While a directory rebuild holds a copy of the
    /// directory, the directory shares its storage with that copy (so its next change would
    /// copy it), and this is false until ``RegistrationRoom`` has given it storage of its own.
    ///
    /// - Complexity: O(1).
    func hasRoom(forRegistering registrations: Int) -> Bool {
        users.hasRoom(forAdding: registrations) && graph.hasRoom(forAddingUsers: registrations)
            && directoryHasRoom(forRegistering: registrations)
    }

    /// The directory's part of ``hasRoom(forRegistering:)``: room, in storage not shared with a
    /// rebuild's copy.
    func directoryHasRoom(forRegistering registrations: Int) -> Bool {
        !directorySharesStorage && directory.hasRoom(forAdding: registrations)
    }

    /// The fewest registrations a loaded state has room for.
    static let minimumRegistrationRoom = 1_024

    /// The room a store's load, or a directory's rebuild, reserves for the users to come when
    /// `count` are held: as many again (at least ``minimumRegistrationRoom``), so that the
    /// next registrations grow nothing until the users have doubled.
    static func registrationRoom(forUsers count: Int) -> Int {
        max(minimumRegistrationRoom, count)
    }
}

extension EngineState {
    /// Gives the storage registrations append to room for `registrations` more users, in
    /// place (see ``RegistrationRoom/makeRoom(forRegistering:)`` for the same on a state
    /// readers are using): what a store's load does before the engine serves, so that the
    /// users registered after a load grow nothing until they have doubled.
    ///
    /// - Complexity: O(n) in the bytes of the parts that grow.
    mutating func reserveRoom(forRegistering registrations: Int) {
        users.reserveRoom(forAdding: registrations)
        graph.reserveRoom(forAddingUsers: registrations)
        directory.reserveRoom(forAdding: registrations)
    }
}

/// The parts of the state registrations append to that lack room for them: taken from the
/// state under the shared lock (O(1): each shares the state's storage), given room off every
/// lock (``makeRoom(forRegistering:)``, where the copying is), and put back in place under the
/// exclusive lock in O(1) (``EngineState/install(_:)``). A part with room is not taken, so
/// nothing of it is copied.
///
/// The caller holds the engine's writer lock from taking to installing, so that no change
/// touches these parts meanwhile; the one thing that may, a directory rebuild installing its
/// copy, is recognised and its directory kept.
struct RegistrationRoom {
    /// The user records, when they lack room.
    var users: [UserRecord?]?
    /// The follow graph, when it lacks room.
    var graph: FollowGraph?
    /// The directory, when it lacks room or shares its storage with a rebuild's copy.
    var directory: ContactSearchIndex?
    /// The state's directory compaction when taken.
    let compaction: UInt64
    /// Whether a directory rebuild was under way when taken.
    let rebuilding: Bool

    /// The parts of `state` that lack room for `registrations` more users.
    init(of state: EngineState, registrations: Int) {
        users = state.users.hasRoom(forAdding: registrations) ? nil : state.users
        graph = state.graph.hasRoom(forAddingUsers: registrations) ? nil : state.graph
        directory = state.directoryHasRoom(forRegistering: registrations) ? nil : state.directory
        compaction = state.directoryCompaction
        rebuilding = state.directoryChangedIDs != nil
    }

    /// Gives each part taken room for `registrations` more users, in storage of its own (see
    /// `Array.reserveRoom(forAdding:)`): the arrays it touches copied, the others still shared.
    ///
    /// - Complexity: O(n) in the bytes of the parts taken.
    mutating func makeRoom(forRegistering registrations: Int) {
        users?.reserveRoom(forAdding: registrations)
        graph?.reserveRoom(forAddingUsers: registrations)
        directory?.reserveRoom(forAdding: registrations)
    }
}

extension EngineState {
    /// Puts `room`'s parts in place of the state's, leaving the state's old ones in `room`
    /// for the caller to release after the lock. The directory is left alone when a rebuild
    /// installed its own copy since `room` was taken.
    ///
    /// - Complexity: O(1).
    mutating func install(_ room: inout RegistrationRoom) {
        if room.users != nil { swap(&users, &room.users!) }
        if room.graph != nil { swap(&graph, &room.graph!) }
        let directoryReplaced = room.rebuilding && directoryChangedIDs == nil || room.compaction != directoryCompaction
        if room.directory != nil, !directoryReplaced {
            swap(&directory, &room.directory!)
            directorySharesStorage = false
        }
    }
}
