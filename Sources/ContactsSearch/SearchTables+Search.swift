import ContactsModel
import ContactsSupport

extension SearchTables {
    /// The contacts matching `query` under `field`, ranked (PROTOCOL §2): `total` counts every
    /// match; `slots` holds the contacts' slots of the ranks `skip ..< skip + limit`.
    ///
    /// Terms are the query's whitespace-separated parts; a contact matches when every term
    /// does. Ranking: tier 0 when `fold(displayName)` starts with the fold of the normalized
    /// query, tier 1 when every term's fold starts a word of it, tier 2 otherwise; within a
    /// tier by the bytes of `fold(displayName)`, then of the id. A negative `skip` or `limit`
    /// counts as 0.
    ///
    /// - Complexity: about O(l + c + skip + limit) — l posting entries read, c candidates
    ///   confirmed — plus O(d log d) for the d matches among contacts added since the last
    ///   rebuild; never a sort of all matches.
    package func search(
        _ query: String, field: SearchField = .any, skip: Int = 0, limit: Int = 20, in contacts: PackedContacts
    ) -> SearchHits {
        contacts.withRecords { records in search(query, field: field, skip: skip, limit: limit, records: records) }
    }

    private func search(
        _ query: String, field: SearchField, skip: Int, limit: Int, records: PackedContacts.Records
    ) -> SearchHits {
        let parsed = SearchQuery(query)
        let terms = parsed.terms.map(SearchTerm.init)
        var prefix: [UInt8] = []
        SearchFolding.appendFolded(parsed.normalized, to: &prefix)
        // The empty query matches every contact, all in tier 0: the listing of `any`.
        if terms.isEmpty { return fetch(.any, skip: skip, limit: limit, records: records) }
        if isScanned {
            return scannedSearch(terms, field: field, prefix: prefix, skip: max(0, skip), limit: max(0, limit), records)
        }
        if let matches = denseUnigramMatches(terms, field: field) {
            return page(
                of: matches, terms: terms, prefix: prefix, namesContaining: [:], skip: skip, limit: limit,
                records: records)
        }
        let found = matchingSlots(terms, field: field)
        guard let matches = found.slots else {
            // Every contact matches; with an empty prefix all are in tier 0: the listing order.
            if prefix.isEmpty { return fetch(.any, skip: skip, limit: limit, records: records) }
            return page(
                of: liveSlots { _ in true }, terms: terms, prefix: prefix, namesContaining: found.namesContaining,
                skip: skip, limit: limit, records: records)
        }
        return page(
            of: matches, terms: terms, prefix: prefix, namesContaining: found.namesContaining, skip: skip, limit: limit,
            records: records)
    }

    /// True when the contact in the contacts' slot `slot` is among the matches of `query`
    /// under `field` (the empty query matches every contact); false when it is not indexed.
    ///
    /// - Complexity: O(t·n) for t terms over the contact's n folded bytes: the naive
    ///   definition of PROTOCOL §2 on that one contact, no index lookups.
    package func contactMatches(slot contactSlot: UInt32, query: String, field: SearchField = .any) -> Bool {
        guard let slot = indexSlot(of: contactSlot) else { return false }
        let terms = SearchQuery(query).terms.map(SearchTerm.init)
        return SearchTerm.withViews(of: terms) { terms in
            store.withView { view in
                let text = view.text(of: Int(slot))
                return terms.allSatisfy { matches($0, field: field, text: text, slot: slot) }
            }
        }
    }

    /// The page of `matches` at ranks `skip ..< skip + limit`.
    private func page(
        of matches: some RankedMatches, terms: [SearchTerm], prefix: [UInt8], namesContaining: [[UInt8]: SlotSet],
        skip: Int, limit: Int, records: PackedContacts.Records
    ) -> SearchHits {
        let slots = rank(
            matches, terms: terms, prefix: prefix, namesContaining: namesContaining, skip: max(0, skip),
            limit: max(0, limit), records: records)
        return SearchHits(total: matches.count, slots: contactSlots.values(at: slots))
    }

    /// Every contact of `fieldType` (all, with a phone, with an email, with notes), by the bytes
    /// of `fold(displayName)` then of the id: `total` counts them, `contacts` holds the ranks
    /// `skip ..< skip + limit`. A negative `skip` or `limit` counts as 0.
    ///
    /// The base's slots of the listing are counted by block (``FoldedTextStore/listing(_:below:)``)
    /// and the delta's are kept in ranking order (``deltaListings``), so the page is found by
    /// counting and a binary search between the two, never by walking the ranks before it.
    ///
    /// - Complexity: O(limit) for `any` when no contact was added or removed since the last
    ///   rebuild; else O((n / 512 + 64) · log d + limit) for n slots and d in the delta (plus
    ///   the words of the page's listing passed).
    package func fetch(
        _ fieldType: FetchFieldType = .any, skip: Int = 0, limit: Int = 20, in contacts: PackedContacts
    ) -> SearchHits {
        contacts.withRecords { fetch(fieldType, skip: skip, limit: limit, records: $0) }
    }

