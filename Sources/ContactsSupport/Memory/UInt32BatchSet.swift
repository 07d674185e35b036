/// An insert-only set of `UInt32` values for a batch whose size is known up front (the
/// distinct ids of one request, the members of one follow set), numbering them in the order
/// they were first inserted: one flat table, open addressing with linear probing over a
/// multiply-shift hash, never more than half full, so it is never resized or rehashed.
///
/// ```swift
/// var seen = UInt32BatchSet(capacity: 3)
/// seen.insert(7)        // true
/// seen.insert(7)        // false
/// seen.position(of: 7)  // 0
/// ```
///
/// - Complexity: O(1) expected per insert and lookup; 16 B per value of `capacity` (8 B a
///   slot, at least 2 slots a value).
///
/// `public` only so that its inserts and lookups are inlined into the engine and the follow
/// graph, in other modules (Swift serializes no `@inlinable package` body,
/// swiftlang/swift#70100); ContactsSupport is no product, so nothing outside the package sees it.
public struct UInt32BatchSet {
    /// Free slots hold `empty`; `UInt32.max` itself is kept in `emptyValuePosition`.
    @usableFromInline var slots: [UInt32]
    /// The insertion position of the value in the same slot.
    @usableFromInline var positions: [UInt32]
    @usableFromInline var emptyValuePosition: UInt32?
    @usableFromInline let shift: UInt32
    @usableFromInline var insertedCount = 0
    /// The most values it takes.
    public let capacity: Int

    /// How many values are in.
    @inlinable
    public var count: Int { insertedCount }

    @usableFromInline static let empty = UInt32.max

    /// An empty set with room for `capacity` values.
    package init(capacity: Int) {
        precondition((0...Int(UInt32.max / 2)).contains(capacity), "a capacity of \(capacity)")
        var bits: UInt32 = 1
        while 1 << bits < 2 * capacity { bits += 1 }
        slots = [UInt32](repeating: Self.empty, count: 1 << bits)
        positions = [UInt32](repeating: 0, count: 1 << bits)
        shift = 32 - bits
        self.capacity = capacity
    }

    /// Adds `value` at position ``count``; true when it was not in yet.
    ///
    /// - Precondition: fewer than ``capacity`` values are in, or `value` is one of them.
    @inlinable
    public mutating func insert(_ value: UInt32) -> Bool {
        let position = UInt32(truncatingIfNeeded: insertedCount)
        if value == Self.empty {
            guard emptyValuePosition == nil else { return false }
            emptyValuePosition = position
        } else {
            let slot = find(value)
            guard slots[slot] == Self.empty else { return false }
            slots[slot] = value
            positions[slot] = position
        }
        precondition(insertedCount < capacity, "more than \(capacity) values")
        insertedCount += 1
        return true
    }

    /// The position `value` was inserted at (0 for the first), nil when it is not in.
    @inlinable
    public func position(of value: UInt32) -> Int? {
        if value == Self.empty { return emptyValuePosition.map(Int.init) }
        let slot = find(value)
        return slots[slot] == Self.empty ? nil : Int(positions[slot])
    }

    /// The slot holding `value`, or the free slot that ends its probe.
    @inlinable
    func find(_ value: UInt32) -> Int {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: (value &* 0x9E37_79B1) >> shift)
            while slots[slot] != Self.empty, slots[slot] != value { slot = (slot + 1) & mask }
            return slot
        }
    }
}
