import ContactsAuth
import ContactsSupport
import Testing

/// Strict unpadded base64url against a model written from RFC 4648 §5.
@Suite struct Base64URLTests {
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func roundTripsRandomBytesAndMatchesTheModel(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Base64URL.encode(bytes)
            #expect(text == Self.modelEncode(bytes))
            #expect(!text.contains("="))
            let decoded = try Array(text.utf8).withUnsafeBytes { raw in try Base64URL.decode(raw) }
            #expect(decoded == bytes)
        }
    }

    @Test func knownVectors() throws {
        // RFC 4648 §10, in the URL-safe alphabet and without padding.
        let vectors = [
            "": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy",
        ]
        for (plain, encoded) in vectors {
            #expect(Base64URL.encode(plain.utf8) == encoded)
            #expect(try decode(encoded) == Array(plain.utf8))
        }
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(try decode("-_8") == [0xFB, 0xFF])
    }

    @Test func refusals() {
        #expect(refusal("Zg==") == .padding)
        #expect(refusal("Zm8=") == .padding)
        #expect(refusal("Zm9v=") == .padding)
        #expect(refusal("Zm9v+") == .invalidCharacter)
        #expect(refusal("Zm9+") == .invalidCharacter)
        #expect(refusal("Zm9/") == .invalidCharacter)
        #expect(refusal("Zm 9") == .invalidCharacter)
        #expect(refusal("Zm9\n") == .invalidCharacter)
        #expect(refusal("Zm9\u{e9}") == .invalidCharacter)
        #expect(refusal("Z") == .invalidLength)
        #expect(refusal("Zm9vY") == .invalidLength)
        #expect(refusal("Zh") == .nonCanonical)  // "Zg" with a non-zero unused bit
        #expect(refusal("Zm9") == .nonCanonical)  // "Zm8" likewise
    }

    func decode(_ text: String) throws -> [UInt8] {
        try Array(text.utf8).withUnsafeBytes { raw in try Base64URL.decode(raw) }
    }

    func refusal(_ text: String) -> Base64URL.DecodingError? {
        do {
            _ = try Array(text.utf8).withUnsafeBytes { raw in try Base64URL.decode(raw) }
            return nil
        } catch let error as Base64URL.DecodingError {
            return error
        } catch {
            return nil
        }
    }

    /// Bit by bit: each 6 bits of the input, most significant first, as one character.
    static func modelEncode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var bits: [Int] = []
        for byte in bytes { for shift in (0..<8).reversed() { bits.append(Int(byte >> UInt8(shift)) & 1) } }
        var text = ""
        var index = 0
        while index < bits.count {
            var value = 0
            for offset in 0..<6 { value = value << 1 | (index + offset < bits.count ? bits[index + offset] : 0) }
            text.append(alphabet[value])
            index += 6
        }
        return text
    }
}
