import ContactsSupport

/// A field whose values repeat across contacts, served by distinct value: organizations, and
/// the domain side of email addresses.
///
/// The distinct values form a ``ValueDictionary`` (a needle is confirmed once per distinct
/// value, never per contact), and each value lists its slots. For emails, an address splits
/// at its first `@`: the local part is indexed per slot (`GramKey.forEachLocalPartGram`), the
/// rest — `@` and the domain, the *segment* — is a value here, since a few domains serve most
/// addresses. A needle without `@` lies wholly in a local part or wholly in a segment; one
/// starting with `@` lies in a segment; one with an `@` further in spans the two and is found
/// through the local side.
package struct ValueTable: Sendable {
    /// The distinct values, in order of first appearance.
    private(set) var dictionary: ValueDictionary
    /// The slots holding each value, keyed by ordinal + 1.
    private(set) var postings: TrigramIndex
    /// The ordinal of each value.
    private(set) var ordinals: [[UInt8]: UInt32]
    /// The dense 1–2 code point grams (``GramKey/isDense(slotCount:)``) of the values, listed
    /// by slot: a short needle is in most distinct values, and one list beats their union.
    package private(set) var denseGrams: TrigramIndex

    /// The table of the values of `slotCount` slots; `values(slot, report)` reports the values
    /// of a slot.
    ///
    /// Each value is looked up by its bytes in place (only a new value is copied), the slots'
    /// ordinals go to one flat array, and the short grams of each distinct value are found
    /// once, then reported for every slot holding it.
    ///
    /// - Complexity: O(b + m + g) for b bytes of values reported, m (slot, value) pairs and g
    ///   grams listed. At most 4 GiB of distinct values (a ``ByteStringTable``'s arena).
    package init(slotCount: Int, values segments: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        var distinct = ByteStringTable()
        // The ordinals of slot `s` are `slotOrdinals[slotStarts[s] ..< slotStarts[s + 1]]`.
        var slotStarts: [Int] = [0]
        slotStarts.reserveCapacity(slotCount + 1)
        var slotOrdinals: [UInt32] = []
        slotOrdinals.reserveCapacity(slotCount)
        for slot in 0..<slotCount {
            segments(slot) { value in
                guard let ordinal = try? distinct.insert(UnsafeRawBufferPointer(value)).ordinal else {
                    preconditionFailure("a value table holds at most 4 GiB of distinct values")
                }
                slotOrdinals.append(ordinal)
            }
            slotStarts.append(slotOrdinals.count)
        }
        var values = [[UInt8]](repeating: [], count: Int(distinct.ordinalCount))
        distinct.forEach { ordinal, bytes in values[Int(ordinal)] = Array(bytes) }
        var ordinals: [[UInt8]: UInt32] = [:]
        ordinals.reserveCapacity(values.count)
        for (ordinal, value) in values.enumerated() { ordinals[value] = UInt32(ordinal) }
        let dictionary = ValueDictionary(values)
        // The short grams of each distinct value: `grams[gramStarts[o] ..< gramStarts[o + 1]]`.
        var gramStarts: [Int] = [0]
        var grams: [UInt64] = []
        dictionary.withValues { view in
            for ordinal in 0..<values.count {
                GramKey.forEachShortGram(in: view.value(ordinal)) { grams.append($0) }
                gramStarts.append(grams.count)
            }
        }
        let (denseGrams, postings) = slotStarts.withUnsafeBufferPointer { slotStarts in
            slotOrdinals.withUnsafeBufferPointer { slotOrdinals in
                let denseGrams = gramStarts.withUnsafeBufferPointer { gramStarts in
                    grams.withUnsafeBufferPointer { grams in
                        TrigramIndex.build(slotCount: slotCount, keeping: GramKey.isDense(slotCount: slotCount)) {
                            slot, report in
                            for ordinal in slotOrdinals[slotStarts[slot]..<slotStarts[slot + 1]] {
                                for gram in grams[gramStarts[Int(ordinal)]..<gramStarts[Int(ordinal) + 1]] {
                                    report(gram)
                                }
                            }
                        }
                    }
                }
                let postings = TrigramIndex.build(slotCount: slotCount) { slot, report in
                    for ordinal in slotOrdinals[slotStarts[slot]..<slotStarts[slot + 1]] { report(UInt64(ordinal) + 1) }
                }
                return (denseGrams, postings)
            }
        }
        self.init(dictionary: dictionary, postings: postings, ordinals: ordinals, denseGrams: denseGrams)
    }

    /// A table from its parts (read back from a file; the caller has validated them).
    package init(
        dictionary: ValueDictionary, postings: TrigramIndex, ordinals: [[UInt8]: UInt32], denseGrams: TrigramIndex
    ) {
        self.dictionary = dictionary
        self.postings = postings
        self.ordinals = ordinals
        self.denseGrams = denseGrams
    }

    /// Lists `slot` (above every slot listed so far) under each of its `values`.
    package mutating func add(slot: UInt32, values segments: [[UInt8]]) {
        var keys: [UInt64] = []
        var grams: [UInt64] = []
        for segment in segments {
            segment.withUnsafeBufferPointer { GramKey.forEachSubstringGram(in: $0) { grams.append($0) } }
            let ordinal =
                ordinals[segment]
                ?? {
                    let next = UInt32(dictionary.count)
                    ordinals[segment] = next
                    dictionary.append(segment)
                    return next
                }()
            keys.append(UInt64(ordinal) + 1)
        }
        postings.add(slot: slot, grams: keys)
        denseGrams.addListed(slot: slot, grams: grams)
    }

    /// Adds to `union` the slots holding the values with the given ordinals, within
    /// `candidates` when given.
    ///
    /// - Complexity: O(d + m) for d values and m slots listed under them.
    package func addSlots(ofOrdinals ordinals: SlotSet, within candidates: SlotSet?, to union: inout SlotUnion) {
        ordinals.forEach { ordinal in
            let listed = postings.postings(UInt64(ordinal) + 1)
            if let candidates {
                union.add(postings.intersect(listed, with: candidates))
            } else {
                union.add(listed, from: postings)
            }
        }
    }

    /// The number of slots listed under the values with the given ordinals (an upper bound of
    /// the slots holding them).
    package func slotCount(ofOrdinals ordinals: SlotSet) -> Int {
        var total = 0
        ordinals.forEach { total += postings.postings(UInt64($0) + 1).count }
        return total
    }

    /// The bytes the table takes (the ordinal map counted at its keys' bytes plus 16 an entry).
    package var byteCount: Int {
        dictionary.byteCount + postings.byteCount + denseGrams.byteCount + ordinals.reduce(0) { $0 + $1.key.count + 16 }
    }
}
