import ContactsCore
import ContactsMatching
import ContactsSupport
import Testing

/// The naive model: owner → contact → numbers, every answer derived by scanning.
private struct NaiveUploads {
    var books: [UInt32: [UInt32: Set<UInt64>]] = [:]

    mutating func replace(_ contacts: [UploadedContact], of owner: UInt32) {
        for entry in contacts {
            books[owner, default: [:]][entry.contact] = entry.numbers.isEmpty ? nil : Set(entry.numbers)
        }
        if books[owner]?.isEmpty == true { books[owner] = nil }
    }

    mutating func remove(_ contacts: [UInt32], of owner: UInt32) {
        for contact in contacts { books[owner]?[contact] = nil }
        if books[owner]?.isEmpty == true { books[owner] = nil }
    }

    func numbers(of owner: UInt32) -> [UInt64] {
        Set((books[owner] ?? [:]).values.flatMap { $0 }).sorted()
    }

    func contacts(of owner: UInt32, holding number: UInt64) -> [UInt32] {
        (books[owner] ?? [:]).filter { $0.value.contains(number) }.keys.sorted()
    }

    func holders(of number: UInt64) -> [UInt32] {
        books.keys.filter { !contacts(of: $0, holding: number).isEmpty }.sorted()
    }

    var holdingCount: Int { books.keys.reduce(0) { $0 + numbers(of: $1).count } }
}

@Suite struct UploadIndexTests {
    static let seeds: [UInt64] = [11, 12, 13, 14, 15, 16]
    static let runs = seeds.flatMap { seed in TestHasher.allCases.map { (seed, $0) } }
    static let owners: [UInt32] = Array(0..<10) + [UInt32.max]

