import ContactsModel
import ContactsSearch
import ContactsSupport

/// The baseline of the `fetchContacts` rows: every live contact of an index ranked once up
/// front (sorted by the bytes of `fold(displayName)`, then of the id), with which listings each
/// is in and each listing's size; a page is then found by walking the ranked contacts from the
/// top, counting those of the listing until the page's end (the naive filter-and-walk).
struct FetchWalkBaseline {
    /// The ids of every live contact, ranked.
    private let ids: [String]
    /// Bit ``FetchFieldType/lane`` of each ranked contact set when it is in that listing.
    private let listings: [UInt8]
    /// Each listing's size, by lane.
    private let totals: [Int]

    init(_ index: ContactSearchIndex) {
        var entries: [(name: [UInt8], id: String, listings: UInt8)] = []
        entries.reserveCapacity(index.count)
        for slot in 0..<UInt32(index.contacts.slotCount) where index.contacts.isLive(slot) {
            let contact = index.contacts.contact(at: slot)
            var listings: UInt8 = 1
            if !contact.phoneNumbers.isEmpty { listings |= 1 << UInt8(FetchFieldType.phone.lane) }
            if !contact.emailAddresses.isEmpty { listings |= 1 << UInt8(FetchFieldType.email.lane) }
            if !contact.notes.isEmpty { listings |= 1 << UInt8(FetchFieldType.notes.lane) }
            entries.append((Array(SearchFolding.fold(contact.effectiveDisplayName).utf8), contact.id, listings))
        }
        entries.sort { left, right in
            left.name != right.name ? left.name.lexicographicallyPrecedes(right.name) : left.id.utf8Precedes(right.id)
        }
        ids = entries.map(\.id)
        listings = entries.map(\.listings)
        totals = FetchFieldType.allCases.map { type in
            entries.count(where: { $0.listings >> UInt8(type.lane) & 1 != 0 })
        }
    }

    /// The size of `fieldType`'s listing and the ids of its ranks `skip ..< skip + limit`.
    func page(_ fieldType: FetchFieldType, skip: Int, limit: Int) -> (total: Int, ids: [String]) {
        let bit = UInt8(1) << UInt8(fieldType.lane)
        var rank = 0
        var page: [String] = []
        for position in listings.indices where listings[position] & bit != 0 {
            if rank >= skip {
                guard page.count < limit else { break }
                page.append(ids[position])
            }
            rank += 1
        }
        return (totals[fieldType.lane], page)
    }
}

/// `fetchContacts` pages (phone, email, notes) and the empty query's, limit 20, at skip 10k,
/// 100k and 500k and at 400 random skips (p50/p95/p99), each beside ``FetchWalkBaseline`` on
/// the same page in the same run and checked equal to it: first on the index as built (the
/// base alone), then after changes that stay in its delta (re-uploads that add or drop phones,
/// emails and notes, deletions, new contacts: 2% of the contacts).
func fetchPages(
    _ runner: BenchmarkRunner, _ label: String, index built: ContactSearchIndex, size: String,
    checks: SearchChecks
) {
    var index = built
    var random = SplitMix64(seed: 27)
    for state in ["as built", "after 2% changes in the delta"] {
        if state != "as built" { change(&index, &random) }
        let baseline = FetchWalkBaseline(index)
        let rows: [(String, FetchFieldType)] = [
            ("fetchContacts phone", .phone), ("fetchContacts email", .email), ("fetchContacts notes", .notes),
            ("empty query", .any),
        ]
        for (what, fieldType) in rows {
            let ours = { (skip: Int) -> (total: Int, ids: [String]) in
                let hits =
                    fieldType == .any
                    ? index.hits("", skip: skip, limit: 20)
                    : index.tables.fetch(fieldType, skip: skip, limit: 20, in: index.contacts)
                return (hits.total, index.ids(of: hits).strings)
            }
            let total = baseline.page(fieldType, skip: 0, limit: 0).total
            // Untimed pages first: the first calls after the baseline's build ran milliseconds
            // slower (in old and new code alike, on the independent mix) while the memory that
            // build freed was being handed back.
            for _ in 0..<100 { _ = ours(Int(random.next() % UInt64(max(1, total)))) }
            let workload = "search, \(label), \(state): \(what)"
            for skip in [10_000, 100_000, 500_000] where skip < total {
                let timings = (0..<5).map { _ in SearchBench.timed { ours(skip) } }
                let walks = (0..<3).map { _ in SearchBench.timed { baseline.page(fieldType, skip: skip, limit: 20) } }
                checks.check(
                    "\(workload) at \(skip)", timings[0].value.ids, walks[0].value.ids, "the page's ids differ")
                checks.check(
                    "\(workload) total", timings[0].value.total, walks[0].value.total, "the totals differ")
                SearchBench.record(
                    runner,
                    "\(workload): page at skip \(skip), limit 20 (\(total) listed; baseline: filter-and-walk of "
                        + "the ranked contacts)",
                    size: size, unit: "µs", ours: timings.map(\.micros), baseline: walks.map(\.micros), checks: checks)
            }
            let skips = (0..<400).map { _ in Int(random.next() % UInt64(max(1, total))) }
            var oursMicros: [Double] = []
            var walkMicros: [Double] = []
            for skip in skips {
                let (micros, page) = SearchBench.timed { ours(skip) }
                let (walkTime, walked) = SearchBench.timed { baseline.page(fieldType, skip: skip, limit: 20) }
                oursMicros.append(micros)
                walkMicros.append(walkTime)
                checks.check("\(workload) at \(skip)", page.ids, walked.ids, "the page's ids differ")
            }
            SearchBench.recordPercentiles(
                runner,
                "\(workload): pages at \(skips.count) random skips, limit 20 (\(total) listed; baseline: "
                    + "filter-and-walk of the ranked contacts)",
                size: size, ours: oursMicros, baseline: walkMicros, checks: checks)
        }
    }
}

/// Changes 2% of `index`'s contacts, all left in its delta: half of them re-uploaded with their
/// phones, emails or notes added or dropped, a quarter deleted, and as many new contacts.
private func change(_ index: inout ContactSearchIndex, _ random: inout SplitMix64) {
    let changes = max(8, index.count / 50)
    var live: [UInt32] = []
    for slot in 0..<UInt32(index.contacts.slotCount) where index.contacts.isLive(slot) { live.append(slot) }
    var reuploads: [Contact] = []
    for _ in 0..<changes / 2 {
        var contact = index.contacts.contact(at: live[Int(random.next() % UInt64(live.count))])
        switch random.next() % 3 {
        case 0:
            contact.phoneNumbers =
                contact.phoneNumbers.isEmpty ? [LabeledValue(label: "mobile", value: "+34 612 34 56 78")] : []
        case 1:
            contact.emailAddresses =
                contact.emailAddresses.isEmpty ? [LabeledValue(label: "work", value: "changed@example.com")] : []
        default:
            contact.notes = contact.notes.isEmpty ? "changed" : ""
        }
        reuploads.append(contact)
    }
    var added = (0..<changes / 4).map { number in
        var contact = index.contacts.contact(at: live[Int(random.next() % UInt64(live.count))])
        contact.id = "fetch-bench-\(number)"
        contact.displayName += " \(number)"
        return contact
    }
    added += reuploads
    let deleted = (0..<changes / 4).map { _ in index.contacts.id(at: live[Int(random.next() % UInt64(live.count))]) }
    index.update(withContentsOf: added, rebuildingWhenChurned: false)
    for id in deleted { index.remove(id: id, rebuildingWhenChurned: false) }
}
