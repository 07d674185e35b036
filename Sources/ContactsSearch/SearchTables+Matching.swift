import ContactsModel
import ContactsSupport

extension SearchTables {
    /// Confirming one candidate against its text (a random read of its record) costs about as
    /// much as decoding this many posting entries: lists are intersected only while that is
    /// cheaper than confirming the candidates left.
    package static let confirmationCost = 24
    /// Matches so few that checking a term on each of them beats reading any list.
    package static let checkEachLimit = 256

    /// What matching found for a query.
    package struct TermMatches {
        /// The live slots matching every term, or nil when that is every live slot (no term
        /// restricts anything).
        package let slots: SlotSet?
        /// The ordinals of the distinct display names containing each term that was looked up
        /// by name, by the term's needle: the ranking's word-prefix tier narrows these rather
        /// than finding them again.
        package let namesContaining: [[UInt8]: SlotSet]
    }

    /// The live slots matching every term under `field` (PROTOCOL §2), and the distinct names
    /// found on the way.
    ///
    /// Each term's matches are the union of its parts (display name, organization, email local
    /// parts and domains, notes, phone digits, as the field says), each part exact: names and
    /// domains are confirmed per distinct value, the per-slot parts on their candidates when the
    /// needle is longer than a gram. Terms are taken rarest first; once the matches so far are
    /// very few, or (for a term needing confirmation) fewer than its lists are long, the term is
    /// checked on each of them instead.
    ///
    /// - Complexity: O(l + c·t), for l posting entries read, c candidates confirmed, t terms.
    package func matchingSlots(_ terms: [SearchTerm], field: SearchField) -> TermMatches {
        let universe = store.count
        if field == .phone, terms.contains(where: { $0.phoneDigits == nil }) {
            return TermMatches(slots: .empty(universe: universe), namesContaining: [:])
        }
        var plans: [TermPlan] = []
        for term in terms {
            if let plan = TermPlan(term: term, field: field, index: self) { plans.append(plan) }
        }
        plans.sort { $0.estimate < $1.estimate }
        var namesContaining: [[UInt8]: SlotSet] = [:]
        for plan in plans {
            namesContaining[plan.term.needle] = plan.namesContaining
        }
        return TermMatches(slots: slots(matching: plans, field: field), namesContaining: namesContaining)
    }

    /// The matches of a query of one one-code-point term under `any`, as a view of its fields'
    /// bitmap lists, when ``denseUnigramTotals`` knows the term and the index is its base
    /// alone (no contact added or removed since); else nil, and the query takes the general
    /// path. Phone terms (a digit) are left to the general path: two queries with one fold
    /// can differ in their digits.
    package func denseUnigramMatches(_ terms: [SearchTerm], field: SearchField) -> BitmapUnionView? {
        guard field == .any, terms.count == 1, terms[0].scalars.count == 1, terms[0].phoneDigits == nil,
            let total = denseUnigramTotals[GramKey.key(terms[0].scalars)],
            store.count == baseSlotCount, deadSlots.isEmpty,
            let plan = TermPlan(term: terms[0], field: .any, index: self),
            let parts = bitmapParts(of: plan)
        else { return nil }
        return BitmapUnionView(parts: parts, universe: baseSlotCount, count: total)
    }

    /// ``denseUnigramTotals`` of this base: each one-code-point name gram listed as a bitmap
    /// (and not a phone term), taken as a query under `any`, counted by the general path when
    /// every part of it is a bitmap list.
    ///
    /// - Complexity: O(g · n / 64) for g such grams over n slots.
    package func countDenseUnigrams() -> [UInt64: Int] {
        var totals: [UInt64: Int] = [:]
        for key in names.denseGrams.keys where key < GramKey.key([0, 0]) {
            let term = SearchTerm(String(Character(Unicode.Scalar(UInt32(key - 1)) ?? " ")))
            guard term.scalars.count == 1, term.phoneDigits == nil,
                let plan = TermPlan(term: term, field: .any, index: self),
                bitmapParts(of: plan) != nil
            else { continue }
            totals[GramKey.key(term.scalars)] = evaluate(plan, within: nil).count
        }
        return totals
    }

    /// The bitmap list of each part of `plan` that lists anything, when every such part is one
    /// bitmap list of the base with no slot added since; else nil.
    private func bitmapParts(of plan: TermPlan) -> [BitmapUnionView.Part]? {
        var parts: [BitmapUnionView.Part] = []
        /// Adds the part of `lookup` in `table`; false when it is not one bitmap of the base.
        func add(_ lookup: TermPlan.Lookup, in table: TrigramIndex) -> Bool {
            guard lookup.postings.count == 1 else { return false }
            let postings = lookup.postings[0]
            if postings.count == 0 { return true }
            guard case .bitmap(let start) = postings.base, postings.pending.isEmpty else { return false }
            parts.append(BitmapUnionView.Part(words: table.bitmapWords, start: start))
            return true
        }
        for part in plan.parts {
            let added =
                switch part {
                case .list(let field, let lookup): withDenseGrams(field) { add(lookup, in: $0) }
                case .slots(let source, let lookup) where lookup.isExact: add(lookup, in: self[source])
                default: false
                }
            guard added else { return nil }
        }
        return parts.isEmpty ? nil : parts
    }

