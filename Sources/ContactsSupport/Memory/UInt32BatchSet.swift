/// An insert-only set of `UInt32` values for a batch whose size is known up front (the
/// distinct ids of one request): one flat table, open addressing with linear probing over a
/// multiply-shift hash, never more than half full, so it is never resized or rehashed.
///
/// ```swift
/// var seen = UInt32BatchSet(capacity: 3)
/// seen.insert(7)   // true
/// seen.insert(7)   // false
/// ```
///
/// - Complexity: O(1) expected per insert; 8 B per value of `capacity` (4 B a slot, at least
///   2 slots a value).
package struct UInt32BatchSet {
    /// Free slots hold `empty`; `UInt32.max` itself is kept in `holdsEmptyValue`.
    private var slots: [UInt32]
    private var holdsEmptyValue = false
    private let shift: UInt32
    /// How many values are in.
    package private(set) var count = 0
    /// The most values it takes.
    package let capacity: Int

    private static let empty = UInt32.max

    /// An empty set with room for `capacity` values.
    package init(capacity: Int) {
        precondition(capacity >= 0, "a negative capacity")
        var bits: UInt32 = 1
        while 1 << bits < 2 * capacity { bits += 1 }
        slots = [UInt32](repeating: Self.empty, count: 1 << bits)
        shift = 32 - bits
        self.capacity = capacity
    }

    /// Adds `value`; true when it was not in yet.
    ///
    /// - Precondition: fewer than ``capacity`` values are in, or `value` is one of them.
    @inline(__always)
    package mutating func insert(_ value: UInt32) -> Bool {
        if value == Self.empty {
            guard !holdsEmptyValue else { return false }
            holdsEmptyValue = true
        } else {
            let mask = slots.count - 1
            let home = Int(truncatingIfNeeded: (value &* 0x9E37_79B1) >> shift)
            let isNew = slots.withUnsafeMutableBufferPointer { slots in
                var slot = home
                while slots[slot] != Self.empty {
                    if slots[slot] == value { return false }
                    slot = (slot + 1) & mask
                }
                slots[slot] = value
                return true
            }
            guard isNew else { return false }
        }
        precondition(count < capacity, "more than \(capacity) values")
        count += 1
        return true
    }
}
