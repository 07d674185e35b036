import ContactsSearch
import ContactsSupport
import Testing

@testable import ContactsCore

/// SlotSet against `Set<UInt32>` over sizes and fills that exercise both representations.
@Suite struct SlotSetTests {
    static let cases: [(universe: Int, percent: Int, seed: UInt64)] = [
        (0, 0, 1), (1, 100, 2), (63, 50, 3), (64, 9, 4), (65, 100, 5), (1000, 1, 6), (1000, 9, 7), (1000, 50, 8),
        (4097, 3, 9), (4097, 60, 10), (20_000, 1, 11), (20_000, 30, 12),
    ]

    static func random(universe: Int, percent: Int, _ generator: inout SplitMix64) -> Set<UInt32> {
        Set((0..<universe).filter { _ in Int(generator.next() % 100) < percent }.map(UInt32.init))
    }

    static func make(_ members: Set<UInt32>, universe: Int) -> SlotSet {
        SlotSet(sorted: members.sorted(), universe: universe).normalized()
    }

    static func elements(_ set: SlotSet) -> [UInt32] {
        var result: [UInt32] = []
        set.forEach { result.append($0) }
        return result
    }

    @Test(arguments: cases)
    func operationsEqualSetModel(universe: Int, percent: Int, seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for otherPercent in [0, 2, percent, 70] {
            let left = Self.random(universe: universe, percent: percent, &generator)
            let right = Self.random(universe: universe, percent: otherPercent, &generator)
            let a = Self.make(left, universe: universe)
            let b = Self.make(right, universe: universe)
            #expect(Self.elements(a) == left.sorted())
            #expect(a.count == left.count)
            for (result, expected) in [
                (a.intersection(b), left.intersection(right)), (a.union(b), left.union(right)),
                (a.subtracting(b), left.subtracting(right)), (a.filter { $0 % 3 == 0 }, left.filter { $0 % 3 == 0 }),
            ] {
                #expect(Self.elements(result) == expected.sorted(), "universe \(universe) seed \(seed)")
                #expect(result.count == expected.count)
            }
            let lower = universe == 0 ? 0 : Int(generator.next() % UInt64(universe))
            let upper = lower + Int(generator.next() % UInt64(universe - lower + 1))
            let range = lower..<upper
            #expect(a.count(in: range) == left.filter { range.contains(Int($0)) }.count)
            var fromLower: [UInt32] = []
            a.forEach(from: lower) { slot in
                fromLower.append(slot)
                return fromLower.count < 5
            }
            #expect(fromLower == Array(left.filter { $0 >= lower }.sorted().prefix(5)))
            for slot in 0..<UInt32(universe) where slot % 7 == 0 {
                #expect(a.contains(slot) == left.contains(slot))
            }
        }
    }

    /// An ascending probe answers every non-decreasing run of tests (repeats, gaps of every
    /// size, past the universe) as `contains` does, in both representations.
    @Test(arguments: cases)
    func ascendingProbesAnswerAsContains(universe: Int, percent: Int, seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let members = Self.random(universe: universe, percent: percent, &generator)
        let set = Self.make(members, universe: universe)
        for maximumGap in [1, 3, 64, 1_000] {
            var probe = SlotSet.AscendingProbe(set)
            var slot: UInt32 = 0
            while Int(slot) < universe + 70 {
                #expect(probe.contains(slot) == members.contains(slot), "slot \(slot), gap up to \(maximumGap)")
                slot += UInt32(generator.next() % UInt64(maximumGap + 1))  // 0: a repeat
            }
        }
    }
}
