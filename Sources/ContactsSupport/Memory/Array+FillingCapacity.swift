extension Array {
    /// The standard library's `init(unsafeUninitializedCapacity:initializingWith:)`, except
    /// that a capacity of 0 (or less) gives `[]` without calling `initialize`.
    ///
    /// An empty array is the process's one shared empty storage. The standard initializer
    /// stores the initialized count, 0, into that storage even when there is no room, and
    /// ThreadSanitizer reports two threads doing so at once as a race. Every array built from
    /// uninitialized memory in this package goes through here, so that reads on parallel
    /// threads (searches, decoded changes, batch lookups) never write shared memory.
    ///
    /// - Parameters:
    ///   - capacity: the room to allocate.
    ///   - initialize: as the standard initializer's: initializes a prefix of the buffer and
    ///     sets the count to its length; not called when `capacity` is not positive.
    /// - Complexity: O(capacity) plus what `initialize` does.
    @inlinable
    public init(
        fillingCapacity capacity: Int,
        _ initialize: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
    ) rethrows {
        guard capacity > 0 else {
            self = []
            return
        }
        try self.init(unsafeUninitializedCapacity: capacity, initializingWith: initialize)
    }
}
