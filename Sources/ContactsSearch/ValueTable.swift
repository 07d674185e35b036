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
    package init(slotCount: Int, values segments: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        var ordinals: [[UInt8]: UInt32] = [:]
        var values: [[UInt8]] = []
        var slotOrdinals: [[UInt32]] = Array(repeating: [], count: slotCount)
        for slot in 0..<slotCount {
            segments(slot) { segment in
                let value = Array(segment)
                let ordinal =
                    ordinals[value]
                    ?? {
                        let next = UInt32(values.count)
                        ordinals[value] = next
                        values.append(value)
                        return next
                    }()
                slotOrdinals[slot].append(ordinal)
            }
        }
        let dictionary = ValueDictionary(values)
        let denseGrams = dictionary.withValues { view in
            TrigramIndex.build(slotCount: slotCount, keeping: GramKey.isDense(slotCount: slotCount)) { slot, report in
                for ordinal in slotOrdinals[slot] { GramKey.forEachShortGram(in: view.value(Int(ordinal)), report) }
            }
        }
        self.init(
            dictionary: dictionary,
            postings: TrigramIndex.build(slotCount: slotCount) { slot, report in
                for ordinal in slotOrdinals[slot] { report(UInt64(ordinal) + 1) }
            },
            ordinals: ordinals, denseGrams: denseGrams)
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
