extension ContactSearchIndex {
    /// Confirming one candidate against the text costs about as much as decoding this many
    /// posting entries: lists are intersected only while that is cheaper than confirming the
    /// candidates left.
    static let confirmationCost = 16

    /// The live slots matching every term under `field` (PROTOCOL §2).
    ///
    /// Each term's matches are the union of its parts (display name, organization, email local
    /// parts and domains, notes, phone digits, as the field says), each part exact: names and
    /// domains are confirmed per distinct value, the per-slot parts on their candidates when the
    /// needle is longer than a gram. Terms are taken rarest first; once the matches so far are
    /// fewer than a term's lists are long, the term is checked on each of them instead.
    ///
    /// - Complexity: O(l + c·t), for l posting entries read, c candidates confirmed, t terms.
    func matchingSlots(_ terms: [SearchTerm], field: SearchField) -> SlotSet {
        let universe = store.count
        if field == .phone, terms.contains(where: { $0.phoneDigits == nil }) {
            return .empty(universe: universe)
        }
        let plans = terms.compactMap { TermPlan(term: $0, field: field, index: self) }
            .sorted { $0.estimate < $1.estimate }
        var candidates: SlotSet?
        var unchecked: [SearchTerm] = []
        for plan in plans {
            if let current = candidates, current.count * Self.confirmationCost < plan.estimate {
                unchecked.append(plan.term)
                continue
            }
            let narrowed = evaluate(plan, within: candidates)
            if narrowed.isEmpty { return narrowed }
            candidates = narrowed
        }
        guard var candidates else { return liveSlots { _ in true } }
        if !deadSlots.isEmpty {
            candidates = candidates.subtracting(SlotSet(sorted: deadSlots, universe: universe))
        }
        guard !unchecked.isEmpty else { return candidates }
        return store.withView { view in
            candidates.filter { slot in
                unchecked.allSatisfy { matches($0, field: field, text: view.text(of: Int(slot)), slot: slot) }
            }
        }
    }

    /// The live slots whose flags satisfy `isIncluded`, as a set.
    ///
    /// - Complexity: O(n) in the number of slots.
    func liveSlots(where isIncluded: (FoldedContact.Flags) -> Bool) -> SlotSet {
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
    func matches(_ term: SearchTerm, field: SearchField, text: FoldedTextStore.Text, slot: UInt32) -> Bool {
        let hasEmail = store.flags(of: Int(slot)).contains(.hasEmail)
        let inPhones = term.phoneDigits.map { Bytes.contains(text.phoneDigits, $0) } ?? false
        switch field {
        case .any:
            return Bytes.contains(text.nameField, term.needle) || (hasEmail && Bytes.contains(text.emails, term.needle))
                || inPhones
        case .name: return Bytes.contains(text.nameField, term.needle)
        case .email: return hasEmail && Bytes.contains(text.emails, term.needle)
        case .notes: return Bytes.contains(text.notes, term.needle)
        case .phone: return inPhones
        }
    }

    /// The exact matches of `plan`'s term, within `candidates` when given: the union of its
    /// parts.
    private func evaluate(_ plan: TermPlan, within candidates: SlotSet?) -> SlotSet {
        let universe = store.count
        var result = SlotSet.empty(universe: universe)
        for part in plan.parts {
            let found: SlotSet
            switch part {
            case .displayName(let ordinals, let delta):
                var slots = names.slots(ofOrdinals: ordinals, universe: universe)
                if let candidates { slots = slots.intersection(candidates) }
                found = slots.union(
                    slotPart(names.deltaGrams, delta, within: candidates) { $0.name })
            case .slots(let source, let lookup):
                found = slotPart(self[source], lookup, within: candidates) { text in
                    switch source {
                    case .organization: text.organization
                    case .emailLocal: text.emails
                    case .notes: text.notes
                    case .digits: text.phoneDigits
                    }
                }
            case .domains(let ordinals):
                found = domains.slots(ofOrdinals: ordinals, universe: universe, within: candidates)
            case .everyEmail:
                found = candidates?.filter { store.flags(of: Int($0)).contains(.hasEmail) }
                    ?? liveSlots { $0.contains(.hasEmail) }
            }
            result = result.union(found)
        }
        return result
    }

    /// The slots of one per-slot table whose text (as `text` picks it) contains the lookup's
    /// needle: its lists intersected rarest first, then confirmed when the lists alone are
    /// not exact.
    private func slotPart(
        _ table: TrigramIndex, _ lookup: TermPlan.Lookup, within candidates: SlotSet?,
        text: (FoldedTextStore.Text) -> UnsafeBufferPointer<UInt8>
    ) -> SlotSet {
        let universe = store.count
        guard let rarest = lookup.postings.first, rarest.count > 0 else { return .empty(universe: universe) }
        var found = candidates.map { table.intersect(rarest, with: $0) } ?? table.decode(rarest, universe: universe)
        var isExact = lookup.isExact
        for next in lookup.postings.dropFirst() where !found.isEmpty {
            if found.count * Self.confirmationCost < next.count {
                isExact = false
                break
            }
            found = table.intersect(next, with: found)
        }
        guard !isExact else { return found }
        return store.withView { view in
            found.filter { Bytes.contains(text(view.text(of: Int($0))), lookup.needle) }
        }
    }
}

/// How one term is looked up under a field: its parts, each with what it reads.
private struct TermPlan {
    /// The posting lists of a needle in one per-slot table, shortest first.
    struct Lookup {
        let needle: [UInt8]
        let postings: [TrigramIndex.Postings]
        /// The lists name the needle itself (at most three code points), so they need no
        /// confirmation.
        let isExact: Bool

