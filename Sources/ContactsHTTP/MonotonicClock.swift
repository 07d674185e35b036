#if canImport(Glibc)
    import Glibc
#endif

/// Nanoseconds on the system's monotonic clock (`CLOCK_MONOTONIC`), the time base of every
/// deadline and of ``HTTPRequestHead/receivedAt``.
enum MonotonicClock {
    /// The current time, in nanoseconds since an arbitrary start (the system's boot).
    static func now() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }
}
