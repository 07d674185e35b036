#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A counter that only grows, which threads can wait on until it reaches a value (a
/// pthread mutex and condition variable, so ThreadSanitizer sees every access).
///
/// ```swift
/// let applied = WaitableCounter()
/// applied.advance(to: 7)                                              // a writer
/// let reached = applied.wait(untilAtLeast: 7, timeoutNanoseconds: 5_000_000_000)  // a reader
/// ```
package final class WaitableCounter: @unchecked Sendable {
    private var current: Int64
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// A counter starting at `value`.
    package init(_ value: Int64 = 0) {
        current = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The current value.
    package var value: Int64 {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return current
    }

    /// Raises the value to `value` (a smaller one changes nothing) and wakes every waiter.
    package func advance(to value: Int64) {
        pthread_mutex_lock(mutex)
        if value > current { current = value }
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until the value is at least `target`, for at most `timeoutNanoseconds`.
    ///
    /// - Returns: the value when the wait ended (at least `target` unless it timed out).
    package func wait(untilAtLeast target: Int64, timeoutNanoseconds: UInt64) -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let deadlineNanoseconds = UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec) + timeoutNanoseconds
        var deadline = timespec(
            tv_sec: Int(deadlineNanoseconds / 1_000_000_000), tv_nsec: Int(deadlineNanoseconds % 1_000_000_000))
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while current < target {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        return current
    }
}
