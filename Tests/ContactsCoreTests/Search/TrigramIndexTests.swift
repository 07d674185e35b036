import ContactsSearch
import ContactsSupport
import Testing

@testable import ContactsCore

/// TrigramIndex against a dictionary of gram → slots, over random texts of a small alphabet
/// (so lists of every density occur: varint lists, bitmaps, empty ones).
@Suite struct TrigramIndexTests {
    static let alphabet: [Unicode.Scalar] = ["a", "b", "c", "é", "ß", "김", "𐐨", " "]

    static func text(_ generator: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int(generator.next() % 12) {
            if generator.next() % 10 == 0 { bytes.append(TextSeparator.byte) }
            bytes.append(contentsOf: String(alphabet[Int(generator.next() % UInt64(alphabet.count))]).utf8)
        }
        return bytes
    }

    /// The model: every 1–3 code point substring of each value, with its slots.
    static func model(_ texts: [[UInt8]]) -> [UInt64: Set<UInt32>] {
        var grams: [UInt64: Set<UInt32>] = [:]
        for (slot, text) in texts.enumerated() {
            for value in text.split(separator: TextSeparator.byte, omittingEmptySubsequences: false) {
                let scalars = Array(String(decoding: value, as: UTF8.self).unicodeScalars.map(\.value))
                for start in scalars.indices {
                    for length in 1...3 where start + length <= scalars.count {
                        grams[GramKey.key(scalars[start..<start + length]), default: []].insert(UInt32(slot))
                    }
                }
            }
        }
        return grams
    }

    @Test(arguments: [(0, 1), (1, 2), (50, 3), (64, 4), (300, 5), (3000, 6)] as [(Int, UInt64)])
    func buildAddAndQueryEqualModel(baseCount: Int, seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var texts = (0..<baseCount).map { _ in Self.text(&generator) }
        var index = texts.withUnsafeBufferPointer { texts in
            TrigramIndex.build(slotCount: baseCount) { slot, report in
                texts[slot].withUnsafeBufferPointer { GramKey.forEachSubstringGram(in: $0, report) }
            }
        }
        for slot in baseCount..<baseCount + 40 {
            let text = Self.text(&generator)
            texts.append(text)
            var grams: [UInt64] = []
            text.withUnsafeBufferPointer { GramKey.forEachSubstringGram(in: $0) { grams.append($0) } }
            index.add(slot: UInt32(slot), grams: grams)
        }
        let universe = texts.count
        let model = Self.model(texts)
        let probe = SlotSet(sorted: (0..<UInt32(universe)).filter { $0 % 3 != 1 }, universe: universe).normalized()
        let sparseProbe = SlotSet(sorted: (0..<UInt32(universe)).filter { $0 % 17 == 2 }, universe: universe)
        for (key, slots) in model {
            let postings = index.postings(key)
            #expect(postings.count == slots.count)
            #expect(SlotSetTests.elements(index.decode(postings, universe: universe)) == slots.sorted())
            for set in [probe, sparseProbe] {
                let expected = slots.filter(set.contains).sorted()
                #expect(SlotSetTests.elements(index.intersect(postings, with: set)) == expected)
            }
        }
        #expect(index.postings(GramKey.key([0x7A, 0x7A, 0x7A] as [UInt32])).count == 0)
    }

