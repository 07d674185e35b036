import ContactsHTTP
import Testing

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCaseAndKeepsOrder() {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "X-Many": "1"]
        headers.add(name: "x-many", value: "2")
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["X-MANY"] == "1")
        #expect(headers.values(for: "X-Many") == ["1", "2"])
        #expect(headers["Content-Typ"] == nil)
        #expect(headers["Content-Type-"] == nil)
        headers.remove(name: "X-MANY")
        #expect(headers.count == 1)
        #expect(headers.values(for: "x-many").isEmpty)
    }

    @Test func lookupDoesNotFoldNonASCII() {
        let headers: HTTPHeaders = ["Ä": "1"]
        #expect(headers["ä"] == nil)
        #expect(headers["Ä"] == "1")
    }

    /// Random names over a small alphabet (so that collisions and case variants are common)
    /// against a model that lowercases ASCII and compares.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func lookupMatchesAModel(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let alphabet = Array("aAbB-_zZ0".utf8)
        func randomName() -> String {
            let length = Int(random.next() % 4)
            return String(
                decoding: (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }, as: UTF8.self
            )
        }
        var headers = HTTPHeaders()
        var model: [(String, String)] = []
        for index in 0..<40 {
            let name = randomName()
            headers.add(name: name, value: "\(index)")
            model.append((name, "\(index)"))
        }
        func fold(_ text: String) -> String {
            String(decoding: text.utf8.map { (65...90).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        for _ in 0..<200 {
            let probe = randomName()
            let expected = model.filter { fold($0.0) == fold(probe) }.map(\.1)
            #expect(headers.values(for: probe) == expected, "probe \(probe)")
            #expect(headers[probe] == expected.first, "probe \(probe)")
        }
    }
}

/// xorshift64: a small deterministic generator so that a failing seed replays.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
