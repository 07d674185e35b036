/// An ascending list of distinct dense indexes (user indexes or contact handles), viewed in
/// place in the structure that holds it: getting one copies nothing.
///
/// Indices run from 0 to `count`, like an array's.
///
/// ```swift
/// for owner in uploads.holders(of: 14155552671) { … }   // ascending, no duplicates
/// ```
public struct IndexList: RandomAccessCollection, Equatable, Sendable, CustomStringConvertible {
    private let storage: ArraySlice<UInt32>

    /// The empty list.
    public init() {
        storage = []
    }

    /// A view of `storage`, which the caller guarantees is ascending without duplicates.
    init(_ storage: ArraySlice<UInt32>) {
        self.storage = storage
    }

    /// Always 0.
    public var startIndex: Int { 0 }

    /// The number of indexes.
    public var endIndex: Int { storage.count }

    /// The `position`-th smallest index.
    public subscript(position: Int) -> UInt32 {
        storage[storage.startIndex + position]
    }

    /// Whether `value` is in the list.
    ///
    /// - Complexity: O(log n), where n is `count`.
    public func contains(_ value: UInt32) -> Bool {
        let position = SortedArraySearch.lowerBound(of: value, in: storage)
        return position < storage.endIndex && storage[position] == value
    }

    /// Lists with the same indexes are equal, wherever they are held.
    public static func == (lhs: IndexList, rhs: IndexList) -> Bool {
        lhs.storage.elementsEqual(rhs.storage)
    }

    /// The indexes, like an array's description.
    public var description: String {
        Array(storage).description
    }
}
