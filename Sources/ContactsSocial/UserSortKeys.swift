import ContactsSupport

/// The user ids of a ``FollowGraph``'s dense user indexes, kept for one purpose: ordering
/// users by the UTF-8 bytes of their ids (the tie-break of every page).
///
/// Each user also has the ``ByteOrder/prefixKey(of:)`` of its id, so unequal prefix keys
/// decide a comparison with one integer compare; only ids sharing their first 8 bytes read
/// the strings.
///
/// Ids are held per index rather than as ranks: a rank would have to be renumbered whenever a
/// new id sorts between existing ones, while a comparison on the bytes needs nothing updated
/// when users register, in any order.
struct UserSortKeys: Sendable {
    /// The id of each user index.
    private(set) var ids: [String] = []
    /// The prefix key of each user index.
    private(set) var prefixes: [UInt64] = []

    /// The number of users.
    var count: Int { ids.count }

    /// Adds the next user index with `id`.
    mutating func append(_ id: String) {
        ids.append(id)
        prefixes.append(Self.prefixKey(of: id))
    }

    /// True when `additional` more users' keys fit without the storage growing.
    func hasRoom(forAdding additional: Int) -> Bool {
        ids.hasRoom(forAdding: additional) && prefixes.hasRoom(forAdding: additional)
    }

    /// Gives the storage room for `additional` more users' keys where it has less, at least
    /// doubled.
    ///
    /// - Complexity: O(n) when it grows; O(1) otherwise.
    mutating func reserveRoom(forAdding additional: Int) {
        ids.reserveRoom(forAdding: additional)
        prefixes.reserveRoom(forAdding: additional)
    }

    /// Replaces the id of `user`.
    mutating func replace(_ user: Int, with id: String) {
        ids[user] = id
        prefixes[user] = Self.prefixKey(of: id)
    }

    /// True when `first`'s id sorts before `second`'s by UTF-8 bytes; equal ids (which a
    /// caller should never register twice) fall back to the index, so the order is total.
    @inline(__always)
    func precedes(_ first: UInt32, _ second: UInt32) -> Bool {
        let firstPrefix = prefixes[Int(first)]
        let secondPrefix = prefixes[Int(second)]
        if firstPrefix != secondPrefix { return firstPrefix < secondPrefix }
        return fullyPrecedes(first, second)
    }

    /// The byte comparison behind ``precedes(_:_:)`` when the prefix keys are equal.
    private func fullyPrecedes(_ first: UInt32, _ second: UInt32) -> Bool {
        let firstID = ids[Int(first)]
        let secondID = ids[Int(second)]
        if firstID.utf8Precedes(secondID) { return true }
        if secondID.utf8Precedes(firstID) { return false }
        return first < second
    }

    /// Checks that every user has an id and the prefix key of that id.
    ///
    /// - Complexity: O(n) for n users.
    func _checkInvariants() throws(InvariantViolation) {
        guard ids.count == prefixes.count else {
            throw InvariantViolation("\(ids.count) ids but \(prefixes.count) prefix keys")
        }
        for (user, id) in ids.enumerated() where prefixes[user] != Self.prefixKey(of: id) {
            throw InvariantViolation("user \(user): prefix key does not match its id")
        }
    }

    /// The ``ByteOrder/prefixKey(of:)`` of `id`'s UTF-8 bytes.
    static func prefixKey(of id: String) -> UInt64 {
        ByteOrder.prefixKey(of: id)
    }

    /// Approximate heap bytes: both arrays plus the heap storage of ids over 15 bytes
    /// (shorter ones are stored inline in the `String`).
    var memoryFootprint: Int {
        SocialStorage.heapBytes(of: ids) + SocialStorage.heapBytes(of: prefixes)
            + ids.reduce(0) { $0 + ($1.utf8.count > 15 ? $1.utf8.count + 32 : 0) }
    }
}
