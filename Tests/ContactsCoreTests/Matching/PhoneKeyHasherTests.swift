import ContactsCore
import ContactsMatching
import ContactsSupport
import Testing

@Suite struct PhoneKeyHasherTests {
    static let seeds: [UInt64] = [0, 1, 42, 0xFFFF_FFFF_FFFF_FFFF]

    @Test(arguments: seeds)
    func keyIsXXH3OfTheNumbersLittleEndianBytes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let hasher = XXH3PhoneKeyHasher(seed: seed)
        var numbers: [UInt64] = [1, 9, 10, 14_155_552_671, 999_999_999_999_999, UInt64.max]
        for _ in 0..<200 { numbers.append(random.e164Number()) }
        for number in numbers {
            let bytes = (0..<8).map { UInt8(truncatingIfNeeded: number >> (8 * $0)) }
            #expect(hasher.key(for: number) == XXH3.hash64(bytes, seed: seed), "number \(number)")
        }
    }

    /// Keys from another implementation: Python's `xxhash` 3.5.0,
    /// `xxh3_64_intdigest(struct.pack('<Q', number), seed=seed)`.
    @Test(
        arguments: [
            (0, 1, 0x2FBC_5935_64DB_792E), (0, 14_155_552_671, 0xAF6E_4DA4_0C22_0457),
            (0, 999_999_999_999_999, 0x4A18_D49D_5A1C_1EA7), (42, 1, 0xE3AC_D5DE_C7D7_D3FB),
            (42, 14_155_552_671, 0xAEA0_C9CD_F876_04AD), (42, 999_999_999_999_999, 0x8D73_6434_BED2_9E02),
        ] as [(UInt64, UInt64, UInt64)])
    func keysMatchAnotherImplementation(seed: UInt64, number: UInt64, key: UInt64) {
        #expect(XXH3PhoneKeyHasher(seed: seed).key(for: number) == key)
    }

    @Test func seedChangesKeys() {
        let number: UInt64 = 14_155_552_671
        #expect(XXH3PhoneKeyHasher(seed: 1).key(for: number) != XXH3PhoneKeyHasher(seed: 2).key(for: number))
    }
}
