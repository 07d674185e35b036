/// The highest `Contacts-Position` (PROTOCOL §8) a service instance has seen, shared by the
/// instance and every view made from it with ``ContactsService/acting(as:)``.
///
/// One position for all the users an instance acts for, not one per user: the instance is one
/// client, and what it wrote for one user it may read as another (a backend that makes `u1`
/// follow `u2` and then lists `u2`'s followers must see `u1`). Positions are global commit
/// order, so the highest one seen covers every write the instance made; a per-user position
/// would let such a read go to an engine that has not applied the follow yet. The cost is
/// that a read may wait for an engine to apply other users' changes first, which every engine
/// does within a second (§8).
final class PositionTracker: Sendable {
    private let highest = Locked<Int64>(0)

    /// The highest position seen so far (0 before any answer). O(1).
    var current: Int64 { highest.withLock { $0 } }

    /// Keeps `position` if it is higher than the one held. O(1).
    func observe(_ position: Int64) {
        highest.withLock { $0 = max($0, position) }
    }

    /// Forgets every position (the instance now talks to another store).
    func reset() {
        highest.withLock { $0 = 0 }
    }
}
