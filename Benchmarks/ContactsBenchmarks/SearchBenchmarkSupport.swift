import ContactsCore
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

/// The answers of one search suite checked against its baselines, through the runner: a
/// difference is printed loudly and fails the run (a benchmark whose baseline computed
/// something else proves nothing). Each row takes the checks made since the row before.
final class SearchChecks {
    private let runner: BenchmarkRunner
    /// Checks passed and failed since the last row took them.
    private var passed = 0
    private var failed = 0
    /// How many answers agreed in the whole suite.
    private var total = 0

    init(_ runner: BenchmarkRunner) {
        self.runner = runner
    }

    /// Checks `ours` against `baseline` for `workload`; `what` describes a difference.
    @discardableResult
    func check<T: Equatable>(_ workload: String, _ ours: T, _ baseline: T, _ what: @autoclosure () -> String) -> Bool {
        guard ours != baseline else {
            passed += 1
            total += 1
            _ = runner.check(workload, ours: true, baseline: true)
            return true
        }
        failed += 1
        runner.fail(workload, "answers differ: \(what())")
        return false
    }

    /// The kind and check count of the row that the checks since the last row back: checked,
    /// or a mismatch when any failed.
    func take() -> (kind: BenchmarkRow.Kind, checks: Int) {
        defer {
            passed = 0
            failed = 0
        }
        return (failed > 0 ? .mismatch : .checked, passed)
    }

    /// Ends the suite: prints how many answers agreed.
    func finish(_ suite: String) {
        print("(\(suite): \(total) answers checked equal to their baselines)")
    }
}

/// What the search rows share: latency percentiles, timings, and the process's memory.
enum SearchBench {
    /// Records a row of `ours` beside `baseline`, both measured by the caller, whose answers
    /// are the checks `checks` made since its last row; without a baseline, a fact.
    static func record(
        _ runner: BenchmarkRunner, _ workload: String, size: String, unit: String, ours: [Double], baseline: [Double]?,
        checks: SearchChecks? = nil
    ) {
        let (kind, count) = baseline == nil ? (.fact, 0) : checks?.take() ?? (.reference, 0)
        runner.record(
            BenchmarkRow(
                kind, workload: workload, size: size, unit: unit, ours: Statistics(ours),
                baseline: baseline.map(Statistics.init), checks: count))
    }

    /// Records p50, p95 and p99 rows (µs) of `ours` against `baseline` over the same queries,
    /// each backed by the checks `checks` made since its last row.
    static func recordPercentiles(
        _ runner: BenchmarkRunner, _ workload: String, size: String, ours: [Double], baseline: [Double]?,
        checks: SearchChecks? = nil
    ) {
        let (kind, count) = baseline == nil ? (.fact, 0) : checks?.take() ?? (.reference, 0)
        for percent in [50, 95, 99] {
            runner.record(
                BenchmarkRow(
                    kind, workload: "\(workload), p\(percent)", size: size, unit: "µs",
                    ours: Statistics([percentile(ours, percent)]),
                    baseline: baseline.map { Statistics([percentile($0, percent)]) }, checks: count))
        }
    }

    /// The `percent`th percentile of `samples` (nearest rank).
    static func percentile(_ samples: [Double], _ percent: Int) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, max(0, (sorted.count * percent + 99) / 100 - 1))]
    }

    /// Microseconds of one call of `body`, and what it returned.
    static func timed<T>(_ body: () throws -> T) rethrows -> (micros: Double, value: T) {
        let start = WallClock.monotonicNanoseconds()
        let value = try body()
        return (Double(WallClock.monotonicNanoseconds() - start) / 1e3, value)
    }

    /// Per query, the median of `runs` timings of `body(query)` (runs interleaved: every query
    /// once, then again), and the last answer of each.
    static func medianTimes<T>(_ queries: [String], runs: Int, _ body: (String) -> T) -> (
        micros: [Double], answers: [T]
    ) {
        var samples = [[Double]](repeating: [], count: queries.count)
        var answers: [T] = []
        for run in 0..<runs {
            for (number, query) in queries.enumerated() {
                let (micros, answer) = timed { body(query) }
                samples[number].append(micros)
                if run == runs - 1 { answers.append(answer) }
            }
        }
        return (samples.map { Statistics($0).median }, answers)
    }

    /// The resident bytes of this process now, after handing freed memory back to the system.
    static func residentBytes() -> Int {
        trimMalloc()
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// glibc's `malloc_trim(0)` (found at run time: Swift's Glibc module does not declare it):
    /// freed heap pages go back to the system, so that resident memory counts what is held.
    private static func trimMalloc() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    /// The peak resident bytes of this process so far (VmHWM).
    static func peakResidentBytes() -> Int {
        ProcFile.kilobyteField("VmHWM", inFile: "/proc/self/status") ?? 0
    }

    /// The machine's load average over the last minute, for the table's notes.
    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init)
            ?? "?"
    }

    /// The contacts of a JSON Lines file, packed as they are read (no `Contact` array kept),
    /// each with its phones normalized as an upload stores them (no region: numbers written
    /// with their calling code).
    static func packedContacts(ofFile path: String) throws -> PackedContacts {
        let reader = try FixtureReader<Contact>(path: path)
        let normalizer = PhoneNumberNormalizer()
        var packed = PackedContacts()
        while let contact = try reader.next() {
            let numbers = contact.phoneNumbers.compactMap { try? normalizer.normalize($0.value).e164 }
            packed.put(contact, numbers: numbers)
        }
        return packed
    }

    /// The upload index of `contacts` as one owner in `bookSize` holds them (slot `s` in book
    /// `s / bookSize`): the third part of an uploaded contact's memory.
    static func uploadIndex(of contacts: PackedContacts, bookSize: Int) throws -> UploadIndex {
        var owners: [UInt32] = []
        var slots: [UInt32] = []
        var numbers: [UInt64] = []
        for slot in 0..<UInt32(contacts.slotCount) where contacts.isLive(slot) {
            for number in contacts.numbers(at: slot) {
                owners.append(slot / UInt32(bookSize))
                slots.append(slot)
                numbers.append(number)
            }
        }
        return try UploadIndex(owners: owners, contacts: slots, numbers: numbers, seed: 42)
    }

    /// The resident bytes that `contacts` take as address books of `bookSize` (slot `s` in
    /// book `s / bookSize`): each book's own packed contacts and its search tables, built as
    /// the first search of the book builds them (a small book's: folded text only, scanned).
    static func residentBytesOfBooks(of contacts: PackedContacts, bookSize: Int) -> Int {
        let before = residentBytes()
        var books: [(PackedContacts, SearchTables)] = []
        var book = PackedContacts()
        for slot in 0..<UInt32(contacts.slotCount) where contacts.isLive(slot) {
            book.put(contacts.contact(at: slot), numbers: contacts.numbers(at: slot))
            if book.count == bookSize {
                books.append((book, SearchTables(book)))
                book = PackedContacts()
            }
        }
        if book.count > 0 { books.append((book, SearchTables(book))) }
        let bytes = residentBytes() - before
        withExtendedLifetime(books) {}
        return bytes
    }

    /// The contacts of one owner in the upload index rows: a book of a few hundred contacts.
    static let bookSize = 250

    /// A size as the table shows it (1M, 10M, 20000).
    static func sizeLabel(_ count: Int) -> String {
        count >= 1_000_000 && count % 1_000_000 == 0 ? "\(count / 1_000_000)M" : "\(count)"
    }
}
