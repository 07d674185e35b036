import CPrefetch

/// Byte offsets of records in an arena, one per slot.
///
/// *Narrow* while the records lie about in slot order, as appending and compacting lay them:
/// each block of 64 slots keeps one base offset (the smallest of its slots') and each slot two
/// bytes above it, about 2.1 bytes a slot, while a block's records span less than 64 KiB.
/// *Wide* from the first offset that does not fit so (a record moved to the arena's end, a
/// block of very long records): four bytes a slot while the arena is below 4 GiB, five from
/// then on (a high byte per offset, kept only once one is needed). ``shrinkToFit()`` narrows
/// it again when it can.
package struct RecordOffsets: Sendable {
    /// Slots per block of the narrow form, as a shift.
    private static let blockShift = 6
    private static let blockSlots = 1 << blockShift

    /// Narrow: each block's base offset.
    private var blockBases: [Int] = []
    /// Narrow: each slot's offset less its block's base.
    private var deltas: [UInt16] = []
    /// Wide: bits 0–31 of each offset.
    private var low: [UInt32] = []
    /// Wide: bits 32–39 of each offset; empty while every offset fits in 32 bits.
    private var high: [UInt8] = []
    /// Whether the offsets are in ``low`` and ``high``.
    private var isWide = false

    /// No offsets.
    package init() {}

    /// The number of offsets.
    package var count: Int { isWide ? low.count : deltas.count }

    /// The offset of `slot`.
    ///
    /// - Complexity: O(1); a set that does not fit the narrow form widens it first (O(n), once).
    package subscript(slot: Int) -> Int {
        @inline(__always) get {
            if !isWide { return blockBases[slot &>> Self.blockShift] &+ Int(deltas[slot]) }
            return high.isEmpty ? Int(low[slot]) : Int(low[slot]) | Int(high[slot]) << 32
        }
        set {
            precondition(newValue >= 0 && newValue < 1 << 40, "a record offset beyond 1 TiB")
            if !isWide {
                if let delta = Self.delta(of: newValue, above: blockBases[slot >> Self.blockShift]) {
                    deltas[slot] = delta
                    return
                }
                widen()
            }
            setWide(slot, newValue)
        }
    }

    /// Appends `offset` as the next slot's.
    ///
    /// - Complexity: O(1) amortized (O(n) once, when it widens the form).
    package mutating func append(_ offset: Int) {
        precondition(offset >= 0 && offset < 1 << 40, "a record offset beyond 1 TiB")
        if !isWide {
            let slot = deltas.count
            if slot & (Self.blockSlots - 1) == 0 { blockBases.append(offset) }
            if let delta = Self.delta(of: offset, above: blockBases[slot >> Self.blockShift]) {
                deltas.append(delta)
                return
            }
            deltas.append(0)
            widen()
        } else {
            low.append(0)
            if !high.isEmpty { high.append(0) }
        }
        setWide(low.count - 1, offset)
    }

    /// Makes room for `count` offsets in all without growing again (in the present form).
    package mutating func reserveCapacity(_ count: Int) {
        if isWide {
            low.reserveCapacity(count)
            if !high.isEmpty { high.reserveCapacity(count) }
        } else {
            deltas.reserveCapacity(count)
            blockBases.reserveCapacity((count + Self.blockSlots - 1) >> Self.blockShift)
        }
    }

    /// Holds the offsets in arrays of their exact size (appending grows them by doubling), in
    /// the narrow form when they fit it.
    ///
    /// - Complexity: O(n) offsets read, and copied when there is spare capacity or a narrower
    ///   form.
    package mutating func shrinkToFit() {
        if isWide, let narrowed = narrowed() {
            self = narrowed
        } else if isWide {
            if low.capacity > low.count { low = low.withUnsafeBufferPointer { Array($0) } }
            if high.capacity > high.count { high = high.withUnsafeBufferPointer { Array($0) } }
        } else {
            if deltas.capacity > deltas.count { deltas = deltas.withUnsafeBufferPointer { Array($0) } }
            if blockBases.capacity > blockBases.count { blockBases = blockBases.withUnsafeBufferPointer { Array($0) } }
        }
    }

    /// Asks the processor to bring the offset of `slot` into the cache.
    @inline(__always)
    package func prefetchStart(of slot: Int) {
        if isWide {
            low.withUnsafeBufferPointer { low in
                if let base = low.baseAddress { contacts_prefetch(base + slot) }
            }
        } else {
            deltas.withUnsafeBufferPointer { deltas in
                if let base = deltas.baseAddress { contacts_prefetch(base + slot) }
            }
        }
    }

    /// The bytes held.
    package var byteCount: Int { blockBases.capacity * 8 + deltas.capacity * 2 + low.capacity * 4 + high.capacity }

    /// `offset` less `base`, when that fits two bytes.
    @inline(__always)
    private static func delta(of offset: Int, above base: Int) -> UInt16? {
        offset >= base && offset - base <= Int(UInt16.max) ? UInt16(truncatingIfNeeded: offset - base) : nil
    }

    /// Sets `slot`'s offset in the wide form.
    private mutating func setWide(_ slot: Int, _ offset: Int) {
        if offset > Int(UInt32.max), high.isEmpty { high = [UInt8](repeating: 0, count: low.count) }
        low[slot] = UInt32(truncatingIfNeeded: offset)
        if !high.isEmpty { high[slot] = UInt8(truncatingIfNeeded: offset >> 32) }
    }

    /// Moves every offset to the wide form.
    private mutating func widen() {
        let offsets = (0..<count).map { self[$0] }
        blockBases = []
        deltas = []
        isWide = true
        low = []
        low.reserveCapacity(offsets.count)
        for offset in offsets {
            low.append(0)
            if !high.isEmpty { high.append(0) }
            setWide(low.count - 1, offset)
        }
    }

    /// These offsets in the narrow form at their exact size, or nil when some block's span does
    /// not fit it.
    private func narrowed() -> RecordOffsets? {
        var narrow = RecordOffsets()
        narrow.deltas.reserveCapacity(count)
        narrow.blockBases.reserveCapacity((count + Self.blockSlots - 1) >> Self.blockShift)
        for blockStart in stride(from: 0, to: count, by: Self.blockSlots) {
            let block = blockStart..<min(count, blockStart + Self.blockSlots)
            let base = block.lazy.map { self[$0] }.min() ?? 0
            narrow.blockBases.append(base)
            for slot in block {
                guard let delta = Self.delta(of: self[slot], above: base) else { return nil }
                narrow.deltas.append(delta)
            }
        }
        return narrow
    }
}
