import ContactsSupport

/// The ranking order of PROTOCOL §2's listing: by the bytes of `fold(displayName)`, then of
/// the id.
package enum RankingOrder {
    /// The positions `0..<count` sorted by ranking key, where `name(p)` and `id(p)` are the
    /// folded display name and the id of position `p` (read in place, valid for the call).
    ///
    /// The sort compares an integer first, the names' ``ByteOrder/prefixKey(of:)``, and
    /// calls `memcmp` only for names sharing their first 8 bytes: no reference counting in
    /// the comparisons.
    ///
    /// - Complexity: O(n log n) comparisons.
    package static func sortedPositions(
        count: Int, name: (Int) -> UnsafeRawBufferPointer, id: (Int) -> UnsafeRawBufferPointer
    ) -> [Int] {
        var order = (0..<count).map { (key: ByteOrder.prefixKey(of: name($0)), position: $0) }
        order.sort { left, right in
            if left.key != right.key { return left.key < right.key }
            let byName = ByteOrder.compare(name(left.position), name(right.position))
            if byName != 0 { return byName < 0 }
            return ByteOrder.compare(id(left.position), id(right.position)) < 0
        }
        return order.map(\.position)
    }
}
