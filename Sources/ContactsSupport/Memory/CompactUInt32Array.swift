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
///
/// An array made by ``init(identityOfCount:)``, or by ``init(_:)`` from the values
/// `0, 1, …, count − 1`, holds them as their count alone
/// (no bytes), for a slot map that maps every slot to itself; appending the next value keeps
/// it so, and the first set or append that breaks the run writes the values out (O(n), once).
package struct CompactUInt32Array: Sendable, Equatable, RandomAccessCollection, MutableCollection {
    /// How the values are held.
    private enum Form: UInt8, Sendable {
        /// In ``narrow``.
        case narrow
        /// In ``wide``.
        case wide
        /// Position `i` holds `i`, for positions below ``identityCount``.
        case identity
    }

    /// The values while narrow (`0xFFFF` standing for `UInt32.max`); empty otherwise.
    private var narrow: [UInt16] = []
    /// The values while wide; empty otherwise.
    private var wide: [UInt32] = []
    /// The count of an identity array; 0 otherwise.
    private var identityCount = 0
    /// Which of the three holds the values.
    private var form = Form.narrow

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
            form = .wide
        }
    }

    /// The values of `values`, in order: held as an identity array while they are `0, 1, 2, …`.
    package init(_ values: some Sequence<UInt32>) {
        form = .identity
        append(contentsOf: values)
    }

    /// The values `0, 1, …, count − 1`, held as their count.
    ///
    /// - Precondition: `count` is below `UInt32.max`.
    package init(identityOfCount count: Int) {
        precondition((0..<Int(UInt32.max)).contains(count), "identity of \(count) values")
        identityCount = count
        form = .identity
    }

    /// Whether the values are held at four bytes each.
    package var isWide: Bool { form == .wide }

    /// Whether the values are `0, 1, …, count − 1`, held as their count (no bytes).
    package var isIdentity: Bool { form == .identity }

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
    package var endIndex: Int {
        switch form {
        case .narrow: narrow.count
        case .wide: wide.count
        case .identity: identityCount
        }
    }

    /// The value at `position`.
    ///
    /// - Complexity: O(1); a set of a value that does not fit two bytes widens the array
    ///   first, and one that breaks an identity array's run writes its values out (O(n), once).
    package subscript(position: Int) -> UInt32 {
        @inline(__always) get {
            switch form {
            case .wide: return wide[position]
            case .narrow: return Self.widened(narrow[position])
            case .identity:
                precondition(position >= 0 && position < identityCount, "index \(position) out of range")
                return UInt32(position)
            }
        }
        set {
            if form == .identity {
                precondition(position >= 0 && position < identityCount, "index \(position) out of range")
                if newValue == UInt32(position) { return }
                writeOutIdentity()
            }
            if form == .narrow, !Self.fitsNarrow(newValue) { widen() }
            if form == .wide { wide[position] = newValue } else { narrow[position] = Self.narrowed(newValue) }
        }
    }

    /// The values at `positions`, in order: one form test for them all (a page's or a whole
    /// ranked list's slots mapped at once); an identity array hands `positions` back.
    ///
    /// - Complexity: O(k) for k positions.
    package func values(at positions: [UInt32]) -> [UInt32] {
        switch form {
        case .wide: return positions.map { wide[Int($0)] }
        case .narrow: return positions.map { Self.widened(narrow[Int($0)]) }
        case .identity:
            precondition(positions.allSatisfy { Int($0) < identityCount }, "a position out of range")
            return positions
        }
    }

    /// The values of `range`, in order.
    ///
    /// - Complexity: O(k) for k values.
    package func values(in range: Range<Int>) -> [UInt32] {
        switch form {
        case .wide: return Array(wide[range])
        case .narrow: return narrow[range].map(Self.widened)
        case .identity:
            precondition(range.lowerBound >= 0 && range.upperBound <= identityCount, "range \(range) out of range")
            return Array(UInt32(range.lowerBound)..<UInt32(range.upperBound))
        }
    }

    /// Appends `value`.
    ///
    /// - Complexity: O(1) amortized (O(n) once, when it widens the array or breaks an identity
    ///   array's run).
    package mutating func append(_ value: UInt32) {
        if form == .identity {
            if value != .max, Int(value) == identityCount {
                identityCount += 1
                return
            }
            writeOutIdentity()
        }
        if form == .narrow, !Self.fitsNarrow(value) { widen() }
        if form == .wide { wide.append(value) } else { narrow.append(Self.narrowed(value)) }
    }

    /// Appends every value of `values`, in order.
    package mutating func append(contentsOf values: some Sequence<UInt32>) {
        for value in values { append(value) }
    }

    /// Makes room for `count` values in all without growing again (at the present width; an
    /// identity array needs none).
    package mutating func reserveCapacity(_ count: Int) {
        switch form {
        case .wide: wide.reserveCapacity(count)
        case .narrow: narrow.reserveCapacity(count)
        case .identity: break
        }
    }

    /// True when `additional` more values fit in the storage as it is (an identity array
    /// holds none, so appending the next position always fits).
    ///
    /// - Complexity: O(1).
    package func hasRoom(forAdding additional: Int) -> Bool {
        switch form {
        case .wide: wide.hasRoom(forAdding: additional)
        case .narrow: narrow.hasRoom(forAdding: additional)
        case .identity: true
        }
    }

    /// Gives the storage room for `additional` more values when it has less, at least
    /// doubling it (see `Array.reserveRoom(forAdding:)`).
    ///
    /// - Complexity: O(n) when it grows; O(1) otherwise.
    package mutating func reserveRoom(forAdding additional: Int) {
        switch form {
        case .wide: wide.reserveRoom(forAdding: additional)
        case .narrow: narrow.reserveRoom(forAdding: additional)
        case .identity: break
        }
    }

    /// Holds the values in an array of their exact size, narrow again when they all fit (an
    /// identity array holds no array).
    ///
    /// - Complexity: O(n) values copied, when there is spare capacity or a narrower form.
    package mutating func shrinkToFit() {
        switch form {
        case .wide:
            if wide.allSatisfy(Self.fitsNarrow) {
                narrow = wide.map(Self.narrowed)
                wide = []
                form = .narrow
            } else if wide.capacity > wide.count {
                wide = wide.withUnsafeBufferPointer { Array($0) }
            }
        case .narrow:
            if narrow.capacity > narrow.count { narrow = narrow.withUnsafeBufferPointer { Array($0) } }
        case .identity:
            break
        }
    }

    /// The bytes held, by capacity (none for an identity array).
    package var byteCount: Int { narrow.capacity * 2 + wide.capacity * 4 }

    /// Moves the values to four bytes each.
    private mutating func widen() {
        wide = narrow.map(Self.widened)
        narrow = []
        form = .wide
    }

    /// Writes an identity array's values out, narrow when they all fit.
    private mutating func writeOutIdentity() {
        let count = identityCount
        identityCount = 0
        if count <= Int(Self.narrowNone) {
            narrow = (0..<count).map { UInt16($0) }
            form = .narrow
        } else {
            wide = Array(0..<UInt32(count))
            form = .wide
        }
    }

    /// Whether both hold the same values in the same order, whatever their widths.
    package static func == (left: Self, right: Self) -> Bool {
        left.elementsEqual(right)
    }
}