    /// A build over runs of slots (every slot of a run holding the run's text, runs of 0 to 80
    /// slots, so lists with long stretches of consecutive slots come out as varints and as
    /// bitmaps) lists exactly what the model of the expanded texts says.
    @Test(arguments: [7, 8, 9] as [UInt64])
    func buildOverRunsEqualsModel(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let runTexts = (0..<60).map { _ in Self.text(&generator) }
        var runStarts: [UInt32] = [0]
        for _ in runTexts { runStarts.append(runStarts.last! + UInt32(generator.next() % 81)) }
        let universe = Int(runStarts.last!)
        let expanded = runTexts.indices.flatMap { run in
            Array(repeating: runTexts[run], count: Int(runStarts[run + 1] - runStarts[run]))
        }
        let index = runTexts.withUnsafeBufferPointer { texts in
            TrigramIndex.build(slotCount: universe, runStarts: runStarts) { run, report in
                texts[run].withUnsafeBufferPointer { GramKey.forEachSubstringGram(in: $0, report) }
            }
        }
        for (key, slots) in Self.model(expanded) {
            let postings = index.postings(key)
            #expect(postings.count == slots.count, "seed \(seed) key \(key)")
            #expect(SlotSetTests.elements(index.decode(postings, universe: universe)) == slots.sorted())
        }
    }

    /// Local-part grams are exactly the grams starting before an email's first `@`; domain
    /// segments run from that `@` on. (`|` stands for the 0xFF between emails.)
    @Test(arguments: ["", "abc", "ab@cd", "@x", "x@", "a@b@c", "jose.nunez@acme.es", "é@ü", "a@b|c@d", "|x@y|", "김@기"])
    func emailSides(emails: String) {
        let bytes = emails.utf8.map { $0 == UInt8(ascii: "|") ? TextSeparator.byte : $0 }
        let values = bytes.split(separator: TextSeparator.byte, omittingEmptySubsequences: false).map(Array.init)
        var expectedGrams: [UInt64] = []
        var expectedSegments: [[UInt8]] = []
        for value in values {
            let scalars = Array(String(decoding: value, as: UTF8.self).unicodeScalars.map(\.value))
            let at = scalars.firstIndex(of: 0x40) ?? scalars.count
            for start in 0..<min(at, scalars.count) {
                for length in 1...3 where start + length <= scalars.count {
                    expectedGrams.append(GramKey.key(scalars[start..<start + length]))
                }
            }
            if let byte = value.firstIndex(of: 0x40) { expectedSegments.append(Array(value[byte...])) }
        }
        var grams: [UInt64] = []
        var segments: [[UInt8]] = []
        bytes.withUnsafeBufferPointer { buffer in
            GramKey.forEachLocalPartGram(in: buffer) { grams.append($0) }
            GramKey.forEachDomainSegment(in: buffer) { segments.append(Array($0)) }
        }
        #expect(grams.sorted() == expectedGrams.sorted())
        #expect(segments == expectedSegments)
    }

    /// Digit grams: every 1–3 gram plus every 4-gram (``GramKey/digitKey(_:)``), per number.
    @Test func digitGrams() {
        let bytes = Array("12345".utf8) + [TextSeparator.byte] + Array("98".utf8)
        var grams: [UInt64] = []
        bytes.withUnsafeBufferPointer { GramKey.forEachDigitGram(in: $0) { grams.append($0) } }
        let small = ["1", "2", "3", "4", "5", "12", "23", "34", "45", "123", "234", "345", "9", "8", "98"]
            .map { GramKey.key($0.unicodeScalars.map(\.value)) }
        let quads = ["1234", "2345"].map { GramKey.digitKey(Array($0.utf8)) }
        #expect(grams.sorted() == (small + quads).sorted())
        #expect(GramKey.digitLookupKeys(Array("1234".utf8)) == ([GramKey.digitKey(Array("1234".utf8))], true))
        #expect(GramKey.digitLookupKeys(Array("123".utf8)).isExact)
        #expect(!GramKey.digitLookupKeys(Array("12345".utf8)).isExact)
        #expect(Set(quads).count == 2 && quads.allSatisfy { $0 >> 63 == 1 })
    }

    @Test func wordPrefixGrams() {
        var grams: [UInt64] = []
        Array("ab-cdef g".utf8).withUnsafeBufferPointer { GramKey.forEachWordPrefixGram(in: $0) { grams.append($0) } }
        let expected = ["a", "ab", "c", "cd", "cde", "g"].map { GramKey.key($0.unicodeScalars.map(\.value)) }
        #expect(grams == expected)
    }
}
