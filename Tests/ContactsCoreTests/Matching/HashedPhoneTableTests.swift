import ContactsCore
import ContactsMatching
import ContactsSupport
import Testing

@Suite struct HashedPhoneTableTests {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]
    static let runs = seeds.flatMap { seed in TestHasher.allCases.map { (seed, $0) } }

    /// Random registrations, re-registrations, removals and probes against a dictionary,
    /// comparing every answer; a low merge floor makes merges and directory rebuilds frequent.
    @Test(arguments: runs)
    func randomOperationsMatchADictionary(seed: UInt64, hasher: TestHasher) {
        var random = SplitMix64(seed: seed)
        let deltaFloor = [1, 2, 7, 64][Int(seed % 4)]
        var table = HashedPhoneTable(hasher: hasher.hasher, deltaFloor: deltaFloor)
        var model = [UInt64: UInt32]()
        let pool = (0..<600).map { _ in random.e164Number() }
        for step in 0..<3_000 {
            let number = pool.randomElement(using: &random)!
            let context = Comment(rawValue: "seed \(seed) \(hasher) step \(step) number \(number)")
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                // Grows more than it shrinks early on, then hovers: directories grow and shrink.
                let user = UInt32.random(in: 0..<50, using: &random)
                let previous = try? table.setUser(user, for: number)
                #expect(previous == model.updateValue(user, forKey: number), context)
            case 4..<6 where step > 1_500:
                #expect(table.removeUser(for: number) == model.removeValue(forKey: number), context)
            case 6:
                let probes =
                    (0..<Int.random(in: 0..<40, using: &random)).map { _ in
                        Bool.random(using: &random) ? pool.randomElement(using: &random)! : random.e164Number()
                    } + outOfRangeNumbers
                #expect(table.users(for: probes) == probes.map { model[$0] }, context)
            case 7 where step % 97 == 0:
                table.mergePendingChanges()
                #expect(table.multimap.pendingCount == 0, context)
            default:
                #expect(table.user(for: number) == model[number], context)
            }
            #expect(table.count == model.count, context)
        }
        for number in pool {
            #expect(table.user(for: number) == model[number], "seed \(seed) \(hasher) final \(number)")
        }
    }

    @Test func emptyTable() throws {
        var table = HashedPhoneTable(seed: 7)
        #expect(table.isEmpty && table.count == 0)
        #expect(table.user(for: 14_155_552_671) == nil)
        #expect(table.users(for: []) == [])
        #expect(table.users(for: [14_155_552_671] + outOfRangeNumbers) == [nil, nil, nil, nil])
        #expect(table.removeUser(for: 14_155_552_671) == nil)
        table.mergePendingChanges()
        #expect(table.isEmpty)
        let built = try HashedPhoneTable(numbers: [], users: [], seed: 7)
        #expect(built.isEmpty && built.user(for: 1) == nil)
    }

    @Test(arguments: TestHasher.allCases)
    func bulkBuildEqualsIncrementalBuild(hasher: TestHasher) throws {
        var random = SplitMix64(seed: 99)
        // Repeats on purpose: the later user of a number wins, both ways.
        let distinct = (0..<3_000).map { _ in random.e164Number() }
        let numbers = (0..<5_000).map { _ in distinct.randomElement(using: &random)! }
        let users = numbers.indices.map { UInt32($0) }
        let bulk = try HashedPhoneTable(numbers: numbers, users: users, hasher: hasher.hasher)
        var incremental = HashedPhoneTable(hasher: hasher.hasher)
        var model = [UInt64: UInt32]()
        for (number, user) in zip(numbers, users) {
            try incremental.setUser(user, for: number)
            model[number] = user
        }
        incremental.mergePendingChanges()
        #expect(bulk.count == model.count && incremental.count == model.count)
        let entries = { (table: HashedPhoneTable) in
            table.multimap.base.entries.map { [$0.number, UInt64($0.payload)] }.sorted {
                $0.lexicographicallyPrecedes($1)
            }
        }
        #expect(entries(bulk) == entries(incremental))
        // The base holds the numbers of up to 50 bits; the long ones are checked by lookup below.
        let based = model.filter { $0.key < (1 << 50) - 1 }
        #expect(entries(bulk) == based.map { [$0.key, UInt64($0.value)] }.sorted { $0.lexicographicallyPrecedes($1) })
        if bulk.multimap.base.directoryBits == incremental.multimap.base.directoryBits {
            #expect(bulk.multimap.base == incremental.multimap.base)
        }
        #expect(bulk.users(for: distinct) == distinct.map { model[$0] })
        #expect(incremental.users(for: distinct) == distinct.map { model[$0] })
    }

    @Test func duplicatesAndNoOps() throws {
        let table = try HashedPhoneTable(numbers: [5, 7, 5, 5], users: [1, 2, 3, 4], seed: 1)
        #expect(table.count == 2 && table.user(for: 5) == 4 && table.user(for: 7) == 2)
        var copy = table
        #expect(try copy.setUser(4, for: 5) == 4)
        #expect(copy.multimap.pendingCount == 0, "registering the same user again changes nothing")
        #expect(copy.removeUser(for: 6) == nil && copy.multimap.pendingCount == 0)
        #expect(try copy.setUser(9, for: 5) == 4 && copy.user(for: 5) == 9 && copy.count == 2)
        #expect(table.user(for: 5) == 4, "tables are values")
    }

    /// The delta merges exactly when it reaches the threshold, on an empty table (the floor)
    /// and on a bulk-built one (a share of the base), and answers stay exact around it. (Long
    /// numbers never wait in the delta, so the numbers here have at most 15 digits.)
    @Test(arguments: [0, 200_000])
    func deltaMergesAtTheThreshold(baseSize: Int) throws {
        var random = SplitMix64(seed: UInt64(baseSize))
        let baseNumbers = (0..<baseSize).map { _ in random.e164Number(long: false) }
        var table = try HashedPhoneTable(
            numbers: baseNumbers, users: baseNumbers.indices.map { UInt32($0) }, seed: 3)
        var model = [UInt64: UInt32]()
        for (index, number) in baseNumbers.enumerated() { model[number] = UInt32(index) }
        let threshold = table.multimap.mergeThreshold
        #expect(threshold == max(1024, table.count / 64))
        // A fresh number is one pending pair; a re-registration two (the old user's and the
        // new one's); a pair changed again is still one.
        let mergedCount = table.count
        var touched = Set<UInt64>()
        var touchedPairs = Set<[UInt64]>()
        while table.multimap.pendingCount < threshold - 1 {
            let number =
                Bool.random(using: &random) && !baseNumbers.isEmpty
                ? baseNumbers.randomElement(using: &random)! : random.e164Number(long: false)
            let user = UInt32.random(in: 0..<1_000, using: &random)
            guard model[number] != user else { continue }
            let pairs = [model[number], user].compactMap { $0.map { [number, UInt64($0)] } }
            // Stop one pair short of the threshold.
            guard touchedPairs.union(pairs).count < threshold else { continue }
            try table.setUser(user, for: number)
            touchedPairs.formUnion(pairs)
            model[number] = user
            touched.insert(number)
            #expect(table.multimap.pendingCount == touchedPairs.count)
        }
        #expect(table.multimap.base.count == mergedCount, "nothing merged below the threshold")
        for number in touched.prefix(300) { #expect(table.user(for: number) == model[number]) }

        var fresh = random.e164Number(long: false)
        while model[fresh] != nil { fresh = random.e164Number(long: false) }
        try table.setUser(1, for: fresh)
        model[fresh] = 1
        #expect(table.multimap.pendingCount == 0, "merged at the threshold")
        #expect(table.multimap.base.count == model.count)
        #expect(table.count == model.count)
        for number in touched.prefix(300) { #expect(table.user(for: number) == model[number]) }
        #expect(table.users(for: Array(model.keys.prefix(2_000))) == model.keys.prefix(2_000).map { model[$0] })

        // One past: the next change starts a new delta.
        #expect(table.removeUser(for: fresh) == 1)
        model[fresh] = nil
        #expect(table.multimap.pendingCount == 1 && table.user(for: fresh) == nil)
    }

    @Test func badInputIsRefusedAndChangesNothing() throws {
        var table = try HashedPhoneTable(numbers: [14_155_552_671], users: [0], seed: 1)
        for number in outOfRangeNumbers {
            #expect(throws: MatchingError.numberOutOfRange(number)) { try table.setUser(1, for: number) }
            #expect(table.removeUser(for: number) == nil)
        }
        #expect(table.count == 1 && table.multimap.pendingCount == 0)
        // Numbers that agree with a registered one on its low 50 bits (long numbers, or past
        // nineteen digits) are other numbers: their bits never reach the stored fingerprint.
        for high in [UInt64(1) << 50, UInt64(0x3FFF) << 50, UInt64(1) << 63] {
            #expect(table.user(for: 14_155_552_671 | high) == nil)
            #expect(table.users(for: [14_155_552_671 | high, 14_155_552_671]) == [nil, 0])
        }
        #expect(throws: MatchingError.countMismatch(expected: 2, actual: 1)) {
            try HashedPhoneTable(numbers: [1, 2], users: [0], seed: 1)
        }
        #expect(throws: MatchingError.numberOutOfRange(0)) {
            try HashedPhoneTable(numbers: [1, 0, 2], users: [0, 1, 2], seed: 1)
        }
        #expect(MatchingError.numberOutOfRange(0).description.contains("not an E.164 number"))
    }
}
