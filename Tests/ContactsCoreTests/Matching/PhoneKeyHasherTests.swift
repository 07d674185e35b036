import ContactsCore
import Testing

@Suite struct PhoneKeyHasherTests {
    static let seeds: [UInt64] = [0, 1, 42, 0xFFFF_FFFF_FFFF_FFFF]

    @Test(arguments: seeds)
    func keyIsXXH3OfTheE164Text(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let hasher = XXH3PhoneKeyHasher(seed: seed)
        var numbers: [UInt64] = [1, 9, 10, 14_155_552_671, 999_999_999_999_999, UInt64.max]
        for _ in 0..<200 { numbers.append(random.e164Number()) }
        for number in numbers {
            #expect(hasher.key(for: number) == XXH3.hash64("+\(number)", seed: seed), "number \(number)")
        }
    }

    @Test func seedChangesKeys() {
        let number: UInt64 = 14_155_552_671
        #expect(XXH3PhoneKeyHasher(seed: 1).key(for: number) != XXH3PhoneKeyHasher(seed: 2).key(for: number))
    }
}
