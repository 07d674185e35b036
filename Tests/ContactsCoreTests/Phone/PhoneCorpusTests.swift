import ContactsCore
import ContactsJSON
import Foundation
import PhoneNumbers
import Testing

/// Agreement with libphonenumber on the golden corpus (Fixtures/phone_corpus.jsonl, written by
/// scripts/phone/generate_corpus.py from the PyPI `phonenumbers` release the metadata comes from).
@Suite struct PhoneCorpusTests {
    /// One corpus case.
    struct Case {
        let raw: String
        let region: String?
        /// "+digits" or a libphonenumber error name.
        let expected: String
    }

    /// Cases where this normalizer knowingly answers differently from the reference, each with
    /// the reason. Empty: on the committed corpus (and on 570,000 further generated cases checked
    /// while developing) every answer agrees. A divergence found later goes here, with its why,
    /// until it is fixed.
    static let knownDivergences: [String: String] = [:]

    static func key(raw: String, region: String?) -> String {
        "\(raw)\t\(region ?? "<none>")"
    }

    static let corpusURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/phone_corpus.jsonl")

    /// The header object and the cases.
    static func load() throws -> (header: JSONObject, cases: [Case]) {
        let text = try String(contentsOf: corpusURL, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).makeIterator()
        guard let first = lines.next(), let header = try JSONParser.parse(String(first)).objectValue else {
            throw CorpusError.malformed("missing header")
        }
        var cases: [Case] = []
        while let line = lines.next() {
            guard let items = try JSONParser.parse(String(line)).arrayValue, items.count == 3,
                let raw = items[0].stringValue, let expected = items[2].stringValue,
                items[1].isNull || items[1].stringValue != nil
            else { throw CorpusError.malformed(String(line.prefix(80))) }
            cases.append(Case(raw: raw, region: items[1].stringValue, expected: expected))
        }
        return (header, cases)
    }

    enum CorpusError: Error {
        case malformed(String)
    }

    /// What the normalizer answers, in the corpus's notation.
    static func answer(_ normalizer: PhoneNumberNormalizer, _ item: Case) -> String {
        do {
            return try normalizer.normalize(item.raw, defaultRegion: item.region).description
        } catch {
            return error.code.rawValue
        }
    }

    @Test func corpusComesFromTheEmbeddedMetadataRelease() throws {
        let (header, cases) = try Self.load()
        #expect(header["phonenumbers"]?.stringValue == PhoneNumberNormalizer.metadataVersion)
        #expect(cases.count >= 20_000)
        #expect(header["cases"] == .integer(cases.count))
    }

    @Test func agreesWithLibphonenumber() throws {
        let (_, cases) = try Self.load()
        let normalizer = PhoneNumberNormalizer()
        var sameAnswer = 0
        var unexplained: [String] = []
        var stillDiverging = Set<String>()
        for item in cases {
            let actual = Self.answer(normalizer, item)
            if actual == item.expected {
                sameAnswer += 1
                continue
            }
            let key = Self.key(raw: item.raw, region: item.region)
            // Accept/reject must agree on every case, allow-listed or not.
            #expect(
                actual.hasPrefix("+") == item.expected.hasPrefix("+"),
                "accept/reject differs for \(String(reflecting: item.raw)) region \(item.region ?? "none"): expected \(item.expected), got \(actual)"
            )
            if Self.knownDivergences[key] != nil {
                stillDiverging.insert(key)
            } else if unexplained.count < 20 {
                unexplained.append(
                    "\(String(reflecting: item.raw)) / \(item.region ?? "none"): expected \(item.expected), got \(actual)"
                )
            }
        }
        #expect(unexplained.isEmpty, "divergences not in the allow-list:\n\(unexplained.joined(separator: "\n"))")
        #expect(Double(sameAnswer) >= 0.999 * Double(cases.count))
        let stale = Set(Self.knownDivergences.keys).subtracting(stillDiverging)
        #expect(stale.isEmpty, "allow-listed cases that now agree (remove them): \(stale.sorted())")
    }

    @Test func bytesAndStringEntriesAgree() throws {
        let (_, cases) = try Self.load()
        let normalizer = PhoneNumberNormalizer()
        for item in cases.prefix(5_000) {
            let bytes = [UInt8](item.raw.utf8)
            let viaBytes = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(PhoneNumberError) -> PhoneNumber in
                    try normalizer.normalize(utf8: buffer, defaultRegion: item.region)
                }
            }
            let text: String
            switch viaBytes {
            case .success(let number): text = number.description
            case .failure(let error): text = error.code.rawValue
            }
            #expect(text == Self.answer(normalizer, item))
        }
    }

    @Test func boundRegionMatchesExplicitRegion() throws {
        let (_, cases) = try Self.load()
        var normalizers: [String: PhoneNumberNormalizer] = [:]
        for item in cases.prefix(5_000) {
            let key = item.region ?? ""
            let bound = normalizers[key] ?? PhoneNumberNormalizer(defaultRegion: item.region)
            normalizers[key] = bound
            let answer: String
            do {
                answer = try bound.normalize(item.raw).description
            } catch {
                answer = error.code.rawValue
            }
            #expect(answer == Self.answer(PhoneNumberNormalizer(), item))
        }
    }
}
