import ContactsSearch
import ContactsSupport
import Testing

@testable import ContactsCore

/// RankingOrder's radix sort against a comparison sort of the same (name, id) pairs: names
/// that repeat, that share 8, 16 or more bytes and differ after them, that are proper prefixes
/// of others, empty, with 0x00 and 0xFF bytes and multi-byte UTF-8.
@Suite struct RankingOrderTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func radixOrderEqualsComparisonSort(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let stems = [
            "", "a", "ab", "jennifer", "jennifer ", "jennifer smith", "jennifer smithson", "jennifer smithsonian",
            "jennifer smithsonian a", "jennifer smithsonian b", "é", "ée", "zz", "\u{0}", "a\u{0}",
        ].map { Array($0.utf8) }
        let count = 2_000
        var names: [[UInt8]] = []
        var ids: [[UInt8]] = []
        for number in 0..<count {
            var name = stems[Int(generator.next() % UInt64(stems.count))]
            // A third of the names get a random tail, some of it past the 16 bytes.
            if generator.next() % 3 == 0 {
                for _ in 0..<Int(generator.next() % 12) {
                    name.append([0x61, 0x62, 0xC3, 0xA9, 0xFF][Int(generator.next() % 5)])
                }
            }
            names.append(name)
            // Ids in no particular order, distinct.
            ids.append(Array("c\(generator.next() % 1_000)-\(number)".utf8))
        }
        let (nameBytes, nameStarts) = Self.flattened(names)
        let (idBytes, idStarts) = Self.flattened(ids)
        let order = nameBytes.withUnsafeBytes { nameBytes in
            idBytes.withUnsafeBytes { idBytes in
                RankingOrder.sortedPositions(
                    count: count,
                    name: { UnsafeRawBufferPointer(rebasing: nameBytes[nameStarts[$0]..<nameStarts[$0 + 1]]) },
                    id: { UnsafeRawBufferPointer(rebasing: idBytes[idStarts[$0]..<idStarts[$0 + 1]]) })
            }
        }
        let expected = (0..<count).sorted { left, right in
            names[left] != names[right]
                ? names[left].lexicographicallyPrecedes(names[right]) : ids[left].lexicographicallyPrecedes(ids[right])
        }
        #expect(order == expected)
    }

    @Test func noPositionAndOne() {
        let none = UnsafeRawBufferPointer(start: nil, count: 0)
        #expect(RankingOrder.sortedPositions(count: 0, name: { _ in none }, id: { _ in none }).isEmpty)
        #expect(RankingOrder.sortedPositions(count: 1, name: { _ in none }, id: { _ in none }) == [0])
    }

    /// The values back to back, and where each starts (one more entry than values).
    private static func flattened(_ values: [[UInt8]]) -> (bytes: [UInt8], starts: [Int]) {
        var bytes: [UInt8] = []
        var starts = [0]
        for value in values {
            bytes.append(contentsOf: value)
            starts.append(bytes.count)
        }
        return (bytes, starts)
    }
}
