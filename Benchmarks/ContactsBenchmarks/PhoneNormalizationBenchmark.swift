import ContactsCore
import ContactsFixtures
import ContactsJSON
import ContactsModel
import ContactsSupport
import Foundation
import PhoneNumbers

/// E.164 normalization (PROTOCOL §3): ContactsCore's normalizer against Google's libphonenumber
/// (C++, Debian's build, through CLibPhoneNumber) on the same inputs in the same process, ns
/// per number, every answer checked equal but the committed known differences
/// (``PhoneKnownDifferences``). The inputs, each normalized with one normalizer per default
/// region as an upload does:
///   - national format: the address-book phones written in the owner's national format, with
///     the owner's region (`(0)30 1234567` / DE, `06 12 34 56 78` / FR, …);
///   - `+digits`: the registered users' E.164 numbers, with the user's region;
///   - address book as written: every phone value (national, `+`, IDD forms) with its owner's
///     region;
///   - the golden corpus: every case of the test corpus (tel: URIs, extensions, all scripts,
///     bad input), whole even in `--quick`, so every listed known difference is checked.
/// The fixture is a `contacts generate` one (in-process, seed 1). The strings are also written to
/// .build/phone-benchmark/*.tsv ("REGION<TAB>raw") for `scripts/phone/bench_python.py --input`
/// (Python figures stand apart: the baseline here is the C++ library). Also two one-off facts:
/// loading our metadata (every region's patterns compiled) and libphonenumber's first call.
func phoneNormalizationBenchmarks(_ runner: BenchmarkRunner) throws {
    var loadSamples: [Double] = []
    for _ in 0..<(runner.quick ? 1 : 5) {
        let start = WallClock.monotonicNanoseconds()
        let loaded = try PhoneMetadata(table: PhoneMetadataTable.text)
        loadSamples.append(Double(WallClock.monotonicNanoseconds() - start) / 1e6)
        runner.blackHole(loaded.regions.count)
    }
    runner.fact(
        "phone metadata load, ours (every region's patterns compiled)", size: "254 regions", unit: "ms",
        samples: loadSamples)
    let firstCallStart = WallClock.monotonicNanoseconds()
    let first = Array("+1 415 555 2671".utf8).withUnsafeBufferPointer {
        PhoneAnswer.libPhoneNumber(LibPhoneNumber.Region(nil), $0)
    }
    runner.blackHole(first)
    runner.fact(
        "libphonenumber \(LibPhoneNumber.version) C++: the process's first call (PhoneNumberUtil::GetInstance "
            + "reads its metadata; its patterns compile later, on use)",
        size: "1 call", unit: "ms", samples: [Double(WallClock.monotonicNanoseconds() - firstCallStart) / 1e6])

    // One timed sample per side in `--quick` (after the checked warm-up): a pass of
    // libphonenumber over the golden corpus takes seconds, and `make test` runs `--quick`.
    let quickSamples = 1
    let known = try PhoneKnownDifferences(path: PhoneInputs.knownDifferencesPath)
    let workloads = try PhoneInputs.workloads(contacts: PhoneInputs.fixtureContacts(quick: runner.quick))
    let exportDirectory = PhoneInputs.packageRoot.appendingPathComponent(".build/phone-benchmark")
    try FileManager.default.createDirectory(at: exportDirectory, withIntermediateDirectories: true)
    for workload in workloads {
        let file = workload.name.lowercased().filter { $0.isLetter || $0 == " " }.replacingOccurrences(
            of: " ", with: "-")
        try workload.exportTSV(to: exportDirectory.appendingPathComponent("\(file).tsv"))
        let rule = known.rule(for: workload)
        runner.compare(
            "phone normalize, \(workload.name) (baseline: libphonenumber \(LibPhoneNumber.version) C++; "
                + "\(rule.excused.count) known differences excused)",
            size: "\(workload.count)", operations: workload.count, samples: runner.quick ? quickSamples : nil,
            ours: { workload.oursPass() }, baseline: { workload.libPhoneNumberPass() }, rule: rule)
    }
    for stale in known.unmatched(by: workloads) {
        runner.fail(
            "phone known differences", "stale entry \(stale.described): no input holds it (\(known.path))")
    }
}

