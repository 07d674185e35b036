import ContactsFixtures
import ContactsMatching
import ContactsModel
import ContactsSearch
import ContactsSupport
import Foundation
import PhoneNumbers

#if canImport(Glibc)
    import Glibc
#endif

/// The memory row of the search suites alone, streamed: the project generator's contacts (seed
/// 1) go straight into address books as the generator splits them (no file, no single index),
/// each book packed with its phones normalized as an upload stores them, its search tables
/// built as the first search builds them, and the upload index over every book built at once as
/// the engine's loader builds it. Records the resident bytes a contact (and their breakdown),
/// the process's peak, and the times of each step; then shows that the books serve: pages of
/// random books checked equal to the naive scan of the same book, timed beside it.
///
/// Sizes: 20k with `--quick`, else 1M and 10M; `SEARCH_MEMORY_SIZES` (such as `100M` or
/// `1M,10M,100M`) replaces them. The machine is guarded: before and while a size grows, the
/// available memory (`MemAvailable`) must cover what the rest of the size is projected to need
/// and keep ``SearchMemoryGuard/reserveBytes`` free, else the size stops with a row saying how
/// far it got and what it would have needed.
func searchMemoryBenchmarks(_ runner: BenchmarkRunner) throws {
    let sizes: [Int]
    if let text = ProcessInfo.processInfo.environment["SEARCH_MEMORY_SIZES"] {
        sizes = try text.split(separator: ",").map { try SearchMemoryGuard.parseSize(String($0)) }
    } else {
        sizes = runner.quick ? [20_000] : [1_000_000, 10_000_000]
    }
    let checks = SearchChecks(runner)
    print("(search-memory: load average \(SearchBench.loadAverage()) at the start)")
    var bytesPerContact = SearchMemoryGuard.initialBytesPerContact
    for count in sizes {
        if let measured = try searchMemoryRow(runner, count: count, bytesPerContact: bytesPerContact, checks: checks) {
            bytesPerContact = max(bytesPerContact / 2, measured)
        }
    }
    checks.finish("search-memory")
}

/// The books of one size: each one's packed contacts and search tables, and the upload index.
private struct LoadedBooks {
    var books: [(contacts: PackedContacts, tables: SearchTables)] = []
    var uploads = UploadIndex(seed: 42)
    var contacts = 0
    /// Seconds spent making contacts (the generator), packing them, building tables, and
    /// building the upload index.
    var generation = 0.0
    var packing = 0.0
    var tables = 0.0
    var uploadBuild = 0.0
}

