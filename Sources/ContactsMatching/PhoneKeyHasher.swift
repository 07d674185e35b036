internal import CXXHashInline
import ContactsSupport

/// The key function of the phone tables: it maps an E.164 number to the 64-bit key whose top
/// bits choose the number's directory bucket.
///
/// Keys need not be distinct: the tables confirm every hit on the exact number, so a hasher
/// that sends every number to one key (as the tests do) gives the same answers, only slower.
package protocol PhoneKeyHasher: Sendable {
    /// The key of `number` (an E.164 number as the integer of its digits after `+`).
    ///
    /// Equal numbers must give equal keys, in every call, for the life of a table.
    func key(for number: UInt64) -> UInt64
}

/// The production key function: seeded XXH3-64 of the number's eight little-endian bytes.
///
/// The number is hashed as the integer it is kept as, so a key equals what any XXH3
/// implementation gives for those bytes:
///
/// ```swift
/// let hasher = XXH3PhoneKeyHasher(seed: 42)
/// let number: UInt64 = 14155552671
/// hasher.key(for: number) == withUnsafeBytes(of: number.littleEndian) { XXH3.hash64($0, seed: 42) }   // true
/// ```
///
/// The number is not hashed as its `+digits` text: those digits would be written to memory
/// and read back at offsets no single store covers, so each key would wait until the stores
/// before it had retired, including the previous probe's wait for memory, and independent
/// probes would no longer overlap.
///
/// The seed is a deployment parameter, so two deployments' tables are never comparable by
/// accident. It hides nothing: the space of phone numbers is small enough to enumerate.
package struct XXH3PhoneKeyHasher: PhoneKeyHasher, Hashable {
    /// The XXH3 seed.
    package let seed: UInt64

    /// A hasher with `seed`.
    package init(seed: UInt64) {
        self.seed = seed
    }

    /// Seeded XXH3-64 of the eight little-endian bytes of `number`.
    ///
    /// libxxhash's code is compiled in here (its header's `XXH_INLINE_ALL` mode), so the hash
    /// of eight bytes is a few multiplications, without a call into the shared library and its
    /// dispatch on the length.
    ///
    /// - Complexity: O(1), no allocation.
    @inline(__always)
    package func key(for number: UInt64) -> UInt64 {
        contacts_xxh3_64_of_uint64(number.littleEndian, seed)
    }
}