    private func fetch(
        _ fieldType: FetchFieldType, skip: Int, limit: Int, records: PackedContacts.Records
    ) -> SearchHits {
        let total =
            switch fieldType {
            case .any: count
            case .phone: phoneCount
            case .email: emailCount
            case .notes: notesCount
            }
        if fieldType == .any, store.count == baseSlotCount, deadSlots.isEmpty {
            // The base alone, every slot live, in ranking order: rank r is base slot r.
            let first = min(max(0, skip), baseSlotCount)
            let end = first + min(max(0, limit), baseSlotCount - first)
            return SearchHits(total: total, slots: contactSlots.values(in: first..<end))
        }
        var page = PageCollector(skip: max(0, skip), limit: max(0, limit))
        store.withView { view in
            emit(
                store.listing(fieldType, below: baseSlotCount), delta: deltaListings[fieldType.lane], into: &page,
                view, records)
        }
        return SearchHits(total: total, slots: contactSlots.values(at: page.slots))
    }

    /// Pages that end within this many ranks are walked from the top (a tier's matches visited
    /// in order, nothing counted that the page does not pass); deeper pages, and longer ones,
    /// count each tier's matches in bulk (``TierSlots``) and jump to the page's first rank.
    package static let walkedPageEnd = 1_000

    /// The slots of `matches` at ranks `skip ..< skip + limit`.
    ///
    /// The base is in ranking-key order already, so each tier of it is read in slot order:
    /// tier 0 is one range of base slots (the names starting with `prefix`, a range of
    /// ordinals found by binary search); tier 1 is the runs of the names with a word starting
    /// with every term (from the names' word prefixes), outside that range; tier 2 is the
    /// rest. A page near the top walks the tiers (``walkedPageEnd``); a deeper or longer one
    /// takes each tier as a set (the matches' bitmap ANDed with the tier-1 runs' bitmap, or the
    /// sorted matches split by their names' ordinals) and counts its way to the page. Matches
    /// in the delta are ranked one by one and merged in.
    private func rank(
        _ matches: some RankedMatches, terms: [SearchTerm], prefix: [UInt8], namesContaining: [[UInt8]: SlotSet],
        skip: Int, limit: Int, records: PackedContacts.Records
    ) -> [UInt32] {
        var page = PageCollector(skip: skip, limit: limit)
        guard limit > 0, matches.count > 0 else { return [] }
        return store.withView { view in
            let prefixOrdinals = names.ordinals(withPrefix: prefix)
            let range = names.slots(ofOrdinals: prefixOrdinals)
            var deltaTiers: [[UInt32]] = [[], [], []]
            if baseSlotCount < store.count {
                matches.forEach(from: baseSlotCount) { slot in
                    deltaTiers[tier(of: slot, terms: terms, prefix: prefix, view: view)].append(slot)
                    return true
                }
                deltaTiers = deltaTiers.map { $0.sorted { slotPrecedes($0, $1, in: view, records) } }
            }
            let tiers = BaseTiers(
                matches: matches, prefixRange: range, baseSlotCount: baseSlotCount,
                tier0Count: { matches.count(in: range) })
            if page.end > Self.walkedPageEnd {
                let wordOrdinals = tierOneOrdinals(terms, namesContaining, excluding: prefixOrdinals)
                emit(tiers.tier0(), delta: deltaTiers[0], into: &page, view, records)
                guard !page.isFull else { return page.slots }
                let (tier1, tier2) = tiers.tiers1And2(wordOrdinals: wordOrdinals, names: names)
                emit(tier1, delta: deltaTiers[1], into: &page, view, records)
                emit(tier2, delta: deltaTiers[2], into: &page, view, records)
                return page.slots
            }

            collect(
                into: &page, tierCount: tiers.tier0Count() + deltaTiers[0].count, delta: deltaTiers[0], view: view,
                records
            ) { body in matches.forEach(from: range.lowerBound) { $0 < range.upperBound && body($0) } }
            guard !page.isFull else { return page.slots }

            // Tier 1 in the base: the runs of these names, less the prefix range.
            let wordOrdinals = tierOneOrdinals(terms, namesContaining, excluding: prefixOrdinals)
            func forEachTier1Run(_ body: (Range<Int>) -> Bool) {
                wordOrdinals.forEach { ordinal in body(names.slots(ofOrdinals: Int(ordinal)..<Int(ordinal) + 1)) }
            }
            let baseTier1 = {
                var total = 0
                forEachTier1Run { run in
                    total += matches.count(in: run)
                    return true
                }
                return total
            }
            collect(
                into: &page, tierCount: baseTier1() + deltaTiers[1].count, delta: deltaTiers[1], view: view,
                records
            ) { body in
                forEachTier1Run { run in
                    var stopped = false
                    matches.forEach(from: run.lowerBound) { slot in
                        guard slot < run.upperBound else { return false }
                        stopped = !body(slot)
                        return !stopped
                    }
                    return !stopped
                }
            }
            guard !page.isFull else { return page.slots }

            let baseTier2 = { matches.count(in: 0..<baseSlotCount) - tiers.tier0Count() - baseTier1() }
            collect(
                into: &page, tierCount: baseTier2() + deltaTiers[2].count, delta: deltaTiers[2], view: view,
                records
            ) { body in
                var ordinal = 0
                var inTierOne = SlotSet.AscendingProbe(wordOrdinals)
                for part in [0..<range.lowerBound, range.upperBound..<baseSlotCount] {
                    var stopped = false
                    matches.forEach(from: part.lowerBound) { slot in
                        guard slot < part.upperBound else { return false }
                        // A slot's name ordinal is a gallop through the names' runs, cache
                        // misses each: looked up only when some name is in tier 1.
                        if !wordOrdinals.isEmpty {
                            ordinal = names.ordinal(ofSlot: slot, from: ordinal)
                            if inTierOne.contains(UInt32(ordinal)) { return true }
                        }
                        stopped = !body(slot)
                        return !stopped
                    }
                    if stopped { return }
                }
            }
            return page.slots
        }
    }

