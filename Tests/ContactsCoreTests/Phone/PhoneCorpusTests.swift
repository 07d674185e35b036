import ContactsCore
import Foundation
import Testing

@Suite struct PhoneCorpusTests {
    @Test func agreement() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/phone_corpus.jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        let normalizer = PhoneNumberNormalizer()
        var total = 0
        var bad = 0
        var acceptMismatch = 0
        for line in text.split(separator: "\n").dropFirst() {
            guard case .array(let items) = try JSONParser.parse(String(line)), items.count == 3,
                let raw = items[0].stringValue, let expected = items[2].stringValue
            else { continue }
            let region = items[1].stringValue
            total += 1
            let actual: String
            do { actual = try normalizer.normalize(raw, defaultRegion: region).description } catch {
                actual = error.code.rawValue
            }
            if actual != expected {
                bad += 1
                if actual.hasPrefix("+") != expected.hasPrefix("+") { acceptMismatch += 1 }
                if bad < 60 {
                    print(
                        "MISMATCH", String(reflecting: raw).prefix(120), region ?? "nil", "expected", expected, "got",
                        actual)
                }
            }
        }
        print("total", total, "bad", bad, "acceptMismatch", acceptMismatch)
    }
}
