import ContactsSupport

/// The key function of a phone multimap: the production ``XXH3PhoneKeyHasher`` held by its
/// seed, so that each probe calls XXH3 directly, or any other ``PhoneKeyHasher`` (the tests'
/// colliding ones) called through the protocol.
///
/// A call through `any PhoneKeyHasher` projects the existential box and calls indirectly; an
/// enum of the two cases was copied on every call. Either costs a few dozen instructions per
/// probe, enough to keep the next independent probe's reads from starting while this one waits
/// for memory.
struct PhoneKeyFunction: Sendable {
    /// Whether the function is the production hasher, called directly with ``seed``.
    private let isXXH3: Bool
    /// The XXH3 seed when ``isXXH3``.
    private let seed: UInt64
    /// The function, called through the protocol unless ``isXXH3``. (Testing an optional
    /// existential for nil copied it on every call.)
    private let hasher: any PhoneKeyHasher

    /// `hasher`, held by its seed when it is the production hasher.
    init(_ hasher: some PhoneKeyHasher) {
        if let xxh3 = hasher as? XXH3PhoneKeyHasher {
            (isXXH3, seed, self.hasher) = (true, xxh3.seed, xxh3)
        } else {
            (isXXH3, seed, self.hasher) = (false, 0, hasher)
        }
    }

    /// The key of `number` under the held function.
    @inline(__always)
    func key(for number: UInt64) -> UInt64 {
        isXXH3 ? XXH3PhoneKeyHasher(seed: seed).key(for: number) : hasher.key(for: number)
    }
}