    /// The live slots matching every plan's term, or nil when that is every live slot.
    private func slots(matching plans: [TermPlan], field: SearchField) -> SlotSet? {
        let universe = store.count
        var candidates: SlotSet?
        var unchecked: [SearchTerm] = []
        for plan in plans {
            if let current = candidates,
                current.count <= Self.checkEachLimit
                    || (!plan.isExact && current.count * Self.confirmationCost < plan.estimate)
            {
                unchecked.append(plan.term)
                continue
            }
            let narrowed = evaluate(plan, within: candidates)
            if narrowed.isEmpty { return narrowed }
            candidates = narrowed
        }
        guard var candidates else { return nil }
        if !deadSlots.isEmpty {
            candidates = candidates.subtracting(SlotSet(sorted: deadSlots, universe: universe))
        }
        guard !unchecked.isEmpty else { return candidates }
        return SearchTerm.withViews(of: unchecked) { terms in
            store.filter(candidates) { slot, text in
                terms.allSatisfy { matches($0, field: field, text: text, slot: slot) }
            }
        }
    }

    /// The live slots whose flags satisfy `isIncluded`, as a set.
    ///
    /// - Complexity: O(n) in the number of slots.
    package func liveSlots(where isIncluded: (FoldedContact.Flags) -> Bool) -> SlotSet {
        let universe = store.count
        var words = [UInt64](repeating: 0, count: SlotSet.wordCount(universe: universe))
        var total = 0
        for slot in 0..<universe {
            let flags = store.flags(of: slot)
            if flags.contains(.live), isIncluded(flags) {
                words[slot >> 6] |= 1 << UInt64(slot & 63)
                total += 1
            }
        }
        return SlotSet(words: words, count: total, universe: universe).normalized()
    }

    /// True when `term` matches the contact whose folded text is `text` under `field`: the
    /// naive definition of PROTOCOL §2 on one contact.
    package func matches(_ term: SearchTerm.View, field: SearchField, text: FoldedTextStore.Text, slot: UInt32) -> Bool
    {
        func hasEmail() -> Bool { store.flags(of: Int(slot)).contains(.hasEmail) }
        func inPhones() -> Bool { term.phoneDigits.map { Bytes.contains(text.phoneDigits, $0) } ?? false }
        switch field {
        case .any:
            return Bytes.contains(text.nameField, term.needle)
                || (hasEmail() && Bytes.contains(text.emails, term.needle)) || inPhones()
        case .name: return Bytes.contains(text.nameField, term.needle)
        case .email: return hasEmail() && Bytes.contains(text.emails, term.needle)
        case .notes: return Bytes.contains(text.notes, term.needle)
        case .phone: return inPhones()
        }
    }

    /// The exact matches of `plan`'s term, within `candidates` when given: the union of its
    /// parts. Exact parts go first; an inexact part then confirms only the candidates no
    /// other part has matched already (an email holding the display name needs no check).
    /// Dense candidates are applied once to the whole union; sparse ones to every part.
    private func evaluate(_ plan: TermPlan, within candidates: SlotSet?) -> SlotSet {
        let universe = store.count
        let restriction = candidates.flatMap { $0.count * SlotSet.bitmapDensityDivisor > universe ? nil : $0 }
        var union = SlotUnion(universe: universe, expected: min(plan.estimate, restriction?.count ?? .max))
        var inexact: [(GramSource, TermPlan.Lookup)] = []
        for part in plan.parts {
            switch part {
            case .displayName(let ordinals, let delta):
                if let restriction {
                    union.add(names.slots(ofOrdinals: ordinals, universe: universe).intersection(restriction))
                } else {
                    names.addSlots(ofOrdinals: ordinals, to: &union)
                }
                let inDelta = confirmed(names.deltaGrams, delta, within: restriction, excluding: &union) { $0.name }
                union.add(inDelta)
            case .list(let field, let lookup):
                withDenseGrams(field) { addExact($0, lookup, within: restriction, to: &union) }
            case .slots(let source, let lookup) where lookup.isExact:
                addExact(self[source], lookup, within: restriction, to: &union)
            case .slots(let source, let lookup):
                inexact.append((source, lookup))
            case .values(let field, let ordinals):
                withValueTable(field) { $0.addSlots(ofOrdinals: ordinals, within: restriction, to: &union) }
            case .everyEmail:
                union.add(
                    restriction?.filter { store.flags(of: Int($0)).contains(.hasEmail) }
                        ?? liveSlots { $0.contains(.hasEmail) })
            }
        }
        for (source, lookup) in inexact {
            let found = confirmed(self[source], lookup, within: restriction, excluding: &union) { text in
                switch source {
                case .emailLocal: text.emails
                case .notes: text.notes
                case .digits: text.phoneDigits
                }
            }
            union.add(found)
        }
        var result = union.finish()
        if let candidates, restriction == nil { result = result.intersection(candidates) }
        return result
    }

