import ContactsSupport

/// The ranking order of PROTOCOL §2's listing: by the bytes of `fold(displayName)`, then of
/// the id.
package enum RankingOrder {
    /// The positions `0..<count` sorted by ranking key, where `name(p)` and `id(p)` are the
    /// folded display name and the id of position `p` (read in place, valid for the call).
    ///
    /// Each name and id is looked up once. The positions are radix-sorted on the first 16
    /// bytes of their names (two big-endian integers, zero-padded), a byte a
    /// pass, least significant first, skipping the bytes every name shares; only the runs of
    /// positions whose names share those 16 bytes (the same name, mostly) are then sorted by
    /// comparison, on the whole name and then the id.
    ///
    /// - Complexity: O(n) for n positions, plus O(r log r) comparisons for each run of r
    ///   positions sharing their first 16 name bytes.
    package static func sortedPositions(
        count: Int, name: (Int) -> UnsafeRawBufferPointer, id: (Int) -> UnsafeRawBufferPointer
    ) -> [Int] {
        let names = (0..<count).map(name)
        let ids = (0..<count).map(id)
        var keys = names.enumerated().map { position, bytes in
            PrefixKey(
                first: ByteOrder.prefixKey(of: bytes),
                second: bytes.count > 8 ? ByteOrder.prefixKey(of: UnsafeRawBufferPointer(rebasing: bytes[8...])) : 0,
                position: UInt32(position))
        }
        radixSort(&keys)
        names.withUnsafeBufferPointer { names in
            ids.withUnsafeBufferPointer { ids in
                keys.withUnsafeMutableBufferPointer { keys in
                    var start = 0
                    while start < keys.count {
                        var end = start + 1
                        while end < keys.count, keys[end].first == keys[start].first,
                            keys[end].second == keys[start].second
                        {
                            end += 1
                        }
                        if end - start > 1 {
                            var run = UnsafeMutableBufferPointer(rebasing: keys[start..<end])
                            run.sort { left, right in
                                let byName = ByteOrder.compare(names[Int(left.position)], names[Int(right.position)])
                                if byName != 0 { return byName < 0 }
                                return ByteOrder.compare(ids[Int(left.position)], ids[Int(right.position)]) < 0
                            }
                        }
                        start = end
                    }
                }
            }
        }
        return keys.map { Int($0.position) }
    }

    /// A position and the first 16 bytes of its name.
    private struct PrefixKey {
        var first: UInt64
        var second: UInt64
        var position: UInt32

        /// Byte `digit` of the 16-byte prefix, counted from the least significant (0) to the
        /// most (15).
        @inline(__always)
        func byte(_ digit: Int) -> Int {
            Int(truncatingIfNeeded: (digit < 8 ? second : first) >> UInt64(8 * (digit & 7))) & 0xFF
        }
    }

    /// Sorts `keys` by `(first, second)`: a stable counting sort per byte, least significant
    /// first; a byte on which every key agrees is skipped (one histogram pass counts them all).
    private static func radixSort(_ keys: inout [PrefixKey]) {
        let count = keys.count
        guard count > 1 else { return }
        let digits = 16
        var histograms = [Int](repeating: 0, count: digits * 256)
        keys.withUnsafeBufferPointer { keys in
            histograms.withUnsafeMutableBufferPointer { histograms in
                for key in keys {
                    for digit in 0..<digits { histograms[digit << 8 | key.byte(digit)] += 1 }
                }
            }
        }
        var spare = keys
        var sortedInSpare = false
        keys.withUnsafeMutableBufferPointer { keys in
            spare.withUnsafeMutableBufferPointer { spare in
                histograms.withUnsafeMutableBufferPointer { histograms in
                    for digit in 0..<digits {
                        let counts = UnsafeMutableBufferPointer(rebasing: histograms[digit << 8..<(digit + 1) << 8])
                        guard !counts.contains(count) else { continue }
                        var offset = 0
                        for bucket in 0..<256 {
                            let size = counts[bucket]
                            counts[bucket] = offset
                            offset += size
                        }
                        let (source, target) = sortedInSpare ? (spare, keys) : (keys, spare)
                        for key in source {
                            let bucket = key.byte(digit)
                            target[counts[bucket]] = key
                            counts[bucket] += 1
                        }
                        sortedInSpare.toggle()
                    }
                }
            }
        }
        if sortedInSpare { swap(&keys, &spare) }
    }
}