/// Loads and measures `count` contacts; returns the resident bytes a contact they took, or nil
/// when the guard stopped the load.
private func searchMemoryRow(
    _ runner: BenchmarkRunner, count: Int, bytesPerContact: Double, checks: SearchChecks
) throws -> Double? {
    let size = SearchBench.sizeLabel(count)
    let label = "search-memory, generator's books"
    SearchMemoryGuard.resetPeak()
    let before = SearchBench.residentBytes()
    var memoryGuard = SearchMemoryGuard(count: count, bytesPerContact: bytesPerContact)
    if let stop = memoryGuard.check(done: 0, uploadedNumbers: 0) {
        SearchMemoryGuard.report(runner, stop, label: label, size: size)
        return nil
    }
    var loaded = LoadedBooks()
    var uploads = UploadIndex.Builder()
    var pairs: [(number: UInt64, contact: UInt32)] = []
    var uploadedNumbers = 0
    let normalizer = PhoneNumberNormalizer()
    let generator = try FixtureGenerator(options: .init(contacts: count, seed: 1))
    var clock = WallClock.monotonicNanoseconds()
    func lap() -> Double {
        let now = WallClock.monotonicNanoseconds()
        defer { clock = now }
        return Double(now - clock) / 1e9
    }
    do {
        try generator.forEachContactBook { (book: [Contact]) throws in
            loaded.generation += lap()
            if loaded.books.isEmpty { memoryGuard.startGrowing() }
            let owner = UInt32(loaded.books.count)
            var packed = PackedContacts()
            pairs.removeAll(keepingCapacity: true)
            for contact in book {
                let numbers = contact.phoneNumbers.compactMap { try? normalizer.normalize($0.value).e164 }
                let slot = packed.put(contact, numbers: numbers).slot
                for number in numbers { pairs.append((number, slot)) }
            }
            uploadedNumbers += pairs.count
            // As the engine's loader adds each book's numbers to the upload index's books.
            try uploads.addBook(of: owner, pairs: &pairs)
            // As the engine's loader leaves a book it has put whole.
            packed.shrinkToFit()
            loaded.packing += lap()
            let tables = SearchTables(packed)
            loaded.tables += lap()
            loaded.books.append((packed, tables))
            loaded.contacts += book.count
            if loaded.books.count % 256 == 0,
                let stop = memoryGuard.check(done: loaded.contacts, uploadedNumbers: uploadedNumbers)
            {
                throw stop
            }
            _ = lap()
        }
    } catch {
        SearchMemoryGuard.report(runner, error, label: label, size: size)
        return nil
    }
    _ = lap()
    loaded.uploads = try uploads.build(seed: 42)
    loaded.uploadBuild = lap()
    let resident = SearchBench.residentBytes() - before
    let peak = SearchBench.peakResidentBytes()

    let perContact = Double(resident) / Double(max(1, loaded.contacts))
    let packedBytes = loaded.books.reduce(0) { $0 + $1.contacts.byteCount }
    let tableBytes = loaded.books.reduce(0) { $0 + $1.tables.footprint.totalBytes }
    let uploadBytes = loaded.uploads.storageBytes
    SearchBench.record(
        runner,
        "\(label) (\(loaded.books.count) books): resident bytes/contact, packed contacts + search tables (built) "
            + "+ upload index", size: size, unit: "B", ours: [perContact], baseline: nil)
    let packedParts = loaded.books.map(\.contacts.byteCounts)
    let footprints = loaded.books.map(\.tables.footprint)
    let parts: [(String, Int)] = [
        ("packed contacts", packedBytes),
        ("packed contacts: records", packedParts.reduce(0) { $0 + $1.records }),
        ("packed contacts: arena slack", packedParts.reduce(0) { $0 + $1.arena - $1.records }),
        ("packed contacts: record offsets", packedParts.reduce(0) { $0 + $1.offsets }),
        ("packed contacts: id tables", packedParts.reduce(0) { $0 + $1.ids }),
        ("search tables", tableBytes),
        ("search tables: folded text", footprints.reduce(0) { $0 + $1.foldedTextBytes }),
        ("search tables: text store overhead", footprints.reduce(0) { $0 + $1.storeOverheadBytes }),
        ("search tables: slot maps", footprints.reduce(0) { $0 + $1.slotMapBytes }),
        ("search tables: gram tables", footprints.reduce(0) { $0 + $1.tableBytes }),
        ("upload index", uploadBytes),
        (
            "the rest (resident minus the capacities above: allocator headers, book values, less untouched "
                + "capacity)", resident - packedBytes - tableBytes - uploadBytes
        ),
    ]
    for (part, bytes) in parts {
        SearchBench.record(
            runner, "\(label): of which \(part), bytes/contact", size: size, unit: "B",
            ours: [Double(bytes) / Double(max(1, loaded.contacts))], baseline: nil)
    }
    SearchBench.record(
        runner, "\(label): peak resident bytes of the process (\(uploadedNumbers) uploaded numbers)", size: size,
        unit: "GB", ours: [Double(peak) / 1e9], baseline: nil)
    for (step, seconds) in [
        ("making the contacts (generator)", loaded.generation),
        ("packing them, phones normalized, each book's uploads sorted", loaded.packing),
        ("building each book's search tables", loaded.tables),
        ("building the upload index's reverse side", loaded.uploadBuild),
    ] {
        SearchBench.record(runner, "\(label): \(step)", size: size, unit: "s", ours: [seconds], baseline: nil)
    }
    serve(runner, label, loaded: loaded, size: size, checks: checks)
    return perContact
}

