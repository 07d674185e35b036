#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a reader-writer lock: many concurrent readers or one writer.
///
/// The two funnels ``read(_:)`` and ``write(_:)`` are the only places the value is touched,
/// so every access is under the lock. Every lock of the library is this one (the engine's
/// state, its recent searches, the store's connection and write-behind buffer): a pthread
/// lock, which ThreadSanitizer sees, unlike the futex of `Synchronization.Mutex`'s contended
/// path on Linux.
public final class ReadWriteLocked<Value>: @unchecked Sendable {
    /// The value, in memory of its own: as a stored property it would be a Swift variable
    /// whose accesses ThreadSanitizer tracks by address, and a zero-sized one (the engine's
    /// writer lock guards `Void`) shares its address with memory read outside the lock, which
    /// ThreadSanitizer reported as a race.
    @usableFromInline let storage: UnsafeMutablePointer<Value>
    @usableFromInline let lock: UnsafeMutablePointer<pthread_rwlock_t>

    /// Who goes first when readers hold the lock and a writer waits.
    package enum Preference: Sendable {
        /// New readers go on taking the lock (glibc's default): a writer waits until no
        /// reader holds it, which under a steady stream of overlapping readers may be long.
        case readers
        /// New readers wait behind a waiting writer, so a writer waits only for the readers
        /// already inside. A thread must then never take the read lock while it holds it: with
        /// a writer waiting between the two, the second read would wait for the writer, which
        /// waits for the first.
        case writers
    }

    /// `value` behind a lock that lets `preference` go first.
    package init(_ value: Value, preferring preference: Preference = .readers) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        #if canImport(Glibc)
            if preference == .writers {
                pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
            }
        #endif
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs `body` with shared (read) access.
    ///
    /// Inlinable, so that a caller in another module reads the fields it needs in place
    /// rather than through an unspecialized copy of the whole value.
    @inlinable
    public func read<Result, Failure: Error>(_ body: (Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(storage.pointee)
    }

    /// Runs `body` with exclusive (write) access.
    @inlinable
    public func write<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(&storage.pointee)
    }
}
