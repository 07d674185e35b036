/// The one binary search of the package: partition points over ascending (or partitioned)
/// random-access collections, unsafe buffers and their slices included, and over index ranges
/// read through a predicate.
///
/// Every search halves its range without a branch on the comparison (the compiler turns the
/// step into a conditional move), so a search of n elements costs ⌈log₂ n⌉ + 1 comparisons
/// whatever the data. The functions are always inlined, so that each caller gets a search
/// specialized for its element and predicate, with no call or closure context left (the phone
/// table's probes search through them). They are `public`, not `package`, only because Swift
/// inlines no `@inlinable package` function into another module; ContactsSupport is no product,
/// so nothing outside the package sees them.
public enum SortedArraySearch {
    /// The first position in `range` at which `isBefore` is false, in a range partitioned so
    /// that `isBefore` is true at every position before some point and false from it on;
    /// `range.upperBound` when it is true everywhere.
    ///
    /// `isBefore` is called only with positions inside `range`.
    ///
    /// - Complexity: ⌈log₂ n⌉ + 1 calls of `isBefore` for n positions (none when empty).
    @inlinable @inline(__always)
    public static func partitionPoint(in range: Range<Int>, isBefore: (Int) -> Bool) -> Int {
        guard !range.isEmpty else { return range.lowerBound }
        // The answer lies in `base ... base + length`; each step halves `length`.
        var base = range.lowerBound
        var length = range.count
        while length > 1 {
            let half = length &>> 1
            base = isBefore(base &+ half) ? base &+ half : base
            length &-= half
        }
        return isBefore(base) ? base &+ 1 : base
    }

    /// The first position in `elements` whose element is not `isBefore`, in `elements`
    /// partitioned so that every element that is `isBefore` comes first (`elements.endIndex`
    /// when every element is).
    ///
    /// - Complexity: ⌈log₂ n⌉ + 1 calls of `isBefore` for n elements.
    @inlinable @inline(__always)
    public static func partitionPoint<C: RandomAccessCollection>(
        of elements: C, isBefore: (C.Element) -> Bool
    ) -> Int where C.Index == Int {
        partitionPoint(in: elements.startIndex..<elements.endIndex) { isBefore(elements[$0]) }
    }

    /// The first position in `elements` (ascending) whose element is not less than `value`
    /// (`elements.endIndex` when there is none).
    ///
    /// - Complexity: O(log n).
    @inlinable @inline(__always)
    public static func lowerBound<C: RandomAccessCollection>(of value: C.Element, in elements: C) -> Int
    where C.Element: Comparable, C.Index == Int {
        partitionPoint(of: elements) { $0 < value }
    }

    /// The first position in `elements` (ascending) whose element is greater than `value`
    /// (`elements.endIndex` when there is none).
    ///
    /// - Complexity: O(log n).
    @inlinable @inline(__always)
    public static func upperBound<C: RandomAccessCollection>(of value: C.Element, in elements: C) -> Int
    where C.Element: Comparable, C.Index == Int {
        partitionPoint(of: elements) { $0 <= value }
    }

    /// The position of `value` in `elements` (ascending, distinct), or nil when it is not
    /// there.
    ///
    /// - Complexity: O(log n).
    @inlinable @inline(__always)
    public static func firstIndex<C: RandomAccessCollection>(of value: C.Element, in elements: C) -> Int?
    where C.Element: Comparable, C.Index == Int {
        let position = lowerBound(of: value, in: elements)
        return position < elements.endIndex && elements[position] == value ? position : nil
    }
}
