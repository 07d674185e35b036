import Synchronization

/// A monotonically increasing count (one series of a counter metric).
///
/// Lock-free: an increment is one relaxed atomic add, safe from any thread. Keep the handle
/// (from ``MetricsRegistry/counter(_:help:)`` or ``CounterFamily/labels(_:)``) instead of
/// looking it up for every event.
public final class Counter: Sendable {
    private let count = Atomic<UInt64>(0)

    /// A counter at zero.
    package init() {}

    /// Adds `amount` (wrapping past `UInt64.max`, which no event count reaches).
    ///
    /// - Complexity: O(1), one atomic add.
    @inline(__always)
    public func increment(by amount: UInt64 = 1) {
        count.wrappingAdd(amount, ordering: .relaxed)
    }

    /// The count now.
    public var value: UInt64 {
        count.load(ordering: .relaxed)
    }
}
