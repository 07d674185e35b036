import CPostings
import ContactsSupport

/// Posting lists of slots (dense contact numbers) keyed by gram (``GramKey``): which slots
/// hold each 1-, 2- and 3-code-point substring of one field's folded text.
///
/// The base is immutable and compact: the gram keys sorted in one array, each key's list
/// encoded in one shared byte array, either as delta varints (`gap - 1` after the first slot)
/// or, when that would be larger, as a bitmap over the base's slots kept in one shared word
/// array. Slots added later (``add(slot:grams:)``) go to a small pending table of plain
/// ascending arrays; they are all above the base's slots, so a gram's list is its base list
/// followed by its pending array. Removal is the caller's business (dead slots stay listed and
/// are filtered out) until the owner rebuilds the base.
///
/// Lists are exact for the grams they name; a longer needle's candidates (the intersection of
/// its trigrams' lists) must be confirmed against the text.
package struct TrigramIndex: Sendable {
    /// In a large index a list is stored as a bitmap once the bitmap is smaller than this many
    /// times its delta varints: from a density of about 1 in 32 on. Dense lists then combine a
    /// word at a time (the common 1–2 letter and domain lists), at up to 4× their varint size.
    package static let bitmapPreference = 4
    /// Below this many slots (a personal address book) speed is no concern and a list is a
    /// bitmap only when that is smaller.
    package static let bitmapPreferenceMinimumSlots = 1 << 16

    /// The bitmap preference for an index over `slotCount` slots.
    package static func bitmapPreference(slotCount: Int) -> Int {
        slotCount < bitmapPreferenceMinimumSlots ? 1 : bitmapPreference
    }

    /// Base gram keys, ascending.
    package private(set) var keys: [UInt64]
    /// Where each base list starts in `lists`; one more entry than `keys`.
    private(set) var listStarts: [Int]
    /// Every base list: a header varint `count << 1 | isBitmap`, then either the bitmap's
    /// ordinal (a varint; its words start at `ordinal * wordsPerBitmap` of `bitmapWords`) or
    /// the delta varints.
    private(set) var lists: [UInt8]
    /// The words of every bitmap list.
    private(set) var bitmapWords: [UInt64]
    /// The base covers slots `0..<baseSlotCount`.
    private(set) var baseSlotCount: Int
    /// Slots added after the base was built, by gram, ascending.
    private(set) var pending: [UInt64: [UInt32]]

    /// An index with an empty base over `baseSlotCount` slots.
    package init(baseSlotCount: Int = 0) {
        self.init(keys: [], listStarts: [0], lists: [], bitmapWords: [], baseSlotCount: baseSlotCount)
    }

    /// An index over an already built base (no pending slots).
    package init(keys: [UInt64], listStarts: [Int], lists: [UInt8], bitmapWords: [UInt64], baseSlotCount: Int) {
        self.keys = keys
        self.listStarts = listStarts
        self.lists = lists
        self.bitmapWords = bitmapWords
        self.baseSlotCount = baseSlotCount
        pending = [:]
    }

    /// The number of words of one bitmap list.
    package var wordsPerBitmap: Int { SlotSet.wordCount(universe: baseSlotCount) }

    /// One gram's postings: where its base list lies and its pending slots.
    package struct Postings {
        package enum Base {
            case none
            /// Delta varints in `lists[range]`.
            case varint(Range<Int>)
            /// A bitmap starting at word `start` of `bitmapWords`.
            case bitmap(start: Int)
        }

        package let base: Base
        package let baseCount: Int
        package let pending: [UInt32]

        /// The number of slots listed.
        package var count: Int { baseCount + pending.count }

        package static let empty = Postings(base: .none, baseCount: 0, pending: [])
    }

    /// The postings of `key` (empty when no slot holds the gram).
    ///
    /// - Complexity: O(log g), where g is the number of base grams.
    package func postings(_ key: UInt64) -> Postings {
        let pendingSlots = pending.isEmpty ? [] : pending[key] ?? []
        let index = keys.withUnsafeBufferPointer { $0.index(of: key) }
        guard let index else {
            return Postings(base: .none, baseCount: 0, pending: pendingSlots)
        }
        return lists.withUnsafeBufferPointer { bytes in
            var offset = listStarts[index]
            let end = listStarts[index + 1]
            // Built or validated: every header reads.
            let header = Varint.read(bytes, at: &offset, end: end) ?? 0
            let count = Int(header >> 1)
            if header & 1 == 1 {
                let ordinal = Int(Varint.read(bytes, at: &offset, end: end) ?? 0)
                return Postings(base: .bitmap(start: ordinal * wordsPerBitmap), baseCount: count, pending: pendingSlots)
            }
            return Postings(base: .varint(offset..<end), baseCount: count, pending: pendingSlots)
        }
    }

    /// The slots of `postings` as a set over `universe` slots.
    ///
    /// - Complexity: O(count) for a varint list, O(universe / 64) for a bitmap.
    package func decode(_ postings: Postings, universe: Int) -> SlotSet {
        switch postings.base {
        case .bitmap(let start):
            var words = [UInt64](repeating: 0, count: SlotSet.wordCount(universe: universe))
            let baseWords = min(wordsPerBitmap, words.count)
            words.withUnsafeMutableBufferPointer { output in
                bitmapWords.withUnsafeBufferPointer { input in
                    _ = UnsafeMutableBufferPointer(rebasing: output[..<baseWords])
                        .update(fromContentsOf: UnsafeBufferPointer(rebasing: input[start..<(start + baseWords)]))
                }
                for slot in postings.pending where Int(slot) < universe {
                    output[Int(slot >> 6)] |= 1 << UInt64(slot & 63)
                }
            }
            return SlotSet(words: words, count: postings.count, universe: universe).normalized()
        case .varint, .none:
            if postings.count * SlotSet.bitmapDensityDivisor > universe {
                var words = [UInt64](repeating: 0, count: SlotSet.wordCount(universe: universe))
                words.withUnsafeMutableBufferPointer { words in
                    setBaseBits(of: postings, in: words)
                    for slot in postings.pending where Int(slot) < universe {
                        words[Int(slot >> 6)] |= 1 << UInt64(slot & 63)
                    }
                }
                return SlotSet(words: words, count: postings.count, universe: universe)
            }
            var slots = [UInt32](fillingCapacity: postings.count) { output, initialized in
                initialized = withBaseList(postings) { bytes, length in
                    guard let output = output.baseAddress else { return 0 }
                    return cpostings_decode(bytes, length, postings.baseCount, output)
                }
            }
            slots.append(contentsOf: postings.pending)
            return SlotSet(sorted: slots, universe: universe)
        }
    }

    /// Sets the bits of `postings`' pending slots, and of its base when that is a varint list,
    /// in `words` (a bitmap over at least the base). A bitmap base is left to the caller, which
    /// ORs it with other bitmaps in one pass (``SlotUnion``).
    ///
    /// - Complexity: O(count) for a varint list, O(pending) for a bitmap list.
    package func addSlots(of postings: Postings, to words: inout [UInt64]) {
        words.withUnsafeMutableBufferPointer { words in
            setBaseBits(of: postings, in: words)
            for slot in postings.pending where Int(slot >> 6) < words.count {
                words[Int(slot >> 6)] |= 1 << UInt64(slot & 63)
            }
        }
    }

    /// The members of `set` that `postings` lists.
    ///
    /// - Complexity: O(set.count) tests against a bitmap list; a varint list is decoded up to
    ///   the largest member of `set`; two bitmaps combine in O(universe / 64).
    package func intersect(_ postings: Postings, with set: SlotSet) -> SlotSet {
        let universe = set.universe
        switch (postings.base, set.storage) {
        case (.bitmap(let start), .bitmap(let words)):
            var total = 0
            let result = [UInt64](fillingCapacity: words.count) { output, initialized in
                words.withUnsafeBufferPointer { words in
                    bitmapWords.withUnsafeBufferPointer { base in
                        let baseWords = min(wordsPerBitmap, words.count)
                        total = BitmapWords.combine(
                            words, UnsafeBufferPointer(rebasing: base[start..<start + baseWords]),
                            into: UnsafeMutableBufferPointer(rebasing: output[..<baseWords]), .and)
                        for index in baseWords..<words.count { output[index] = 0 }
                    }
                    for slot in postings.pending where Int(slot) < universe {
                        let bit: UInt64 = 1 << UInt64(slot & 63)
                        if words[Int(slot >> 6)] & bit != 0, output[Int(slot >> 6)] & bit == 0 {
                            output[Int(slot >> 6)] |= bit
                            total += 1
                        }
                    }
                }
                initialized = words.count
            }
            return SlotSet(words: result, count: total, universe: universe).normalized()
        case (.bitmap(let start), .sorted(let slots)):
            let kept = bitmapWords.withUnsafeBufferPointer { base in
                slots.filter { slot in
                    Int(slot) < baseSlotCount && base[start + Int(slot >> 6)] & (1 << UInt64(slot & 63)) != 0
                }
            }
            return SlotSet(sorted: kept + SlotSet.intersect(slots, postings.pending), universe: universe)
        case (.varint, .sorted(let slots)), (.none, .sorted(let slots)):
            let kept = [UInt32](fillingCapacity: min(postings.baseCount, slots.count)) {
                output, initialized in
                initialized = slots.withUnsafeBufferPointer { slots in
                    withBaseList(postings) { bytes, length in
                        guard let members = slots.baseAddress, let output = output.baseAddress else { return 0 }
                        return cpostings_intersect_sorted(
                            bytes, length, postings.baseCount, members, slots.count, output)
                    }
                }
            }
            return SlotSet(sorted: kept + SlotSet.intersect(slots, postings.pending), universe: universe)
        case (.varint, .bitmap(let words)), (.none, .bitmap(let words)):
            var kept = [UInt32](fillingCapacity: postings.baseCount) { output, initialized in
                initialized = words.withUnsafeBufferPointer { words in
                    withBaseList(postings) { bytes, length in
                        guard let wordBase = words.baseAddress, let output = output.baseAddress else { return 0 }
                        return cpostings_intersect_bitmap(
                            bytes, length, postings.baseCount, wordBase, words.count, output)
                    }
                }
            }
            kept.append(contentsOf: postings.pending.filter(set.contains))
            return SlotSet(sorted: kept, universe: universe).normalized()
        }
    }

    /// Sets the bits of the base slots of a varint list in `words` (those within them).
    @inline(__always)
    private func setBaseBits(of postings: Postings, in words: UnsafeMutableBufferPointer<UInt64>) {
        _ = withBaseList(postings) { bytes, length in
            guard let wordBase = words.baseAddress else { return 0 }
            return cpostings_set_bits(bytes, length, postings.baseCount, wordBase, words.count)
        }
    }

    /// Calls `body` with the bytes of a varint base list and their number (the loops over
    /// them are `CPostings`'); returns 0 without calling it when the base is not a nonempty
    /// varint list.
    @inline(__always)
    private func withBaseList(
        _ postings: Postings, _ body: (_ bytes: UnsafePointer<UInt8>, _ length: Int) -> Int
    ) -> Int {
        guard case .varint(let range) = postings.base, postings.baseCount > 0, !range.isEmpty else { return 0 }
        return lists.withUnsafeBufferPointer { bytes in body(bytes.baseAddress! + range.lowerBound, range.count) }
    }

    /// Lists `slot` (above every slot listed so far) under each of `grams` (repeats are
    /// ignored).
    ///
    /// - Complexity: O(k) for k grams, amortized.
    package mutating func add(slot: UInt32, grams: [UInt64]) {
        for key in grams {
            if pending[key, default: []].last != slot {
                pending[key, default: []].append(slot)
            }
        }
    }

    /// Lists `slot` (above every slot listed so far) under those of `grams` the base lists
    /// (the others are left out, as they were when the base was built).
    ///
    /// - Complexity: O(k log g) for k grams and g base grams.
    package mutating func addListed(slot: UInt32, grams: [UInt64]) {
        let listed = keys.withUnsafeBufferPointer { keys in grams.filter { keys.index(of: $0) != nil } }
        add(slot: slot, grams: listed)
    }

    /// The bytes the base and pending lists take (keys, offsets, lists, bitmaps; pending
    /// arrays counted at 4 bytes a slot plus 8 a gram).
    package var byteCount: Int {
        keys.count * 8 + listStarts.count * 8 + lists.count + bitmapWords.count * 8
            + pending.reduce(0) { $0 + 8 + $1.value.count * 4 }
    }
}

extension UnsafeBufferPointer<UInt64> {
    /// The index of `value` in these ascending elements (binary search), or nil.
    package func index(of value: UInt64) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value ? low : nil
    }
}
