import ContactsSearch
import ContactsSupport
import Testing

@testable import ContactsCore

/// SlotUnion against `Set<UInt32>`: random mixes of sorted sets, bitmaps, ranges and posting
/// lists (varint and bitmap), with and without an upper-bound hint, so the union starts as
/// runs or as a bitmap and switches midway; `removingMembers(from:)` checked along the way.
@Suite struct SlotUnionTests {
    static let cases: [(universe: Int, seed: UInt64)] = [
        (1, 1), (64, 2), (100, 3), (1000, 4), (5000, 5), (20_000, 6), (70_000, 7),
    ]

    @Test(arguments: cases)
    func unionEqualsSetModel(universe: Int, seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        // Lists of every density: some become bitmaps, the rest delta varints.
        let listed = (0..<6).map { key in
            SlotSetTests.random(universe: universe, percent: [1, 3, 10, 40, 90, 0][key], &generator)
        }
        let table = TrigramIndex.build(slotCount: universe) { slot, report in
            for (key, slots) in listed.enumerated() where slots.contains(UInt32(slot)) { report(UInt64(key + 1)) }
        }
        for round in 0..<12 {
            let hint = [0, universe, Int(generator.next() % UInt64(universe + 1))][round % 3]
            var union = SlotUnion(universe: universe, expected: hint)
            var model = Set<UInt32>()
            for _ in 0..<Int(generator.next() % 6) {
                switch generator.next() % 5 {
                case 0, 1:
                    let percent = [0, 1, 2, 5, 30, 80][Int(generator.next() % 6)]
                    let members = SlotSetTests.random(universe: universe, percent: percent, &generator)
                    union.add(SlotSetTests.make(members, universe: universe))
                    model.formUnion(members)
                case 2:
                    let lower = Int(generator.next() % UInt64(universe))
                    let upper = min(universe, lower + Int(generator.next() % UInt64(universe / 3 + 2)))
                    union.add(lower..<upper)
                    model.formUnion((lower..<upper).map { UInt32($0) })
                case 3:
                    let key = Int(generator.next() % UInt64(listed.count))
                    union.add(table.postings(UInt64(key + 1)), from: table)
                    model.formUnion(listed[key])
                default:
                    let probe = SlotSetTests.random(universe: universe, percent: 20, &generator)
                    let remaining = union.removingMembers(from: SlotSetTests.make(probe, universe: universe))
                    #expect(SlotSetTests.elements(remaining) == probe.subtracting(model).sorted(), "seed \(seed)")
                }
            }
            let result = union.finish()
            #expect(SlotSetTests.elements(result) == model.sorted(), "universe \(universe) seed \(seed)")
            #expect(result.count == model.count)
        }
    }
}