/// Searches of random books, each page checked equal to the naive scan of that book's
/// contacts, both timed warm (µs a query, after one untimed call of each), and the upload
/// index's holders of a number of each book checked to include the book.
private func serve(
    _ runner: BenchmarkRunner, _ label: String, loaded: LoadedBooks, size: String, checks: SearchChecks
) {
    var random = SplitMix64(seed: 11)
    let bookCount = runner.quick ? 20 : 200
    var ours: [Double] = []
    var naive: [Double] = []
    var holderChecks = 0
    for _ in 0..<bookCount {
        let number = Int(random.next() % UInt64(loaded.books.count))
        let (packed, tables) = loaded.books[number]
        let contacts = packed.contacts(at: Array(0..<UInt32(packed.slotCount)))
        let scan = SearchNaiveBaseline(contacts)
        var mix = SearchQueryMix(seed: random.next())
        for (query, _) in mix.queries(5, from: contacts) {
            for skip in [0, 20] {
                // Each side warm: the scan's entries were just made, the book was cold.
                _ = tables.search(query, field: .any, skip: skip, limit: 20, in: packed)
                _ = scan.search(query, skip: skip, limit: 20)
                let (oursMicros, hits) = SearchBench.timed {
                    tables.search(query, field: .any, skip: skip, limit: 20, in: packed)
                }
                let (naiveMicros, answer) = SearchBench.timed { scan.search(query, skip: skip, limit: 20) }
                ours.append(oursMicros)
                naive.append(naiveMicros)
                checks.check(
                    "\(label), \(size): book \(number), page at \(skip) of \(query.debugDescription)",
                    SearchMemoryPage(total: hits.total, ids: hits.slots.map { packed.id(at: $0) }),
                    SearchMemoryPage(total: answer.total, ids: answer.ids), "the ranked ids differ")
            }
        }
        // Who holds the book's first number: the book itself among them.
        if let first = (0..<UInt32(packed.slotCount)).lazy.flatMap({ packed.numbers(at: $0) }).first {
            checks.check(
                "\(label), \(size): holders of a number of book \(number)",
                loaded.uploads.holders(of: first).contains(UInt32(number)), true, "the book is not among the holders")
            holderChecks += 1
        }
    }
    SearchBench.recordPercentiles(
        runner,
        "\(label): \(bookCount) random books × 5 queries × pages at 0 and 20, limit 20 (baseline: the naive "
            + "scan of the book; \(holderChecks) upload holders checked)", size: size, ours: ours, baseline: naive,
        checks: checks)
}

/// A page as the checks compare it: the total and the ranked ids.
private struct SearchMemoryPage: Equatable {
    let total: Int
    let ids: [String]
}

/// Keeps a load from exhausting the machine's memory: before and while a size grows, what the
/// rest of it is projected to need must fit in `MemAvailable` with ``reserveBytes`` to spare.
struct SearchMemoryGuard {
    /// The memory always left available (the lead may be compiling beside the run).
    static let reserveBytes = 2_500_000_000
    /// The first size's guess of the resident bytes a contact, before any is measured (about
    /// 5% above what 1M and 10M measure).
    static let initialBytesPerContact = 200.0
    /// What the upload index's build needs at the end, per uploaded number: the reverse side's
    /// entries (12 B; the books and the reverse side's pairs grow with the load, measured in its
    /// rate), with room for its directory.
    static let uploadBuildBytesPerNumber = 14.0
    /// The uploaded numbers a contact is first guessed to have (its phones, all normalized).
    static let initialNumbersPerContact = 1.3
    /// What the generator holds a user while it makes the contacts (their numbers), with room.
    static let generatorBytesPerUser = 80.0

