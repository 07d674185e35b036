extension ContactSearchIndex {
    /// Confirming one candidate against the text costs about as much as decoding this many
    /// posting entries: a term's lists are intersected only while that is cheaper than
    /// confirming the candidates left.
    static let confirmationCost = 16

    /// The live slots matching every term under `field` (PROTOCOL §2).
    ///
    /// Terms are taken rarest first. The first one's candidates come from its rarest lists;
    /// each later term narrows them through its own lists, or, when the candidates are already
    /// fewer than its lists are long, is left to the confirmation. Candidates are finally
    /// confirmed on the folded text for every term whose lists were not exact (a needle
    /// longer than three code points, or lists skipped).
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
        var unconfirmed: [SearchTerm] = []
        for plan in plans {
            if let current = candidates, current.count * Self.confirmationCost < plan.estimate {
                unconfirmed.append(plan.term)
                continue
            }
            let (narrowed, isExact) = evaluate(plan, within: candidates)
            if !isExact { unconfirmed.append(plan.term) }
            if narrowed.isEmpty { return narrowed }
            candidates = narrowed
        }
        guard var candidates else { return liveSlots { _ in true } }
        if !deadSlots.isEmpty {
            candidates = candidates.subtracting(SlotSet(sorted: deadSlots, universe: universe))
        }
        guard !unconfirmed.isEmpty else { return candidates }
        return store.withView { view in
            candidates.filter { slot in
                unconfirmed.allSatisfy { matches($0, field: field, text: view.text(of: Int(slot)), slot: slot) }
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
    /// exact rule every candidate is confirmed by, and the naive definition of PROTOCOL §2.
    func matches(_ term: SearchTerm, field: SearchField, text: FoldedTextStore.Text, slot: UInt32) -> Bool {
        let phoneMatch = { term.phoneDigits.map { Bytes.contains(text.phoneDigits, $0) } ?? false }
        switch field {
        case .any:
            return Bytes.contains(text.nameField, term.needle)
                || (store.flags(of: Int(slot)).contains(.hasEmail) && Bytes.contains(text.emails, term.needle))
                || phoneMatch()
        case .name:
            return Bytes.contains(text.nameField, term.needle)
        case .email:
            return store.flags(of: Int(slot)).contains(.hasEmail) && Bytes.contains(text.emails, term.needle)
        case .notes:
            return Bytes.contains(text.notes, term.needle)
        case .phone:
            return phoneMatch()
        }
    }

    /// Evaluates `plan` on its posting lists, within `candidates` when given; also says whether
    /// the result is exact (needs no confirmation).
    private func evaluate(_ plan: TermPlan, within candidates: SlotSet?) -> (SlotSet, isExact: Bool) {
        let universe = store.count
        var result = SlotSet.empty(universe: universe)
        var isExact = true
        for part in plan.parts {
            var found: SlotSet
            switch part.lists {
            case .everyEmail:
                found = candidates?.filter { store.flags(of: Int($0)).contains(.hasEmail) }
                    ?? liveSlots { $0.contains(.hasEmail) }
            case .postings(let postings):
                guard let rarest = postings.first, rarest.count > 0 else { continue }
                found = candidates.map { part.table.intersect(rarest, with: $0) }
                    ?? part.table.decode(rarest, universe: universe)
                for next in postings.dropFirst() {
                    if found.isEmpty { break }
                    if found.count * Self.confirmationCost < next.count {
                        break
                    }
                    found = part.table.intersect(next, with: found)
                }
                if !part.isExact { isExact = false }
            }
            result = result.union(found)
        }
        return (result, isExact)
    }
}

/// How one term is looked up: for each field table it searches, the posting lists of its
/// needle's grams, rarest first.
private struct TermPlan {
    enum Lists {
        /// Every contact with an email (an empty needle under `email`).
        case everyEmail
        /// The lists of the needle's grams, shortest first.
        case postings([TrigramIndex.Postings])
    }

    struct Part {
        let table: TrigramIndex
        let lists: Lists
        /// The lists name the needle itself (at most three code points).
        let isExact: Bool
    }

    let term: SearchTerm
    let parts: [Part]
    /// An upper bound of the matches (the sum of each part's shortest list).
    let estimate: Int

    /// The plan of `term` under `field`, or nil when the term matches every contact (an empty
    /// fold under a field that always has text: name, organization, notes).
    init?(term: SearchTerm, field: SearchField, index: ContactSearchIndex) {
        self.term = term
        var parts: [Part] = []
        func addText(_ table: TrigramIndex) -> Bool {
            guard !term.scalars.isEmpty else { return false }
            parts.append(Self.part(table, needle: term.scalars))
            return true
        }
        func addDigits() {
            if let digits = term.phoneDigits {
                parts.append(Self.part(index.digitIndex, needle: digits.map(UInt32.init)))
            }
        }
        switch field {
        case .any:
            guard addText(index.nameIndex) else { return nil }
            _ = addText(index.emailIndex)
            addDigits()
        case .name:
            guard addText(index.nameIndex) else { return nil }
        case .notes:
            guard addText(index.notesIndex) else { return nil }
        case .email:
            if !addText(index.emailIndex) {
                parts.append(Part(table: index.emailIndex, lists: .everyEmail, isExact: true))
            }
        case .phone:
            addDigits()
        }
        self.parts = parts
        estimate = parts.reduce(0) { total, part in
            switch part.lists {
            case .everyEmail: return total + index.emailCount
            case .postings(let postings): return total + (postings.first?.count ?? 0)
            }
        }
    }

    private static func part(_ table: TrigramIndex, needle: [UInt32]) -> Part {
        let postings = GramKey.lookupKeys(needle).map(table.postings).sorted { $0.count < $1.count }
        return Part(table: table, lists: .postings(postings), isExact: needle.count <= GramKey.maximumLength)
    }
}

/// Substring search on bytes.
enum Bytes {
    /// True when `needle` occurs in `haystack` (an empty needle always does).
    ///
    /// - Complexity: O(n·m) at worst, O(n) for ordinary text.
    @inline(__always)
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        return needle.withUnsafeBufferPointer { needle in
            let last = haystack.count - needle.count
            var start = 0
            while start <= last {
                if haystack[start] == first {
                    var offset = 1
                    while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// True when `text` starts with `prefix`.
    @inline(__always)
    static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Bool {
        guard text.count >= prefix.count else { return false }
        return prefix.withUnsafeBufferPointer { prefix in
            for index in 0..<prefix.count where text[index] != prefix[index] { return false }
            return true
        }
    }
}
