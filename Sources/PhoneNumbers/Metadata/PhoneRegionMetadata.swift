/// What libphonenumber knows about one region (or one non-geographic calling code, region
/// "001") that parsing and the possibility check read.
///
/// Everything is read and compiled when the table loads (about 5 ms for all regions'
/// patterns, once per process), so that parsing reads plain stored properties: no lazy cell
/// to consult, and no reference counting of what a `let` chain already keeps alive.
package final class PhoneRegionMetadata: Sendable {
    /// The region code ("US", "GB", …), or "001" for a non-geographic calling code.
    package let regionCode: String
    /// The country calling code.
    package let countryCode: Int
    /// The decimal digits of `countryCode`, most significant first.
    package let countryCodeDigits: [UInt8]
    /// Lengths of the general description (what the possibility check reads).
    package let lengths: PhonePossibleLengths
    /// The patterns as the table wrote them.
    package let sources: Sources
    /// The region's compiled patterns.
    package let patterns: PhoneRegionPatterns

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

    /// Compiles the region's patterns from `sources`.
    package init(regionCode: String, countryCode: Int, lengths: PhonePossibleLengths, sources: Sources)
        throws(PhoneMetadataError)
    {
        self.regionCode = regionCode
        self.countryCode = countryCode
        countryCodeDigits = Array(String(countryCode).utf8)
        self.lengths = lengths
        self.sources = sources
        patterns = try PhoneRegionPatterns(sources, regionCode: regionCode)
    }
}
