import ContactsCore
import Foundation

/// E.164 normalization (PROTOCOL §3) vs a naive "keep the digits" baseline, ns per number, on
/// the golden corpus's strings (scripts/phone/bench_python.py measures libphonenumber's Python
/// port on the same file and subsets, for the README's comparison):
///   - national format: the accepted cases written without `+` and parsed with their region
///     (`(415) 555-2671` / US, `020 7946 0018` / GB, `06 1234 5678` / IT, full-width and
///     Arabic-Indic digits, …), and the same restricted to ASCII input;
///   - `+digits`: the cases already in E.164 form;
///   - whole corpus: every case, rejected ones included (10 KB strings, emoji, tel: URIs, …).
/// Numbers are normalized with one normalizer per default region, as an upload does.
/// Also the one-off cost of loading the metadata table (each region's patterns then compile the
/// first time one of its numbers needs them).
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
            workload: "phone metadata load (patterns compile lazily, per region)", size: "254 regions",
            unit: "ms", ours: Statistics(loadSamples), baseline: nil, bytesPerEntry: nil, baselineBytesPerEntry: nil))

    let cases = try PhoneBenchmarkCase.loadCorpus()
    let national = cases.filter { $0.region != nil && $0.accepted && !$0.raw.contains(UInt8(ascii: "+")) }
    let workloads = [
        ("national format", national),
        ("national format, ASCII", national.filter { $0.raw.allSatisfy { $0 < 0x80 } }),
        (
            "+digits",
            cases.filter { $0.raw.first == UInt8(ascii: "+") && $0.raw.dropFirst().allSatisfy { $0 &- 0x30 < 10 } }
        ),
        ("whole corpus", cases),
    ]
    for (name, inputs) in workloads {
        let repeats = max(1, runner.size(quick: 20_000, full: 400_000) / max(1, inputs.count))
        // An address book is uploaded with one default region: one normalizer per region.
        let groups = PhoneBenchmarkCase.groupedByRegion(inputs)
        runner.compare(
            "phone normalize, \(name)", size: "\(inputs.count)", operations: inputs.count * repeats,
            ours: {
                var total: UInt64 = 0
                for _ in 0..<repeats {
                    for (normalizer, raws) in groups {
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
                    for (_, raws) in groups {
                        for raw in raws { total &+= naiveDigits(raw) }
                    }
                }
                return total
            })
    }
}

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

/// One corpus case: the raw bytes, the default region, whether libphonenumber accepts it.
private struct PhoneBenchmarkCase {
    let raw: [UInt8]
    let region: String?
    let accepted: Bool

    /// The cases' raw bytes grouped by default region, each group with its normalizer.
    static func groupedByRegion(_ cases: [PhoneBenchmarkCase]) -> [(PhoneNumberNormalizer, [[UInt8]])] {
        var groups: [String: [[UInt8]]] = [:]
        for item in cases { groups[item.region ?? "", default: []].append(item.raw) }
        return groups.sorted { $0.key < $1.key }.map { region, raws in
            (PhoneNumberNormalizer(defaultRegion: region.isEmpty ? nil : region), raws)
        }
    }

    /// Tests/ContactsCoreTests/Phone/Fixtures/phone_corpus.jsonl (written by
    /// scripts/phone/generate_corpus.py): a header line, then `[raw, region, expected]` lines.
    static func loadCorpus() throws -> [PhoneBenchmarkCase] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Tests/ContactsCoreTests/Phone/Fixtures/phone_corpus.jsonl").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var cases: [PhoneBenchmarkCase] = []
        for line in text.utf8.split(separator: UInt8(ascii: "\n")).dropFirst() {
            guard let items = try JSONParser.parse(Array(line)).arrayValue, items.count == 3,
                let raw = items[0].stringValue, let expected = items[2].stringValue
            else { throw BenchmarkInputError(description: "malformed corpus line in \(path)") }
            cases.append(
                PhoneBenchmarkCase(
                    raw: Array(raw.utf8), region: items[1].stringValue, accepted: expected.hasPrefix("+")))
        }
        return cases
    }
}

private struct BenchmarkInputError: Error, CustomStringConvertible {
    let description: String
}
