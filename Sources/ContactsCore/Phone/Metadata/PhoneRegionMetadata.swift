/// What libphonenumber knows about one region (or one non-geographic calling code, region
/// "001") that parsing and the possibility check read.
package final class PhoneRegionMetadata: Sendable {
    /// The region code ("US", "GB", …), or "001" for a non-geographic calling code.
    package let regionCode: String
    /// The country calling code.
    package let countryCode: Int
    /// The decimal digits of `countryCode`, most significant first.
    let countryCodeDigits: [UInt8]
    /// International (IDD) prefixes dialled from this region, such as `00` or `011`.
    let internationalPrefix: PhonePrefixMatcher?
    /// National prefixes (and carrier codes) stripped from national-format numbers.
    let nationalPrefixForParsing: PhonePrefixMatcher?
    /// How a national-prefix match is rewritten: ASCII digits stand for themselves, a byte
    /// 0x80 | g for capturing group g. Nil: the match is simply removed.
    let nationalPrefixTransform: [UInt8]?
    /// Lengths of the general description (what the possibility check reads).
    let lengths: PhonePossibleLengths
    /// The general national-number pattern (nil when the region has none, which matches nothing).
    let generalPattern: PhoneAutomaton?
    /// The patterns as the table wrote them, for tests that check the engine against a
    /// reference regex implementation.
    package let sources: Sources

    /// The pattern texts of a region record.
    package struct Sources: Sendable {
        /// The IDD prefix pattern.
        package let internationalPrefix: String?
        /// The national prefix for parsing pattern.
        package let nationalPrefixForParsing: String?
        /// The national prefix transform rule (`\1` style).
        package let nationalPrefixTransform: String?
        /// The general national-number pattern.
        package let generalPattern: String?
    }

    init(
        regionCode: String, countryCode: Int, internationalPrefix: PhonePrefixMatcher?,
        nationalPrefixForParsing: PhonePrefixMatcher?, nationalPrefixTransform: [UInt8]?,
        lengths: PhonePossibleLengths, generalPattern: PhoneAutomaton?, sources: Sources
    ) {
        self.regionCode = regionCode
        self.countryCode = countryCode
        countryCodeDigits = Array(String(countryCode).utf8)
        self.internationalPrefix = internationalPrefix
        self.nationalPrefixForParsing = nationalPrefixForParsing
        self.nationalPrefixTransform = nationalPrefixTransform
        self.lengths = lengths
        self.generalPattern = generalPattern
        self.sources = sources
    }

    /// Whether `digits` (ASCII) match the general national-number pattern in full
    /// (`_match_national_number(number, general_desc, False)`).
    ///
    /// - Complexity: O(n), one automaton step per digit.
    @inline(__always)
    func matchesGeneralPattern(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
        generalPattern?.matchesWhole(digits) ?? false
    }
}
