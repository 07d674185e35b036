import ContactsCore
import ContactsMatching
import ContactsSupport
import PhoneNumbers

extension SplitMix64 {
    /// A random E.164 number (as an integer) of 7 to 19 digits, now and then an extreme one:
    /// the smallest, the largest a base entry holds and the first past it (a long number),
    /// and the largest of all. About one in four has more than E.164's 15 digits; with
    /// `long` false, none has (every number then lands in a multimap's base and delta).
    mutating func e164Number(long: Bool = true) -> UInt64 {
        switch UInt64.random(in: 0..<50, using: &self) {
        case 0: return 1
        case 1: return long ? (1 << 50) - 2 : 999_999_999_999_999
        case 2 where long: return (1 << 50) - 1
        case 3 where long: return PhoneNumber.largestE164
        default:
            let digits = Int.random(in: 7...(long ? 19 : 15), using: &self)
            var low: UInt64 = 1
            for _ in 1..<digits { low *= 10 }
            return UInt64.random(in: low...(low - 1 + 9 * low), using: &self)
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

/// Numbers that can never be registered: zero and past nineteen digits.
let outOfRangeNumbers: [UInt64] = [0, PhoneNumber.largestE164 + 1, UInt64.max]
