import CPrefetch

/// Byte offsets of records in an arena, one per slot, at four bytes each while the arena is
/// below 4 GiB and five from then on (a high byte per offset, kept only once one is needed).
///
/// Its reads are `public` and `@inlinable` only so that the search, in another module, inlines
/// them (it reads an offset for every candidate it confirms, and Swift serializes no
/// `@inlinable package` body, swiftlang/swift#70100); everything else is `package`.
public struct RecordOffsets: Sendable {
    @usableFromInline var low: [UInt32] = []
    /// Bits 32–39 of each offset; empty while every offset fits in 32 bits.
    @usableFromInline var high: [UInt8] = []

    /// No offsets.
    package init() {}

    /// The number of offsets.
    @inlinable
    public var count: Int { low.count }

    /// The offset of `slot`.
    public package(set) subscript(slot: Int) -> Int {
        @inlinable @inline(__always) get {
            high.isEmpty ? Int(low[slot]) : Int(low[slot]) | Int(high[slot]) << 32
        }
        set {
            precondition(newValue >= 0 && newValue < 1 << 40, "a record offset beyond 1 TiB")
            if newValue > Int(UInt32.max), high.isEmpty { high = [UInt8](repeating: 0, count: low.count) }
            low[slot] = UInt32(truncatingIfNeeded: newValue)
            if !high.isEmpty { high[slot] = UInt8(truncatingIfNeeded: newValue >> 32) }
        }
    }

    /// Appends `offset` as the next slot's.
    package mutating func append(_ offset: Int) {
        low.append(0)
        if !high.isEmpty { high.append(0) }
        self[low.count - 1] = offset
    }

    /// Makes room for `count` offsets in all without growing again.
    package mutating func reserveCapacity(_ count: Int) {
        low.reserveCapacity(count)
        if !high.isEmpty { high.reserveCapacity(count) }
    }

    /// True when `additional` more offsets fit in the storage as it is.
    ///
    /// - Complexity: O(1).
    package func hasRoom(forAdding additional: Int) -> Bool {
        low.hasRoom(forAdding: additional) && (high.isEmpty || high.hasRoom(forAdding: additional))
    }

    /// Gives the storage room for `additional` more offsets when it has less, at least
    /// doubling it (see `Array.reserveRoom(forAdding:)`).
    ///
    /// - Complexity: O(n) when it grows; O(1) otherwise.
    package mutating func reserveRoom(forAdding additional: Int) {
        low.reserveRoom(forAdding: additional)
        if !high.isEmpty { high.reserveRoom(forAdding: additional) }
    }

    /// Holds the offsets in arrays of their exact size (appending grows them by doubling).
    ///
    /// - Complexity: O(n) offsets copied.
    package mutating func shrinkToFit() {
        if low.capacity > low.count { low = low.withUnsafeBufferPointer { Array($0) } }
        if high.capacity > high.count { high = high.withUnsafeBufferPointer { Array($0) } }
    }

    /// Asks the processor to bring the offset of `slot` into the cache.
    @inlinable @inline(__always)
    public func prefetchStart(of slot: Int) {
        low.withUnsafeBufferPointer { low in
            if let base = low.baseAddress { contacts_prefetch(base + slot) }
        }
    }

    /// The bytes held.
    package var byteCount: Int { low.capacity * 4 + high.capacity }
}