    let count: Int
    let bytesPerContact: Double
    /// The resident bytes when the first book came: the generator's users made, no book yet.
    private var residentAtFirstBook: Int?

    /// A guard of a load of `count` contacts, first guessed to take `bytesPerContact` each.
    init(count: Int, bytesPerContact: Double) {
        self.count = count
        self.bytesPerContact = bytesPerContact
    }

    /// Marks the first book: growth is measured from here.
    mutating func startGrowing() {
        residentAtFirstBook = SearchBench.residentBytes()
    }

    /// Why a load stopped, and how far it had got.
    struct Stop: Error, CustomStringConvertible {
        let done: Int
        let count: Int
        let available: Int
        let needed: Int

        var description: String {
            "stopped after \(done) of \(count) contacts: \(gigabytes(available)) GB available, the rest projected "
                + "to need \(gigabytes(needed)) GB beside a reserve of \(gigabytes(SearchMemoryGuard.reserveBytes)) GB"
        }

        private func gigabytes(_ bytes: Int) -> String {
            String(format: "%.1f", Double(bytes) / 1e9)
        }
    }

    /// A stop when the rest of the load, after `done` contacts holding `uploadedNumbers`
    /// numbers, is projected not to fit: the generator's users when not made yet, the contacts
    /// left at the rate measured since the first book (the first guess before 100,000), and the
    /// upload index's build.
    func check(done: Int, uploadedNumbers: Int) -> Stop? {
        var rate = bytesPerContact
        var numbers = Self.initialNumbersPerContact
        var users = Self.generatorBytesPerUser * Double(FixtureGenerator.Options.defaultUsers(contacts: count))
        if let residentAtFirstBook {
            users = 0
            if done >= 100_000 {
                rate = Double(SearchBench.residentBytes() - residentAtFirstBook) / Double(done)
                numbers = Double(uploadedNumbers) / Double(done)
            }
        }
        let needed = Int(
            users + rate * Double(count - done) + numbers * Self.uploadBuildBytesPerNumber * Double(count))
        let available = Self.availableBytes()
        guard available - needed < Self.reserveBytes else { return nil }
        return Stop(done: done, count: count, available: available, needed: needed)
    }

    /// Records a stopped load (or another error of the load) as a row, loudly.
    static func report(_ runner: BenchmarkRunner, _ error: Error, label: String, size: String) {
        print("!!!! \(label), \(size): \(error)")
        let done = (error as? Stop)?.done ?? 0
        SearchBench.record(
            runner, "\(label): NOT RUN to the end, \(error); contacts loaded", size: size, unit: "contacts",
            ours: [Double(done)], baseline: nil)
    }

    /// `MemAvailable` of /proc/meminfo, in bytes (0 when it cannot be read: nothing runs).
    static func availableBytes() -> Int {
        ProcFile.kilobyteField("MemAvailable", inFile: "/proc/meminfo") ?? 0
    }

    /// Resets the process's peak resident size (VmHWM) to its current one, so that each size
    /// reports its own peak.
    static func resetPeak() {
        _ = try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// A size written `20000`, `1M` or `100M`.
    static func parseSize(_ text: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let (digits, scale) = trimmed.hasSuffix("M") ? (trimmed.dropLast(), 1_000_000) : (Substring(trimmed), 1)
        guard let value = Int(digits), value > 0 else { throw SearchMemorySizeError(text: text) }
        return value * scale
    }
}

/// A `SEARCH_MEMORY_SIZES` entry that is not a size.
private struct SearchMemorySizeError: Error, CustomStringConvertible {
    let text: String
    var description: String { "SEARCH_MEMORY_SIZES: \(text.debugDescription) is not a size (20000, 1M, 100M)" }
}