    /// Adds the slots of an exact lookup (one list) to `union`, within `candidates` when
    /// given: without them, the list goes into the union as it is read (a bitmap list is ORed
    /// in place, not copied into a set first).
    private func addExact(
        _ table: TrigramIndex, _ lookup: TermPlan.Lookup, within candidates: SlotSet?, to union: inout SlotUnion
    ) {
        if candidates == nil, lookup.postings.count == 1 {
            union.add(lookup.postings[0], from: table)
        } else {
            union.add(slotCandidates(table, lookup, within: candidates))
        }
    }

    /// The candidates of one per-slot lookup: its lists intersected rarest first (stopping
    /// once confirming the candidates left is cheaper than reading the next list).
    private func slotCandidates(_ table: TrigramIndex, _ lookup: TermPlan.Lookup, within candidates: SlotSet?)
        -> SlotSet
    {
        let universe = store.count
        guard let rarest = lookup.postings.first, rarest.count > 0 else { return .empty(universe: universe) }
        var found = candidates.map { table.intersect(rarest, with: $0) } ?? table.decode(rarest, universe: universe)
        for next in lookup.postings.dropFirst() where !found.isEmpty {
            if found.count * Self.confirmationCost < next.count { break }
            found = table.intersect(next, with: found)
        }
        return found
    }

    /// The slots of one per-slot lookup whose text (as `text` picks it) contains its needle:
    /// the candidates, less the members of `matched` (found already), confirmed.
    private func confirmed(
        _ table: TrigramIndex, _ lookup: TermPlan.Lookup, within candidates: SlotSet?,
        excluding matched: inout SlotUnion, text: (FoldedTextStore.Text) -> UnsafeBufferPointer<UInt8>
    ) -> SlotSet {
        var found = slotCandidates(table, lookup, within: candidates)
        guard !lookup.isExact else { return found }
        found = matched.removingMembers(from: found)
        return store.filter(found) { Bytes.contains(text($1), lookup.needle) }
    }
}

/// The fields whose values repeat across contacts, served by distinct value.
package enum ValueField {
    case organizations, domains
}

/// The tables listing a field's dense 1–2 code point grams by slot.
package enum DenseField {
    case names, organizations, domains
}

extension SearchTables {
    /// Calls `body` with the table of a field served by distinct value, in place: a function
    /// or subscript returning it would copy it (a retain of each of its arrays).
    package func withValueTable<R>(_ field: ValueField, _ body: (borrowing ValueTable) -> R) -> R {
        switch field {
        case .organizations: body(organizations)
        case .domains: body(domains)
        }
    }

    /// Calls `body` with the dense gram lists of a field, in place.
    package func withDenseGrams<R>(_ field: DenseField, _ body: (borrowing TrigramIndex) -> R) -> R {
        switch field {
        case .names: body(names.denseGrams)
        case .organizations: body(organizations.denseGrams)
        case .domains: body(domains.denseGrams)
        }
    }
}

/// How one term is looked up under a field: its parts, each with what it reads.
private struct TermPlan {
    /// The posting lists of a needle in one per-slot table, shortest first.
    package struct Lookup {
        package let needle: [UInt8]
        package let postings: [TrigramIndex.Postings]
        /// The lists name the needle itself (at most three code points), so they need no
        /// confirmation.
        package let isExact: Bool

        package init(
            _ table: borrowing TrigramIndex, needle: [UInt8], scalars: [UInt32], startingBefore limit: Int = .max
        ) {
            self.init(
                table, needle: needle, keys: GramKey.lookupKeys(scalars, startingBefore: limit),
                isExact: scalars.count <= GramKey.maximumLength)
        }

        package init(_ table: borrowing TrigramIndex, needle: [UInt8], keys: [UInt64], isExact: Bool) {
            self.needle = needle
            postings = keys.map { table.postings($0) }.sorted { $0.count < $1.count }
            self.isExact = isExact
        }

        /// An upper bound of the slots found (the shortest list).
        package var estimate: Int { postings.first?.count ?? 0 }
    }

