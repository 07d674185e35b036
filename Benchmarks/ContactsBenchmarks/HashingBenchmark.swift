import ContactsMatching
import ContactsSupport

/// Hashing: the phone tables' key function (XXH3-64 of a number's eight bytes, libxxhash's
/// code compiled in) against the same hash through the shared library's
/// `XXH3_64bits_withSeed` (`XXH3.hash64`), ns per key, answers checked equal; and, for
/// reference, XXH3-64 and Swift's `Hasher` over 8–20 byte keys (two different hashes: no
/// baseline, no ratio).
func hashingBenchmarks(_ runner: BenchmarkRunner) {
    let count = runner.size(quick: 100_000, full: 2_000_000)
    var source = PhoneNumberSource(seed: 2)
    let numbers = (0..<count).map { _ in source.next() }
    let hasher = XXH3PhoneKeyHasher(seed: 42)
    runner.compare(
        "phone key: XXH3-64 of a number's 8 bytes, inlined (baseline: libxxhash's XXH3_64bits_withSeed call)",
        size: "\(count)", operations: count,
        ours: { fold(numbers) { hasher.key(for: $0) } },
        baseline: { fold(numbers) { number in withUnsafeBytes(of: number.littleEndian) { XXH3.hash64($0, seed: 42) } } }
    )

    var generator = SplitMix64(seed: 1)
    let keys: [[UInt8]] = (0..<count).map { _ in
        let length = 8 + Int(generator.next() % 13)
        return (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }
    runner.reference(
        "XXH3-64 (libxxhash) over 8–20 byte keys", size: "\(count)", unit: "ns/op",
        samples: runner.measure(operations: count) { fold(keys) { XXH3.hash64($0, seed: 42) } })
    runner.reference(
        "Swift Hasher (SipHash-1-3, per-process seed) over the same keys: another hash", size: "\(count)",
        unit: "ns/op",
        samples: runner.measure(operations: count) {
            fold(keys) { key in
                var hasher = Hasher()
                key.withUnsafeBytes { hasher.combine(bytes: $0) }
                return UInt64(bitPattern: Int64(hasher.finalize()))
            }
        })
}

/// The wrapping sum of `hash` over `items` (an add per item, so the hashes stay independent):
/// two hash functions that differ on an item give different sums unless differences cancel.
private func fold<Item>(_ items: [Item], _ hash: (Item) -> UInt64) -> UInt64 {
    var total: UInt64 = 0
    for item in items { total &+= hash(item) }
    return total
}
