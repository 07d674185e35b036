/// libphonenumber's metadata for every region and non-geographic calling code, with the
/// parsing patterns compiled, loaded once from the generated table on first use.
///
/// Immutable after loading and shared by every `PhoneNumberNormalizer`.
package final class PhoneMetadata: Sendable {
    /// The metadata of the embedded table, parsed on first access.
    package static let shared: PhoneMetadata = {
        do {
            return try PhoneMetadata(table: PhoneMetadataTable.text)
        } catch {
            // The table is generated and committed, and a unit test loads it: reaching this line
            // means the source tree itself is broken, not that some input was bad.
            fatalError("PhoneMetadataTable.generated.swift is corrupt: \(error)")
        }
    }()

    /// Largest calling code (three digits).
    package static let maximumCallingCode = 999

    /// The `phonenumbers` release the table was generated from.
    package let version: String
    /// Unicode facts pinned to the table's Unicode version.
    package let rules: PhoneScalarRules
    /// `_VALID_PHONE_NUMBER_PATTERN` (with its optional extension), whole-string.
    package let viablePhoneNumber: PhoneAutomaton
    /// `_EXTN_PATTERNS_FOR_PARSING`, reversed, to find an extension at the end of a number.
    package let extensionSuffix: PhoneAutomaton
    /// The two automata above, answered in advance for plain digit input (nil: no shortcut).
    package let plainDigits: PhonePlainDigitsVerdicts?
    /// Whether no text of ``PhoneUTF8/simpleBytes`` alone holds an extension (checked on
    /// `extensionSuffix` at load), so that parsing one skips the extension scan.
    package let simpleTextsHaveNoExtension: Bool
    /// RFC 3966 global-number-digits, for a `phone-context` parameter.
    package let globalNumberDigits: PhoneAutomaton
    /// RFC 3966 domainname, for a `phone-context` parameter.
    package let domainName: PhoneAutomaton
    /// Every region record, geographic ones first.
    package let regions: [PhoneRegionMetadata]
    /// Geographic region codes in the order of `regions`.
    package let regionCodes: [String]
    /// For two capital letters AB at (A - 'A') * 26 + (B - 'A'): the index in `regions`, or -1.
    private let regionIndexByLetters: [Int16]
    /// For each calling code: the index of its main region (or non-geographic record), or -1.
    private let mainRegionIndexByCallingCode: [Int16]

    /// Parses and compiles a table in the generated format (tests and benchmarks load the
    /// embedded one again to measure or inspect it).
    package init(table: String) throws(PhoneMetadataError) {
        let parsed = try Parsed(table)
        version = parsed.version
        rules = parsed.rules
        viablePhoneNumber = parsed.viablePhoneNumber
        extensionSuffix = parsed.extensionSuffix
        plainDigits = PhonePlainDigitsVerdicts(
            viablePhoneNumber: parsed.viablePhoneNumber, extensionSuffix: parsed.extensionSuffix,
            maximumLength: PhoneNumberParser.maximumInputLength)
        simpleTextsHaveNoExtension = !parsed.extensionSuffix.acceptsSomeText(of: PhoneUTF8.simpleBytes)
        globalNumberDigits = parsed.globalNumberDigits
        domainName = parsed.domainName
        regions = parsed.regions
        regionCodes = parsed.regions.map(\.regionCode).filter { $0 != Self.nonGeographicRegion }
        regionIndexByLetters = parsed.regionIndexByLetters
        mainRegionIndexByCallingCode = parsed.mainRegionIndexByCallingCode
    }

    /// The region code libphonenumber uses for non-geographic entities (UN M.49 "World").
    package static let nonGeographicRegion = "001"

    /// The index of the geographic region whose code is exactly `code` (`_is_valid_region_code`:
    /// case matters, "001" is not a region).
    @inline(__always)
    package func regionIndex(exactly code: String) -> Int? {
        var utf8 = code.utf8.makeIterator()
        guard let first = utf8.next(), let second = utf8.next(), utf8.next() == nil else { return nil }
        return regionIndex(letters: first, second)
    }

    /// The index of the region libphonenumber reads metadata from for a default region `code`
    /// (`metadata_for_region(code.upper())`): like `regionIndex(exactly:)` after uppercasing.
    package func regionIndex(uppercasing code: String) -> Int? {
        var bytes = code.utf8.makeIterator()
        if let first = bytes.next(), let second = bytes.next(), bytes.next() == nil, first < 0x80, second < 0x80 {
            return regionIndex(letters: Self.asciiUppercase(first), Self.asciiUppercase(second))
        }
        guard code.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        return regionIndex(exactly: code.uppercased())
    }

    private static func asciiUppercase(_ byte: UInt8) -> UInt8 {
        (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
    }

    @inline(__always)
    private func regionIndex(letters first: UInt8, _ second: UInt8) -> Int? {
        guard (0x41...0x5A).contains(first), (0x41...0x5A).contains(second) else { return nil }
        let index = regionIndexByLetters[Int(first - 0x41) * 26 + Int(second - 0x41)]
        return index >= 0 ? Int(index) : nil
    }

    /// The record of `callingCode`'s main region (or its non-geographic record), or nil when
    /// libphonenumber knows no such calling code.
    @inline(__always)
    package func mainRegion(forCallingCode callingCode: Int) -> PhoneRegionMetadata? {
        guard (0...Self.maximumCallingCode).contains(callingCode) else { return nil }
        let index = mainRegionIndexByCallingCode[callingCode]
        return index >= 0 ? regions[Int(index)] : nil
    }

    /// Whether `callingCode` is one libphonenumber knows.
    @inline(__always)
    package func isCallingCode(_ callingCode: Int) -> Bool {
        (0...Self.maximumCallingCode).contains(callingCode) && mainRegionIndexByCallingCode[callingCode] >= 0
    }
}