/// Where the phone benchmark's inputs come from.
enum PhoneInputs {
    /// The package's root directory (two levels above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The contacts of the fixture the phone strings come from: enough for every plan of every
    /// culture to appear in full runs, a tenth of it in `--quick`.
    static func fixtureContacts(quick: Bool) -> Int {
        quick ? 2_000 : 20_000
    }

    /// The committed known-differences list.
    static var knownDifferencesPath: String {
        packageRoot.appendingPathComponent("data/libphonenumber_known_differences.jsonl").path
    }

    /// The four workloads: national format, `+digits` and address book as written from a
    /// fixture of `contacts` contacts, then the golden corpus.
    static func workloads(contacts: Int) throws -> [PhoneWorkload] {
        let fixture = try fromGeneratedFixture(contacts: contacts)
        return [
            PhoneWorkload(name: "national format", cases: fixture.national),
            PhoneWorkload(name: "+digits", cases: fixture.e164),
            PhoneWorkload(name: "address book as written", cases: fixture.all),
            PhoneWorkload(name: "golden corpus", cases: try goldenCorpus()),
        ]
    }

    /// The phone strings of a `contacts generate` fixture with `contacts` contacts (seed 1),
    /// generated into a temporary directory and read back as the command writes them.
    private static func fromGeneratedFixture(contacts: Int) throws -> (
        national: [PhoneCase], e164: [PhoneCase], all: [PhoneCase]
    ) {
        let fixture = try GeneratedFixtureDirectory(contacts: contacts, seed: 1)
        defer { withExtendedLifetime(fixture) {} }
        var regionOfUser: [String: String] = [:]
        var e164: [PhoneCase] = []
        try FixtureReader<FixtureUser>(directory: fixture.path).forEach { user in
            regionOfUser[user.userId] = user.region
            e164.append(PhoneCase(raw: user.phone, region: user.region))
        }
        var all: [PhoneCase] = []
        var national: [PhoneCase] = []
        try FixtureReader<Contact>(directory: fixture.path).forEach { contact in
            let region = regionOfUser[contact.ownerId]
            let prefix = region.flatMap { FixturePhoneCountry.index(ofRegion: $0) }
                .flatMap { FixturePhoneCountry.all[$0].internationalPrefix }
            for phone in contact.phoneNumbers {
                all.append(PhoneCase(raw: phone.value, region: region))
                // National format: neither `+` (plain or full-width) nor the owner's IDD in front.
                let value = phone.value
                if !value.hasPrefix("+") && !value.hasPrefix("\u{FF0B}")
                    && !(prefix.map { value.hasPrefix($0) } ?? false)
                {
                    national.append(PhoneCase(raw: value, region: region))
                }
            }
        }
        return (national, e164, all)
    }

    /// Every case of Tests/ContactsCoreTests/Phone/Fixtures/phone_corpus.jsonl (a header line,
    /// then `[raw, region or null, expected]` lines), the region kept as written.
    private static func goldenCorpus() throws -> [PhoneCase] {
        let path = packageRoot.appendingPathComponent("Tests/ContactsCoreTests/Phone/Fixtures/phone_corpus.jsonl").path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PhoneInputError(description: "cannot read \(path)")
        }
        var cases: [PhoneCase] = []
        for (index, line) in [UInt8](data).split(separator: UInt8(ascii: "\n")).enumerated().dropFirst() {
            guard let items = try? JSONParser.parse(Array(line)).arrayValue, items.count == 3,
                let raw = items[0].stringValue, items[1].isNull || items[1].stringValue != nil
            else { throw PhoneInputError(description: "\(path):\(index + 1): not a [raw, region, expected] line") }
            cases.append(PhoneCase(raw: raw, region: items[1].stringValue))
        }
        return cases
    }
}
