import ContactsCore
import ContactsMatching
import ContactsSupport

extension SplitMix64 {
    /// A random E.164 number (as an integer) of 7 to 15 digits, now and then an extreme one.
    mutating func e164Number() -> UInt64 {
        switch UInt64.random(in: 0..<50, using: &self) {
        case 0: return 1
        case 1: return 999_999_999_999_999
        default:
            let digits = Int.random(in: 7...15, using: &self)
            var low: UInt64 = 1
            for _ in 1..<digits { low *= 10 }
            return UInt64.random(in: low..<(low * 10), using: &self)
        }
    }
}

/// Key functions the randomized tests run under: the real one, one sending every number to a
/// single key, and one with 16 keys (long buckets beside short ones).
enum TestHasher: String, CaseIterable, Sendable, CustomStringConvertible {
    case xxh3
    case allColliding
    case sixteenKeys

    var hasher: any PhoneKeyHasher {
        switch self {
        case .xxh3: XXH3PhoneKeyHasher(seed: 0x5EED)
        case .allColliding: ConstantKeyHasher()
        case .sixteenKeys: SixteenKeyHasher()
        }
    }

    var description: String { rawValue }
}

/// Every number gets the same key: every lookup must still be exact.
struct ConstantKeyHasher: PhoneKeyHasher {
    func key(for number: UInt64) -> UInt64 { 0xDEAD_BEEF_0000_0000 }
}

/// Sixteen keys, spread over the top bits.
struct SixteenKeyHasher: PhoneKeyHasher {
    func key(for number: UInt64) -> UInt64 { (number % 16) << 60 }
}

/// Numbers that can never be registered: zero and past fifteen digits.
let outOfRangeNumbers: [UInt64] = [0, 1_000_000_000_000_000, UInt64.max]
