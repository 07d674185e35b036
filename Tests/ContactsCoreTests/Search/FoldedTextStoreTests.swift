import ContactsSearch
import ContactsSupport
import Testing

@testable import ContactsCore

/// FoldedTextStore's blocked filter against a plain filter over each slot's record, on
/// candidate sets smaller and larger than one block, sparse and dense.
@Suite struct FoldedTextStoreTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func filterEqualsFilterOfRecords(seed: UInt64) {
        var fixtures = SearchFixtures(seed: seed)
        let records = fixtures.contacts(1_500).map(FoldedContact.init)
        var store = FoldedTextStore()
        for record in records { store.append(record) }
        var generator = SplitMix64(seed: seed)
        for percent in [0, 1, 10, 60, 100] {
            let slots = SlotSetTests.random(universe: records.count, percent: percent, &generator)
            let set = SlotSetTests.make(slots, universe: records.count)
            let needle = Array("a".utf8)
            let kept = store.filter(set) { slot, text in
                Bytes.contains(text.emails, needle) && text.name.elementsEqual(records[Int(slot)].name)
            }
            let expected = slots.filter { slot in
                records[Int(slot)].emails.withUnsafeBufferPointer { Bytes.contains($0, needle) }
            }
            #expect(SlotSetTests.elements(kept) == expected.sorted(), "seed \(seed) percent \(percent)")
            #expect(kept.count == expected.count)
        }
    }
}
