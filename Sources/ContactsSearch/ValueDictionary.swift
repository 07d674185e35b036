import ContactsSupport

/// Distinct folded values of one field (display names, email domains) numbered by *ordinal*,
/// with a ``TrigramIndex`` over the ordinals.
///
/// Text that repeats across contacts — the same display name, the same email domain — is then
/// matched once per distinct value instead of once per contact: a needle's candidate ordinals
/// come from the gram lists and are confirmed on the value's bytes, so the result is exact.
package struct ValueDictionary: Sendable {
    /// Every value's bytes, back to back.
    private(set) var bytes: [UInt8]
    /// Where each value starts in `bytes`; one more entry than values.
    private(set) var starts: [Int]
    /// The 1–3 code point substrings of every value, by ordinal.
    private(set) var grams: TrigramIndex

    /// The number of values.
    package var count: Int { starts.count - 1 }

    /// A dictionary of `values` (ordinal = position), its gram index built.
    ///
    /// - Complexity: O(total bytes + g log g) for g distinct grams.
    package init(_ values: [[UInt8]]) {
        var bytes: [UInt8] = []
        var starts = [0]
        for value in values {
            bytes.append(contentsOf: value)
            starts.append(bytes.count)
        }
        self.init(bytes: bytes, starts: starts, grams: TrigramIndex(baseSlotCount: 0))
        grams = withValues { view in
            TrigramIndex.build(slotCount: values.count) { ordinal, report in
                GramKey.forEachSubstringGram(in: view.value(ordinal), report)
            }
        }
    }

    /// A dictionary from its parts (read back from a file; the caller has validated them).
    package init(bytes: [UInt8], starts: [Int], grams: TrigramIndex) {
        self.bytes = bytes
        self.starts = starts
        self.grams = grams
    }

    /// Adds `value` as the next ordinal; its grams go to the index's pending lists.
    package mutating func append(_ value: [UInt8]) {
        let ordinal = UInt32(count)
        bytes.append(contentsOf: value)
        starts.append(bytes.count)
        var keys: [UInt64] = []
        value.withUnsafeBufferPointer { GramKey.forEachSubstringGram(in: $0) { keys.append($0) } }
        grams.add(slot: ordinal, grams: keys)
    }

    /// The ordinals, ascending, of the values containing `term`'s needle (every ordinal for an
    /// empty needle).
    ///
    /// - Complexity: O(l + c) for l posting entries read and c candidates confirmed.
    package func ordinals(containing term: SearchTerm) -> SlotSet {
        guard !term.scalars.isEmpty else {
            return SlotSet(sorted: (0..<UInt32(count)).map { $0 }, universe: count).normalized()
        }
        let postings = GramKey.lookupKeys(term.scalars).map { grams.postings($0) }.sorted { $0.count < $1.count }
        guard let rarest = postings.first, rarest.count > 0 else { return .empty(universe: count) }
        var candidates = grams.decode(rarest, universe: count)
        for next in postings.dropFirst() where !candidates.isEmpty {
            candidates = grams.intersect(next, with: candidates)
        }
        guard term.scalars.count > GramKey.maximumLength else { return candidates }
        return filter(candidates) { Bytes.contains($0, term.needle) }
    }

    /// The members of `ordinals` whose value passes `isIncluded`.
    ///
    /// - Complexity: O(n) tests for n ordinals, their values read ahead (``RecordFilter``).
    package func filter(_ ordinals: SlotSet, where isIncluded: (UnsafeBufferPointer<UInt8>) -> Bool) -> SlotSet {
        withValues { view in
            RecordFilter.filter(ordinals, starts: view.starts, bytes: view.bytes) { isIncluded(view.value(Int($0))) }
        }
    }

    /// Calls `body` with a view reading values without copying.
    package func withValues<R>(_ body: (View) -> R) -> R {
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in body(View(bytes: bytes, starts: starts)) }
        }
    }

    /// Unsafe read access to the values, valid inside ``withValues(_:)``.
    package struct View {
        package let bytes: UnsafeBufferPointer<UInt8>
        package let starts: UnsafeBufferPointer<Int>

        /// The bytes of value `ordinal`.
        @inline(__always)
        package func value(_ ordinal: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[starts[ordinal]..<starts[ordinal + 1]])
        }
    }

    /// The bytes the dictionary takes.
    package var byteCount: Int { bytes.count + starts.count * 8 + grams.byteCount }
}
