import ContactsCore
import ContactsFixtures
import ContactsMatching
import ContactsSupport

/// Find Your Friends structures (issue 4): the hashed phone table against `[UInt64: UInt32]`
/// (number → user index, what a competent first version keeps), and the upload index against
/// ``UploadIndexBaseline`` (dictionaries of books, and the holders map maintained on write),
/// both computing the same answers, checked.
func matchingBenchmarks(_ runner: BenchmarkRunner) {
    for count in runner.quick ? [1_000_000] : [1_000_000, 10_000_000] {
        phoneTableBenchmarks(runner, registered: count)
    }
    uploadIndexBenchmarks(runner)
}

/// Phone numbers drawn as `contacts generate` draws its users' phones: a culture by its share,
/// one of its regions by weight, then a number of one of that country's plans.
struct PhoneNumberSource {
    private var random: FixtureRandom

    init(seed: UInt64) {
        random = FixtureRandom(seed: seed, stream: 1)
    }

    mutating func next() -> UInt64 {
        let country = FixtureCulture.random(using: &random).randomCountry(using: &random)
        return FixturePhoneCountry.randomNumber(country: country, using: &random).e164Value
    }
}

/// What a run of lookups found: how many numbers had a user, and the sum of those users.
struct LookupTally: Equatable {
    var found = 0
    var userSum: UInt64 = 0

    /// Counts one lookup's answer.
    @inline(__always)
    mutating func add(_ user: UInt32?) {
        guard let user else { return }
        found += 1
        userSum &+= UInt64(user)
    }
}

/// The bytes of a `[UInt64: UInt32]`'s storage: its power-of-two bucket count (the table holds
/// at most three quarters of it) times a key and a value, plus one occupancy bit per bucket.
private func dictionaryBytes(_ dictionary: [UInt64: UInt32]) -> Int {
    var buckets = 1
    while buckets * 3 / 4 < dictionary.capacity { buckets <<= 1 }
    return buckets * (MemoryLayout<UInt64>.stride + MemoryLayout<UInt32>.stride) + buckets / 8
}

private func phoneTableBenchmarks(_ runner: BenchmarkRunner, registered count: Int) {
    let size = count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count)"
    var source = PhoneNumberSource(seed: 4)
    let numbers = (0..<count).map { _ in source.next() }
    let users = (0..<count).map { UInt32($0) }

    var table = HashedPhoneTable(seed: 42)
    var dictionary: [UInt64: UInt32] = [:]
    var buildFailure: MatchingError?
    runner.compareRuns(
        "phone table build from arrays (bulk, sort once; baseline: [UInt64: UInt32], reserved, inserted in order), "
            + "registered count",
        size: size, runs: runner.size(quick: 1, full: 3),
        ours: { _ in
            do throws(MatchingError) {
                table = try HashedPhoneTable(numbers: numbers, users: users, seed: 42)
            } catch {
                buildFailure = error
            }
            return table.count
        },
        baseline: { _ in
            dictionary = [:]
            dictionary.reserveCapacity(count)
            for (number, user) in zip(numbers, users) { dictionary[number] = user }
            return dictionary.count
        })
    if let buildFailure { runner.fail("phone table build", "threw \(buildFailure)") }
    let oursBytes = Double(table.storageBytes) / Double(max(1, table.count))
    let baselineBytes = Double(dictionaryBytes(dictionary)) / Double(max(1, dictionary.count))
    runner.compareMeasured(
        "phone table memory per registered number (baseline: the dictionary's buckets by capacity), registered count",
        size: size, unit: "B", ours: Measured(samples: [oursBytes], answer: table.count),
        baseline: Measured(samples: [baselineBytes], answer: dictionary.count), bytesPerEntry: oursBytes,
        baselineBytesPerEntry: baselineBytes)

    // Random single probes: half registered numbers, half numbers nobody registered.
    let probeCount = runner.size(quick: 200_000, full: 1_000_000)
    var random = SplitMix64(seed: 5)
    var misses = PhoneNumberSource(seed: 6)
    let probes = (0..<probeCount).map { index in
        index % 2 == 0 ? numbers[Int(random.next() % UInt64(count))] : misses.next()
    }
    runner.compare(
        "phone table random single probe (50% hits), users found", size: size, operations: probeCount,
        ours: {
            var tally = LookupTally()
            for number in probes { tally.add(table.user(for: number)) }
            return tally
        },
        baseline: {
            var tally = LookupTally()
            for number in probes { tally.add(dictionary[number]) }
            return tally
        })

    // For reference, the latency floor under a single probe: a chain of dependent random reads
    // through an array as large as the table's, on huge pages like it. Each read names the
    // next one, so every read waits for a whole memory round trip, as a lone probe waits for
    // its entries. Not the same computation as a probe: no baseline, no ratio.
    let chain = randomCycle(count: table.multimap.base.entries.count, seed: 8)
    runner.reference(
        "memory latency floor: dependent random reads through an array of the phone table's size", size: size,
        unit: "ns/op",
        samples: runner.measure(operations: probeCount) {
            chain.withUnsafeBufferPointer { chain in
                var position = 0
                for _ in 0..<probeCount { position = Int(chain[position]) }
                return position
            }
        })

    // A 1,000-number address book, probed as one batch; 30% of it registered.
    let bookCount = runner.size(quick: 50, full: 200)
    let books = (0..<bookCount).map { _ in
        (0..<1_000).map { index in index % 10 < 3 ? numbers[Int(random.next() % UInt64(count))] : misses.next() }
    }
    runner.compare(
        "phone table batch probe, 1,000-number book (per book), users found", size: size, operations: bookCount,
        ours: {
            var tally = LookupTally()
            for book in books {
                for user in table.users(for: book) { tally.add(user) }
            }
            return tally
        },
        baseline: {
            var tally = LookupTally()
            for book in books {
                for user in book.map({ dictionary[$0] }) { tally.add(user) }
            }
            return tally
        })

    // The same probes with changes pending in the delta (a live table between merges); the
    // baseline takes the same registrations.
    var live = table
    var liveDictionary = dictionary
    var fresh = PhoneNumberSource(seed: 7)
    for user in 0..<UInt32(live.multimap.mergeThreshold - 1) {
        let number = fresh.next()
        do {
            try live.setUser(user, for: number)
            liveDictionary[number] = user
        } catch {
            runner.fail("phone table delta", "setUser threw \(error)")
        }
    }
    runner.compare(
        "phone table random single probe, delta full (\(live.multimap.pendingCount) pending), users found", size: size,
        operations: probeCount,
        ours: {
            var tally = LookupTally()
            for number in probes { tally.add(live.user(for: number)) }
            return tally
        },
        baseline: {
            var tally = LookupTally()
            for number in probes { tally.add(liveDictionary[number]) }
            return tally
        })
}

