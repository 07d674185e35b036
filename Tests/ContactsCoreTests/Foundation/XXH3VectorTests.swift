import CXXHash
import ContactsCore
import ContactsSupport
import Testing

/// XXH3 one-shot hashing: published vectors, the C library called directly, and the three
/// input forms (raw buffer, `[UInt8]`, string) agreeing.
@Suite struct XXH3VectorTests {
    static let seeds: [UInt64] = [0, 1, 42, 2_654_435_761, 0x9E37_79B1_85EB_CA8D, .max]
    /// Lengths on both sides of XXH3's internal boundaries (0, 1–3, 4–8, 9–16, 17–128,
    /// 129–240, above 240).
    static let lengths = [0, 1, 3, 4, 8, 9, 16, 17, 128, 129, 240, 241, 1000]

    /// The "sanity buffer" of xxHash's self-test (cli/xsum_sanity_check.c): byte i is the top
    /// byte of PRIME32 · PRIME64^i.
    static func sanityBuffer(_ count: Int) -> [UInt8] {
        var generator: UInt64 = 2_654_435_761
        var bytes: [UInt8] = []
        for _ in 0..<count {
            bytes.append(UInt8(generator >> 56))
            generator &*= 11_400_714_785_074_694_797
        }
        return bytes
    }

    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    struct Vector64: Sendable, CustomTestStringConvertible {
        let length: Int
        let seed: UInt64
        let hash: UInt64
        var testDescription: String { "len \(length) seed \(seed)" }
    }

    struct Vector128: Sendable, CustomTestStringConvertible {
        let length: Int
        let seed: UInt64
        let low: UInt64
        let high: UInt64
        var testDescription: String { "len \(length) seed \(seed)" }
    }

    // Published in xxHash v0.8.x, cli/xsum_sanity_check.c (XSUM_XXH3_testdata), over the
    // sanity buffer; seeds 0 and PRIME64.
    static let published64: [Vector64] = [
        Vector64(length: 0, seed: 0, hash: 0x2D06_8005_38D3_94C2),
        Vector64(length: 0, seed: 0x9E37_79B1_85EB_CA8D, hash: 0xA8A6_B918_B2F0_364A),
        Vector64(length: 1, seed: 0, hash: 0xC44B_DFF4_074E_ECDB),
        Vector64(length: 1, seed: 0x9E37_79B1_85EB_CA8D, hash: 0x032B_E332_DD76_6EF8),
        Vector64(length: 6, seed: 0, hash: 0x27B5_6A84_CD2D_7325),
        Vector64(length: 6, seed: 0x9E37_79B1_85EB_CA8D, hash: 0x8458_9C11_6AB5_9AB9),
        Vector64(length: 12, seed: 0, hash: 0xA713_DAF0_DFBB_77E7),
        Vector64(length: 12, seed: 0x9E37_79B1_85EB_CA8D, hash: 0xE730_3E1B_2336_DE0E),
        Vector64(length: 24, seed: 0, hash: 0xA3FE_70BF_9D35_10EB),
        Vector64(length: 24, seed: 0x9E37_79B1_85EB_CA8D, hash: 0x850E_80FC_35BD_D690),
        Vector64(length: 48, seed: 0, hash: 0x397D_A259_ECBA_1F11),
        Vector64(length: 48, seed: 0x9E37_79B1_85EB_CA8D, hash: 0xADC2_CBAA_44AC_C616),
        Vector64(length: 80, seed: 0, hash: 0xBCDE_FBBB_2C47_C90A),
        Vector64(length: 80, seed: 0x9E37_79B1_85EB_CA8D, hash: 0xC6DD_0CB6_9953_2E73),
        Vector64(length: 195, seed: 0, hash: 0xCD94_217E_E362_EC3A),
        Vector64(length: 195, seed: 0x9E37_79B1_85EB_CA8D, hash: 0xBA68_003D_370C_B3D9),
    ]

    // Same source (XSUM_XXH128_testdata); seeds 0 and PRIME32.
    static let published128: [Vector128] = [
        Vector128(length: 0, seed: 0, low: 0x6001_C324_468D_497F, high: 0x99AA_06D3_0147_98D8),
        Vector128(length: 0, seed: 2_654_435_761, low: 0x5444_F786_9C67_1AB0, high: 0x9222_0AE5_5E14_AB50),
        Vector128(length: 1, seed: 0, low: 0xC44B_DFF4_074E_ECDB, high: 0xA6CD_5E93_9200_0F6A),
        Vector128(length: 1, seed: 2_654_435_761, low: 0xB53D_5557_E7F7_6F8D, high: 0x89B9_9554_BA22_467C),
        Vector128(length: 6, seed: 0, low: 0x3E70_39BD_DA43_CFC6, high: 0x082A_FE0B_8162_D12A),
        Vector128(length: 6, seed: 2_654_435_761, low: 0x269D_8F70_BE98_856E, high: 0x5A86_5B53_89AB_D2B1),
        Vector128(length: 12, seed: 0, low: 0x061A_1927_13F6_9AD9, high: 0x6E3E_FD8F_C780_2B18),
        Vector128(length: 12, seed: 2_654_435_761, low: 0x9BE9_F9A6_7F3C_7DFB, high: 0xD7E0_9D51_8A34_05D3),
        Vector128(length: 24, seed: 0, low: 0x1E70_44D2_8B1B_901D, high: 0x0CE9_66E4_678D_3761),
        Vector128(length: 24, seed: 2_654_435_761, low: 0xD730_4C54_EBAD_40A9, high: 0x3162_0267_14A6_A243),
        Vector128(length: 48, seed: 0, low: 0xF942_219A_ED80_F67B, high: 0xA002_AC4E_5478_227E),
        Vector128(length: 48, seed: 2_654_435_761, low: 0x7BA3_C3E4_53A1_934E, high: 0x163A_DDE3_6C07_2295),
        Vector128(length: 81, seed: 0, low: 0x5E8B_AFB9_F95F_B803, high: 0x4952_F581_81AB_0042),
        Vector128(length: 81, seed: 2_654_435_761, low: 0x703F_BB3D_7A5F_755C, high: 0x2724_EC7A_DC75_0FB6),
    ]

