import ContactsCore
import ContactsSupport
import PhoneNumbers
import Testing

/// Random byte strings and random mutations of valid numbers: the normalizer never traps and
/// always answers with a well-formed number or one of libphonenumber's error codes.
@Suite struct PhoneRobustnessTests {
    static let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 34]

    /// Pieces that exercise every parsing branch when spliced into numbers.
    static let pieces: [String] = [
        "0", "1", "5", "9", "00", "011", "+", "+1", "+44", "(0)", " ", "-", ".", "/", "(", ")", "x", "X", "ext",
        ";ext=", ",,", ",", ";", "#", "*", "~", "tel:", ";phone-context=", ";phone-context=+1", ";isub=", "\n",
        "\t", "\u{0}", "\u{7F}", "\u{A0}", "\u{FF10}", "\u{FF0B}", "\u{0661}", "\u{06F5}", "\u{0967}", "\u{2013}",
        "\u{3000}", "\u{200B}", "\u{FEFF}", "\u{301}", "ó", "доб", "ｅｘｔ", "ſ", "ı", "K", "İ", "ß", "😀", "a", "Z",
        "anexo", "int", "\\", "_", "[", "]", "\u{1D7CE}", "\u{104A0}", "\u{FFFD}",
    ]

    static let validNumbers: [(String, String?)] = [
        ("+1 415-555-2671", nil), ("(415) 555-2671", "US"), ("020 7946 0018", "GB"), ("+44 (0)20 7946 0018", nil),
        ("06 1234 5678", "IT"), ("011 15-2345-6789", "AR"), ("+54 9 11 2345 6789", nil), ("(11) 91234-5678", "BR"),
        ("0 21 11 91234 5678", "BR"), ("1-800-FLOWERS", "US"), ("8 (495) 123-45-67", "RU"), ("03-1234-5678", "JP"),
        ("tel:555-2671;phone-context=+1-415", nil), ("+49 30 1234567 ext. 5", nil), ("044 55 1234 5678", "MX"),
        ("463 1234", "AG"), ("+８１ ３ １２３４ ５６７８", nil), ("+٩٧١ ٥٠ ١٢٣ ٤٥٦٧", nil), ("001 415 555 2671", "DE"),
    ]

    static let regions: [String?] = [
        nil, "US", "GB", "DE", "IT", "AR", "BR", "RU", "JP", "MX", "AG", "us", "XX", "001", "",
    ]

    /// A well-formed outcome: an E.164 number consistent with itself, or an error with a message.
    static func checkWellFormed(_ result: Result<PhoneNumber, PhoneNumberError>) {
        switch result {
        case .success(let number):
            let text = number.description
            #expect(text == "+\(number.e164)")
            #expect(text.utf8.count <= 20)
            #expect(text.dropFirst().hasPrefix(String(number.countryCode)))
            #expect(PhoneNumberNormalizer().mainRegion(forCallingCode: number.countryCode) != nil)
            #expect(PhoneNumber(e164: number.e164) == number)
        case .failure(let error):
            #expect(!error.message.isEmpty)
            #expect(PhoneNumberError.Code(rawValue: error.code.rawValue) == error.code)
        }
    }

    static func normalize(_ bytes: [UInt8], region: String?) -> Result<PhoneNumber, PhoneNumberError> {
        bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(PhoneNumberError) -> PhoneNumber in
                try PhoneNumberNormalizer().normalize(utf8: buffer, defaultRegion: region)
            }
        }
    }

    @Test(arguments: seeds)
    func randomBytesAlwaysGetAnAnswer(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<400 {
            let length = Int(generator.next() % 40)
            // Half the strings are ASCII-ish, half arbitrary bytes (mostly malformed UTF-8).
            let ascii = generator.next() % 2 == 0
            let bytes = (0..<length).map { _ in
                ascii ? UInt8(0x20 + generator.next() % 0x5F) : UInt8(truncatingIfNeeded: generator.next())
            }
            let region = Self.regions[Int(generator.next() % UInt64(Self.regions.count))]
            let result = Self.normalize(bytes, region: region)
            Self.checkWellFormed(result)
            // Malformed UTF-8 reads exactly like its repaired String.
            let repaired = String(decoding: bytes, as: UTF8.self)
            let viaString = Result { () throws(PhoneNumberError) -> PhoneNumber in
                try PhoneNumberNormalizer().normalize(repaired, defaultRegion: region)
            }
            #expect(viaString == result)
        }
    }

    @Test(arguments: seeds)
    func mutatedNumbersAlwaysGetAnAnswer(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<400 {
            let (number, homeRegion) = Self.validNumbers[Int(generator.next() % UInt64(Self.validNumbers.count))]
            var scalars = Array(number.unicodeScalars)
            for _ in 0..<(1 + generator.next() % 4) {
                let position = Int(generator.next() % UInt64(scalars.count + 1))
                switch generator.next() % 3 {
                case 0:
                    let piece = Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))]
                    scalars.insert(contentsOf: piece.unicodeScalars, at: position)
                case 1 where !scalars.isEmpty:
                    scalars.remove(at: min(position, scalars.count - 1))
                default:
                    if !scalars.isEmpty {
                        let piece = Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))]
                        scalars.replaceSubrange(
                            min(position, scalars.count - 1)..<min(position, scalars.count - 1) + 1,
                            with: piece.unicodeScalars)
                    }
                }
            }
            let mutated = String(String.UnicodeScalarView(scalars))
            let region = generator.next() % 2 == 0 ? homeRegion : Self.regions[Int(generator.next() % 15)]
            Self.checkWellFormed(Self.normalize(Array(mutated.utf8), region: region))
        }
    }

    @Test func longInputsAreTooLongWithoutScanningForever() throws {
        let normalizer = PhoneNumberNormalizer()
        let tenKilobytes = String(repeating: "1", count: 10_240)
        #expect(throws: PhoneNumberError.self) { try normalizer.normalize(tenKilobytes, defaultRegion: "US") }
        let base = "+1 415 555 2671"
        let atLimit = base + String(repeating: " ", count: 250 - base.count)
        #expect(try normalizer.normalize(atLimit, defaultRegion: nil).description == "+14155552671")
        do {
            _ = try normalizer.normalize(atLimit + " ", defaultRegion: nil)
            Issue.record("251 characters must be TOO_LONG")
        } catch {
            #expect(error.code == .tooLong)
        }
    }
}
