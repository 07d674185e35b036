/// A region's patterns, compiled: the engines parsing runs for numbers of that region.
package final class PhoneRegionPatterns: Sendable {
    /// International (IDD) prefixes dialled from this region, such as `00` or `011`.
    package let internationalPrefix: PhonePrefixMatcher?
    /// National prefixes (and carrier codes) stripped from national-format numbers.
    package let nationalPrefixForParsing: PhonePrefixMatcher?
    /// How a national-prefix match is rewritten: ASCII digits stand for themselves, a byte
    /// 0x80 | g for capturing group g. Nil: the match is simply removed.
    package let nationalPrefixTransform: [UInt8]?
    /// The general national-number pattern (nil when the region has none: it matches nothing).
    package let generalPattern: PhoneAutomaton?

    /// Longest literal part of a transform rule accepted (the metadata's is three digits).
    private static let maximumTransformLiterals = 16

    /// Compiles the pattern texts of a region record.
    package init(_ sources: PhoneRegionMetadata.Sources, regionCode: String) throws(PhoneMetadataError) {
        func prefixMatcher(_ source: String?) throws(PhoneMetadataError) -> PhonePrefixMatcher? {
            guard let source else { return nil }
            return try PhonePrefixMatcher(PhonePattern(source, ignoresCase: false, fold: { $0 }))
        }
        internationalPrefix = try prefixMatcher(sources.internationalPrefix)
        let nationalPrefix = try prefixMatcher(sources.nationalPrefixForParsing)
        nationalPrefixForParsing = nationalPrefix
        if let rule = sources.nationalPrefixTransform {
            guard let nationalPrefix else { throw PhoneMetadataError("transform without a prefix in \(regionCode)") }
            nationalPrefixTransform = try Self.transform(
                rule, groupCount: nationalPrefix.groupCount, region: regionCode)
        } else {
            nationalPrefixTransform = nil
        }
        if let source = sources.generalPattern {
            generalPattern = try PhoneAutomaton(
                PhoneProgram(PhonePattern(source, ignoresCase: false, fold: { $0 })), alphabet: .asciiDigits)
        } else {
            generalPattern = nil
        }
    }

    /// Whether `digits` (ASCII) match the general national-number pattern in full
    /// (`_match_national_number(number, general_desc, False)`).
    ///
    /// - Complexity: O(n), one automaton step per digit.
    @inline(__always)
    package func matchesGeneralPattern(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
        generalPattern?.matchesWhole(digits) ?? false
    }

    /// A transform rule such as `9\1` as template bytes (see `nationalPrefixTransform`). Each
    /// group may appear once, so the rewritten number is never longer than the input plus the
    /// literal digits.
    private static func transform(_ rule: String, groupCount: Int, region: String) throws(PhoneMetadataError)
        -> [UInt8]
    {
        guard groupCount > 0 else { throw PhoneMetadataError("transform for a prefix without groups in \(region)") }
        var template: [UInt8] = []
        var bytes = rule.utf8.makeIterator()
        var used = Set<UInt8>()
        while let byte = bytes.next() {
            if (0x30...0x39).contains(byte) {
                template.append(byte)
                continue
            }
            guard byte == UInt8(ascii: "\\"), let digit = bytes.next(), (0x31...0x39).contains(digit),
                Int(digit - 0x30) <= groupCount, used.insert(digit).inserted
            else { throw PhoneMetadataError("unsupported transform rule \(rule) in \(region)") }
            template.append(0x80 | (digit - 0x30))
        }
        guard template.filter({ $0 < 0x80 }).count <= maximumTransformLiterals else {
            throw PhoneMetadataError("transform rule \(rule) too long in \(region)")
        }
        return template
    }
}
