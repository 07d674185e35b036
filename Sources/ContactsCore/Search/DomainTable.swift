/// The domain side of email addresses, served by distinct domain.
///
/// An address splits at its first `@`: the local part is indexed per contact (see
/// `GramKey.forEachLocalPartGram`), the rest — `@` and the domain, the *segment* — is a value
/// of a ``ValueDictionary``, because a few domains serve most addresses. A needle without `@`
/// lies wholly in a local part or wholly in a segment; one starting with `@` lies in a segment;
/// one with an `@` further in spans the two and is found through the local side.
struct DomainTable: Sendable {
    /// The distinct segments, in order of first appearance.
    private(set) var dictionary: ValueDictionary
    /// The slots holding each segment, keyed by ordinal + 1.
    private(set) var postings: TrigramIndex
    /// The ordinal of each segment.
    private(set) var ordinals: [[UInt8]: UInt32]

    /// The table of the segments of `slotCount` slots; `segments(slot, report)` reports the
    /// segments of a slot's emails.
    init(slotCount: Int, segments: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
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
        self.init(
            dictionary: ValueDictionary(values),
            postings: TrigramIndex.build(slotCount: slotCount) { slot, report in
                for ordinal in slotOrdinals[slot] { report(UInt64(ordinal) + 1) }
            },
            ordinals: ordinals)
    }

    /// A table from its parts (read back from a file; the caller has validated them).
    init(dictionary: ValueDictionary, postings: TrigramIndex, ordinals: [[UInt8]: UInt32]) {
        self.dictionary = dictionary
        self.postings = postings
        self.ordinals = ordinals
    }

    /// Lists `slot` (above every slot listed so far) under each of its `segments`.
    mutating func add(slot: UInt32, segments: [[UInt8]]) {
        var keys: [UInt64] = []
        for segment in segments {
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
    }

    /// Adds to `union` the slots holding the segments with the given ordinals, within
    /// `candidates` when given.
    ///
    /// - Complexity: O(d + m) for d segments and m slots listed under them.
    func addSlots(ofOrdinals ordinals: SlotSet, within candidates: SlotSet?, to union: inout SlotUnion) {
        ordinals.forEach { ordinal in
            let listed = postings.postings(UInt64(ordinal) + 1)
            if let candidates {
                union.add(postings.intersect(listed, with: candidates))
            } else {
                union.add(listed, from: postings)
            }
        }
    }

    /// The number of slots listed under the segments with the given ordinals (an upper bound
    /// of the slots holding them).
    func slotCount(ofOrdinals ordinals: SlotSet) -> Int {
        var total = 0
        ordinals.forEach { total += postings.postings(UInt64($0) + 1).count }
        return total
    }

    /// The bytes the table takes (the ordinal map counted at its keys' bytes plus 16 an entry).
    var byteCount: Int {
        dictionary.byteCount + postings.byteCount + ordinals.reduce(0) { $0 + $1.key.count + 16 }
    }
}
