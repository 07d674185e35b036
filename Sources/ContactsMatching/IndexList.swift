import ContactsSupport

/// An ascending list of distinct dense indexes (user indexes or contact handles), viewed in
/// place in the structure that holds it: getting one copies nothing.
///
/// Indices run from 0 to `count`, like an array's.
///
/// ```swift
/// for owner in uploads.holders(of: 14155552671) { … }   // ascending, no duplicates
/// ```
///
/// `public` only so that iterating it in other modules of the package is inlined (Swift
/// serializes no `@inlinable package` body, swiftlang/swift#70100); ContactsMatching is no
/// product, so nothing outside the package sees it.
public struct IndexList: RandomAccessCollection, Equatable, Sendable, CustomStringConvertible {
    /// Where the indexes are held: an array of them, or the payloads of table entries.
    @usableFromInline
    enum Storage: Sendable {
        case indexes(ArraySlice<UInt32>)
        case entries(ArraySlice<HashedPhoneMultimap.Entry>)
    }

    @usableFromInline
    let storage: Storage

    /// The empty list.
    package init() {
        storage = .indexes([])
    }

    /// A view of `indexes`, which the caller guarantees are ascending and distinct.
    init(_ indexes: ArraySlice<UInt32>) {
        storage = .indexes(indexes)
    }

    /// A view of the payloads of `entries`, which the caller guarantees are ascending and
    /// distinct.
    init(_ entries: ArraySlice<HashedPhoneMultimap.Entry>) {
        storage = .entries(entries)
    }

    /// Always 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of indexes.
    @inlinable
    public var endIndex: Int {
        switch storage {
        case .indexes(let indexes): indexes.count
        case .entries(let entries): entries.count
        }
    }

    /// The `position`-th smallest index.
    @inlinable
    public subscript(position: Int) -> UInt32 {
        switch storage {
        case .indexes(let indexes): indexes[indexes.startIndex + position]
        case .entries(let entries): entries[entries.startIndex + position].payload
        }
    }

    /// Whether `value` is in the list.
    ///
    /// - Complexity: O(log n), where n is `count`.
    package func contains(_ value: UInt32) -> Bool {
        let position = SortedArraySearch.lowerBound(of: value, in: self)
        return position < endIndex && self[position] == value
    }

    /// Lists with the same indexes are equal, wherever they are held.
    public static func == (lhs: IndexList, rhs: IndexList) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// The indexes, like an array's description.
    public var description: String {
        Array(self).description
    }
}
