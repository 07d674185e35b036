import Synchronization

/// A reference computed on first use and then shared by every thread: the first caller
/// builds it, a concurrent loser of the race drops its copy, and later reads are one atomic
/// load. Used so that a region's patterns are compiled only when a number needs them.
///
/// This is the one place of the phone code that holds an unmanaged reference: the cell owns
/// exactly one retain of the stored object, taken when it is published and given back in
/// `deinit`.
final class PhoneOnceCell<Value: AnyObject & Sendable>: Sendable {
    private let slot = Atomic<Unmanaged<Value>?>(nil)

    /// An empty cell.
    init() {}

    /// The stored value, built by `make` if no thread has stored one yet.
    @inline(__always)
    func value(_ make: () -> Value) -> Value {
        if let stored = slot.load(ordering: .acquiring) { return stored.takeUnretainedValue() }
        return publish(make())
    }

    @inline(never)
    private func publish(_ made: Value) -> Value {
        let candidate = Unmanaged.passRetained(made)
        let (exchanged, stored) = slot.compareExchange(
            expected: nil, desired: candidate, ordering: .acquiringAndReleasing)
        guard !exchanged, let stored else { return made }
        candidate.release()
        return stored.takeUnretainedValue()
    }

    deinit {
        slot.load(ordering: .acquiring)?.release()
    }
}
