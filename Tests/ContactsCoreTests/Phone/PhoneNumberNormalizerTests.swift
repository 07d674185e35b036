import ContactsCore
import PhoneNumbers
import Testing

/// The public API on hand-picked examples (the corpus test covers the breadth), the lookups,
/// and loading of the embedded metadata.
@Suite struct PhoneNumberNormalizerTests {
    static let normalizer = PhoneNumberNormalizer()

    static func answer(_ raw: String, _ region: String?) -> String {
        do {
            return try normalizer.normalize(raw, defaultRegion: region).description
        } catch {
            return error.code.rawValue
        }
    }

    @Test(arguments: [
        ("(415) 555-2671", "US", "+14155552671"),
        ("+1 415-555-2671", nil, "+14155552671"),
        ("001 415 555 2671", "DE", "+14155552671"),
        ("011 44 20 7946 0018", "US", "+442079460018"),
        ("+44 (0)20 7946 0018", nil, "+442079460018"),
        ("020 7946 0018", "GB", "+442079460018"),
        ("06 1234 5678", "IT", "+390612345678"),
        ("1-800-FLOWERS", "US", "+18003569377"),
        ("０３－１２３４－５６７８", "JP", "+81312345678"),
        ("tel:555-2671;phone-context=+1-415", nil, "+14155552671"),
        ("+1 415 555 2671 ext. 7", nil, "+14155552671"),
        ("555-1234", "US", "IS_POSSIBLE_LOCAL_ONLY"),
        ("(415) 555-2671", nil, "INVALID_COUNTRY_CODE"),
        ("(415) 555-2671", "us", "INVALID_COUNTRY_CODE"),
        ("+999 123 456", nil, "INVALID_COUNTRY_CODE"),
        ("+1 2", nil, "NOT_A_NUMBER"),
        ("hello", "US", "NOT_A_NUMBER"),
        ("", "US", "NOT_A_NUMBER"),
        ("011 1", "US", "TOO_SHORT_AFTER_IDD"),
        ("+44 1", nil, "TOO_SHORT_NSN"),
        ("+00 1", nil, "INVALID_COUNTRY_CODE"),
        ("+1 415 555 26711", nil, "TOO_LONG"),
        ("+1 415 555 267", nil, "TOO_SHORT"),
    ])
    func examples(raw: String, region: String?, expected: String) {
        #expect(Self.answer(raw, region) == expected)
    }

    @Test func numberValue() throws {
        let number = try Self.normalizer.normalize("06 1234 5678", defaultRegion: "IT")
        #expect(number.e164 == 390_612_345_678)
        #expect(number.countryCode == 39)
        #expect(number.nationalSignificantNumber == "0612345678")
        #expect(PhoneNumber(e164: 390_612_345_678) == number)
        #expect(PhoneNumber(e164: 999_123_456) == nil)  // no calling code 9, 99 or 999
        #expect(PhoneNumber(e164: 12) == nil)  // nothing left after the calling code
        let same = try Self.normalizer.normalize("+39 06 1234 5678", defaultRegion: nil)
        #expect(Set([number, same]).count == 1)
    }

    @Test func errorsNameLibphonenumberCodes() {
        #expect(
            PhoneNumberError.Code.allCases.map(\.rawValue) == [
                "NOT_A_NUMBER", "INVALID_COUNTRY_CODE", "TOO_SHORT_AFTER_IDD", "TOO_SHORT_NSN", "TOO_SHORT", "TOO_LONG",
                "INVALID_LENGTH", "IS_POSSIBLE_LOCAL_ONLY",
            ])
        do {
            _ = try Self.normalizer.normalize("555-1234", defaultRegion: "US")
            Issue.record("a local-only number must be rejected")
        } catch {
            #expect(error.code == .isPossibleLocalOnly)
            #expect(error.description.hasPrefix("IS_POSSIBLE_LOCAL_ONLY: "))
        }
    }

    @Test func regionsAndCallingCodes() {
        let normalizer = Self.normalizer
        #expect(normalizer.mainRegion(forCallingCode: 1) == "US")
        #expect(normalizer.mainRegion(forCallingCode: 7) == "RU")
        #expect(normalizer.mainRegion(forCallingCode: 44) == "GB")
        #expect(normalizer.mainRegion(forCallingCode: 800) == "001")
        #expect(normalizer.mainRegion(forCallingCode: 999) == nil)
        #expect(normalizer.mainRegion(forCallingCode: -1) == nil)
        #expect(normalizer.mainRegion(forCallingCode: 10_000) == nil)
        #expect(normalizer.callingCode(forRegion: "US") == 1)
        #expect(normalizer.callingCode(forRegion: "CA") == 1)
        #expect(normalizer.callingCode(forRegion: "GB") == 44)
        #expect(normalizer.callingCode(forRegion: "KZ") == 7)
        #expect(normalizer.callingCode(forRegion: "us") == nil)
        #expect(normalizer.callingCode(forRegion: "001") == nil)
        #expect(normalizer.callingCode(forRegion: "ZZ") == nil)
        #expect(normalizer.supportedRegions.count == 245)
        #expect(normalizer.supportedRegions == normalizer.supportedRegions.sorted())
        for region in normalizer.supportedRegions {
            let code = normalizer.callingCode(forRegion: region)
            #expect(code.flatMap { normalizer.mainRegion(forCallingCode: $0) } != nil, "\(region)")
        }
    }

    @Test func boundDefaultRegion() throws {
        let british = PhoneNumberNormalizer(defaultRegion: "GB")
        #expect(british.defaultRegion == "GB")
        #expect(try british.normalize("020 7946 0018").description == "+442079460018")
        #expect(try british.normalize("(415) 555-2671", defaultRegion: "US").description == "+14155552671")
        let bytes = Array("07400 123456".utf8)
        let number = try bytes.withUnsafeBufferPointer { (buffer) throws(PhoneNumberError) -> PhoneNumber in
            try british.normalize(utf8: buffer)
        }
        #expect(number.description == "+447400123456")
    }

    @Test func embeddedMetadataLoadsAndEveryRegionCompiles() throws {
        let metadata = try PhoneMetadata(table: PhoneMetadataTable.text)
        #expect(metadata.version == PhoneNumberNormalizer.metadataVersion)
        #expect(metadata.regions.count == 254)  // 245 regions and 9 non-geographic calling codes
        for region in metadata.regions {
            let patterns = region.patterns
            #expect((patterns.generalPattern == nil) == (region.sources.generalPattern == nil), "\(region.regionCode)")
            #expect(
                (patterns.nationalPrefixForParsing == nil) == (region.sources.nationalPrefixForParsing == nil),
                "\(region.regionCode)")
        }
    }

    @Test(arguments: [
        ("phonenumbers\t9.0.43\nbogus\t1\n", "unknown record bogus"),
        ("phonenumbers\t9.0.43\n", "missing unicode record"),
        ("phonenumbers\t9.0.43\nunicode\t14.0.0\ndigits\t30\n", "missing pattern viablePhoneNumber"),
        ("unicode\tfourteen\n", "bad Unicode version fourteen"),
        ("region\tUS\t1\n", "record region has 3 fields, expected 9"),
    ])
    func corruptTablesAreRejectedWithAReason(table: String, reason: String) {
        do {
            _ = try PhoneMetadata(table: table)
            Issue.record("a corrupt table loaded")
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
        }
    }
}
