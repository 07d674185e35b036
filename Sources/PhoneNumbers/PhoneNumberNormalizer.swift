/// Normalizes phone numbers to E.164 exactly as Google's libphonenumber decides (PROTOCOL §3):
/// `parse(raw, defaultRegion)`, accepted only when `is_possible_number_with_reason` is
/// IS_POSSIBLE, extensions dropped.
///
/// ```swift
/// let normalizer = PhoneNumberNormalizer()
/// try normalizer.normalize("(415) 555-2671", defaultRegion: "US").description  // "+14155552671"
/// try normalizer.normalize("001 415 555 2671", defaultRegion: "DE").description  // "+14155552671"
/// try normalizer.normalize("+44 (0)20 7946 0018").description                    // "+442079460018"
/// try normalizer.normalize("555-1234", defaultRegion: "US")  // throws IS_POSSIBLE_LOCAL_ONLY
///
/// let british = PhoneNumberNormalizer(defaultRegion: "GB")  // resolved once, for many numbers
/// try british.normalize("020 7946 0018").description         // "+442079460018"
/// ```
///
/// Everything libphonenumber accepts is handled the same way: Unicode decimal digits of any
/// script, vanity letters (`1-800-FLOWERS`), `tel:` URIs with `phone-context`, `+`, IDD and
/// national prefixes, carrier codes, `(0)`, punctuation, text around the number.
///
/// The metadata (from the `phonenumbers` release named by `metadataVersion`) is loaded once per
/// process, on first use, with every region's patterns compiled, in under ten milliseconds. A
/// normalizer is cheap to create and safe to share between threads.
///
/// - Complexity: O(n) in the length of the input, with no heap allocation per number.
public struct PhoneNumberNormalizer: Sendable {
    private let parser: PhoneNumberParser
    private let boundRegion: PhoneNumberParser.DefaultRegion
    /// The default region of `normalize(_:)` and `normalize(utf8:)`, as given to `init`.
    public let defaultRegion: String?

    /// A normalizer over the embedded libphonenumber metadata whose calls without an explicit
    /// region use `defaultRegion` (an ISO 3166 alpha-2 code such as "US"; nil or a code
    /// libphonenumber does not know means none).
    public init(defaultRegion: String? = nil) {
        parser = PhoneNumberParser(metadata: PhoneMetadata.shared)
        boundRegion = parser.defaultRegion(defaultRegion)
        self.defaultRegion = defaultRegion
    }

    /// The `phonenumbers` (libphonenumber) release whose metadata is embedded, e.g. "9.0.43".
    public static var metadataVersion: String { PhoneMetadata.shared.version }

    /// The E.164 number that `raw` denotes when dialled from `defaultRegion`.
    ///
    /// - Parameters:
    ///   - raw: the number as a person typed it. Inputs over 250 characters are TOO_LONG.
    ///   - defaultRegion: an ISO 3166 alpha-2 code ("US") for numbers written without `+`;
    ///     nil, or a code libphonenumber does not know, means none: then only numbers in
    ///     international form normalize. Codes are case-sensitive, as in libphonenumber.
    /// - Throws: `PhoneNumberError` with libphonenumber's code when the number does not parse
    ///   or is not a possible number (IS_POSSIBLE_LOCAL_ONLY included).
    /// - Complexity: O(n) in the length of `raw`.
    public func normalize(_ raw: some StringProtocol, defaultRegion: String?) throws(PhoneNumberError) -> PhoneNumber {
        try normalize(raw, region: parser.defaultRegion(defaultRegion))
    }

    /// The E.164 number of `raw` with the normalizer's own default region.
    ///
    /// - Complexity: O(n) in the length of `raw`.
    public func normalize(_ raw: some StringProtocol) throws(PhoneNumberError) -> PhoneNumber {
        try normalize(raw, region: boundRegion)
    }

    /// The same as `normalize(_:defaultRegion:)` for a number given as UTF-8 bytes (for instance
    /// a line of a file read in one piece): the fast path, read in place. Malformed UTF-8 reads
    /// as U+FFFD, as `String(decoding:as:)` does.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public func normalize(utf8 bytes: UnsafeBufferPointer<UInt8>, defaultRegion: String?) throws(PhoneNumberError)
        -> PhoneNumber
    {
        try parser.normalize(bytes, region: parser.defaultRegion(defaultRegion))
    }

    /// The E.164 number of UTF-8 `bytes` with the normalizer's own default region.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public func normalize(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(PhoneNumberError) -> PhoneNumber {
        try parser.normalize(bytes, region: boundRegion)
    }

    private func normalize(_ raw: some StringProtocol, region: PhoneNumberParser.DefaultRegion) throws(PhoneNumberError)
        -> PhoneNumber
    {
        if let result = raw.utf8.withContiguousStorageIfAvailable({ bytes in
            Result { () throws(PhoneNumberError) -> PhoneNumber in try parser.normalize(bytes, region: region) }
        }) {
            return try result.get()
        }
        // Not stored contiguously (a bridged string): through a native copy.
        var copy = String(raw)
        let result = copy.withUTF8 { bytes in
            Result { () throws(PhoneNumberError) -> PhoneNumber in try parser.normalize(bytes, region: region) }
        }
        return try result.get()
    }

    /// The main region of a calling code: "US" for 1, "RU" for 7, "GB" for 44, and "001" (as
    /// libphonenumber says) for non-geographic codes such as 800; nil for an unknown code.
    public func mainRegion(forCallingCode callingCode: Int) -> String? {
        parser.metadata.mainRegion(forCallingCode: callingCode)?.regionCode
    }

    /// The calling code of a region: 1 for "US" and "CA", 44 for "GB". Region codes are
    /// uppercase, as libphonenumber requires; nil for anything else (including "001").
    public func callingCode(forRegion region: String) -> Int? {
        parser.metadata.regionIndex(exactly: region).map { parser.metadata.regions[$0].countryCode }
    }

    /// Every region code libphonenumber supports, sorted.
    public var supportedRegions: [String] { parser.metadata.regionCodes }
}
