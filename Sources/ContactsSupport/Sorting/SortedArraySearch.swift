/// Binary searches over ascending random-access collections, shared by the matching structures.
package enum SortedArraySearch {
    /// The first position in `elements` whose element is not less than `value`
    /// (`elements.endIndex` when there is none).
    ///
    /// - Complexity: O(log n).
    package static func lowerBound<C: RandomAccessCollection>(of value: C.Element, in elements: C) -> C.Index
    where C.Element: Comparable {
        partitionPoint(of: elements) { $0 < value }
    }

    /// The first position in `elements` whose element is greater than `value`
    /// (`elements.endIndex` when there is none).
    ///
    /// - Complexity: O(log n).
    package static func upperBound<C: RandomAccessCollection>(of value: C.Element, in elements: C) -> C.Index
    where C.Element: Comparable {
        partitionPoint(of: elements) { $0 <= value }
    }

    /// The first position whose element is not `isBefore`, in `elements` partitioned so that
    /// every element that is `isBefore` comes first.
    ///
    /// - Complexity: O(log n) calls of `isBefore`.
    package static func partitionPoint<C: RandomAccessCollection>(
        of elements: C, isBefore: (C.Element) -> Bool
    ) -> C.Index {
        var low = elements.startIndex
        var width = elements.count
        while width > 0 {
            let half = width / 2
            let middle = elements.index(low, offsetBy: half)
            if isBefore(elements[middle]) {
                low = elements.index(after: middle)
                width -= half + 1
            } else {
                width = half
            }
        }
        return low
    }
}
