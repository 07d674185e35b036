#if canImport(Glibc)
    import Glibc
#endif

/// The scheduling priority (nice value, -20...19, higher runs less) of the calling thread.
///
/// On Linux a nice value belongs to each thread (`setpriority(PRIO_PROCESS, 0, …)` changes the
/// calling thread only), a new thread starts with its creator's, and any thread may raise its
/// own; lowering it again needs privilege. Elsewhere these do nothing.
package enum ThreadNiceness {
    /// The most nice value there is: the lowest priority.
    package static let lowest: Int32 = 19

    /// The calling thread's nice value (0 where it cannot be read).
    package static var current: Int32 {
        #if os(Linux)
            errno = 0
            let value = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            return errno == 0 ? value : 0
        #else
            return 0
        #endif
    }

    /// The nice value `steps` below the calling thread's priority (clamped to ``lowest``), for
    /// threads it starts to run at; nil for 0 steps (they keep the caller's).
    package static func lowered(by steps: Int) -> Int32? {
        steps > 0 ? min(lowest, current + Int32(clamping: steps)) : nil
    }

    /// Sets the calling thread's nice value to `value` (clamped to -20...19); false when the
    /// system refuses (a lower value than the thread's own, without privilege).
    @discardableResult
    package static func set(_ value: Int32) -> Bool {
        #if os(Linux)
            return setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(lowest, max(-20, value))) == 0
        #else
            return false
        #endif
    }
}