private func uploadIndexBenchmarks(_ runner: BenchmarkRunner) {
    // 10,000 users, each with a 100-number book that holds one popular number.
    let ownerCount = 10_000
    let bookSize = 100
    var source = PhoneNumberSource(seed: 8)
    let popular = source.next()
    var owners = [UInt32]()
    var contacts = [UInt32]()
    var numbers = [UInt64]()
    for owner in 0..<UInt32(ownerCount) {
        for contact in 0..<UInt32(bookSize) {
            owners.append(owner)
            contacts.append(contact)
            numbers.append(contact == 0 ? popular : source.next())
        }
    }
    let index: UploadIndex
    do {
        index = try UploadIndex(owners: owners, contacts: contacts, numbers: numbers, seed: 42)
    } catch {
        return runner.fail("upload index build", "threw \(error)")
    }
    var baseline = UploadIndexBaseline(owners: owners, contacts: contacts, numbers: numbers)
    let size = "\(ownerCount * bookSize) uploads"
    let lookups = runner.size(quick: 200, full: 1_000)
    runner.compare(
        "reverse lookup, user held in 10,000 books (baseline: [UInt64: Set<UInt32>] holders map), holders",
        size: size, operations: lookups, bytesPerEntry: Double(index.storageBytes) / Double(numbers.count),
        ours: {
            var tally = LookupTally()
            for _ in 0..<lookups {
                for owner in index.holders(of: popular) { tally.add(owner) }
            }
            return tally
        },
        baseline: {
            var tally = LookupTally()
            for _ in 0..<lookups {
                for owner in baseline.holders(of: popular) { tally.add(owner) }
            }
            return tally
        })

    // One 1,000-contact upload into that index (the index part of an upload), then undone.
    var live = index
    let upload = (0..<1_000).map { UploadedContact(contact: UInt32(1_000 + $0), numbers: [source.next()]) }
    let handles = upload.map(\.contact)
    let uploader = UInt32(ownerCount / 2)
    var uploadFailure: MatchingError?
    runner.compare(
        "index a 1,000-contact upload and remove it (both sides: books and holders updated), "
            + "distinct numbers after the upload",
        size: size, operations: 1,
        ours: {
            do throws(MatchingError) {
                try live.replaceContacts(upload, of: uploader)
            } catch {
                uploadFailure = error
            }
            let count = live.numbers(of: uploader).count
            live.removeContacts(handles, of: uploader)
            return count
        },
        baseline: {
            baseline.replaceContacts(upload, of: uploader)
            let count = baseline.numberCount(of: uploader)
            baseline.removeContacts(handles, of: uploader)
            return count
        })
    if let uploadFailure { runner.fail("upload index replaceContacts", "threw \(uploadFailure)") }
}

/// A random cyclic permutation of `0..<count` (Sattolo's algorithm) on huge pages: element `i`
/// holds the position read after `i`, and following it from anywhere visits every position
/// once before coming back, in random order.
private func randomCycle(count: Int, seed: UInt64) -> [UInt64] {
    var random = SplitMix64(seed: seed)
    return HugePages.array(count: max(1, count)) { (cycle: UnsafeMutableBufferPointer<UInt64>) in
        for position in cycle.indices { cycle[position] = UInt64(position) }
        for position in stride(from: cycle.count - 1, to: 0, by: -1) {
            cycle.swapAt(position, Int(random.next() % UInt64(position)))
        }
    }
}
