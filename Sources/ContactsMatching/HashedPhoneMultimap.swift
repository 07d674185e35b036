import ContactsSupport

/// A multimap from E.164 numbers to ascending sets of `UInt32` payloads, sorted by hashed key:
/// the engine behind ``HashedPhoneTable`` (one payload per number) and the reverse side of
/// ``UploadIndex`` (the owners of the books holding a number).
///
/// The bulk of the entries sit in a sorted ``Base`` (see there for the layout); each
/// change lands in a small delta recording each (number, payload) pair added or removed since
/// the last merge, and the delta is merged into the base once it holds ``mergeThreshold``
/// pairs (LSM style). Lookups read the base and apply the delta's pairs of the number.
/// Numbers too long for a base entry (past ``Base/largestNumber``, 16 to 19 digits) are kept
/// apart, exactly, in ``LongNumbers``; every public operation takes them like any other.
///
/// - Note: Keys only choose buckets; a number matches only its own entries, so results are
///   exact under any ``PhoneKeyHasher``, even one that sends every number to one key.
@usableFromInline
package struct HashedPhoneMultimap: Sendable {
    /// The key function.
    let hasher: PhoneKeyFunction
    /// The merged entries.
    package private(set) var base: Base
    /// The pairs changed since the last merge.
    private(set) var delta: PendingChanges
    /// The entries of numbers too long for the base.
    private(set) var long: LongNumbers
    /// The fewest pending pairs that trigger a merge (see ``Constants/deltaFloor``).
    package let deltaFloor: Int
    /// Above the floor, a merge comes once the delta holds one pair per this many base
    /// entries (see ``Constants/deltaShare``).
    let deltaShare: Int
    /// The number of (number, payload) entries.
    package private(set) var count: Int

    /// An empty multimap.
    ///
    /// - Parameters:
    ///   - deltaFloor: the fewest pending pairs that trigger a merge; tests lower it to
    ///     merge often.
    ///   - deltaShare: base entries per pending pair at a merge; a multimap changed in
    ///     large batches lowers it (``Constants/uploadDeltaShare``).
    package init(
        hasher: some PhoneKeyHasher, deltaFloor: Int = Constants.deltaFloor, deltaShare: Int = Constants.deltaShare
    ) {
        self.hasher = PhoneKeyFunction(hasher)
        self.base = Base()
        self.deltaFloor = max(1, deltaFloor)
        self.deltaShare = max(1, deltaShare)
        self.count = 0
        self.delta = PendingChanges(capacity: self.deltaFloor)
        self.long = LongNumbers()
    }

    /// A multimap built at once from parallel arrays of entries in any order.
    ///
    /// - Throws: ``MatchingError/countMismatch(expected:actual:)`` when the arrays differ in
    ///   length, ``MatchingError/numberOutOfRange(_:)`` naming the first bad number,
    ///   ``MatchingError/capacityExceeded(limit:)`` past 2^32 - 1 entries.
    /// - Complexity: O(n) hashes plus sorting within buckets (see ``Base/build``).
    package init(
        numbers: [UInt64], payloads: [UInt32], hasher: some PhoneKeyHasher,
        duplicates: DuplicatePolicy, deltaFloor: Int = Constants.deltaFloor, deltaShare: Int = Constants.deltaShare
    ) throws(MatchingError) {
        guard numbers.count == payloads.count else {
            throw .countMismatch(expected: numbers.count, actual: payloads.count)
        }
        guard numbers.count <= Constants.maximumCount else {
            throw .capacityExceeded(limit: Constants.maximumCount)
        }
        if let bad = numbers.first(where: { !E164Numbers.contains($0) }) {
            throw .numberOutOfRange(bad)
        }
        self.hasher = PhoneKeyFunction(hasher)
        if numbers.allSatisfy(Self.fitsBase) {
            self.base = Base.build(numbers: numbers, payloads: payloads, hasher: self.hasher, duplicates: duplicates)
            self.long = LongNumbers()
        } else {
            let fits = numbers.map(Self.fitsBase)
            self.base = Base.build(
                numbers: zip(numbers, fits).compactMap { $1 ? $0 : nil },
                payloads: zip(payloads, fits).compactMap { $1 ? $0 : nil }, hasher: self.hasher, duplicates: duplicates)
            self.long = LongNumbers(
                numbers: zip(numbers, fits).compactMap { $1 ? nil : $0 },
                payloads: zip(payloads, fits).compactMap { $1 ? nil : $0 }, duplicates: duplicates)
        }
        self.deltaFloor = max(1, deltaFloor)
        self.deltaShare = max(1, deltaShare)
        self.count = base.count + long.count
        self.delta = PendingChanges(capacity: max(self.deltaFloor, base.count / self.deltaShare))
    }

    /// Whether `number` is a number a base entry holds (1 ... ``Base/largestNumber``); other
    /// E.164 numbers are ``LongNumbers``. One comparison: `number - 1` wraps for zero.
    @inline(__always)
    static func fitsBase(_ number: UInt64) -> Bool {
        number &- 1 < Base.largestNumber
    }

    /// How many changed pairs the delta holds before it is merged: the larger of
    /// ``deltaFloor`` and one per ``deltaShare`` base entries.
    package var mergeThreshold: Int {
        max(deltaFloor, base.count / deltaShare)
    }

    /// The number of (number, payload) pairs changed since the last merge (long numbers change
    /// in ``LongNumbers`` at once and are never pending).
    package var pendingCount: Int { delta.count }

    /// The bytes held: the base, the delta's table and filter, and the long numbers, by
    /// capacity.
    package var storageBytes: Int {
        base.storageBytes + delta.storageBytes + long.storageBytes
    }

    /// The payloads of `number`, ascending; empty when it has none.
    ///
    /// - Complexity: as ``firstPayload(of:)``, plus O(log k) for k payloads; the list is a
    ///   view, not a copy, unless the number changed since the last merge.
    package func payloads(of number: UInt64) -> IndexList {
        // Zero and numbers past the base's bits are long numbers (or none: those have no entry).
        guard Self.fitsBase(number) else { return long.payloads(of: number) }
        return payloads(of: number, key: hasher.key(for: number))
    }

    /// The payloads of `number`, whose key is `key`: the base's, with the delta's pairs applied.
    private func payloads(of number: UInt64, key: UInt64) -> IndexList {
        let (bucket, word) = base.locate(number, key: key)
        let merged = base.entries[base.entries(ofWord: word, inBucket: bucket)]
        if delta.mayHold(key: key),
            let changed = delta.payloads(applyingTo: merged.lazy.map(\.payload), word: word, key: key)
        {
            return IndexList(changed[...])
        }
        return IndexList(merged)
    }

    /// The smallest payload of `number`, or nil when it has none.
    ///
    /// - Complexity: one hash, one bit of the delta's filter (the delta's table read only for
    ///   a changed number or a false positive), one directory read (a cached one) and a gallop
    ///   of a few entries from the interpolated position.
    @inline(__always)
    package func firstPayload(of number: UInt64) -> UInt32? {
        guard Self.fitsBase(number) else { return long.firstPayload(of: number) }
        let key = hasher.key(for: number)
        if delta.mayHold(key: key) {
            return payloads(of: number, key: key).first
        }
        let (bucket, word) = base.locate(number, key: key)
        return base.firstPayload(ofWord: word, inBucket: bucket)
    }

    /// The smallest payload of each of `numbers`, in their order (nil where none).
    ///
    /// Every number is hashed first; the probes are then radix-sorted by bucket and searched
    /// in that order, so the directory and the entries are walked once, in order, however
    /// many probes there are, each window prefetched a few probes ahead so that their cache
    /// misses overlap (see ``Base/firstPayloads(ofWords:inBuckets:)``).
    ///
    /// - Complexity: O(m) for m probes (hashes and a radix sort), plus one bucket search each.
    package func firstPayloads(of numbers: [UInt64]) -> [UInt32?] {
        var results = [UInt32?](repeating: nil, count: numbers.count)
        // Probes as (bucket << 32 | position), 2^32 at a time: buckets have at most 31 bits.
        let chunk = 1 << 32
        for chunkStart in stride(from: 0, to: numbers.count, by: chunk) {
            let positions = chunkStart..<min(numbers.count, chunkStart + chunk)
            var words = [UInt64](repeating: 0, count: positions.count)
            var probes = [UInt64]()
            probes.reserveCapacity(positions.count)
            for position in positions {
                guard Self.fitsBase(numbers[position]) else {
                    results[position] = long.firstPayload(of: numbers[position])
                    continue
                }
                let key = hasher.key(for: numbers[position])
                if delta.mayHold(key: key) {
                    results[position] = payloads(of: numbers[position], key: key).first
                    continue
                }
                let (bucket, word) = base.locate(numbers[position], key: key)
                let offset = position - chunkStart
                words[offset] = word
                probes.append(UInt64(truncatingIfNeeded: bucket) << 32 | UInt64(truncatingIfNeeded: offset))
            }
            RadixSort.sort(&probes, byBits: 32..<(32 + base.directoryBits))
            let offsets = probes.map { Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
            let found = base.firstPayloads(
                ofWords: offsets.map { words[$0] }, inBuckets: probes.map { Int(truncatingIfNeeded: $0 >> 32) })
            for (offset, payload) in zip(offsets, found) {
                results[chunkStart + offset] = payload
            }
        }
        return results
    }

    /// Adds `payload` to the set of each of `numbers`.
    ///
    /// The caller knows the pairs are new (the upload index: its books say which numbers enter
    /// a book), so nothing is read to find out; debug builds check. The numbers are hashed
    /// first; then, while each pair is recorded, the delta slot of the pair
    /// ``Constants/recordLookahead`` places on is prefetched, so that the cache misses of a
    /// batch's random slots overlap instead of coming one after another.
    ///
    /// - Precondition: the numbers are distinct and in ``E164Numbers``, none holds `payload`,
    ///   and the multimap has room for them (``canInsert(_:)``).
    /// - Complexity: per number, one hash and one slot of the delta written; amortized O(1)
    ///   entry moves for merges.
    package mutating func insert(_ payload: UInt32, forEach numbers: [UInt64]) {
        precondition(numbers.allSatisfy(E164Numbers.contains) && canInsert(numbers.count), "unchecked insert")
        assert(numbers.allSatisfy { !payloads(of: $0).contains(payload) }, "inserting a pair already held")
        record(payload, held: true, forEach: numbers)
    }

    /// Records `held` for `payload` and each of `numbers`: the long ones in ``long``, the rest
    /// in the delta (an array of numbers with no long one, the usual case, is not copied).
    private mutating func record(_ payload: UInt32, held: Bool, forEach numbers: [UInt64]) {
        guard !numbers.allSatisfy(Self.fitsBase) else {
            recordInDelta(payload, held: held, forEach: numbers)
            return
        }
        var fitting: [UInt64] = []
        for number in numbers {
            if Self.fitsBase(number) {
                fitting.append(number)
            } else {
                count += held ? 1 : -1
                if held { long.insert(payload, for: number) } else { long.remove(payload, for: number) }
            }
        }
        recordInDelta(payload, held: held, forEach: fitting)
    }

    /// Removes `payload` from the set of each of `numbers`, prefetching as
    /// ``insert(_:forEach:)`` does.
    ///
    /// - Precondition: the numbers are distinct and each holds `payload` (the caller knows;
    ///   debug builds check).
    /// - Complexity: as ``insert(_:forEach:)``.
    package mutating func remove(_ payload: UInt32, forEach numbers: [UInt64]) {
        precondition(numbers.allSatisfy(E164Numbers.contains), "unchecked remove")
        assert(numbers.allSatisfy { payloads(of: $0).contains(payload) }, "removing a pair not held")
        record(payload, held: false, forEach: numbers)
    }

    /// Makes `payload` the only payload of `number` (none when nil); returns the payloads it
    /// had.
    ///
    /// - Precondition: when `payload` is not nil, `number` is in ``E164Numbers`` and the
    ///   multimap has room (``canInsert(_:)``); callers check both first.
    @discardableResult
    package mutating func replacePayloads(of number: UInt64, with payload: UInt32?) -> IndexList {
        guard E164Numbers.contains(number) else {
            // Out of range: no entry to remove, and none may be added.
            precondition(payload == nil, "unchecked insert")
            return IndexList()
        }
        let updated = payload.map { [$0] } ?? []
        guard Self.fitsBase(number) else {
            let current = long.payloads(of: number)
            guard !current.elementsEqual(updated) else { return current }
            precondition(canInsert(updated.count - current.count), "unchecked insert")
            count += updated.count - current.count
            return long.replacePayloads(of: number, with: payload)
        }
        let key = hasher.key(for: number)
        let current = payloads(of: number, key: key)
        guard !current.elementsEqual(updated) else { return current }
        precondition(canInsert(updated.count - current.count), "unchecked insert")
        for old in current where old != payload {
            record(old, held: false, for: number, key: key)
        }
        if let payload, !current.contains(payload) {
            record(payload, held: true, for: number, key: key)
        }
        return current
    }

    /// Whether `additions` more entries fit (offsets are 32-bit).
    func canInsert(_ additions: Int) -> Bool {
        additions <= Constants.maximumCount - count
    }

    /// Records `held` for `payload` and each of `numbers` (none long) in the delta, the delta
    /// slot of a pair prefetched while the pair ``Constants/recordLookahead`` places before it
    /// is recorded.
    private mutating func recordInDelta(_ payload: UInt32, held: Bool, forEach numbers: [UInt64]) {
        // The key function copied out first: a closure reading `self.hasher` inside this
        // mutating method reads it through `self` on every call.
        let hasher = self.hasher
        let keys = numbers.map { hasher.key(for: $0) }
        for (position, number) in numbers.enumerated() {
            if position + Constants.recordLookahead < keys.count {
                delta.prefetchSlot(ofKey: keys[position + Constants.recordLookahead])
            }
            record(payload, held: held, for: number, key: keys[position])
        }
    }

    /// Records in the delta that `number` (whose key is `key`) now holds `payload`, or no
    /// longer does, counts the entry gained or lost, and merges the delta when it reaches
    /// ``mergeThreshold`` pairs.
    private mutating func record(_ payload: UInt32, held: Bool, for number: UInt64, key: UInt64) {
        count += held ? 1 : -1
        let (_, word) = base.locate(number, key: key)
        delta.record(payload, held: held, word: word, key: key)
        if delta.count >= mergeThreshold {
            mergeDelta()
        }
    }

    /// Merges the delta into the base (lookups are unchanged; the delta is then empty), in the
    /// base's buffer when it has room (see ``Base/merge(_:changeCount:spare:hasher:)``), with
    /// the delta's table as the merge's scratch memory (see ``MergeScratch``).
    ///
    /// The directory is kept unless the average bucket left its band (see
    /// ``Constants/minimumAverageBucket``); then every entry is hashed again into a new one.
    ///
    /// - Complexity: O(n + m) for n base entries and m pending pairs (the delta read in order
    ///   and its sort finished by insertion, one walk to place the pairs, the entries moved in
    ///   runs); O(n) hashes more when the directory is rebuilt.
    package mutating func mergeDelta() {
        guard delta.count > 0 else { return }
        Self.merge(&delta, into: &base, spare: Constants.mergesOfSpare * mergeThreshold, hasher: hasher)
        assert(count == base.count + long.count, "entry count")
        count = base.count + long.count
        delta.fitFilter(toCapacity: mergeThreshold)
        _checkInvariants()
    }

    /// Traps when a part is broken (see ``Base/_checkInvariants(hasher:)``,
    /// ``PendingChanges/_checkInvariants()`` and ``LongNumbers/_checkInvariants()``) or, with no
    /// change pending, the count is not the parts' entries. A no-op unless built for debugging.
    ///
    /// - Complexity: O(n) for n entries, in debug builds.
    package func _checkInvariants() {
        #if DEBUG
            base._checkInvariants(hasher: hasher)
            delta._checkInvariants()
            long._checkInvariants()
            precondition(delta.count != 0 || count == base.count + long.count, "entry count")
        #endif
    }

    /// Drains `delta` into `base` (two parts of `self`, passed apart so that the merge can
    /// write to the base while the delta lends it its table).
    private static func merge(
        _ delta: inout PendingChanges, into base: inout Base, spare: Int, hasher: PhoneKeyFunction
    ) {
        delta.drainSorted(bucketBits: base.directoryBits) { scratch, changeCount in
            base.merge(scratch, changeCount: changeCount, spare: spare, hasher: hasher)
        }
    }
}
