import ContactsSupport
import PhoneNumbers
import Testing

@testable import ContactsCore

/// The normalizer's shortcuts for the usual shapes of input (ASCII digits after an optional
/// `+`; digits with the punctuation of `PhoneUTF8.simpleBytes`) give exactly the answers of the
/// full rules. Appending `!` sends a text down the full path without changing what it means:
/// `_extract_possible_number` drops trailing characters that are neither alphanumeric nor `#`.
@Suite struct PhoneShortcutTests {
    static let regions: [String?] = [nil, "US", "GB", "DE", "FR", "BR", "RU", "JP", "IN", "AR", "MX", "CN", "IT", "AU"]

    static func normalize(_ text: String, region: String?) -> Result<PhoneNumber, PhoneNumberError> {
        Result { () throws(PhoneNumberError) -> PhoneNumber in
            try PhoneNumberNormalizer().normalize(text, defaultRegion: region)
        }
    }

    /// Random text over `alphabet`, digits drawn most often, at most `maximumLength` bytes.
    static func text(_ generator: inout SplitMix64, alphabet: [UInt8], maximumLength: Int) -> String {
        let length = Int(generator.next() % UInt64(maximumLength + 1))
        let bytes = (0..<length).map { _ in
            generator.next() % 3 == 0
                ? alphabet[Int(generator.next() % UInt64(alphabet.count))]
                : UInt8(ascii: "0") + UInt8(generator.next() % 10)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theShortcutsAreInUse() {
        let metadata = PhoneMetadata.shared
        #expect(metadata.plainDigits != nil)
        #expect(metadata.simpleTextsHaveNoExtension)
        for byte in UInt8(0)..<128 {
            let survey = [byte, UInt8(ascii: "5")].withUnsafeBufferPointer { PhoneUTF8.survey($0) }
            #expect(survey.isSimple == PhoneUTF8.simpleBytes.contains(byte), "byte \(byte)")
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func theSurveyAgreesWithAByteByByteReading(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let ascii = Array(UInt8(0)..<128)
        for _ in 0..<5_000 {
            let alphabet = generator.next() % 2 == 0 ? PhoneUTF8.simpleBytes : ascii
            var bytes = Array(Self.text(&generator, alphabet: alphabet, maximumLength: 40).utf8)
            if generator.next() % 8 == 0, !bytes.isEmpty { bytes[Int(generator.next() % UInt64(bytes.count))] = 0xC3 }
            let survey = bytes.withUnsafeBufferPointer { PhoneUTF8.survey($0) }
            guard bytes.allSatisfy({ $0 < 0x80 }) else {
                #expect(survey.isValid == (String(validating: bytes, as: UTF8.self) != nil))
                continue
            }
            let digits = bytes.filter { (0x30...0x39).contains($0) }.count
            let plus = bytes.first == UInt8(ascii: "+") ? 1 : 0
            #expect(survey.isValid && survey.scalarCount == bytes.count, "\(bytes)")
            #expect(survey.isPlainDigits == (digits > 0 && digits + plus == bytes.count), "\(bytes)")
            #expect(survey.isSimple == bytes.allSatisfy(PhoneUTF8.simpleBytes.contains), "\(bytes)")
            #expect(survey.hasSemicolon == bytes.contains(UInt8(ascii: ";")), "\(bytes)")
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func simpleTextsAgreeWithTheFullRules(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var numbers = 0
        for _ in 0..<3_000 {
            let text = Self.text(&generator, alphabet: PhoneUTF8.simpleBytes, maximumLength: 22)
            let region = Self.regions[Int(generator.next() % UInt64(Self.regions.count))]
            let shortcut = Self.normalize(text, region: region)
            #expect(shortcut == Self.normalize(text + "!", region: region), "\(text) in \(region ?? "no region")")
            if case .success = shortcut { numbers += 1 }
        }
        // The texts exercise both outcomes.
        #expect(numbers > 300)
    }

    @Test(arguments: [1, 2] as [UInt64])
    func plainDigitsAgreeWithTheFullRules(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            let plus = generator.next() % 2 == 0 ? "+" : ""
            let text = plus + Self.text(&generator, alphabet: [UInt8(ascii: "0")], maximumLength: 20)
            let region = Self.regions[Int(generator.next() % UInt64(Self.regions.count))]
            #expect(
                Self.normalize(text, region: region) == Self.normalize(text + "!", region: region),
                "\(text) in \(region ?? "no region")")
        }
    }

    @Test func anAutomatonKnowsWhichAlphabetsReachAcceptance() throws {
        let rules = PhoneMetadata.shared.rules
        let automaton = try PhoneAutomaton(
            PhoneProgram(PhonePattern("ab+", ignoresCase: false, fold: { $0 })), alphabet: .unicode(rules))
        #expect(automaton.acceptsSomeText(of: Array("ab".utf8)))
        #expect(!automaton.acceptsSomeText(of: Array("a".utf8)))
        #expect(!automaton.acceptsSomeText(of: Array("b".utf8)))
        #expect(!automaton.acceptsSomeText(of: Array("bc".utf8)))
    }
}
