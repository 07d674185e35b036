import ContactsCore
import ContactsSupport
import Testing

/// Streaming XXH3 against one-shot XXH3 over the concatenation of the pieces.
@Suite struct XXH3HasherTests {
    static let seeds: [UInt64] = Array(1...12)

    /// Splits `count` into piece sizes: mostly small, sometimes empty, sometimes large, so the
    /// hasher's internal 256-byte buffer and 1 KiB blocks are crossed at every alignment.
    static func pieceSizes(total count: Int, using random: inout SplitMix64) -> [Int] {
        var sizes: [Int] = []
        var left = count
        while left > 0 {
            let size: Int
            switch random.next() % 8 {
            case 0: size = 0
            case 1: size = Int(random.next() % 2048)
            case 2: size = 1
            default: size = Int(random.next() % 300)
            }
            let piece = min(size, left)
            sizes.append(piece)
            left -= piece
        }
        return sizes
    }

    @Test(arguments: seeds)
    func piecesEqualOneShot(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let hashSeed = seed.isMultiple(of: 3) ? 0 : random.next()
        for total in [0, 1, 16, 17, 128, 129, 240, 241, 1000, 1024, 4096, 9000] + [Int(random.next() % 20_000)] {
            let input = XXH3VectorTests.randomBytes(total, seed: random.next())
            var hasher = XXH3Hasher(seed: hashSeed)
            var offset = 0
            for size in Self.pieceSizes(total: total, using: &random) {
                let piece = Array(input[offset..<offset + size])
                switch random.next() % 3 {
                case 0: hasher.update(piece)
                case 1: piece.withUnsafeBytes { hasher.update($0) }
                default:
                    // Pieces may also arrive as raw slices of the whole input.
                    input.withUnsafeBytes {
                        hasher.update(UnsafeRawBufferPointer(rebasing: $0[offset..<offset + size]))
                    }
                }
                offset += size
            }
            #expect(hasher.digest64() == XXH3.hash64(input, seed: hashSeed), "total \(total)")
            #expect(hasher.digest128() == XXH3.hash128(input, seed: hashSeed), "total \(total)")
        }
    }

    @Test(arguments: seeds)
    func stringPiecesEqualOneShot(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet = ["a", "Z", "0", " ", "é", "ß", "Ω", "Ж", "김", "😀", "+", "\u{301}"]
        var pieces: [String] = []
        for _ in 0..<Int(random.next() % 200) {
            var piece = ""
            for _ in 0..<Int(random.next() % 12) { piece += alphabet[Int(random.next() % UInt64(alphabet.count))] }
            pieces.append(piece)
        }
        var hasher = XXH3Hasher(seed: seed)
        for piece in pieces { hasher.update(piece) }
        let whole = pieces.joined()
        #expect(hasher.digest64() == XXH3.hash64(whole, seed: seed))
        #expect(hasher.digest128() == XXH3.hash128(whole, seed: seed))
    }

    @Test func emptyHasherDigestsTheEmptyInput() {
        let hasher = XXH3Hasher()
        #expect(hasher.digest64() == 0x2D06_8005_38D3_94C2)
        #expect(hasher.digest128() == XXH3Digest128(low: 0x6001_C324_468D_497F, high: 0x99AA_06D3_0147_98D8))
        let seeded = XXH3Hasher(seed: 0x9E37_79B1_85EB_CA8D)
        #expect(seeded.digest64() == 0xA8A6_B918_B2F0_364A)
    }

    @Test func digestDoesNotEndTheStream() {
        let input = XXH3VectorTests.randomBytes(700, seed: 77)
        var hasher = XXH3Hasher(seed: 3)
        hasher.update(Array(input[..<300]))
        #expect(hasher.digest64() == XXH3.hash64(Array(input[..<300]), seed: 3))
        #expect(hasher.digest64() == hasher.digest64())
        hasher.update(Array(input[300...]))
        #expect(hasher.digest64() == XXH3.hash64(input, seed: 3))
        #expect(hasher.digest128() == XXH3.hash128(input, seed: 3))
    }

    @Test(arguments: [UInt64(0), 5, .max])
    func resetForgetsAndKeepsTheSeed(seed: UInt64) {
        let first = XXH3VectorTests.randomBytes(1500, seed: 1)
        let second = XXH3VectorTests.randomBytes(33, seed: 2)
        var hasher = XXH3Hasher(seed: seed)
        hasher.update(first)
        #expect(hasher.digest64() == XXH3.hash64(first, seed: seed))
        hasher.reset()
        #expect(hasher.digest64() == XXH3.hash64([UInt8](), seed: seed))
        hasher.update(second)
        #expect(hasher.digest64() == XXH3.hash64(second, seed: seed))
        #expect(hasher.digest128() == XXH3.hash128(second, seed: seed))
    }
}