    /// Compares every query the index answers with the model, over all owners and numbers.
    private func expectSame(
        _ index: UploadIndex, _ model: NaiveUploads, numbers pool: [UInt64], _ context: Comment
    ) {
        index._checkInvariants()
        #expect(index.ownerCount == model.books.count, context)
        #expect(index.holdingCount == model.holdingCount, context)
        for number in pool {
            #expect(Array(index.holders(of: number)) == model.holders(of: number), context)
        }
        for owner in Self.owners {
            let numbers = model.numbers(of: owner)
            #expect(index.numbers(of: owner) == numbers, context)
            for number in pool {
                #expect(index.contains(number, uploadedBy: owner) == numbers.contains(number), context)
                #expect(
                    Array(index.contacts(of: owner, holding: number)) == model.contacts(of: owner, holding: number),
                    context)
            }
        }
    }

    @Test(arguments: runs)
    func randomOperationsMatchDictionariesOfSets(seed: UInt64, hasher: TestHasher) {
        var random = SplitMix64(seed: seed)
        var index = UploadIndex(hasher: hasher.hasher, deltaFloor: [2, 5, 32][Int(seed % 3)])
        var model = NaiveUploads()
        let pool = (0..<40).map { _ in random.e164Number() }
        for step in 0..<1_000 {
            let owner = Self.owners.randomElement(using: &random)!
            let context = Comment(rawValue: "seed \(seed) \(hasher) step \(step) owner \(owner)")
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<11:
                let upload = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                    UploadedContact(
                        contact: UInt32.random(in: 0..<8, using: &random),
                        numbers: (0..<Int.random(in: 0...3, using: &random)).map { _ in
                            pool.randomElement(using: &random)!
                        })
                }
                let expectedNew = Set(upload.flatMap(\.numbers)).subtracting(model.numbers(of: owner)).count
                #expect(index.newNumberCount(of: owner, among: upload.flatMap(\.numbers)) == expectedNew, context)
                do {
                    try index.replaceContacts(upload, of: owner)
                } catch {
                    Issue.record("unexpected \(error), \(context)")
                }
                model.replace(upload, of: owner)
            case 11..<14:
                let handles = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    UInt32.random(in: 0..<9, using: &random)
                }
                index.removeContacts(handles, of: owner)
                model.remove(handles, of: owner)
            case 14:
                index.removeAllUploads(of: owner)
                model.books[owner] = nil
            case 15:
                let bad = outOfRangeNumbers.randomElement(using: &random)!
                let upload = [
                    UploadedContact(contact: 0, numbers: [pool[0]]),
                    UploadedContact(contact: 1, numbers: [pool[1], bad]),
                ]
                let before = index
                #expect(throws: MatchingError.numberOutOfRange(bad), context) {
                    try index.replaceContacts(upload, of: owner)
                }
                #expect(index.numbers(of: owner) == before.numbers(of: owner), context)
                #expect(index.holdingCount == before.holdingCount, context)
            default:
                let number = pool.randomElement(using: &random)!
                #expect(Array(index.holders(of: number)) == model.holders(of: number), context)
                #expect(
                    Array(index.contacts(of: owner, holding: number)) == model.contacts(of: owner, holding: number),
                    context)
            }
            if step % 150 == 0 {
                expectSame(index, model, numbers: pool, context)
            }
        }
        expectSame(index, model, numbers: pool, "seed \(seed) \(hasher) final")
    }

    @Test func emptyIndex() {
        let index = UploadIndex(seed: 1)
        #expect(index.ownerCount == 0 && index.holdingCount == 0)
        #expect(index.numbers(of: 0) == [])
        #expect(index.holders(of: 14_155_552_671).isEmpty)
        #expect(index.contacts(of: 0, holding: 14_155_552_671).isEmpty)
        #expect(index.newNumberCount(of: 0, among: [5, 5, 6]) == 2)
        // Numbers that agree on their low 50 bits (a long one, one past nineteen digits) still
        // count once each.
        let high: UInt64 = 1 << 50 | 7
        #expect(index.newNumberCount(of: 0, among: [high, 7, high, UInt64.max, 7]) == 3)
        var copy = index
        copy.removeAllUploads(of: 3)
        copy.removeContacts([1, 2], of: 3)
        #expect(copy.ownerCount == 0)
    }

    @Test func repeatedHandlesAndNumbersInOneUpload() throws {
        var index = UploadIndex(seed: 1)
        try index.replaceContacts(
            [
                UploadedContact(contact: 4, numbers: [100, 200]),
                UploadedContact(contact: 2, numbers: [200, 200, 300]),
                UploadedContact(contact: 4, numbers: [300]),  // replaces the first entry of 4
            ], of: 7)
        #expect(index.numbers(of: 7) == [200, 300])
        #expect(Array(index.contacts(of: 7, holding: 300)) == [2, 4])
        #expect(Array(index.holders(of: 300)) == [7])
        #expect(index.holders(of: 100).isEmpty)
        #expect(index.holdingCount == 2)
        // Replacing a contact's numbers moves the reverse side with it.
        try index.replaceContacts([UploadedContact(contact: 2, numbers: [100])], of: 7)
        #expect(index.numbers(of: 7) == [100, 300])
        #expect(index.holders(of: 200).isEmpty && Array(index.holders(of: 100)) == [7])
        // Removing one of two contacts holding a number keeps the owner among its holders.
        try index.replaceContacts([UploadedContact(contact: 9, numbers: [300])], of: 8)
        index.removeContacts([4], of: 7)
        #expect(Array(index.holders(of: 300)) == [8])
        index.removeAllUploads(of: 7)
        #expect(index.numbers(of: 7) == [] && Array(index.holders(of: 300)) == [8])
    }

    /// A user held in many books: the reverse side answers without a scan, and stays exact
    /// when its list grows past the merge threshold.
    @Test func manyHoldersOfOneNumber() throws {
        var index = UploadIndex(seed: 5)
        let me: UInt64 = 34_612_345_678
        for owner in 0..<3_000 as Range<UInt32> {
            try index.replaceContacts(
                [UploadedContact(contact: 0, numbers: [me, 1_000_000 + UInt64(owner)])], of: owner)
        }
        #expect(Array(index.holders(of: me)) == Array(0..<3_000))
        for owner in stride(from: 0, to: 3_000, by: 2) as StrideTo<UInt32> {
            index.removeAllUploads(of: owner)
        }
        #expect(Array(index.holders(of: me)) == Array(stride(from: 1, to: 3_000, by: 2)))
        #expect(index.holders(of: me).contains(2_999) && !index.holders(of: me).contains(2_998))
    }

    @Test(arguments: TestHasher.allCases)
    func bulkBuildEqualsIncrementalBuild(hasher: TestHasher) throws {
        var random = SplitMix64(seed: 77)
        let pool = (0..<150).map { _ in random.e164Number() }
        var owners = [UInt32]()
        var contacts = [UInt32]()
        var numbers = [UInt64]()
        for _ in 0..<2_000 {
            owners.append(Self.owners.randomElement(using: &random)!)
            contacts.append(UInt32.random(in: 0..<50, using: &random))
            numbers.append(pool.randomElement(using: &random)!)
        }
        let bulk = try UploadIndex(owners: owners, contacts: contacts, numbers: numbers, hasher: hasher.hasher)
        var model = NaiveUploads()
        var incremental = UploadIndex(hasher: hasher.hasher)
        for position in owners.indices {
            let (owner, contact) = (owners[position], contacts[position])
            let held = model.books[owner]?[contact] ?? []
            let upload = [UploadedContact(contact: contact, numbers: Array(held) + [numbers[position]])]
            try incremental.replaceContacts(upload, of: owner)
            model.replace(upload, of: owner)
        }
        expectSame(bulk, model, numbers: pool, "bulk \(hasher)")
        expectSame(incremental, model, numbers: pool, "incremental \(hasher)")
    }

    @Test func bulkBuildRefusesBadInput() {
        #expect(throws: MatchingError.countMismatch(expected: 2, actual: 1)) {
            try UploadIndex(owners: [0, 1], contacts: [0], numbers: [5, 6], seed: 1)
        }
        #expect(throws: MatchingError.countMismatch(expected: 2, actual: 1)) {
            try UploadIndex(owners: [0], contacts: [0, 1], numbers: [5, 6], seed: 1)
        }
        #expect(throws: MatchingError.numberOutOfRange(0)) {
            try UploadIndex(owners: [0, 1], contacts: [0, 1], numbers: [5, 0], seed: 1)
        }
    }

    @Test(arguments: TestHasher.allCases)
    func bookByBookBuildEqualsTheModel(hasher: TestHasher) throws {
        var random = SplitMix64(seed: 78)
        let pool = (0..<150).map { _ in random.e164Number() }
        var builder = UploadIndex.Builder()
        var model = NaiveUploads()
        for owner in Self.owners.shuffled(using: &random) {
            var pairs = (0..<Int.random(in: 1..<300, using: &random)).map { _ in
                (number: pool.randomElement(using: &random)!, contact: UInt32.random(in: 0..<50, using: &random))
            }
            let upload = Dictionary(grouping: pairs, by: \.contact).map {
                UploadedContact(contact: $0.key, numbers: $0.value.map(\.number))
            }
            try builder.addBook(of: owner, pairs: &pairs)
            #expect(zip(pairs, pairs.dropFirst()).allSatisfy { ($0.number, $0.contact) <= ($1.number, $1.contact) })
            model.replace(upload, of: owner)
        }
        var repeated: [(number: UInt64, contact: UInt32)] = [(pool[0], 0)]
        #expect(throws: MatchingError.ownerRepeated(Self.owners[0])) {
            try builder.addBook(of: Self.owners[0], pairs: &repeated)
        }
        var bad: [(number: UInt64, contact: UInt32)] = [(pool[0], 0), (0, 1)]
        #expect(throws: MatchingError.numberOutOfRange(0)) { try builder.addBook(of: 1_000, pairs: &bad) }
        let index = try builder.build(hasher: hasher.hasher)
        expectSame(index, model, numbers: pool, "book by book \(hasher)")
        #expect(index.numbers(of: 1_000).isEmpty)
    }
}