    @Test(arguments: published64)
    func publishedVector64(_ vector: Vector64) {
        let input = Self.sanityBuffer(vector.length)
        #expect(XXH3.hash64(input, seed: vector.seed) == vector.hash)
        #expect(input.withUnsafeBytes { XXH3_64bits_withSeed($0.baseAddress, $0.count, vector.seed) } == vector.hash)
    }

    @Test(arguments: published128)
    func publishedVector128(_ vector: Vector128) {
        let digest = XXH3.hash128(Self.sanityBuffer(vector.length), seed: vector.seed)
        #expect(digest == XXH3Digest128(low: vector.low, high: vector.high))
    }

    @Test func publishedStringVectors() {
        // Widely quoted XXH3-64 values (seed 0) of short ASCII strings.
        #expect(XXH3.hash64("") == 0x2D06_8005_38D3_94C2)
        #expect(XXH3.hash64("a") == 0xE6C6_32B6_1E96_4E1F)
        #expect(XXH3.hash64("abc") == 0x78AF_5F94_892F_3950)
        #expect(XXH3.hash128("") == XXH3Digest128(low: 0x6001_C324_468D_497F, high: 0x99AA_06D3_0147_98D8))
    }

    @Test(arguments: lengths)
    func agreesWithCLibrary(length: Int) {
        for seed in Self.seeds {
            let input = Self.randomBytes(length, seed: UInt64(length) &* 31 &+ seed)
            let (c64, c128) = input.withUnsafeBytes { raw in
                (
                    XXH3_64bits_withSeed(raw.baseAddress, raw.count, seed),
                    XXH3_128bits_withSeed(raw.baseAddress, raw.count, seed)
                )
            }
            #expect(XXH3.hash64(input, seed: seed) == c64, "len \(length) seed \(seed)")
            #expect(
                XXH3.hash128(input, seed: seed) == XXH3Digest128(low: c128.low64, high: c128.high64),
                "len \(length) seed \(seed)")
        }
    }

    @Test(arguments: lengths)
    func inputFormsAgree(length: Int) {
        // Printable ASCII so the same bytes are also a String.
        let bytes = Self.randomBytes(length, seed: UInt64(length)).map { 0x21 + $0 % 94 }
        let string = String(decoding: bytes, as: UTF8.self)
        for seed in Self.seeds {
            let expected64 = XXH3.hash64(bytes, seed: seed)
            let expected128 = XXH3.hash128(bytes, seed: seed)
            #expect(XXH3.hash64(string, seed: seed) == expected64)
            #expect(XXH3.hash128(string, seed: seed) == expected128)
            #expect(bytes.withUnsafeBytes { XXH3.hash64($0, seed: seed) } == expected64)
            #expect(bytes.withUnsafeBytes { XXH3.hash128($0, seed: seed) } == expected128)
            // A Substring that is a slice of a longer string hashes only its own bytes.
            let padded = "<" + string + ">"
            let inner = padded.dropFirst().dropLast()
            #expect(XXH3.hash64(inner, seed: seed) == expected64)
            #expect(XXH3.hash128(inner, seed: seed) == expected128)
        }
    }

    @Test func nonASCIIStringsHashTheirUTF8() {
        for text in ["José Núñez", "Ὀδυσσεύς", "김민준", "محمد", "😀👍🏽", "e\u{301}"] {
            #expect(XXH3.hash64(text, seed: 9) == XXH3.hash64(Array(text.utf8), seed: 9), "\(text)")
            #expect(XXH3.hash128(text, seed: 9) == XXH3.hash128(Array(text.utf8), seed: 9), "\(text)")
        }
        // Canonically equivalent strings with different bytes hash differently: bytes, not Characters.
        #expect(XXH3.hash64("\u{E9}") != XXH3.hash64("e\u{301}"))
    }

    @Test func emptyBufferWithoutBaseAddress() {
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        #expect(XXH3.hash64(empty) == 0x2D06_8005_38D3_94C2)
        #expect(XXH3.hash128(empty) == XXH3Digest128(low: 0x6001_C324_468D_497F, high: 0x99AA_06D3_0147_98D8))
        #expect(XXH3.hash64([UInt8]()) == 0x2D06_8005_38D3_94C2)
    }

    @Test func seedChangesTheHash() {
        let input = Self.randomBytes(100, seed: 5)
        let hashes = Set(Self.seeds.map { XXH3.hash64(input, seed: $0) })
        #expect(hashes.count == Self.seeds.count)
    }
}
