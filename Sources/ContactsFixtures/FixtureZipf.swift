/// Zipf's law with exponent 1 over ranks `0..<count`: rank k is drawn with probability
/// proportional to 1 / (k + 1), so a few ranks get most draws.
///
/// Sampling inverts the cumulative distribution by binary search over a table of partial
/// sums (only additions and divisions, which IEEE 754 makes exact-to-the-bit on every
/// platform, so a seed gives the same ranks everywhere).
/// - Complexity: O(n) memory (8 bytes a rank); O(log n) per draw.
package struct FixtureZipf: Sendable {
    private let cumulative: [Double]

    /// The distribution over `count` (> 0) ranks.
    package init(count: Int) {
        var sums = [Double]()
        sums.reserveCapacity(count)
        var sum = 0.0
        for rank in 1...count {
            sum += 1.0 / Double(rank)
            sums.append(sum)
        }
        cumulative = sums
    }

    /// A rank in `0..<count`.
    package func sample(using random: inout FixtureRandom) -> Int {
        // 53 random bits as a fraction in [0, 1), scaled to the total weight.
        let unit = Double(random.next() >> 11) * 0x1p-53
        let target = unit * cumulative[cumulative.count - 1]
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > target { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
