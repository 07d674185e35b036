import ContactsSupport

/// The registered phone numbers: a map from E.164 number to the dense index of the user who
/// registered it, kept sorted by seeded hash so that a probe is one read of a small directory
/// and a short search that usually stays on one cache line.
///
/// ```swift
/// var table = try HashedPhoneTable(numbers: [14155552671, 442071838750], users: [0, 1], seed: 42)
/// table.user(for: 14155552671)                 // 0
/// try table.setUser(7, for: 34612345678)       // a new registration, seen at once
/// table.users(for: [442071838750, 15550000000]) // [1, nil]
/// ```
///
/// Numbers are E.164 numbers as integers: all the digits after `+` (`+1 415 555 2671` is
/// `14155552671`). Keys are ``XXH3PhoneKeyHasher`` keys (seeded XXH3-64 of the number's
/// eight little-endian bytes) unless another ``PhoneKeyHasher`` is given. Only a key's top bits are kept (its
/// bucket in the directory, and 14 bits stored beside the number to order the bucket), and
/// every hit is confirmed on the exact number, so no two numbers ever match on a hash.
/// Changes go to a small delta, merged into the sorted base by the change that fills it (LSM
/// style); lookups see both at once.
///
/// Numbers run up to `PhoneNumber.largestE164` (19 digits: every number libphonenumber calls
/// possible).
///
/// Memory: 12 bytes per registered number of up to 15 digits (the number and 14 bits of its
/// key in 8 bytes, the user index in 4) plus a directory of 0.03 to 0.125 bytes; the delta
/// adds 33 to 65 bytes per (number, user) pair changed since the last merge (one for a new
/// registration, two for a number passing to another user), at most one per 64 entries. The
/// rare numbers past 50 bits (16 to 19 digits) take a dictionary slot and a small array each
/// instead (``HashedPhoneMultimap/LongNumbers``).
///
/// - Note: Hashing here buys speed and compactness, not secrecy: the space of phone numbers is
///   small enough to enumerate.
package struct HashedPhoneTable: Sendable {
    private var entries: HashedPhoneMultimap

    /// An empty table keyed by seeded XXH3-64.
    package init(seed: UInt64) {
        self.init(hasher: XXH3PhoneKeyHasher(seed: seed))
    }

    /// An empty table keyed by `hasher`.
    package init(hasher: some PhoneKeyHasher) {
        entries = HashedPhoneMultimap(hasher: hasher)
    }

    /// A table built at once from `numbers[i]` registered by `users[i]`, sorting once; when a
    /// number repeats, the later user wins, as if registered one by one.
    ///
    /// - Throws: ``MatchingError/countMismatch(expected:actual:)``,
    ///   ``MatchingError/numberOutOfRange(_:)`` or ``MatchingError/capacityExceeded(limit:)``.
    /// - Complexity: O(n) hashes and moves (a counting sort on the key's top bits), plus
    ///   sorting buckets of a few entries.
    package init(numbers: [UInt64], users: [UInt32], seed: UInt64) throws(MatchingError) {
        try self.init(numbers: numbers, users: users, hasher: XXH3PhoneKeyHasher(seed: seed))
    }

    /// A table built at once as ``init(numbers:users:seed:)``, keyed by `hasher`.
    package init(numbers: [UInt64], users: [UInt32], hasher: some PhoneKeyHasher) throws(MatchingError) {
        entries = try HashedPhoneMultimap(numbers: numbers, payloads: users, hasher: hasher, duplicates: .lastWins)
    }

    /// A table with a lowered merge threshold, for tests that merge often.
    package init(hasher: some PhoneKeyHasher, deltaFloor: Int) {
        entries = HashedPhoneMultimap(hasher: hasher, deltaFloor: deltaFloor)
    }

    /// The number of registered numbers.
    package var count: Int { entries.count }

    /// Whether no number is registered.
    package var isEmpty: Bool { entries.count == 0 }

    /// The user who registered `number`, or nil.
    ///
    /// - Complexity: one hash, one read of a cached directory and a gallop of a few entries,
    ///   usually on one cache line (plus a read of the delta's table for a number changed
    ///   since the last merge, or one lookup in 8 when the delta is full).
    package func user(for number: UInt64) -> UInt32? {
        entries.firstPayload(of: number)
    }

    /// The user who registered each of `numbers`, in their order (nil where none).
    ///
    /// The probes are sorted by key first (a radix sort on the key's top bits) and the table
    /// walked once, in order.
    ///
    /// - Complexity: O(m) for m numbers, plus one bucket search each.
    package func users(for numbers: [UInt64]) -> [UInt32?] {
        entries.firstPayloads(of: numbers)
    }

    /// Registers `number` to `user`; returns the user who held it before, if any.
    ///
    /// The table is a map: a number held by another user passes to `user` (the engine
    /// refuses that case with `conflict` before calling).
    ///
    /// - Throws: ``MatchingError/numberOutOfRange(_:)`` or
    ///   ``MatchingError/capacityExceeded(limit:)``; nothing changes.
    /// - Complexity: amortized O(1) entry copies (merges included).
    @discardableResult
    package mutating func setUser(_ user: UInt32, for number: UInt64) throws(MatchingError) -> UInt32? {
        try E164Numbers.validate(number)
        guard entries.canInsert(1) || entries.firstPayload(of: number) != nil else {
            throw .capacityExceeded(limit: HashedPhoneMultimap.Constants.maximumCount)
        }
        return entries.replacePayloads(of: number, with: user).first
    }

    /// Frees `number`; returns the user who held it, if any.
    ///
    /// - Complexity: as ``setUser(_:for:)``.
    @discardableResult
    package mutating func removeUser(for number: UInt64) -> UInt32? {
        entries.replacePayloads(of: number, with: nil).first
    }

    /// Merges pending changes into the sorted base now (a snapshot or a benchmark wants a
    /// table with no delta); lookups answer the same before and after.
    ///
    /// - Complexity: O(n).
    package mutating func mergePendingChanges() {
        entries.mergeDelta()
    }

    /// The bytes the table holds (arrays by capacity, the delta estimated).
    package var storageBytes: Int { entries.storageBytes }

    /// The underlying multimap, for tests and benchmarks.
    package var multimap: HashedPhoneMultimap { entries }
}
