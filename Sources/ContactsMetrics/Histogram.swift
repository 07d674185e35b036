import Synchronization

/// A distribution of observed values in fixed buckets (one series of a histogram metric).
///
/// Lock-free: an observation is a binary search over the bounds, one relaxed atomic add to
/// its bucket's count and a compare-and-swap loop on the sum. The counts are kept per
/// bucket (not cumulative) in one block of atomics; a scrape reads each once and makes them
/// cumulative, so `_bucket{le="+Inf"}` always equals `_count` in the output. The sum is read
/// separately and may lag or lead the counts by the observations in flight.
public final class Histogram: @unchecked Sendable {
    // @unchecked: `counts` is written once in init (every element initialized) and then only
    // through atomic operations; it is freed in deinit, when no other reference exists.

    /// The bucket bounds.
    public let buckets: HistogramBuckets

    private let counts: UnsafeMutablePointer<Atomic<UInt64>>
    private let countSlots: Int
    private let sumBits = Atomic<UInt64>(0.0.bitPattern)

    /// An empty histogram with `buckets`.
    package init(buckets: HistogramBuckets) {
        self.buckets = buckets
        countSlots = buckets.upperBounds.count + 1  // the last slot is +Inf
        counts = .allocate(capacity: countSlots)
        for slot in 0..<countSlots { (counts + slot).initialize(to: Atomic<UInt64>(0)) }
    }

    deinit {
        counts.deinitialize(count: countSlots)
        counts.deallocate()
    }

    /// Records `value` (seconds, for the duration histograms): it falls in the first bucket
    /// whose bound is at least `value`, else in `+Inf`. A NaN is not recorded: it would make
    /// the sum NaN for the life of the process.
    ///
    /// - Complexity: O(log b) in the number of buckets.
    public func observe(_ value: Double) {
        guard !value.isNaN else { return }
        let bounds = buckets.upperBounds
        var low = 0
        var high = bounds.count
        while low < high {
            let middle = (low + high) / 2
            if value <= bounds[middle] { high = middle } else { low = middle + 1 }
        }
        counts[low].wrappingAdd(1, ordering: .relaxed)
        var old = sumBits.load(ordering: .relaxed)
        while true {
            let new = (Double(bitPattern: old) + value).bitPattern
            let (exchanged, current) = sumBits.weakCompareExchange(
                expected: old, desired: new, ordering: .relaxed)
            if exchanged { return }
            old = current
        }
    }

    /// Records a duration of `nanoseconds`, in seconds.
    public func observe(nanoseconds: UInt64) {
        observe(Double(nanoseconds) / 1_000_000_000)
    }

    /// The counts now: cumulative per bound (the last entry is `+Inf`, equal to `count`), and
    /// the sum.
    public var snapshot: Snapshot {
        var cumulative: [UInt64] = []
        cumulative.reserveCapacity(countSlots)
        var total: UInt64 = 0
        for slot in 0..<countSlots {
            total &+= counts[slot].load(ordering: .relaxed)
            cumulative.append(total)
        }
        return Snapshot(cumulativeCounts: cumulative, sum: Double(bitPattern: sumBits.load(ordering: .relaxed)))
    }

    /// A histogram's counts at one moment.
    public struct Snapshot: Hashable, Sendable {
        /// For each bound, then `+Inf`: how many observations were at most that bound.
        public let cumulativeCounts: [UInt64]
        /// The sum of the observations.
        public let sum: Double

        /// A snapshot with these counts and this sum.
        package init(cumulativeCounts: [UInt64], sum: Double) {
            self.cumulativeCounts = cumulativeCounts
            self.sum = sum
        }

        /// How many observations there were (the `+Inf` count).
        public var count: UInt64 { cumulativeCounts.last ?? 0 }
    }
}