        init(_ table: TrigramIndex, needle: [UInt8], scalars: [UInt32], startingBefore limit: Int = .max) {
            self.needle = needle
            postings = GramKey.lookupKeys(scalars, startingBefore: limit).map(table.postings)
                .sorted { $0.count < $1.count }
            isExact = scalars.count <= GramKey.maximumLength
        }

        /// An upper bound of the slots found (the shortest list).
        var estimate: Int { postings.first?.count ?? 0 }
    }

    enum Part {
        /// Display names: the matching distinct names, and the delta's lists.
        case displayName(ordinals: SlotSet, delta: Lookup)
        /// A per-slot table.
        case slots(GramSource, Lookup)
        /// Email domains: the matching distinct domains.
        case domains(ordinals: SlotSet)
        /// Every contact with an email (an empty needle under `email`).
        case everyEmail
    }

    let term: SearchTerm
    let parts: [Part]
    /// An upper bound of the matches.
    let estimate: Int

    /// The plan of `term` under `field`, or nil when the term matches every contact (an empty
    /// fold under a field that always has text: the display name, the notes).
    init?(term: SearchTerm, field: SearchField, index: ContactSearchIndex) {
        self.term = term
        var parts: [Part] = []
        var estimate = 0
        let needle = term.needle
        let scalars = term.scalars
        func add(_ source: GramSource) {
            let lookup = Lookup(index[source], needle: needle, scalars: scalars)
            parts.append(.slots(source, lookup))
            estimate += lookup.estimate
        }
        func addDisplayName() {
            let ordinals = index.names.dictionary.ordinals(containing: term)
            let delta = Lookup(index.names.deltaGrams, needle: needle, scalars: scalars)
            parts.append(.displayName(ordinals: ordinals, delta: delta))
            ordinals.forEach { estimate += Int(index.names.runStarts[Int($0) + 1] - index.names.runStarts[Int($0)]) }
            estimate += delta.estimate
        }
        func addEmails() {
            if !needle.starts(with: [GramKey.at]) {
                let limit = scalars.firstIndex(of: UInt32(GramKey.at)) ?? .max
                let lookup = Lookup(index[.emailLocal], needle: needle, scalars: scalars, startingBefore: limit)
                parts.append(.slots(.emailLocal, lookup))
                estimate += lookup.estimate
            }
            let ordinals = index.domains.dictionary.ordinals(containing: term)
            parts.append(.domains(ordinals: ordinals))
            ordinals.forEach { estimate += index.domains.postings.postings(UInt64($0) + 1).count }
        }
        func addDigits() {
            guard let digits = term.phoneDigits else { return }
            let lookup = Lookup(index[.digits], needle: digits, scalars: digits.map(UInt32.init))
            parts.append(.slots(.digits, lookup))
            estimate += lookup.estimate
        }
        switch field {
        case .any, .name:
            guard !scalars.isEmpty else { return nil }
            addDisplayName()
            add(.organization)
            if field == .any {
                addEmails()
                addDigits()
            }
        case .notes:
            guard !scalars.isEmpty else { return nil }
            add(.notes)
        case .email:
            if scalars.isEmpty {
                parts.append(.everyEmail)
                estimate += index.emailCount
            } else {
                addEmails()
            }
        case .phone:
            addDigits()
        }
        self.parts = parts
        self.estimate = estimate
    }
}
