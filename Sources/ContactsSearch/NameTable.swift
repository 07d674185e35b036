import ContactsSupport

/// The display names of an index, served by distinct name.
///
/// Base slots are sorted by `fold(displayName)`, so the contacts sharing a display name hold
/// one run of consecutive slots: the distinct names (in that order) are a ``ValueDictionary``,
/// and ordinal `i` covers base slots `runStarts[i] ..< runStarts[i + 1]`. A needle is matched
/// against each distinct name once, and its contacts are whole runs; the names starting with
/// a prefix are one range of ordinals (ranking tier 0), and the word prefixes are indexed by
/// ordinal too (tier 1). Names of slots added after the base was built are listed per slot in
/// `deltaGrams` until the next rebuild.
package struct NameTable: Sendable {
    /// The distinct folded display names of the base, ascending.
    package private(set) var dictionary: ValueDictionary
    /// The first base slot of each name's run; one more entry than names.
    private(set) var runStarts: [UInt32]
    /// The 1–3 code point prefixes of every name's words, by ordinal.
    private(set) var wordPrefixes: TrigramIndex
    /// The 1–3 code point substrings of the names of delta slots, by slot.
    private(set) var deltaGrams: TrigramIndex
    /// The dense 1–2 code point grams (``GramKey/isDense(slotCount:)``), listed by slot: a
    /// short needle such as `a` matches most distinct names, and one bitmap beats filling a
    /// run for each of them.
    package private(set) var denseGrams: TrigramIndex

    /// The table of no slots.
    package static var empty: NameTable {
        NameTable(count: 0) { _ in UnsafeBufferPointer(start: nil, count: 0) }
    }

    /// The table of `count` base slots whose folded display names, in slot order, are
    /// `name(slot)` (ascending, so equal names are adjacent; read in place during the call).
    package init(count: Int, name: (Int) -> UnsafeBufferPointer<UInt8>) {
        var distinct: [[UInt8]] = []
        var runStarts: [UInt32] = []
        var previous: UnsafeBufferPointer<UInt8>?
        for slot in 0..<count {
            let current = name(slot)
            if let previous, previous.elementsEqual(current) { continue }
            previous = current
            distinct.append(Array(current))
            runStarts.append(UInt32(slot))
        }
        runStarts.append(UInt32(count))
        let slotCount = count
        let dictionary = ValueDictionary(distinct)
        let wordPrefixes = dictionary.withValues { view in
            TrigramIndex.build(slotCount: distinct.count) { ordinal, report in
                GramKey.forEachWordPrefixGram(in: view.value(ordinal), report)
            }
        }
        // The contacts of one name hold one run of slots: each name's grams are read once.
        let denseGrams = dictionary.withValues { view in
            TrigramIndex.build(
                slotCount: slotCount, runStarts: runStarts, keeping: GramKey.isDense(slotCount: slotCount)
            ) { ordinal, report in
                GramKey.forEachShortGram(in: view.value(ordinal), report)
            }
        }
        self.init(
            dictionary: dictionary, runStarts: runStarts, wordPrefixes: wordPrefixes,
            deltaGrams: TrigramIndex(baseSlotCount: slotCount), denseGrams: denseGrams)
    }

    /// A table from its parts (read back from a file; the caller has validated them).
    package init(
        dictionary: ValueDictionary, runStarts: [UInt32], wordPrefixes: TrigramIndex, deltaGrams: TrigramIndex,
        denseGrams: TrigramIndex
    ) {
        self.dictionary = dictionary
        self.runStarts = runStarts
        self.wordPrefixes = wordPrefixes
        self.deltaGrams = deltaGrams
        self.denseGrams = denseGrams
    }

    /// The number of base slots.
    package var baseSlotCount: Int { Int(runStarts.last ?? 0) }

    /// Lists the delta slot `slot` under the grams of its folded display name `name` (and under
    /// its dense grams).
    package mutating func addDelta(slot: UInt32, name: UnsafeBufferPointer<UInt8>) {
        var keys: [UInt64] = []
        GramKey.forEachSubstringGram(in: name) { keys.append($0) }
        deltaGrams.add(slot: slot, grams: keys)
        denseGrams.addListed(slot: slot, grams: keys)
    }

    /// The base slots of the names with the given ordinals, as a set over `universe` slots.
    ///
    /// - Complexity: O(o + m) for o ordinals and m slots (m / 64 when dense).
    package func slots(ofOrdinals ordinals: SlotSet, universe: Int) -> SlotSet {
        var union = SlotUnion(universe: universe, expected: slotCount(ofOrdinals: ordinals))
        addSlots(ofOrdinals: ordinals, to: &union)
        return union.finish()
    }

    /// Adds the runs of the names with the given ordinals to `union`.
    package func addSlots(ofOrdinals ordinals: SlotSet, to union: inout SlotUnion) {
        ordinals.forEach { union.add(Int(runStarts[Int($0)])..<Int(runStarts[Int($0) + 1])) }
    }

    /// The number of base slots of the names with the given ordinals.
    package func slotCount(ofOrdinals ordinals: SlotSet) -> Int {
        var total = 0
        ordinals.forEach { total += Int(runStarts[Int($0) + 1] - runStarts[Int($0)]) }
        return total
    }

    /// The ordinals of the names starting with `prefix`: one range (the names are sorted),
    /// found by binary search.
    ///
    /// - Complexity: O(log n) comparisons.
    package func ordinals(withPrefix prefix: [UInt8]) -> Range<Int> {
        dictionary.withValues { view in
            func first(where isAfter: (UnsafeBufferPointer<UInt8>) -> Bool, from start: Int) -> Int {
                var low = start
                var high = dictionary.count
                while low < high {
                    let middle = (low + high) >> 1
                    if isAfter(view.value(middle)) { high = middle } else { low = middle + 1 }
                }
                return low
            }
            let lower = first(where: { !$0.lexicographicallyPrecedes(prefix) }, from: 0)
            let upper = first(
                where: { !Bytes.hasPrefix($0, prefix) && !$0.lexicographicallyPrecedes(prefix) }, from: lower)
            return lower..<upper
        }
    }

    /// The base slots of the names with ordinals in `ordinals` (one run of slots).
    package func slots(ofOrdinals ordinals: Range<Int>) -> Range<Int> {
        Int(runStarts[ordinals.lowerBound])..<Int(runStarts[ordinals.upperBound])
    }

    /// The ordinal of the name of base slot `slot`, searching from ordinal `start` on (slots
    /// visited in ascending order pass the previous answer, so each search is short).
    ///
    /// - Complexity: O(log d) for a slot d names past `start`.
    package func ordinal(ofSlot slot: UInt32, from start: Int = 0) -> Int {
        runStarts.withUnsafeBufferPointer { runStarts in
            // The first run starting after `slot`, less one.
            runStarts.lowerBound(of: slot + 1, from: start) - 1
        }
    }

    /// The ordinals of the names that have, for every term, a word starting with the term's
    /// fold (ranking tier 1).
    ///
    /// With a term longer than a gram, the candidates are the names containing the longest such
    /// term (exact, through the dictionary's trigram lists: usually few), each checked for every
    /// term; the word-prefix lists, which know only a term's first three code points, would
    /// list every name with a word starting like it. Otherwise the word-prefix lists of the
    /// terms are intersected.
    ///
    /// - Parameter namesContaining: the names containing some of the terms, by needle, when
    ///   already found (by matching); the others are looked up.
    /// - Complexity: O(l + c·t) for l posting entries read and c candidates checked for t terms.
    package func ordinals(withWordsStarting terms: [SearchTerm], namesContaining: [[UInt8]: SlotSet]) -> SlotSet {
        let universe = dictionary.count
        guard terms.allSatisfy(\.isWordPrefixCandidate) else { return .empty(universe: universe) }
        if let longest = terms.max(by: { $0.scalars.count < $1.scalars.count }),
            longest.scalars.count > GramKey.maximumLength
        {
            let containing = namesContaining[longest.needle] ?? dictionary.ordinals(containing: longest)
            return dictionary.filter(containing) { value in
                terms.allSatisfy { SearchTables.startsWord(of: value, with: $0) }
            }
        }
        var candidates: SlotSet?
        for term in terms.sorted(by: { $0.scalars.count > $1.scalars.count }) where !term.scalars.isEmpty {
            let postings = wordPrefixes.postings(GramKey.key(term.scalars.prefix(GramKey.maximumLength)))
            candidates =
                candidates.map { wordPrefixes.intersect(postings, with: $0) }
                ?? wordPrefixes.decode(postings, universe: universe)
            if candidates?.isEmpty == true { return .empty(universe: universe) }
        }
        let all = candidates ?? SlotSet(sorted: (0..<UInt32(universe)).map { $0 }, universe: universe)
        // The lists are exact for terms of one to three code points; an empty one is checked.
        let unconfirmed = terms.filter { $0.scalars.isEmpty }
        guard !unconfirmed.isEmpty else { return all }
        return dictionary.filter(all) { value in
            unconfirmed.allSatisfy { SearchTables.startsWord(of: value, with: $0) }
        }
    }

    /// The bytes the table takes.
    package var byteCount: Int {
        dictionary.byteCount + runStarts.count * 4 + wordPrefixes.byteCount + deltaGrams.byteCount
            + denseGrams.byteCount
    }
}
