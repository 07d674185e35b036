#if canImport(Glibc)
    import Glibc
#endif

/// Transparent huge pages for large arrays (the phone tables, the search index's posting lists).
///
/// A probe of a 10-million-entry table reads one random cache line out of 120 MB; with 4 KiB
/// pages that line's page is almost never in the TLB, and the page-table walk costs about as
/// much as the line itself. Backing the array with 2 MiB pages makes the walk short. Linux
/// gives them only to memory that asks (`madvise`, the usual `transparent_hugepage` setting),
/// and only when asked before the memory is first written.
package enum HugePages {
    /// Arrays smaller than this are left alone: they span too few huge pages to matter.
    static let minimumBytes = 8 << 20

    /// Allocates room for `capacity` elements (at least `count`), asks for huge pages, and
    /// lets `initialize` fill the first `count`.
    ///
    /// - Parameter initialize: must initialize every element of the buffer it is given (it is
    ///   not called when there is no room to allocate).
    package static func array<Element: BitwiseCopyable>(
        count: Int, capacity: Int = 0, _ initialize: (UnsafeMutableBufferPointer<Element>) -> Void
    ) -> [Element] {
        [Element](fillingCapacity: max(count, capacity)) { buffer, initializedCount in
            advise(UnsafeMutableRawBufferPointer(buffer))
            initialize(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            initializedCount = count
        }
    }

    /// Asks the kernel to back the whole 2 MiB pages inside `memory` with huge pages; a no-op
    /// where that is not possible (other systems, small buffers, refusal).
    private static func advise(_ memory: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            guard memory.count >= minimumBytes, let base = memory.baseAddress else { return }
            let hugePage = 2 << 20
            let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
            let end = (Int(bitPattern: base) + memory.count) & ~(hugePage - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}
