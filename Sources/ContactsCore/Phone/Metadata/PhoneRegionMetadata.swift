/// What libphonenumber knows about one region (or one non-geographic calling code, region
/// "001") that parsing and the possibility check read.
///
/// The identity and the lengths are read when the table loads; the patterns are compiled the
/// first time a number of the region needs them (`patterns`), so that loading stays cheap.
package final class PhoneRegionMetadata: Sendable {
    /// The region code ("US", "GB", …), or "001" for a non-geographic calling code.
    package let regionCode: String
    /// The country calling code.
    package let countryCode: Int
    /// The decimal digits of `countryCode`, most significant first.
    let countryCodeDigits: [UInt8]
    /// Lengths of the general description (what the possibility check reads).
    let lengths: PhonePossibleLengths
    /// The patterns as the table wrote them.
    package let sources: Sources
    private let compiled = PhoneOnceCell<PhoneRegionPatterns>()

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

    init(regionCode: String, countryCode: Int, lengths: PhonePossibleLengths, sources: Sources) {
        self.regionCode = regionCode
        self.countryCode = countryCode
        countryCodeDigits = Array(String(countryCode).utf8)
        self.lengths = lengths
        self.sources = sources
    }

    /// The region's compiled patterns (compiled on first use, then shared).
    ///
    /// - Complexity: O(1) after the first call, which compiles a few small patterns.
    package var patterns: PhoneRegionPatterns {
        compiled.value {
            do {
                return try PhoneRegionPatterns(sources, regionCode: regionCode)
            } catch {
                // The table is generated and committed, and a unit test compiles every region:
                // this means the source tree is broken, not that some input was bad.
                fatalError("PhoneMetadataTable.generated.swift: region \(regionCode): \(error)")
            }
        }
    }
}
