import CPostings
import ContactsSupport
import Testing

@testable import ContactsCore

/// The C loops over varint posting lists (`CPostings`) against plain Swift models, on random
/// lists of every gap size, and on lists cut short or overlong.
@Suite struct PostingKernelTests {
    /// A random ascending list of slots: mostly one-byte gaps, some of two to five bytes.
    static func slots(_ count: Int, _ generator: inout SplitMix64) -> [UInt32] {
        var slots: [UInt32] = []
        var slot: UInt64 = generator.next() % 300
        for _ in 0..<count {
            // Kept under 2^26, so the bitmaps of the models stay small.
            guard slot < 1 << 26 else { break }
            slots.append(UInt32(slot))
            let gapBits = [4, 4, 4, 6, 7, 9, 14, 22][Int(generator.next() % 8)]
            slot += 1 + generator.next() % (1 << UInt64(gapBits))
        }
        return slots
    }

    /// The list's bytes: the first slot, then each gap less one.
    static func encoded(_ slots: [UInt32]) -> [UInt8] {
        var bytes: [UInt8] = []
        var previous: UInt64 = .max
        for slot in slots {
            Varint.append(UInt64(slot) &- previous &- 1, to: &bytes)
            previous = UInt64(slot)
        }
        return bytes
    }

    static func decode(_ bytes: [UInt8], count: Int) -> [UInt32] {
        var output = [UInt32](repeating: 0, count: count)
        let decoded = cpostings_decode(bytes, bytes.count, count, &output)
        return Array(output[..<decoded])
    }

    @Test(arguments: [0, 1, 2, 17, 500, 5_000] as [Int])
    func kernelsEqualModels(count: Int) {
        var generator = SplitMix64(seed: UInt64(count) + 7)
        let slots = Self.slots(count, &generator)
        let bytes = Self.encoded(slots)
        #expect(Self.decode(bytes, count: slots.count) == slots)

        let wordCount = Int((slots.last ?? 0) >> 6) / 2 + 1
        var words = [UInt64](repeating: 0, count: wordCount)
        let set = cpostings_set_bits(bytes, bytes.count, slots.count, &words, wordCount)
        let within = slots.filter { Int($0 >> 6) < wordCount }
        #expect(set == within.count)
        var expectedWords = [UInt64](repeating: 0, count: wordCount)
        for slot in within { expectedWords[Int(slot >> 6)] |= 1 << UInt64(slot & 63) }
        #expect(words == expectedWords)

        let members = slots.filter { _ in generator.next() % 3 == 0 } + [UInt32.max - 1]
        let mixed = Array(Set(members + Self.slots(count / 4, &generator))).sorted()
        var kept = [UInt32](repeating: 0, count: min(slots.count, mixed.count))
        let found = cpostings_intersect_sorted(bytes, bytes.count, slots.count, mixed, mixed.count, &kept)
        #expect(Array(kept[..<found]) == slots.filter(Set(mixed).contains))

        var keptByBitmap = [UInt32](repeating: 0, count: slots.count)
        let mixedWithin = Set(mixed.filter { Int($0 >> 6) < wordCount })
        var memberWords = [UInt64](repeating: 0, count: wordCount)
        for member in mixedWithin { memberWords[Int(member >> 6)] |= 1 << UInt64(member & 63) }
        let foundByBitmap = cpostings_intersect_bitmap(
            bytes, bytes.count, slots.count, memberWords, wordCount, &keptByBitmap)
        #expect(Array(keptByBitmap[..<foundByBitmap]) == slots.filter(mixedWithin.contains))
    }

    @Test func gapsOfEveryVarintLengthDecode() {
        let slots: [UInt32] = [0, 1 << 7, 1 << 14 + 1, 1 << 21 + 2, 1 << 28 + 3, UInt32.max]
        #expect(Self.decode(Self.encoded(slots), count: slots.count) == slots)
    }

    @Test func emptySetKeepsNothing() {
        let bytes = Self.encoded([3, 9, 40])
        var kept: [UInt32] = [0]
        #expect(cpostings_intersect_sorted(bytes, bytes.count, 3, [], 0, &kept) == 0)
    }

    @Test func malformedListsStopAtTheLastWholeSlot() {
        // A varint cut off at the end of the bytes.
        #expect(Self.decode([5, 0x81], count: 2) == [5])
        // A count larger than the list.
        #expect(Self.decode([5, 1], count: 9) == [5, 7])
        // Eleven continuation bytes: past 64 bits.
        #expect(Self.decode([2] + [UInt8](repeating: 0x80, count: 10) + [1], count: 2) == [2])
        // The count bounds the reading, whatever follows.
        #expect(Self.decode([2, 0, 0, 0], count: 2) == [2, 3])
    }
}
