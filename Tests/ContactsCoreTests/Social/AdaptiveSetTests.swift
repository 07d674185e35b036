import ContactsCore
import ContactsSocial
import ContactsSupport
import Testing

/// `AdaptiveSet` against a plain sorted array of unique values.
@Suite struct AdaptiveSetTests {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]

    /// A chunk of the random universe: operations pick lows in `base..<base + window`, and
    /// insert with `insertPercent` chance; lows below `base` start present and stay. Chunk 3
    /// keeps about 4,100 members, churning around the array limit so that it turns into a
    /// bitmap and back again and again.
    struct Region {
        let key: UInt32
        let base: UInt32
        let window: UInt32
        let insertPercent: UInt64
    }

    static let regions = [
        Region(key: 0, base: 0, window: 65_536, insertPercent: 70),  // sparse
        Region(key: 1, base: 0, window: 3_000, insertPercent: 60),  // medium array
        Region(key: 3, base: 4_000, window: 200, insertPercent: 50),  // around the limit
        Region(key: 65_535, base: 65_236, window: 300, insertPercent: 60),  // top of UInt32
    ]

    @Test(arguments: seeds)
    func randomOperationsMatchModel(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        // Start near each region's equilibrium.
        var start = Set<UInt32>()
        for region in Self.regions {
            for low in 0..<region.base { start.insert(region.key << 16 | low) }
            for low in region.base..<region.base + region.window where random.next() % 2 == 0 {
                start.insert(region.key << 16 | low)
            }
        }
        var model = start.sorted()
        var set = AdaptiveSet(model)
        try set._checkInvariants()
        var conversions = (toBitmap: 0, toArray: 0)
        for step in 0..<8_000 {
            let region = Self.regions[Int(random.next() % UInt64(Self.regions.count))]
            let value = region.key << 16 | (region.base + UInt32(random.next() % UInt64(region.window)))
            let modelIndex = lowerBound(value, in: model)
            let present = modelIndex < model.count && model[modelIndex] == value
            #expect(set.contains(value) == present)
            #expect(set.index(of: value) == (present ? modelIndex : nil))
            let bitmapsBefore = set.bitmapChunkCount
            if random.next() % 100 < region.insertPercent {
                let result = set.insert(value)
                #expect(result.inserted == !present)
                #expect(result.index == modelIndex)
                if !present { model.insert(value, at: modelIndex) }
            } else {
                #expect(set.remove(value) == (present ? modelIndex : nil))
                if present { model.remove(at: modelIndex) }
            }
            #expect(set.count == model.count)
            if set.bitmapChunkCount > bitmapsBefore { conversions.toBitmap += 1 }
            if set.bitmapChunkCount < bitmapsBefore { conversions.toArray += 1 }
            if step % 1_000 == 0 {
                try set._checkInvariants()
                try expectSameMembers(set, model)
            }
        }
        #expect(conversions.toBitmap > 0 && conversions.toArray > 0)
        try set._checkInvariants()
        try expectSameMembers(set, model)
        #expect(AdaptiveSet(model) == set)
    }

    @Test(arguments: [0, 1, 4_095, 4_096, 4_097, 65_536])
    func conversionsHappenExactlyAtTheLimit(size: Int) throws {
        #expect(AdaptiveSet.arrayChunkLimit == 4_096)
        var random = SplitMix64(seed: UInt64(size))
        let key: UInt32 = 7 << 16
        var members = Array(0..<UInt32(65_536)).map { key | $0 }
        members.shuffle(using: &random)
        members = Array(members.prefix(size))
        // Grow one member at a time through the last few sizes (all of them up to 4,100).
        let incremental = size <= 4_100 ? size : 8
        var set = AdaptiveSet(members.dropLast(incremental))
        for member in members.suffix(incremental) {
            set.insert(member)
            expectForm(of: set)
        }
        try set._checkInvariants()
        let model = members.sorted()
        try expectSameMembers(set, model)
        // Built from sorted members at once: the same canonical form.
        let bulk = model.withUnsafeBufferPointer { AdaptiveSet(ascending: $0) }
        try bulk._checkInvariants()
        #expect(bulk == set)
        // Shrink back through the limit from just above it.
        var remaining = Array(members.prefix(min(size, AdaptiveSet.arrayChunkLimit + 3)))
        set = AdaptiveSet(remaining)
        while let member = remaining.popLast() {
            #expect(set.remove(member) != nil)
            expectForm(of: set)
            if set.count >= AdaptiveSet.arrayChunkLimit - 1 { try set._checkInvariants() }
        }
        #expect(set.isEmpty && set.arrayChunkCount == 0)
        try set._checkInvariants()
        #expect(set == AdaptiveSet())
    }

    /// One chunk: an array up to the limit, a bitmap past it.
    private func expectForm(of set: AdaptiveSet) {
        let isBitmap = set.count > AdaptiveSet.arrayChunkLimit
        #expect(set.bitmapChunkCount == (isBitmap ? 1 : 0))
        #expect(set.arrayChunkCount == (isBitmap || set.isEmpty ? 0 : 1))
    }

    @Test(arguments: seeds)
    func intersectionMatchesModel(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        // Fill rates per chunk (of 65,536): sparse, tiny, around the limit and dense, so
        // that every pairing of chunk forms and the skewed-size search path occur.
        let fills: [Int] = [3, 40, 900, 4_096, 4_097, 9_000]
        func randomSet() -> [UInt32] {
            var members = Set<UInt32>()
            for key in 0..<UInt32(4) where random.next() % 4 != 0 {
                let fill = fills[Int(random.next() % UInt64(fills.count))]
                for _ in 0..<fill { members.insert(key << 16 | UInt32(random.next() % 65_536)) }
            }
            return members.sorted()
        }
        for _ in 0..<4 {
            let left = randomSet()
            let right = randomSet()
            let leftSet = AdaptiveSet(left)
            let rightSet = AdaptiveSet(right)
            let expected = Set(left).intersection(right).sorted()
            var common: [UInt32] = []
            leftSet.forEachCommonMember(with: rightSet) { member, index in
                common.append(member)
                #expect(left[index] == member)
            }
            #expect(common == expected)
            #expect(leftSet.intersectionCount(rightSet) == expected.count)
            let intersection = leftSet.intersection(rightSet)
            try intersection._checkInvariants()
            #expect(Array(intersection) == expected)
        }
    }

    @Test func emptyAndSingleSets() throws {
        let empty = AdaptiveSet()
        #expect(empty.isEmpty && Array(empty).isEmpty && !empty.contains(0))
        #expect(empty.index(of: 5) == nil)
        #expect(empty.intersection(AdaptiveSet([1, 2])).isEmpty)
        var single = AdaptiveSet()
        #expect(single.remove(9) == nil)
        #expect(single.insert(UInt32.max) == (true, 0))
        #expect(single.insert(UInt32.max) == (false, 0))
        #expect(single.insert(0) == (true, 0))
        #expect(single.index(of: UInt32.max) == 1)
        #expect(Array(single) == [0, UInt32.max])
        try single._checkInvariants()
    }

    private func expectSameMembers(_ set: AdaptiveSet, _ model: [UInt32]) throws {
        #expect(Array(set) == model)
        var visited: [UInt32] = []
        var indexes: [Int] = []
        set.forEachMember { member, index in
            visited.append(member)
            indexes.append(index)
        }
        #expect(visited == model)
        #expect(indexes == Array(0..<model.count))
    }

    /// The model's position of `value`: a linear scan, obviously right.
    private func lowerBound(_ value: UInt32, in sorted: [UInt32]) -> Int {
        sorted.firstIndex { $0 >= value } ?? sorted.count
    }
}
