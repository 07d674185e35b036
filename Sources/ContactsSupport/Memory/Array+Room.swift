extension Array {
    /// True when `additional` more elements fit in the array's storage as it is, so that
    /// appending them copies nothing.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func hasRoom(forAdding additional: Int) -> Bool {
        capacity - count >= additional
    }

    /// Gives the array room for `additional` more elements in storage of its own: when it has
    /// less room, new storage of at least twice the old capacity (so growing stays amortized
    /// O(1) an element); when its storage is shared with a copy of the array, a copy at the
    /// same capacity. A caller does this where a copy harms no one (off a lock), so that
    /// changing and appending where a copy would (under it) copies nothing.
    ///
    /// - Complexity: O(count) when it grows or was shared; O(1) otherwise.
    @inlinable
    public mutating func reserveRoom(forAdding additional: Int) {
        if hasRoom(forAdding: additional) {
            // Nothing, unless shared: then storage of its own (an array without storage has none to share).
            if capacity > 0 { reserveCapacity(capacity) }
        } else {
            reserveCapacity(Swift.max(count + additional, 2 * capacity))
        }
    }
}