    /// A search of a scanned index: every live slot's text tested for every term, each match's
    /// tier decided on its text; the base's matches come in ranking order already, the
    /// delta's are sorted.
    ///
    /// - Complexity: O(n·t) for n contacts and t terms (their folded text read), plus
    ///   O(d log d) for the d matches in the delta.
    private func scannedSearch(
        _ terms: [SearchTerm], field: SearchField, prefix: [UInt8], skip: Int, limit: Int,
        _ records: PackedContacts.Records
    ) -> SearchHits {
        if field == .phone, terms.contains(where: { $0.phoneDigits == nil }) { return SearchHits(total: 0, slots: []) }
        var page = PageCollector(skip: skip, limit: limit)
        var total = 0
        SearchTerm.withViews(of: terms) { termViews in
            store.withView { view in
                var baseTiers: [[UInt32]] = [[], [], []]
                var deltaTiers: [[UInt32]] = [[], [], []]
                for slot in 0..<UInt32(store.count) where store.flags(of: Int(slot)).contains(.live) {
                    let text = view.text(of: Int(slot))
                    guard termViews.allSatisfy({ matches($0, field: field, text: text, slot: slot) }) else { continue }
                    let tier = tier(of: slot, terms: terms, prefix: prefix, view: view)
                    if Int(slot) < baseSlotCount { baseTiers[tier].append(slot) } else { deltaTiers[tier].append(slot) }
                    total += 1
                }
                for tier in 0..<3 {
                    let delta = deltaTiers[tier].sorted { slotPrecedes($0, $1, in: view, records) }
                    emit(TierSlots(sorted: baseTiers[tier]), delta: delta, into: &page, view, records)
                }
            }
        }
        return SearchHits(total: total, slots: contactSlots.values(at: page.slots))
    }

    /// The ordinals of the names in ranking tier 1 (a word starting with every term), less
    /// those of `prefixOrdinals` (tier 0).
    private func tierOneOrdinals(
        _ terms: [SearchTerm], _ namesContaining: [[UInt8]: SlotSet], excluding prefixOrdinals: Range<Int>
    ) -> SlotSet {
        let ordinals = names.ordinals(withWordsStarting: terms, namesContaining: namesContaining)
        guard !prefixOrdinals.isEmpty, !ordinals.isEmpty else { return ordinals }
        let inPrefix = SlotSet(
            sorted: (UInt32(prefixOrdinals.lowerBound)..<UInt32(prefixOrdinals.upperBound)).map { $0 },
            universe: ordinals.universe)
        return ordinals.subtracting(inPrefix)
    }

