import ContactsCore
import ContactsFixtures
import ContactsMatching
import ContactsSupport

/// Find Your Friends structures (issue 4): the hashed phone table and the upload index, each
/// beside the naive baseline of the same semantics, `[String: String]` from E.164 text to
/// user id and a `Set` of E.164 texts per user.
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

/// The E.164 text of `number`, as the baseline keys its dictionary.
private func e164Text(_ number: UInt64) -> String { "+\(number)" }

/// The naive baseline's user id text for a user index.
private func userIdText(_ user: UInt32) -> String { "u\(user)" }

/// Bytes a `[String: String]` holds: its slots and occupancy bitmap, plus the heap storage of
/// strings too long to be stored inline (more than 15 UTF-8 bytes).
private func naiveDictionaryBytes(_ dictionary: [String: String]) -> Int {
    var bytes = dictionary.capacity * 2 * MemoryLayout<String>.stride + dictionary.capacity / 8
    for (key, value) in dictionary {
        for text in [key, value] where text.utf8.count > 15 {
            bytes += 32 + text.utf8.count
        }
    }
    return bytes
}

private func phoneTableBenchmarks(_ runner: BenchmarkRunner, registered count: Int) {
    let size = count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count)"
    var source = PhoneNumberSource(seed: 4)
    let numbers = (0..<count).map { _ in source.next() }
    let users = (0..<count).map { UInt32($0) }
    let numberTexts = numbers.map(e164Text)
    let userTexts = users.map(userIdText)

    var table = HashedPhoneTable(seed: 0)
    var naive = [String: String]()
    runner.compareOnceUnchecked(
        "phone table build (bulk, sort once)", size: size,
        ours: {
            table = (try? HashedPhoneTable(numbers: numbers, users: users, seed: 42)) ?? HashedPhoneTable(seed: 42)
            return UInt64(table.count)
        },
        baseline: {
            naive = [:]
            naive.reserveCapacity(count)
            for (number, user) in zip(numberTexts, userTexts) { naive[number] = user }
            return UInt64(naive.count)
        })
    runner.record(
        BenchmarkRow(
            workload: "phone table memory (bytes per registered number)", size: size, unit: "B",
            ours: Statistics([Double(table.storageBytes) / Double(table.count)]),
            baseline: Statistics([Double(naiveDictionaryBytes(naive)) / Double(naive.count)]),
            bytesPerEntry: Double(table.storageBytes) / Double(table.count),
            baselineBytesPerEntry: Double(naiveDictionaryBytes(naive)) / Double(naive.count)))

    // Random single probes: half registered numbers, half numbers nobody registered.
    let probeCount = runner.size(quick: 200_000, full: 1_000_000)
    var random = SplitMix64(seed: 5)
    var misses = PhoneNumberSource(seed: 6)
    let probes = (0..<probeCount).map { index in
        index % 2 == 0 ? numbers[Int(random.next() % UInt64(count))] : misses.next()
    }
    let probeTexts = probes.map(e164Text)
    runner.compareUnchecked(
        "phone table random single probe (50% hits)", size: size, operations: probeCount,
        ours: {
            var found: UInt64 = 0
            for number in probes { found &+= UInt64(table.user(for: number) ?? 0) }
            return found
        },
        baseline: {
            var found: UInt64 = 0
            for text in probeTexts { found &+= UInt64(naive[text]?.utf8.count ?? 0) }
            return found
        })

    // The latency floor under a single probe: a chain of dependent random reads through an
    // array as large as the table's, on huge pages like it. Each read names the next one, so
    // every read waits for a whole memory round trip, as a probe waits for its entries. (The
    // same reads made independent overlap, and measured under 10 ns here: that is bandwidth,
    // not the latency a lone probe pays.)
    let chain = randomCycle(count: table.multimap.base.entries.count, seed: 8)
    runner.compareUnchecked(
        "phone table random single probe (baseline: dependent random reads through an array of the same size, "
            + "the memory latency floor)",
        size: size, operations: probeCount,
        ours: {
            var found: UInt64 = 0
            for number in probes { found &+= UInt64(table.user(for: number) ?? 0) }
            return found
        },
        baseline: {
            chain.withUnsafeBufferPointer { chain in
                var position = 0
                for _ in 0..<probeCount { position = Int(chain[position]) }
                return UInt64(position)
            }
        })

    // A 1,000-number address book, probed as one batch; 30% of it registered.
    let bookCount = runner.size(quick: 50, full: 200)
    let books = (0..<bookCount).map { _ in
        (0..<1_000).map { index in index % 10 < 3 ? numbers[Int(random.next() % UInt64(count))] : misses.next() }
    }
    let bookTexts = books.map { $0.map(e164Text) }
    runner.compareUnchecked(
        "phone table batch probe, 1,000-number book (per book)", size: size, operations: bookCount,
        ours: {
            var found: UInt64 = 0
            for book in books {
                for user in table.users(for: book) { found &+= UInt64(user ?? 0) }
            }
            return found
        },
        baseline: {
            var found: UInt64 = 0
            for book in bookTexts {
                for text in book { found &+= UInt64(naive[text]?.utf8.count ?? 0) }
            }
            return found
        })

    // The same probes with changes pending in the delta (a live table between merges).
    var live = table
    var fresh = PhoneNumberSource(seed: 7)
    for user in 0..<UInt32(live.multimap.mergeThreshold - 1) {
        _ = try? live.setUser(user, for: fresh.next())
    }
    runner.compareUnchecked(
        "phone table random single probe, delta full (\(live.multimap.pendingCount) pending)", size: size,
        operations: probeCount,
        ours: {
            var found: UInt64 = 0
            for number in probes { found &+= UInt64(live.user(for: number) ?? 0) }
            return found
        },
        baseline: {
            var found: UInt64 = 0
            for text in probeTexts { found &+= UInt64(naive[text]?.utf8.count ?? 0) }
            return found
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
    guard var index = try? UploadIndex(owners: owners, contacts: contacts, numbers: numbers, seed: 42) else {
        print("upload index build failed")
        return
    }
    var naiveBooks = [String: Set<String>]()
    for (owner, number) in zip(owners, numbers) {
        naiveBooks[userIdText(owner), default: []].insert(e164Text(number))
    }
    let popularText = e164Text(popular)
    let lookups = runner.size(quick: 200, full: 1_000)
    runner.compareUnchecked(
        "reverse lookup, user held in 10,000 books", size: "\(ownerCount * bookSize) uploads",
        operations: lookups,
        bytesPerEntry: Double(index.storageBytes) / Double(numbers.count),
        ours: {
            var total: UInt64 = 0
            for _ in 0..<lookups {
                for owner in index.holders(of: popular) { total &+= UInt64(owner) }
            }
            return total
        },
        baseline: {
            var total: UInt64 = 0
            for _ in 0..<lookups {
                for (owner, book) in naiveBooks where book.contains(popularText) { total &+= UInt64(owner.utf8.count) }
            }
            return total
        })

    // One 1,000-contact upload into that index (the index part of an upload), then undone.
    let upload = (0..<1_000).map { UploadedContact(contact: UInt32(1_000 + $0), numbers: [source.next()]) }
    let uploadTexts = upload.map { e164Text($0.numbers[0]) }
    let uploader = UInt32(ownerCount / 2)
    let uploaderText = userIdText(uploader)
    let rounds = runner.size(quick: 20, full: 100)
    runner.compareUnchecked(
        "index a 1,000-contact upload and remove it (baseline: forward Sets only)",
        size: "\(ownerCount * bookSize) uploads",
        operations: rounds,
        ours: {
            var total: UInt64 = 0
            for _ in 0..<rounds {
                try? index.replaceContacts(upload, of: uploader)
                total &+= UInt64(index.numbers(of: uploader).count)
                index.removeContacts(upload.map(\.contact), of: uploader)
            }
            return total
        },
        baseline: {
            var total: UInt64 = 0
            for _ in 0..<rounds {
                naiveBooks[uploaderText, default: []].formUnion(uploadTexts)
                total &+= UInt64(naiveBooks[uploaderText]?.count ?? 0)
                naiveBooks[uploaderText]?.subtract(uploadTexts)
            }
            return total
        })
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
