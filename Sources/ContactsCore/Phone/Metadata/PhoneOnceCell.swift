import Synchronization

/// A reference computed on first use and then shared by every thread: the first caller
/// builds it, a concurrent loser of the race drops its copy, and later reads are one atomic
/// load. Used so that a region's patterns are compiled only when a number needs them.
///
/// This is the one place of the phone code that holds an unmanaged reference: the cell owns
/// exactly one retain of the stored object (its address is the atomic word, 0 while empty),
/// taken when it is published and given back in `deinit`.
final class PhoneOnceCell<Value: AnyObject & Sendable>: Sendable {
    private let address = Atomic<UInt>(0)

    /// An empty cell.
    init() {}

    /// The stored value, built by `make` if no thread has stored one yet.
    @inline(__always)
    func value(_ make: () -> Value) -> Value {
        let stored = address.load(ordering: .acquiring)
        if stored != 0, let pointer = UnsafeRawPointer(bitPattern: stored) {
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        return publish(make())
    }

    @inline(never)
    private func publish(_ made: Value) -> Value {
        let candidate = Unmanaged.passRetained(made)
        let bits = UInt(bitPattern: candidate.toOpaque())
        let (exchanged, stored) = address.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
        guard !exchanged, let pointer = UnsafeRawPointer(bitPattern: stored) else { return made }
        candidate.release()
        return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
    }

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) {
            Unmanaged<Value>.fromOpaque(pointer).release()
        }
    }
}
