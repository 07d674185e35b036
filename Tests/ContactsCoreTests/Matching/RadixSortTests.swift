import ContactsCore
import ContactsSupport
import Testing

@Suite struct RadixSortTests {
    static let cases: [(count: Int, bits: Range<Int>)] = [
        (0, 0..<8), (1, 0..<64), (2, 32..<48), (63, 3..<5), (64, 0..<0), (65, 60..<64), (1_000, 32..<48),
        (5_000, 0..<64), (300, 7..<30),
    ]

    /// Sorts like a stable sort on the extracted bits (ties stay in input order).
    @Test(arguments: cases)
    func matchesAStableSortOnTheBits(count: Int, bits: Range<Int>) {
        var random = SplitMix64(seed: UInt64(count * 131 + bits.lowerBound))
        // Few distinct digit values, so that ties (and stability) are exercised.
        var keys = (0..<count).map { _ in random.next() & 0xF0F0_0F0F_F00F_0FF0 }
        let mask: UInt64 =
            bits.isEmpty ? 0 : (bits.count == 64 ? .max : ((1 << UInt64(bits.count)) - 1) << UInt64(bits.lowerBound))
        let expected = keys.enumerated().sorted { ($0.element & mask, $0.offset) < ($1.element & mask, $1.offset) }.map(
            \.element)
        RadixSort.sort(&keys, byBits: bits)
        #expect(keys == expected, "count \(count) bits \(bits)")
    }

    /// Sorting elements by a key keeps the elements whole and in input order among equal keys.
    @Test(arguments: cases)
    func sortsElementsStablyByTheirKey(count: Int, bits: Range<Int>) {
        var random = SplitMix64(seed: UInt64(count * 7 + bits.upperBound))
        var pairs = (0..<count).map { position in
            (key: random.next() & 0x0F0F_F00F_0FF0_F0F0, position: UInt32(position))
        }
        let mask: UInt64 =
            bits.isEmpty ? 0 : (bits.count == 64 ? .max : ((1 << UInt64(bits.count)) - 1) << UInt64(bits.lowerBound))
        let expected = pairs.sorted { ($0.key & mask, $0.position) < ($1.key & mask, $1.position) }
        RadixSort.sort(&pairs, byBits: bits) { $0.key }
        #expect(pairs.map(\.key) == expected.map(\.key) && pairs.map(\.position) == expected.map(\.position))
    }
}
