import ContactsCore
import ContactsMatching
import ContactsSupport
import PhoneNumbers
import Testing

@Suite struct HashedPhoneMultimapTests {
    static let runs = [21, 22, 23, 24].flatMap { seed in TestHasher.allCases.map { (UInt64(seed), $0) } }

    /// Inserts, removals and replacements against a dictionary of sets, starting from a bulk
    /// build with repeated pairs; every lookup compared, merges frequent.
    @Test(arguments: runs)
    func randomOperationsMatchADictionaryOfSets(seed: UInt64, hasher: TestHasher) throws {
        var random = SplitMix64(seed: seed)
        let pool = (0..<200).map { _ in random.e164Number() }
        let numbers = (0..<1_000).map { _ in pool.randomElement(using: &random)! }
        let payloads = numbers.map { _ in UInt32.random(in: 0..<20, using: &random) }
        var multimap = try HashedPhoneMultimap(
            numbers: numbers, payloads: payloads, hasher: hasher.hasher, duplicates: .keepAll, deltaFloor: 5)
        var model = [UInt64: Set<UInt32>]()
        for (number, payload) in zip(numbers, payloads) { model[number, default: []].insert(payload) }
        var merges = 0
        for step in 0..<3_000 {
            let number = pool.randomElement(using: &random)!
            let payload = UInt32.random(in: 0..<20, using: &random)
            let context = Comment(rawValue: "seed \(seed) \(hasher) step \(step)")
            let pending = multimap.pendingCount
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                // A pair held is removed, a pair not held inserted: the callers' preconditions.
                if model[number, default: []].remove(payload) != nil {
                    multimap.remove(payload, forEach: [number])
                } else {
                    model[number, default: []].insert(payload)
                    multimap.insert(payload, forEach: [number])
                }
                merges += multimap.pendingCount < pending ? 1 : 0
            case 1:
                let replacement = Bool.random(using: &random) ? payload : nil
                let before = multimap.replacePayloads(of: number, with: replacement)
                #expect(Array(before) == (model[number] ?? []).sorted(), context)
                model[number] = replacement.map { [$0] }
            default:
                #expect(Array(multimap.payloads(of: number)) == (model[number] ?? []).sorted(), context)
                #expect(multimap.firstPayload(of: number) == model[number]?.min(), context)
            }
            #expect(multimap.count == model.values.reduce(0) { $0 + $1.count }, context)
        }
        #expect(merges > 10, "the delta merged along the way")
        multimap._checkInvariants()
        multimap.mergeDelta()
        #expect(multimap.firstPayloads(of: pool) == pool.map { model[$0]?.min() })
        for number in pool {
            #expect(Array(multimap.payloads(of: number)) == (model[number] ?? []).sorted())
        }
    }

    @Test func directoryFollowsTheCount() throws {
        let hasher = XXH3PhoneKeyHasher(seed: 9)
        var random = SplitMix64(seed: 9)
        var seen = Set<UInt64>()
        let numbers = (0..<20_000).map { _ in random.e164Number(long: false) }.filter { seen.insert($0).inserted }
        var multimap = try HashedPhoneMultimap(
            numbers: numbers, payloads: numbers.map { _ in 1 }, hasher: hasher, duplicates: .lastWins)
        typealias Constants = HashedPhoneMultimap.Constants
        let bits = multimap.base.directoryBits
        #expect(bits > 0)
        #expect(multimap.base.count >> bits >= Constants.targetAverageBucket, "fresh average at least the target")
        #expect(multimap.base.count >> bits < 2 * Constants.targetAverageBucket, "and under twice it")
        // Shrinking below the band's floor rebuilds a smaller directory.
        multimap.remove(1, forEach: Array(numbers.dropLast(1_000)))
        multimap.mergeDelta()
        #expect(multimap.base.directoryBits < bits)
        #expect(multimap.base.count >= Constants.minimumAverageBucket << multimap.base.directoryBits)
        for number in numbers.suffix(1_000) { #expect(multimap.firstPayload(of: number) == 1) }
    }
}

@Suite struct HashedPhoneMultimapLongNumberTests {
    /// Numbers past a base entry's 50 bits (16 to 19 digits) are kept exactly beside the base:
    /// the base holds only the others, at 12 bytes an entry; a long number and an ordinary one
    /// that agree on their low 50 bits never answer for each other, under every key function;
    /// and long entries take inserts, removals and replacements through merges.
    @Test(arguments: TestHasher.allCases)
    func longNumbersStayExactBesideTheBase(hasher: TestHasher) throws {
        let ordinary: [UInt64] = (1...300).map { 14_155_550_000 + UInt64($0) }
        let long = ordinary.map { $0 | 1 << 50 } + [PhoneNumber.largestE164, 49_301_234_567_890_123]
        let all = ordinary + long
        var multimap = try HashedPhoneMultimap(
            numbers: all, payloads: all.indices.map { UInt32($0 % 7) }, hasher: hasher.hasher,
            duplicates: .keepAll, deltaFloor: 8)
        #expect(MemoryLayout<HashedPhoneMultimap.Entry>.stride == 12)
        #expect(multimap.base.count == ordinary.count && multimap.count == all.count)
        for (index, number) in all.enumerated() {
            #expect(Array(multimap.payloads(of: number)) == [UInt32(index % 7)], "number \(number)")
        }
        multimap.insert(9, forEach: long + ordinary)
        multimap.remove(9, forEach: Array(long.prefix(100)))
        multimap.mergeDelta()
        #expect(multimap.base.count == 2 * ordinary.count && multimap.count == 2 * all.count - 100)
        for (index, number) in all.enumerated() {
            let removed = (ordinary.count..<ordinary.count + 100).contains(index)
            let expected = removed ? [UInt32(index % 7)] : [UInt32(index % 7), 9]
            #expect(Array(multimap.payloads(of: number)) == expected, "number \(number)")
        }
        #expect(Array(multimap.replacePayloads(of: long[0], with: 3)) == [6])
        #expect(Array(multimap.replacePayloads(of: long[1], with: nil)) == [0])
        #expect(multimap.payloads(of: long[1]).isEmpty && multimap.firstPayload(of: long[0]) == 3)
        #expect(multimap.firstPayload(of: ordinary[0]) == 0 && multimap.firstPayload(of: ordinary[1]) == 1)
        let probes = [long[0], long[1], ordinary[1], long[200]] + outOfRangeNumbers
        #expect(multimap.firstPayloads(of: probes) == [3, nil, 1, UInt32((ordinary.count + 200) % 7), nil, nil, nil])
        #expect(multimap.count == 2 * all.count - 100 - 1)
    }
}

