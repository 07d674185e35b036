import ContactsSupport

/// The ranking order of PROTOCOL §2's listing: by the bytes of `fold(displayName)`, then of
/// the id.
package enum RankingOrder {
    /// The positions of `names` (folded display names) and `ids` (same count), sorted by
    /// ranking key.
    ///
    /// The names and ids are copied into two flat byte buffers first, so the sort compares
    /// through raw pointers: an integer compare of the names' ``ByteOrder/prefixKey(of:)``,
    /// then `memcmp` only for names sharing their first 8 bytes — no reference counting in the
    /// comparisons.
    ///
    /// - Complexity: O(n log n) comparisons plus O(b) for b bytes of names and ids.
    package static func sortedPositions(names: [[UInt8]], ids: [String]) -> [Int] {
        var order = names.indices.map { (key: ByteOrder.prefixKey(of: names[$0]), position: $0) }
        let nameBytes = FlatBytes(names)
        let idBytes = FlatBytes(ids.lazy.map(\.utf8))
        nameBytes.withValues { name in
            idBytes.withValues { id in
                order.sort { left, right in
                    if left.key != right.key { return left.key < right.key }
                    let byName = ByteOrder.compare(name(left.position), name(right.position))
                    if byName != 0 { return byName < 0 }
                    return ByteOrder.compare(id(left.position), id(right.position)) < 0
                }
            }
        }
        return order.map(\.position)
    }
}

/// Byte strings back to back in one buffer.
private struct FlatBytes {
    package let bytes: [UInt8]
    /// Where each string starts; one more entry than strings.
    package let starts: [Int]

    package init(_ values: some Collection<some Collection<UInt8>>) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.reduce(0) { $0 + $1.count })
        var starts = [0]
        starts.reserveCapacity(values.count + 1)
        for value in values {
            bytes.append(contentsOf: value)
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// Calls `body` with a function from position to the raw bytes of that string.
    package func withValues<R>(_ body: ((Int) -> UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes { bytes in
            starts.withUnsafeBufferPointer { starts in
                body { position in UnsafeRawBufferPointer(rebasing: bytes[starts[position]..<starts[position + 1]]) }
            }
        }
    }
}
