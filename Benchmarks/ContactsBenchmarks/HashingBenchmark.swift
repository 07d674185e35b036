import ContactsCore
import ContactsSupport

/// XXH3-64 over 8–20 byte keys (E.164 numbers and ids) vs Swift's own `Hasher`, ns per key.
func hashingBenchmarks(_ runner: BenchmarkRunner) {
    let count = runner.size(quick: 100_000, full: 2_000_000)
    var generator = SplitMix64(seed: 1)
    let keys: [[UInt8]] = (0..<count).map { _ in
        let length = 8 + Int(generator.next() % 13)
        return (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }
    runner.compareUnchecked(
        "XXH3-64, 8–20 byte keys", size: "\(count)", operations: count,
        ours: {
            var total: UInt64 = 0
            for key in keys { total &+= XXH3.hash64(key, seed: 42) }
            return total
        },
        baseline: {
            var total: UInt64 = 0
            for key in keys {
                var hasher = Hasher()
                key.withUnsafeBytes { hasher.combine(bytes: $0) }
                total &+= UInt64(bitPattern: Int64(hasher.finalize()))
            }
            return total
        })
}
