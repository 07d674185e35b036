import ContactsSupport

/// The seeded pseudo-random generator behind every fixture: xoshiro256** (Blackman and
/// Vigna, https://prng.di.unimi.it/) with its state filled by SplitMix64 from the seed.
///
/// Everything derived from it — bounded integers, probabilities, picks — is computed here with
/// integer arithmetic only, so the same seed gives the same sequence on every platform and
/// every Swift version (the standard library's `random(in:using:)` algorithms may change,
/// `SystemRandomNumberGenerator` is not seeded at all). It deliberately does not conform to
/// `RandomNumberGenerator`, so no standard-library algorithm can draw from it by accident.
package struct FixtureRandom: Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator for one independent stream of a fixture: `seed` is the user's seed,
    /// `stream` names the part (users, contacts, …) so the parts do not share draws.
    package init(seed: UInt64, stream: UInt64) {
        var mixer = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
        state = (
            Self.splitMix64(&mixer), Self.splitMix64(&mixer),
            Self.splitMix64(&mixer), Self.splitMix64(&mixer)
        )
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        let result = (state.1 &* 5).rotatedLeft(by: 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = state.3.rotatedLeft(by: 45)
        return result
    }

    /// A uniform integer in `0..<bound` (`bound` > 0), by Lemire's multiply-and-reject method,
    /// so no value is favoured.
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "FixtureRandom.below needs a positive bound")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return Int(product.high)
    }

    /// A uniform integer in `range`.
    package mutating func between(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `perMille` / 1000.
    package mutating func chance(perMille: Int) -> Bool {
        below(1000) < perMille
    }

    /// A uniformly chosen element of the non-empty `elements`.
    package mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }

    /// An index into `weights` chosen with probability proportional to its weight; the
    /// weights are non-negative and not all zero.
    /// - Complexity: O(n) in the number of weights; the fixture tables are short.
    package mutating func weightedIndex(_ weights: [Int]) -> Int {
        var remaining = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if remaining < weight { return index }
            remaining -= weight
        }
        return weights.count - 1
    }

    /// A count with a geometric tail: 0 with probability `1 - continuePerMille/1000`, and
    /// each further unit with probability `continuePerMille/1000`, capped at `limit`.
    package mutating func geometric(continuePerMille: Int, limit: Int) -> Int {
        var count = 0
        while count < limit, chance(perMille: continuePerMille) { count += 1 }
        return count
    }

    private static func splitMix64(_ value: inout UInt64) -> UInt64 {
        value &+= 0x9E37_79B9_7F4A_7C15
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
