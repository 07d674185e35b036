import ContactsSupport

/// How the social structures grow and shrink their arrays.
///
/// Adjacency arrays (packed set chunks, `since` columns, order blocks) are most of the memory
/// of a follow graph. Swift's own append doubles a full array's capacity, which leaves up to
/// half of it unused; these helpers grow by an eighth instead and give memory back when an
/// array is mostly empty.
enum SocialStorage {
    /// Room added when a growing array is full, as a fraction of its count: 1/8, so at most
    /// about 11% of a grown array is spare, while copying stays amortized O(1) per element
    /// (each element is copied at most about 9 times over the array's growth).
    static let growthShift = 3

    /// Spare capacity an array may keep after removals before it is copied to a tight buffer:
    /// more than its count plus 16 elements (so small arrays are not copied over and over).
    static let shrinkSlack = 16

    /// Makes sure `array` can take `extra` more elements without Swift's doubling growth.
    @inline(__always)
    static func makeRoom<Element>(for extra: Int, in array: inout [Element]) {
        let needed = array.count + extra
        if needed > array.capacity {
            array.reserveCapacity(Swift.max(needed, array.count + (array.count >> growthShift) + 4))
        }
    }

    /// Inserts `element` at `index`, growing by an eighth when full.
    @inline(__always)
    static func insert<Element>(_ element: Element, at index: Int, into array: inout [Element]) {
        makeRoom(for: 1, in: &array)
        array.insert(element, at: index)
    }

    /// Copies `array` into a buffer of its own size when more than half of it is spare.
    static func shrinkIfSparse<Element>(_ array: inout [Element]) {
        guard array.capacity > 2 * array.count + shrinkSlack else { return }
        array = exactCopy(of: array)
    }

    /// A copy of `elements` whose capacity is their count (up to the allocator's rounding).
    static func exactCopy<Element>(of elements: some Collection<Element>) -> [Element] {
        var copy: [Element] = []
        copy.reserveCapacity(elements.count)
        copy.append(contentsOf: elements)
        return copy
    }

    /// Approximate heap bytes of one array: its elements' capacity plus Swift's array header
    /// and the allocator's own header (zero for an empty array, which allocates nothing).
    static func heapBytes<Element>(of array: [Element]) -> Int {
        array.capacity == 0 ? 0 : array.capacity * MemoryLayout<Element>.stride + allocationOverhead
    }

    /// Bytes a Swift array allocation costs beyond its elements: the 32-byte array header
    /// (object header, count, capacity) plus glibc malloc's 8-byte chunk header, rounded to 16.
    static let allocationOverhead = 48
}
