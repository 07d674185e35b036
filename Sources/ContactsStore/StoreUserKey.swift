/// The store's integer key of a registered user: the row id of the `users` table.
///
/// Rows that belong to a user (follows, contacts, events, recent searches) refer to the
/// user by this key, which keeps the 10M-row follow table small and lets a loader rebuild
/// the follow graph from integers. A key is stable while the user stays registered
/// (re-registering keeps it); a user deleted and registered again may get another key.
/// Keys are positive and nearly dense (1…n, with gaps after deletions), so a loader may
/// index an array by them.
package struct StoreUserKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The row id.
    package let rawValue: Int64

    /// Wraps a row id.
    package init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Orders keys by their row id.
    package static func < (lhs: StoreUserKey, rhs: StoreUserKey) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `#` and the row id.
    package var description: String { "#\(rawValue)" }
}
