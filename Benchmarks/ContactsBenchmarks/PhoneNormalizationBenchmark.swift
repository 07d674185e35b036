import ContactsCore
import ContactsFixtures
import ContactsJSON
import ContactsModel
import ContactsSupport
import Foundation
import PhoneNumbers

/// E.164 normalization (PROTOCOL §3) vs a naive "keep the digits" baseline, ns per number, on
/// the address-book strings of a `contacts generate` fixture (generated in-process, seed 1):
///   - national format: the phone values written in the owner's national format, normalized
///     with the owner's region (`(0)30 1234567` / DE, `06 12 34 56 78` / FR, …);
///   - `+digits`: the registered users' E.164 numbers;
///   - address book as written: every phone value (national, `+`, IDD forms) with its owner's region;
///   - the golden corpus: every case of the test corpus (tel: URIs, extensions, all scripts, bad input).
/// Numbers are normalized with one normalizer per default region, as an upload does. The
/// strings are also written to .build/phone-benchmark/*.tsv ("REGION<TAB>raw") so that
/// `scripts/phone/bench_python.py --input <file>` times libphonenumber on exactly the same ones.
/// Also the one-off cost of loading the metadata table, every region's patterns compiled.
func phoneNormalizationBenchmarks(_ runner: BenchmarkRunner) throws {
    var loadSamples: [Double] = []
    for _ in 0..<(runner.quick ? 1 : 5) {
        let start = WallClock.monotonicNanoseconds()
        let loaded = try PhoneMetadata(table: PhoneMetadataTable.text)
        loadSamples.append(Double(WallClock.monotonicNanoseconds() - start) / 1e6)
        runner.consume(UInt64(loaded.regions.count))
    }
    runner.record(
        BenchmarkRow(
            workload: "phone metadata load (every region's patterns compiled)", size: "254 regions",
            unit: "ms", ours: Statistics(loadSamples), baseline: nil, bytesPerEntry: nil, baselineBytesPerEntry: nil))

    let fixture = try PhoneBenchmarkInputs.fromGeneratedFixture(contacts: runner.size(quick: 2_000, full: 20_000))
    let workloads = [
        ("national format", fixture.national), ("+digits", fixture.e164), ("address book as written", fixture.all),
        ("golden corpus", try PhoneBenchmarkInputs.goldenCorpus()),
    ]
    let exportDirectory = packageRoot.appendingPathComponent(".build/phone-benchmark")
    try FileManager.default.createDirectory(at: exportDirectory, withIntermediateDirectories: true)
    for (name, inputs) in workloads {
        let file = name.lowercased().filter { $0.isLetter || $0 == " " }.replacingOccurrences(of: " ", with: "-")
        try inputs.exportTSV(to: exportDirectory.appendingPathComponent("\(file).tsv"))
        let repeats = max(1, runner.size(quick: 20_000, full: 400_000) / max(1, inputs.count))
        runner.compareUnchecked(
            "phone normalize, \(name)", size: "\(inputs.count)", operations: inputs.count * repeats,
            ours: {
                var total: UInt64 = 0
                for _ in 0..<repeats {
                    for (normalizer, raws) in inputs.groups {
                        for raw in raws {
                            total &+= raw.withUnsafeBufferPointer { bytes in
                                (try? normalizer.normalize(utf8: bytes).e164) ?? 1
                            }
                        }
                    }
                }
                return total
            },
            baseline: {
                var total: UInt64 = 0
                for _ in 0..<repeats {
                    for (_, raws) in inputs.groups {
                        for raw in raws { total &+= naiveDigits(raw) }
                    }
                }
                return total
            })
    }
}

