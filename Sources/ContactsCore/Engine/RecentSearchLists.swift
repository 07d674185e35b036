import ContactsSupport

/// Every user's recent searches (PROTOCOL §6), most recent first, at most
/// ``ContactsEngine/recentSearchLimit`` each, by user index.
///
/// On a shared store, every search written comes back to every engine, this one included
/// (``ContactsEngine/mergeFollowedSearches(from:)``), in the store's one order. A search this
/// engine recorded whose write had not committed when the store's snapshot was read is
/// **unconfirmed**: it is newer than anything that snapshot holds, so the unconfirmed queries
/// stay at the top of the list (in the order they were recorded), and a search merged from
/// the store goes just below them. Once written, they are where the store's order puts them.
struct RecentSearchLists: Sendable {
    /// The lists, by user index.
    private(set) var lists: [UInt32: [String]]
    /// Per user, the queries recorded here whose write may not have committed, with their
    /// place in the store's write-behind order, oldest first (kept only on a shared store).
    private var unconfirmed: [UInt32: [(query: String, sequence: Int64)]] = [:]

    /// Lists loaded from the store.
    init(_ lists: [UInt32: [String]] = [:]) {
        self.lists = lists
    }

    /// `user`'s list.
    subscript(user: UInt32) -> [String] {
        lists[user] ?? []
    }

    /// A search recorded on this engine: `query` moves to the front of `user`'s list; with
    /// the search's place in the store's write-behind order, it stays above what the store
    /// sends until its write has committed.
    mutating func record(_ query: String, of user: UInt32, awaitingStoreAt sequence: Int64?) {
        Self.move(query, to: 0, in: &lists[user, default: []])
        guard let sequence else { return }
        var pending = unconfirmed[user, default: []]
        pending.append((query, sequence))
        // More than a full list waiting: the oldest can no longer be told apart.
        if pending.count > ContactsEngine.recentSearchLimit { pending.removeFirst() }
        unconfirmed[user] = pending
    }

    /// Confirms every search of this engine whose write committed up to `sequence` (read
    /// before the store's snapshot was taken: the snapshot holds them).
    mutating func confirm(through sequence: Int64) {
        for (user, pending) in unconfirmed {
            let left = pending.filter { $0.sequence > sequence }
            unconfirmed[user] = left.isEmpty ? nil : left
        }
    }

    /// A search read back from the store, in the store's order: `query` goes just below the
    /// searches of `user` still unconfirmed (and stays where it is when it is one of them).
    mutating func merge(_ query: String, of user: UInt32) {
        let pending = unconfirmed[user] ?? []
        if pending.contains(where: { $0.query.utf8Equals(query) }) { return }
        var above: [String] = []
        for waiting in pending where !above.contains(where: { $0.utf8Equals(waiting.query) }) {
            above.append(waiting.query)
        }
        Self.move(query, to: above.count, in: &lists[user, default: []])
    }

    /// Drops `user`'s searches (a deleted user).
    mutating func remove(_ user: UInt32) {
        lists[user] = nil
        unconfirmed[user] = nil
    }

    /// Puts `query` at `index` of `list` (a repeat moves there), keeping the newest
    /// ``ContactsEngine/recentSearchLimit``.
    private static func move(_ query: String, to index: Int, in list: inout [String]) {
        list.removeAll { $0.utf8Equals(query) }
        list.insert(query, at: min(index, list.count))
        let limit = ContactsEngine.recentSearchLimit
        if list.count > limit { list.removeLast(list.count - limit) }
    }
}
