/// A least-significant-digit radix sort on some bits of a 64-bit key, for batch probes and
/// the upload index: O(m) per byte of key, where a comparison sort of a 1,000-number book costs
/// about as much as the probes it orders.
package enum RadixSort {
    /// The bits a sort of keys whose bitwise union is `union` must look at: those up to the
    /// highest one set (34 for the E.164 numbers of North America, 50 at most), so that no
    /// pass sorts on a byte that is zero in every key.
    package static func bitsInUse(union: UInt64) -> Range<Int> {
        0..<(UInt64.bitWidth - union.leadingZeroBitCount)
    }

    /// Sorts `keys` by their bits `bits` (a range within 0..<64), keeping the order of keys
    /// that agree on them.
    ///
    /// - Complexity: O((m + 256) × bits.count / 8) for m keys.
    package static func sort(_ keys: inout [UInt64], byBits bits: Range<Int>) {
        sort(&keys, byBits: bits) { $0 }
    }

    /// Sorts `elements` by the bits `bits` (a range within 0..<64) of their `key`, keeping the
    /// order of elements whose keys agree on them.
    ///
    /// - Complexity: O((m + 256) × bits.count / 8) for m elements, one `key` call per element
    ///   and byte.
    @inline(__always)
    package static func sort<Element: BitwiseCopyable>(
        _ elements: inout [Element], byBits bits: Range<Int>, key: (Element) -> UInt64
    ) {
        precondition(bits.lowerBound >= 0 && bits.upperBound <= 64, "bits of a UInt64")
        guard elements.count > 1, !bits.isEmpty, let first = elements.first else { return }
        var spare = [Element](repeating: first, count: elements.count)
        var counts = [Int](repeating: 0, count: 257)
        var shift = bits.lowerBound
        while shift < bits.upperBound {
            let digitShift = UInt64(shift)
            // The last digit may be narrower than a byte: bits past the range do not count.
            let digitMask: UInt64 = (1 << UInt64(min(8, bits.upperBound - shift))) - 1
            counts.withUnsafeMutableBufferPointer { counts in
                counts.update(repeating: 0)
                elements.withUnsafeBufferPointer { elements in
                    for element in elements {
                        counts[Int(truncatingIfNeeded: (key(element) &>> digitShift) & digitMask) + 1] += 1
                    }
                }
                for digit in 0..<256 {
                    counts[digit + 1] += counts[digit]
                }
                elements.withUnsafeBufferPointer { elements in
                    spare.withUnsafeMutableBufferPointer { spare in
                        for element in elements {
                            let digit = Int(truncatingIfNeeded: (key(element) &>> digitShift) & digitMask)
                            spare[counts[digit]] = element
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&elements, &spare)
            shift += 8
        }
    }
}
