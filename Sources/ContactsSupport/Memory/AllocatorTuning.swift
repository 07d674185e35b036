internal import CMalloc

#if canImport(Glibc)
    import Glibc
#endif

/// glibc's allocator set for a server whose threads each allocate and free hundreds of
/// kilobytes a request.
///
/// By default glibc gives back the free memory at the top of an arena once it passes 128 KiB,
/// and a thread's arena gives it back with `madvise(MADV_DONTNEED)`, which makes the kernel
/// interrupt every core running the process to flush its TLB. A request that builds and
/// drops a large answer would do that over and over. ``apply(environment:)`` keeps up to
/// ``trimThreshold`` free at the top of each arena instead (at most that much per arena is
/// held back from the system), and carves allocations up to ``mmapThreshold`` from the arenas
/// rather than mapping each on its own (setting the first turns off glibc's own adjustment of
/// the second).
package enum AllocatorTuning {
    /// The free memory at the top of an arena that glibc keeps for the next allocations.
    package static let trimThreshold = 8 << 20

    /// The size from which an allocation gets a mapping of its own: the largest value glibc's
    /// own adjustment reaches on 64-bit systems.
    package static let mmapThreshold = 32 << 20

    /// The environment variables through which an operator sets either threshold; when one
    /// is set, ``apply(environment:)`` leaves the allocator to it.
    static let operatorVariables = ["MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_"]

    /// The `GLIBC_TUNABLES` names of the same settings.
    static let operatorTunables = ["glibc.malloc.trim_threshold", "glibc.malloc.mmap_threshold"]

    /// Whether the environment (a variable's value by name) sets either threshold, by
    /// variable or in `GLIBC_TUNABLES`.
    package static func operatorChose(_ environment: (String) -> String?) -> Bool {
        if operatorVariables.contains(where: { environment($0) != nil }) { return true }
        guard let tunables = environment("GLIBC_TUNABLES") else { return false }
        return tunables.split(separator: ":").contains { setting in
            let name = setting.split(separator: "=", maxSplits: 1).first ?? ""
            return operatorTunables.contains { $0 == name }
        }
    }

    /// Sets both thresholds for the whole process, unless `environment` (a variable's value by
    /// name; the process's own by default) already sets one; call it once, at start, before
    /// the threads that serve requests.
    ///
    /// - Returns: whether both were set: false when the operator chose, or glibc refused.
    @discardableResult
    package static func apply(environment: (String) -> String? = processVariable) -> Bool {
        guard !operatorChose(environment) else { return false }
        return mallopt(M_TRIM_THRESHOLD, Int32(trimThreshold)) == 1
            && mallopt(M_MMAP_THRESHOLD, Int32(mmapThreshold)) == 1
    }

    /// The process's environment variable `name`, if set.
    package static func processVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