    package enum Part {
        /// Display names: the matching distinct names, and the delta's lists.
        case displayName(ordinals: SlotSet, delta: Lookup)
        /// An exact per-slot list (a dense gram of names, organizations or domains).
        case list(DenseField, Lookup)
        /// A per-slot table.
        case slots(GramSource, Lookup)
        /// Organizations or email domains: the matching distinct values.
        case values(ValueField, ordinals: SlotSet)
        /// Every contact with an email (an empty needle under `email`).
        case everyEmail
    }

    package let term: SearchTerm
    package let parts: [Part]
    /// An upper bound of the matches.
    package let estimate: Int
    /// The ordinals of the distinct display names containing the term, when looked up.
    package let namesContaining: SlotSet?

    /// True when no part needs its candidates confirmed.
    package var isExact: Bool {
        parts.allSatisfy { part in
            switch part {
            case .slots(_, let lookup): lookup.isExact
            case .displayName(_, let delta): delta.isExact
            case .list: true
            case .values, .everyEmail: true
            }
        }
    }

    /// The plan of `term` under `field`, or nil when the term matches every contact (an empty
    /// fold under a field that always has text: the display name, the notes).
    package init?(term: SearchTerm, field: SearchField, index: borrowing SearchTables) {
        var builder = Builder(term: term)
        switch field {
        case .any, .name:
            guard !term.scalars.isEmpty else { return nil }
            builder.addDisplayName(index)
            builder.addValues(.organizations, index)
            if field == .any {
                builder.addEmails(index)
                builder.addDigits(index)
            }
        case .notes:
            guard !term.scalars.isEmpty else { return nil }
            builder.add(.notes, index)
        case .email:
            if term.scalars.isEmpty {
                builder.parts.append(.everyEmail)
                builder.estimate += index.emailCount
            } else {
                builder.addEmails(index)
            }
        case .phone:
            builder.addDigits(index)
        }
        self.term = term
        parts = builder.parts
        estimate = builder.estimate
        namesContaining = builder.namesContaining
    }

    /// Gathers a plan's parts. The index is passed to each step rather than captured: a
    /// closure capturing it would copy the whole index (a retain of every table) per query.
    private struct Builder {
        package let term: SearchTerm
        package var parts: [Part] = []
        package var estimate = 0
        package var namesContaining: SlotSet?

        package mutating func add(_ source: GramSource, _ index: SearchTables) {
            let lookup = Lookup(index[source], needle: term.needle, scalars: term.scalars)
            parts.append(.slots(source, lookup))
            estimate += lookup.estimate
        }

        /// Adds the dense list of the needle in `field`, if it has one (then it is the whole
        /// answer of that field, delta included).
        package mutating func addDense(_ field: DenseField, _ index: SearchTables) -> Bool {
            guard term.scalars.count <= 2 else { return false }
            let lookup = index.withDenseGrams(field) {
                Lookup($0, needle: term.needle, keys: [GramKey.key(term.scalars)], isExact: true)
            }
            guard lookup.estimate > 0 else { return false }
            parts.append(.list(field, lookup))
            estimate += lookup.estimate
            return true
        }

        package mutating func addDisplayName(_ index: SearchTables) {
            if addDense(.names, index) { return }
            let ordinals = index.names.dictionary.ordinals(containing: term)
            namesContaining = ordinals
            let delta = Lookup(index.names.deltaGrams, needle: term.needle, scalars: term.scalars)
            parts.append(.displayName(ordinals: ordinals, delta: delta))
            estimate += index.names.slotCount(ofOrdinals: ordinals)
            estimate += delta.estimate
        }

        package mutating func addEmails(_ index: SearchTables) {
            if !term.needle.starts(with: [GramKey.at]) {
                let limit = term.scalars.firstIndex(of: UInt32(GramKey.at)) ?? .max
                let lookup = Lookup(
                    index[.emailLocal], needle: term.needle, scalars: term.scalars, startingBefore: limit)
                parts.append(.slots(.emailLocal, lookup))
                estimate += lookup.estimate
            }
            addValues(.domains, index)
        }

        package mutating func addValues(_ field: ValueField, _ index: SearchTables) {
            if addDense(field == .organizations ? .organizations : .domains, index) { return }
            let (ordinals, slotCount) = index.withValueTable(field) { table in
                let ordinals = table.dictionary.ordinals(containing: term)
                return (ordinals, table.slotCount(ofOrdinals: ordinals))
            }
            parts.append(.values(field, ordinals: ordinals))
            estimate += slotCount
        }

        package mutating func addDigits(_ index: SearchTables) {
            guard let digits = term.phoneDigits else { return }
            let (keys, isExact) = GramKey.digitLookupKeys(digits)
            let lookup = Lookup(index[.digits], needle: digits, keys: keys, isExact: isExact)
            parts.append(.slots(.digits, lookup))
            estimate += lookup.estimate
        }
    }
}
