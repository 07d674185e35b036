/// An array of `UInt32` held at two bytes a value while every value is below `0xFFFF` or is
/// `UInt32.max` (a "none" marker), and at four from the first value that is neither: for the
/// slot numbers of address books, which almost never reach 65,535 contacts.
///
/// ```swift
/// var slots = CompactUInt32Array(repeating: .max, count: 3)   // two bytes each
/// slots[1] = 7
/// slots.append(70_000)                                         // now four bytes each
/// Array(slots)                                                 // [.max, 7, .max, 70_000]
/// ```
///
/// Widening copies every value once (O(n)); it never narrows again, but for ``shrinkToFit()``.
package struct CompactUInt32Array: Sendable, Equatable, RandomAccessCollection, MutableCollection {
    /// The values while narrow (`0xFFFF` standing for `UInt32.max`); empty once wide.
    private var narrow: [UInt16] = []
    /// The values once wide; empty while narrow.
    private var wide: [UInt32] = []
    /// Whether the values are held in ``wide``.
    package private(set) var isWide = false

    /// The narrow form of `UInt32.max`.
    private static let narrowNone = UInt16.max

    /// An empty array.
    package init() {}

    /// `count` copies of `value`.
    package init(repeating value: UInt32, count: Int) {
        if Self.fitsNarrow(value) {
            narrow = [UInt16](repeating: Self.narrowed(value), count: count)
        } else {
            wide = [UInt32](repeating: value, count: count)
            isWide = true
        }
    }

    /// The values of `values`, in order.
    package init(_ values: some Sequence<UInt32>) {
        append(contentsOf: values)
    }

    /// Whether `value` is held at two bytes.
    @inline(__always)
    private static func fitsNarrow(_ value: UInt32) -> Bool {
        value < UInt32(narrowNone) || value == .max
    }

    @inline(__always)
    private static func narrowed(_ value: UInt32) -> UInt16 {
        value == .max ? narrowNone : UInt16(truncatingIfNeeded: value)
    }

    @inline(__always)
    private static func widened(_ value: UInt16) -> UInt32 {
        value == narrowNone ? .max : UInt32(value)
    }

    /// The first position, 0.
    package var startIndex: Int { 0 }
    /// The position past the last value: the count.
    package var endIndex: Int { isWide ? wide.count : narrow.count }

    /// The value at `position`.
    ///
    /// - Complexity: O(1); a set of a value that does not fit two bytes widens the array
    ///   first (O(n), once).
    package subscript(position: Int) -> UInt32 {
        @inline(__always) get {
            isWide ? wide[position] : Self.widened(narrow[position])
        }
        set {
            if !isWide, !Self.fitsNarrow(newValue) { widen() }
            if isWide { wide[position] = newValue } else { narrow[position] = Self.narrowed(newValue) }
        }
    }

    /// The values at `positions`, in order: one width test for them all (a page's or a whole
    /// ranked list's slots mapped at once).
    ///
    /// - Complexity: O(k) for k positions.
    package func values(at positions: [UInt32]) -> [UInt32] {
        isWide ? positions.map { wide[Int($0)] } : positions.map { Self.widened(narrow[Int($0)]) }
    }

    /// The values of `range`, in order.
    ///
    /// - Complexity: O(k) for k values.
    package func values(in range: Range<Int>) -> [UInt32] {
        isWide ? Array(wide[range]) : narrow[range].map(Self.widened)
    }

    /// Appends `value`.
    ///
    /// - Complexity: O(1) amortized (O(n) once, when it widens the array).
    package mutating func append(_ value: UInt32) {
        if !isWide, !Self.fitsNarrow(value) { widen() }
        if isWide { wide.append(value) } else { narrow.append(Self.narrowed(value)) }
    }

    /// Appends every value of `values`, in order.
    package mutating func append(contentsOf values: some Sequence<UInt32>) {
        for value in values { append(value) }
    }

    /// Makes room for `count` values in all without growing again (at the present width).
    package mutating func reserveCapacity(_ count: Int) {
        if isWide { wide.reserveCapacity(count) } else { narrow.reserveCapacity(count) }
    }

    /// Holds the values in an array of their exact size, narrow again when they all fit.
    ///
    /// - Complexity: O(n) values copied, when there is spare capacity or a narrower form.
    package mutating func shrinkToFit() {
        if isWide {
            if wide.allSatisfy(Self.fitsNarrow) {
                narrow = wide.map(Self.narrowed)
                wide = []
                isWide = false
            } else if wide.capacity > wide.count {
                wide = wide.withUnsafeBufferPointer { Array($0) }
            }
        } else if narrow.capacity > narrow.count {
            narrow = narrow.withUnsafeBufferPointer { Array($0) }
        }
    }

    /// The bytes held, by capacity.
    package var byteCount: Int { narrow.capacity * 2 + wide.capacity * 4 }

    /// Moves the values to four bytes each.
    private mutating func widen() {
        wide = narrow.map(Self.widened)
        narrow = []
        isWide = true
    }

    /// Whether both hold the same values in the same order, whatever their widths.
    package static func == (left: Self, right: Self) -> Bool {
        left.elementsEqual(right)
    }
}