    /// Adds one tier to `page`: its base slots `base` merged with its `delta` slots (in ranking
    /// order). A tier before the page is passed whole; else the page's first rank is entered
    /// by counting: how many of the ranks passed are delta slots is found by binary search
    /// (``deltaRanks(passing:base:delta:_:_:)``), and the two are merged from there.
    ///
    /// - Complexity: O(s · log d + p) for s the cost of `base.slot(atRank:)`, d delta slots and
    ///   p the slots of the page.
    private func emit(
        _ base: some RankedSlots, delta: [UInt32], into page: inout PageCollector, _ view: FoldedTextStore.View,
        _ records: PackedContacts.Records
    ) {
        guard !page.isFull else { return }
        let tierCount = base.count + delta.count
        if page.position + tierCount <= page.skip {
            page.position += tierCount
            return
        }
        let passed = max(0, page.skip - page.position)
        var next = deltaRanks(passing: passed, base: base, delta: delta, view, records)
        page.position += passed
        page.reserve(min(tierCount - passed, page.end - page.position))
        base.forEach(fromRank: passed - next) { slot in
            while next < delta.count, slotPrecedes(delta[next], slot, in: view, records) {
                page.offer(delta[next])
                next += 1
                if page.isFull { return false }
            }
            page.offer(slot)
            return !page.isFull
        }
        while next < delta.count, !page.isFull {
            page.offer(delta[next])
            next += 1
        }
    }

    /// How many of the first `passed` ranks of `base` merged with `delta` (both in ranking
    /// order, no slot in both) are delta slots: the least `j` such that `delta[j]` does not
    /// precede the base slot at rank `passed - j - 1`.
    ///
    /// - Complexity: O(log d) calls of `base.slot(atRank:)` and key comparisons.
    private func deltaRanks(
        passing passed: Int, base: some RankedSlots, delta: [UInt32], _ view: FoldedTextStore.View,
        _ records: PackedContacts.Records
    ) -> Int {
        var low = max(0, passed - base.count)
        var high = min(passed, delta.count)
        while low < high {
            let middle = (low + high) >> 1
            let baseRank = passed - middle - 1
            if baseRank >= 0, slotPrecedes(delta[middle], base.slot(atRank: baseRank), in: view, records) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// The ranking tier (0, 1 or 2) of one matching slot, decided on its text alone.
    package func tier(of slot: UInt32, terms: [SearchTerm], prefix: [UInt8], view: FoldedTextStore.View) -> Int {
        let name = view.text(of: Int(slot)).name
        if Bytes.hasPrefix(name, prefix) { return 0 }
        return terms.allSatisfy { Self.startsWord(of: name, with: $0) } ? 1 : 2
    }

    /// True when some word (maximal run of L, N, M code points) of `name` starts with the
    /// term's fold.
    package static func startsWord(of name: UnsafeBufferPointer<UInt8>, with term: SearchTerm) -> Bool {
        guard term.isWordPrefixCandidate else { return false }
        var index = 0
        var previousIsWord = false
        while index < name.count {
            let (scalar, length) = UTF8Scalars.scalar(at: index, in: name)
            let isWord = SearchFolding.isWordScalar(scalar)
            if isWord, !previousIsWord,
                Bytes.hasPrefix(UnsafeBufferPointer(rebasing: name[index...]), term.needle)
            {
                return true
            }
            previousIsWord = isWord
            index += length
        }
        return false
    }

    /// Adds one tier to `page`: the base slots `base` reports in order (until its body returns
    /// false), merged with the sorted `delta` slots. `tierCount` (the tier's size) is asked
    /// only while the page has not reached `skip`, to pass a tier wholly before it.
    private func collect(
        into page: inout PageCollector, tierCount: @autoclosure () -> Int, delta: [UInt32], view: FoldedTextStore.View,
        _ records: PackedContacts.Records, base: ((UInt32) -> Bool) -> Void
    ) {
        guard !page.isFull else { return }
        if page.position < page.skip {
            let tierEnd = page.position + tierCount()
            if tierEnd <= page.skip {
                page.position = tierEnd
                return
            }
        }
        var deltaIndex = 0
        base { slot in
            while deltaIndex < delta.count, slotPrecedes(delta[deltaIndex], slot, in: view, records) {
                page.offer(delta[deltaIndex])
                deltaIndex += 1
                if page.isFull { return false }
            }
            page.offer(slot)
            return !page.isFull
        }
        while deltaIndex < delta.count, !page.isFull {
            page.offer(delta[deltaIndex])
            deltaIndex += 1
        }
    }
}

/// Gathers the ranks `skip ..< skip + limit` of a ranked sequence offered one slot at a time.
private struct PageCollector {
    package let skip: Int
    package let end: Int
    /// The rank of the next slot offered.
    package var position = 0
    private(set) var slots: [UInt32] = []

    package init(skip: Int, limit: Int) {
        self.skip = skip
        let (sum, overflow) = skip.addingReportingOverflow(limit)
        end = overflow ? .max : sum
    }

    /// True once every rank of the page is gathered.
    package var isFull: Bool { position >= end }

    /// Makes room for `count` more slots.
    package mutating func reserve(_ count: Int) {
        slots.reserveCapacity(slots.count + max(0, count))
    }

    /// Takes the next slot of the ranked sequence.
    package mutating func offer(_ slot: UInt32) {
        if position >= skip, position < end { slots.append(slot) }
        position += 1
    }
}
