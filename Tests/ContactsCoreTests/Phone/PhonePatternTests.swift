import ContactsCore
import ContactsSupport
import Foundation
import PhoneNumbers
import Testing

/// The pattern engine (automata and the prefix matcher) against a reference regex engine,
/// Foundation's NSRegularExpression (ICU), on random inputs: for the digit patterns of every
/// region and for libphonenumber's own parsing patterns. ICU and Python agree on these
/// patterns' meaning (leftmost-first alternation, greedy quantifiers), so any difference is ours.
@Suite struct PhonePatternTests {
    static let seeds: [UInt64] = [1, 2, 3]

    static func regex(_ pattern: String, caseInsensitive: Bool = false) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
    }

    /// Random digit strings: a few leading digits drawn from `prefix` often, so patterns that
    /// want specific leading digits get matched as well as missed.
    static func digitString(_ generator: inout SplitMix64, maximumLength: Int) -> String {
        let length = Int(generator.next() % UInt64(maximumLength + 1))
        return String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(48 + generator.next() % 10))) })
    }

    static func referenceFullMatch(_ regex: NSRegularExpression, _ text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, options: [.anchored], range: range).map { $0.range == range } ?? false
    }

    @Test(arguments: seeds)
    func regionPatternsAgreeWithICU(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        var accepted = 0
        var prefixed = 0
        for region in PhoneMetadata.shared.regions {
            let patterns = region.patterns
            if let source = region.sources.generalPattern, let automaton = patterns.generalPattern {
                let reference = try Self.regex("^(?:\(source))$")
                for _ in 0..<40 {
                    let text = Self.digitString(&generator, maximumLength: 18)
                    let ours = Array(text.utf8).withUnsafeBufferPointer { automaton.matchesWhole($0) }
                    #expect(ours == Self.referenceFullMatch(reference, text), "\(region.regionCode) general \(text)")
                    accepted += ours ? 1 : 0
                }
            }
            let prefixes = [
                (region.sources.internationalPrefix, patterns.internationalPrefix),
                (region.sources.nationalPrefixForParsing, patterns.nationalPrefixForParsing),
            ]
            for case (let source?, let matcher?) in prefixes {
                let reference = try Self.regex(source)
                for _ in 0..<40 {
                    let text = Self.digitString(&generator, maximumLength: 16)
                    let ours = Array(text.utf8).withUnsafeBufferPointer { matcher.match($0) }
                    let theirs = reference.firstMatch(
                        in: text, options: [.anchored], range: NSRange(text.startIndex..., in: text))
                    #expect(
                        ours?.end == theirs.map { $0.range.upperBound },
                        "\(region.regionCode) prefix \(source) on \(text)")
                    guard let ours, let theirs else { continue }
                    prefixed += 1
                    for group in 0..<matcher.groupCount {
                        let theirRange = theirs.range(at: group + 1)
                        let expected =
                            theirRange.location == NSNotFound ? nil : theirRange.location..<theirRange.upperBound
                        #expect(
                            ours.range(ofGroup: group + 1) == expected,
                            "\(region.regionCode) group \(group + 1) on \(text)")
                    }
                }
            }
        }
        // Both outcomes were exercised, not just rejections.
        #expect(accepted > 300)
        #expect(prefixed > 500)
    }

    /// The `pattern` records of the embedded table: name → (source, ignores case).
    static func tablePatterns() -> [String: (String, Bool)] {
        var patterns: [String: (String, Bool)] = [:]
        for line in PhoneMetadataTable.text.split(separator: "\n") where line.hasPrefix("pattern\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            patterns[String(fields[1])] = (String(fields[3]), fields[2] == "i")
        }
        return patterns
    }

    static let textAlphabet = Array("0123456789 -.()/+#*,;:~xXeEtTnNiIaAoOb=\t[]_")

    @Test(arguments: seeds)
    func parsingPatternsAgreeWithICU(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let patterns = Self.tablePatterns()
        let metadata = PhoneMetadata.shared
        let (viableSource, viableIgnoresCase) = try #require(patterns["viablePhoneNumber"])
        let viable = try Self.regex("^(?:\(viableSource))$", caseInsensitive: viableIgnoresCase)
        let (extensionSource, extensionIgnoresCase) = try #require(patterns["extension"])
        let extensionAtEnd = try Self.regex("(?:\(extensionSource))$", caseInsensitive: extensionIgnoresCase)
        let pieces = ["ext", "ext.", " x", "#", ",,", ";ext=", "anexo", " - ", "extension", "int"]
        var viableCount = 0
        var extensionCount = 0
        for _ in 0..<600 {
            // Number-like text (an optional +, digits with punctuation, maybe an extension),
            // with a random character thrown in now and then.
            var text = generator.next() % 3 == 0 ? "+" : ""
            for _ in 0..<(generator.next() % 14) {
                let roll = generator.next() % 10
                if roll < 6 {
                    text.append(Character(Unicode.Scalar(UInt8(48 + generator.next() % 10))))
                } else if roll < 9 {
                    text.append(Self.textAlphabet[Int(generator.next() % UInt64(Self.textAlphabet.count))])
                } else {
                    text += pieces[Int(generator.next() % UInt64(pieces.count))]
                }
            }
            if generator.next() % 2 == 0 {
                text += pieces[Int(generator.next() % UInt64(pieces.count))] + String(generator.next() % 100_000)
            }
            let bytes = Array(text.utf8)
            let oursViable = bytes.withUnsafeBufferPointer { metadata.viablePhoneNumber.matchesWhole($0) }
            #expect(oursViable == Self.referenceFullMatch(viable, text), "viability of \(String(reflecting: text))")
            let oursExtension = bytes.withUnsafeBufferPointer {
                metadata.extensionSuffix.leftmostMatchingSuffix(of: $0)
            }
            let theirs = extensionAtEnd.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
            #expect(oursExtension == theirs.map { $0.range.location }, "extension in \(String(reflecting: text))")
            viableCount += oursViable ? 1 : 0
            extensionCount += oursExtension == nil ? 0 : 1
        }
        #expect(viableCount > 50)
        #expect(extensionCount > 50)
    }

    @Test func unsupportedSyntaxIsRejectedWhenLoading() {
        for source in ["a.b", "[^0-9]", "(?=1)", "1{3", "1{9,2}", "(1", "1)", "\\w", "1**"] {
            #expect(throws: PhoneMetadataError.self, "\(source)") {
                try PhonePattern(source, ignoresCase: false, fold: { $0 })
            }
        }
    }
}