@Suite struct HashedPhoneMultimapMergeTests {
    /// Up to `count` distinct random numbers.
    private static func distinctNumbers(_ count: Int, seed: UInt64) -> [UInt64] {
        var random = SplitMix64(seed: seed)
        var seen = Set<UInt64>()
        return (0..<count).map { _ in random.e164Number(long: false) }.filter { seen.insert($0).inserted }
    }

    /// A multimap built with payload 1 for each of `numbers`, merging every 50 pending pairs.
    private static func multimap(holdingOne numbers: [UInt64], hasher: TestHasher) throws -> HashedPhoneMultimap {
        try HashedPhoneMultimap(
            numbers: numbers, payloads: Array(repeating: 1, count: numbers.count), hasher: hasher.hasher,
            duplicates: .keepAll, deltaFloor: 50)
    }

    /// A merge that needs a new buffer leaves room in it; the next merges apply their changes
    /// in that buffer (it keeps its address), and every lookup stays exact, pairs added and
    /// removed alike.
    @Test(arguments: TestHasher.allCases)
    func mergesWithRoomApplyInPlace(hasher: TestHasher) throws {
        let numbers = Self.distinctNumbers(4_000, seed: 77)
        var multimap = try Self.multimap(holdingOne: Array(numbers.prefix(2_000)), hasher: hasher)
        var model = Dictionary(uniqueKeysWithValues: numbers.prefix(2_000).map { ($0, Set<UInt32>([1])) })
        func address() -> UnsafeRawPointer? {
            multimap.base.entries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        var addresses: [UnsafeRawPointer?] = []
        for round in 0..<4 {
            // 40 new pairs and 10 removed ones a round, then a merge.
            let added = Array(numbers.dropFirst(2_000 + 40 * round).prefix(40))
            multimap.insert(2, forEach: added)
            for number in added { model[number, default: []].insert(2) }
            let removed = Array(numbers.dropFirst(10 * round).prefix(10))
            multimap.remove(1, forEach: removed)
            for number in removed { model[number]?.remove(1) }
            multimap.mergeDelta()
            addresses.append(address())
            for number in numbers.prefix(2_200) {
                #expect(Array(multimap.payloads(of: number)) == (model[number] ?? []).sorted(), "round \(round)")
            }
        }
        #expect(multimap.count == model.values.reduce(0) { $0 + $1.count })
        // The first merge grows past the bulk build's exact buffer, leaving room for
        // `mergesOfSpare` thresholds' worth (50 entries each); the next three (30 more each)
        // fit in it. The capacity is what malloc hands back: up to 47 B (3 entries) more.
        let requested = 2_030 + HashedPhoneMultimap.Constants.mergesOfSpare * 50
        #expect((requested...requested + 3).contains(multimap.base.entries.capacity))
        #expect(addresses.allSatisfy { $0 == addresses[0] })
    }

    /// Merges change the base's buffers in place, but a copy of the multimap taken before
    /// keeps its own answers (the buffers are copied on write), and the delta's table, lent to
    /// each merge as scratch, comes back empty.
    @Test(arguments: TestHasher.allCases)
    func mergesInPlaceLeaveCopiesAlone(hasher: TestHasher) throws {
        let numbers = Self.distinctNumbers(3_000, seed: 78)
        var multimap = try Self.multimap(holdingOne: Array(numbers.prefix(2_000)), hasher: hasher)
        multimap.insert(2, forEach: Array(numbers.dropFirst(2_000).prefix(100)))
        multimap.mergeDelta()
        let copy = multimap
        multimap.insert(3, forEach: Array(numbers.prefix(40)))
        multimap.remove(1, forEach: Array(numbers.dropFirst(40).prefix(40)))
        multimap.mergeDelta()
        #expect(multimap.pendingCount == 0)
        for (index, number) in numbers.prefix(2_100).enumerated() {
            let before: [UInt32] = index < 2_000 ? [1] : [2]
            #expect(Array(copy.payloads(of: number)) == before)
            let after: [UInt32] = index < 40 ? [1, 3] : index < 80 ? [] : before
            #expect(Array(multimap.payloads(of: number)) == after)
        }
        #expect(copy.firstPayloads(of: Array(numbers.prefix(100))) == Array(repeating: 1, count: 100))
    }
}
