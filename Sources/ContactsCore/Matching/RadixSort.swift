/// A least-significant-digit radix sort of `UInt64` keys on some of their bits, for batch
/// probes: O(m) per byte of key, where a comparison sort of a 1,000-number book costs about as
/// much as the probes it orders.
package enum RadixSort {
    /// Sorts `keys` by their bits `bits` (a range within 0..<64), keeping the order of keys
    /// that agree on them.
    ///
    /// - Complexity: O((m + 256) × bits.count / 8) for m keys.
    package static func sort(_ keys: inout [UInt64], byBits bits: Range<Int>) {
        precondition(bits.lowerBound >= 0 && bits.upperBound <= 64, "bits of a UInt64")
        guard keys.count > 1, !bits.isEmpty else { return }
        var spare = [UInt64](repeating: 0, count: keys.count)
        var shift = bits.lowerBound
        while shift < bits.upperBound {
            var counts = [Int](repeating: 0, count: 257)
            let digitShift = UInt64(shift)
            // The last digit may be narrower than a byte: bits past the range do not count.
            let digitMask: UInt64 = (1 << UInt64(min(8, bits.upperBound - shift))) - 1
            keys.withUnsafeBufferPointer { keys in
                for key in keys {
                    counts[Int(truncatingIfNeeded: (key &>> digitShift) & digitMask) + 1] += 1
                }
            }
            for digit in 0..<256 {
                counts[digit + 1] += counts[digit]
            }
            keys.withUnsafeBufferPointer { keys in
                spare.withUnsafeMutableBufferPointer { spare in
                    for key in keys {
                        let digit = Int(truncatingIfNeeded: (key &>> digitShift) & digitMask)
                        spare[counts[digit]] = key
                        counts[digit] += 1
                    }
                }
            }
            swap(&keys, &spare)
            shift += 8
        }
    }
}