/// The package's root directory (two levels above this file).
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The baseline: every ASCII digit of the string, as one integer (what a normalizer that
/// "strips everything but digits" computes), capped at 19 digits.
private func naiveDigits(_ raw: [UInt8]) -> UInt64 {
    var value: UInt64 = 0
    var digits = 0
    for byte in raw where byte &- 0x30 < 10 && digits < 19 {
        value = value &* 10 &+ UInt64(byte &- 0x30)
        digits += 1
    }
    return value
}

/// Raw numbers with their default regions, grouped by region, each group with its normalizer.
private struct PhoneBenchmarkInputs {
    let groups: [(PhoneNumberNormalizer, [[UInt8]])]
    private let regions: [String]
    let count: Int

    init(_ cases: [(raw: String, region: String?)]) {
        var byRegion: [String: [[UInt8]]] = [:]
        for item in cases { byRegion[item.region ?? "", default: []].append(Array(item.raw.utf8)) }
        let sorted = byRegion.sorted { $0.key < $1.key }
        regions = sorted.map(\.key)
        groups = sorted.map { region, raws in
            (PhoneNumberNormalizer(defaultRegion: region.isEmpty ? nil : region), raws)
        }
        count = cases.count
    }

    /// Writes "REGION<TAB>raw" lines (an empty region for none); raws with a tab or a line
    /// break cannot be written so and are left out.
    func exportTSV(to url: URL) throws {
        var text = ""
        for (region, (_, raws)) in zip(regions, groups) {
            for raw in raws where !raw.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                text += region + "\t" + String(decoding: raw, as: UTF8.self) + "\n"
            }
        }
        try Data(text.utf8).write(to: url)
    }

    /// The phone strings of a `contacts generate` fixture with `contacts` contacts (seed 1),
    /// generated into a temporary directory and read back as the command writes them.
    static func fromGeneratedFixture(contacts: Int) throws -> (
        national: PhoneBenchmarkInputs, e164: PhoneBenchmarkInputs, all: PhoneBenchmarkInputs
    ) {
        let fixture = try GeneratedFixtureDirectory(contacts: contacts, seed: 1)
        defer { withExtendedLifetime(fixture) {} }
        var regionOfUser: [String: String] = [:]
        var e164: [(raw: String, region: String?)] = []
        try FixtureReader<FixtureUser>(directory: fixture.path).forEach { user in
            regionOfUser[user.userId] = user.region
            e164.append((user.phone, user.region))
        }
        var all: [(raw: String, region: String?)] = []
        var national: [(raw: String, region: String?)] = []
        try FixtureReader<Contact>(directory: fixture.path).forEach { contact in
            let region = regionOfUser[contact.ownerId]
            let prefix = region.flatMap { FixturePhoneCountry.index(ofRegion: $0) }
                .flatMap { FixturePhoneCountry.all[$0].internationalPrefix }
            for phone in contact.phoneNumbers {
                all.append((phone.value, region))
                // National format: neither `+` (plain or full-width) nor the owner's IDD in front.
                let value = phone.value
                if !value.hasPrefix("+") && !value.hasPrefix("\u{FF0B}")
                    && !(prefix.map { value.hasPrefix($0) } ?? false)
                {
                    national.append((value, region))
                }
            }
        }
        return (PhoneBenchmarkInputs(national), PhoneBenchmarkInputs(e164), PhoneBenchmarkInputs(all))
    }

    /// Every case of Tests/ContactsCoreTests/Phone/Fixtures/phone_corpus.jsonl (a header line,
    /// then `[raw, region, expected]` lines).
    static func goldenCorpus() throws -> PhoneBenchmarkInputs {
        let path = packageRoot.appendingPathComponent("Tests/ContactsCoreTests/Phone/Fixtures/phone_corpus.jsonl").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var cases: [(raw: String, region: String?)] = []
        for line in text.utf8.split(separator: UInt8(ascii: "\n")).dropFirst() {
            guard let items = try JSONParser.parse(Array(line)).arrayValue, items.count == 3,
                let raw = items[0].stringValue
            else { throw BenchmarkInputError(description: "malformed corpus line in \(path)") }
            cases.append((raw, items[1].stringValue))
        }
        return PhoneBenchmarkInputs(cases)
    }
}

private struct BenchmarkInputError: Error, CustomStringConvertible {
    let description: String
}
