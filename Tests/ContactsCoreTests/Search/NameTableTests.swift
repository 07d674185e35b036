import ContactsSearch
import ContactsSupport
import Testing

@testable import ContactsCore

/// NameTable's ordinal arithmetic against a linear scan of sorted names with repeats.
@Suite struct NameTableTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func ordinalsRunsAndPrefixesEqualScan(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let words = ["", "a", "ab", "abc", "b", "ba", "é", "éa", "z"]
        let names = (0..<300).map { _ in Array(words[Int(generator.next() % UInt64(words.count))].utf8) }
            .sorted { $0.lexicographicallyPrecedes($1) }
        var flat: [UInt8] = []
        var ends: [Int] = []
        for name in names {
            flat.append(contentsOf: name)
            ends.append(flat.count)
        }
        let table = flat.withUnsafeBufferPointer { flat in
            NameTable(count: names.count) { slot in
                UnsafeBufferPointer(rebasing: flat[(slot == 0 ? 0 : ends[slot - 1])..<ends[slot]])
            }
        }
        var distinct: [[UInt8]] = []
        for name in names where distinct.last != name { distinct.append(name) }
        #expect(table.dictionary.count == distinct.count)

        // Every slot's ordinal, found from 0 and from the previous slot's ordinal.
        var previous = 0
        for (slot, name) in names.enumerated() {
            let ordinal = table.ordinal(ofSlot: UInt32(slot))
            #expect(distinct[ordinal] == name)
            #expect(table.ordinal(ofSlot: UInt32(slot), from: previous) == ordinal)
            #expect(table.slots(ofOrdinals: ordinal..<ordinal + 1).contains(slot))
            previous = ordinal
        }
        for prefix in ["", "a", "ab", "abcd", "b", "é", "c", "zz"].map({ Array($0.utf8) }) {
            let ordinals = table.ordinals(withPrefix: prefix)
            #expect(Array(ordinals) == distinct.indices.filter { distinct[$0].starts(with: prefix) })
            let slots = table.slots(ofOrdinals: ordinals)
            #expect(Array(slots) == names.indices.filter { names[$0].starts(with: prefix) })
        }
    }
}
