import ContactsCore
import ContactsFixtures
import ContactsSupport
import Testing

@Suite("Fixture random numbers")
struct FixtureRandomTests {
    /// Known answers: xoshiro256** (reference algorithm, prng.di.unimi.it) with its state
    /// filled by SplitMix64 from `seed ^ stream × 0xD1B54A32D192ED03`, computed with a
    /// separate Python model of the two reference algorithms.
    @Test(
        "the sequence is xoshiro256** seeded by SplitMix64",
        arguments: [
            (0, 0, [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0, 0x6AA5_94F1_262D_2D2C]),
            (42, 3, [0x3CF8_60AF_930C_C916, 0x1CE8_FD05_1379_4C95, 0x1664_1E29_7589_0F41, 0x986C_60B0_39BB_8606]),
        ] as [(UInt64, UInt64, [UInt64])])
    func knownAnswers(seed: UInt64, stream: UInt64, expected: [UInt64]) {
        var random = FixtureRandom(seed: seed, stream: stream)
        #expect((0..<4).map { _ in random.next() } == expected)
    }

    @Test("bounded integers stay in range and are close to uniform", arguments: [1, 2, 3] as [UInt64])
    func below(seed: UInt64) {
        var random = FixtureRandom(seed: seed, stream: 9)
        for bound in [1, 2, 3, 7, 1000, Int.max] {
            for _ in 0..<200 {
                let value = random.below(bound)
                #expect(value >= 0 && value < bound)
            }
        }
        var counts = [Int](repeating: 0, count: 6)
        for _ in 0..<60_000 { counts[random.below(6)] += 1 }
        // Each count is Binomial(60000, 1/6): mean 10,000, standard deviation about 91.
        #expect(counts.allSatisfy { abs($0 - 10_000) < 500 }, "\(counts)")
        #expect((0..<100).allSatisfy { _ in (3...5).contains(random.between(3...5)) })
    }

    @Test("weighted choices follow their weights; geometric counts their mean", arguments: [4, 5] as [UInt64])
    func weightedAndGeometric(seed: UInt64) {
        var random = FixtureRandom(seed: seed, stream: 1)
        var counts = [0, 0, 0, 0]
        for _ in 0..<40_000 { counts[random.weightedIndex([1, 0, 3, 6])] += 1 }
        #expect(counts[1] == 0)
        #expect(abs(counts[0] - 4_000) < 400 && abs(counts[2] - 12_000) < 600 && abs(counts[3] - 24_000) < 600)
        var total = 0
        for _ in 0..<20_000 {
            let count = random.geometric(continuePerMille: 900, limit: 200)
            #expect(count <= 200)
            total += count
        }
        // Mean p / (1 - p) = 9 (the cap at 200 removes a negligible tail).
        #expect(abs(Double(total) / 20_000 - 9) < 0.5)
    }

    @Test("Zipf draws match 1/(k+1) weights (naive model)", arguments: [6, 7] as [UInt64])
    func zipf(seed: UInt64) {
        var random = FixtureRandom(seed: seed, stream: 2)
        let ranks = 10
        let zipf = FixtureZipf(count: ranks)
        var counts = [Int](repeating: 0, count: ranks)
        let draws = 100_000
        for _ in 0..<draws { counts[zipf.sample(using: &random)] += 1 }
        let harmonic = (1...ranks).map { 1.0 / Double($0) }.reduce(0, +)
        for rank in 0..<ranks {
            let expected = Double(draws) / (Double(rank + 1) * harmonic)
            // Within five standard deviations of the binomial count.
            let deviation = (expected * (1 - expected / Double(draws))).squareRoot()
            #expect(
                abs(Double(counts[rank]) - expected) < 5 * deviation, "rank \(rank): \(counts[rank]) vs \(expected)")
        }
        let single = FixtureZipf(count: 1)
        #expect((0..<10).allSatisfy { _ in single.sample(using: &random) == 0 })
    }
}
