/// How much an engine holds, for monitoring (PROTOCOL §7 `/metrics`).
public struct EngineStatistics: Hashable, Sendable {
    /// Registered users.
    public var users: Int
    /// Uploaded contacts, over every address book.
    public var contacts: Int
    /// Follow edges (one per follower and followee).
    public var follows: Int
}

extension ContactsEngine {
    /// The counts of users, uploaded contacts and follows, read together under the shared lock.
    ///
    /// - Complexity: O(b) for b uploaded address books.
    public var statistics: EngineStatistics {
        state.read { state in
            EngineStatistics(
                users: state.userIndex.count, contacts: state.books.values.reduce(0) { $0 + $1.count },
                follows: state.graph.edgeCount)
        }
    }
}
