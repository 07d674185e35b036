import ContactsSupport

/// The ranking order of PROTOCOL §2's listing: by the bytes of `fold(displayName)`, then of
/// the id.
package enum RankingOrder {
    /// The positions `0..<count` sorted by ranking key, where `name(p)` and `id(p)` are the
    /// folded display name and the id of position `p` (read in place, valid for the call).
    ///
    /// Each name and id is looked up once, and each position carries the first 16 bytes of its
    /// name as two integers (``ByteOrder/prefixKey(of:)``): most comparisons are one or two
    /// integer compares, and only names sharing 16 bytes are compared with `memcmp`.
    ///
    /// - Complexity: O(n log n) comparisons.
    package static func sortedPositions(
        count: Int, name: (Int) -> UnsafeRawBufferPointer, id: (Int) -> UnsafeRawBufferPointer
    ) -> [Int] {
        let names = (0..<count).map(name)
        let ids = (0..<count).map(id)
        var order = (0..<count).map { position in
            let bytes = names[position]
            let second = bytes.count > 8 ? ByteOrder.prefixKey(of: bytes.dropFirst(8)) : 0
            return (first: ByteOrder.prefixKey(of: bytes), second: second, position: position)
        }
        names.withUnsafeBufferPointer { names in
            ids.withUnsafeBufferPointer { ids in
                order.sort { left, right in
                    if left.first != right.first { return left.first < right.first }
                    if left.second != right.second { return left.second < right.second }
                    let byName = ByteOrder.compare(names[left.position], names[right.position])
                    if byName != 0 { return byName < 0 }
                    return ByteOrder.compare(ids[left.position], ids[right.position]) < 0
                }
            }
        }
        return order.map(\.position)
    }
}
