import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsSearch
import PhoneNumbers

/// One address-book upload end to end through the engine (issue 4: normalize, hash, match,
/// index; target ≤ 1 ms for 1,000 contacts), then the uploader's first page of matches, at 1M
/// and 10M registered users — beside ``UploadBaseline``, the naive structures of the same
/// semantics with the same normalizer. The contacts arrive typed, as a linked server passes
/// them; one more row sends them as JSON values, as the `uploadContacts` method receives them.
func uploadBenchmarks(_ runner: BenchmarkRunner) throws {
    let sizes = runner.quick ? [200_000] : [1_000_000, 10_000_000]
    for registered in sizes {
        try uploadBenchmark(runner, registered: registered)
    }
}

private func uploadBenchmark(_ runner: BenchmarkRunner, registered: Int) throws {
    let size = registered >= 1_000_000 ? "\(registered / 1_000_000)M users" : "\(registered) users"
    let bookSize = 1_000
    let fixture = try UploadFixture(
        registered: registered, fixtureUsers: runner.size(quick: 5_000, full: 20_000),
        fixtureContacts: runner.size(quick: 15_000, full: 120_000), bookSize: bookSize)
    let engine = try ContactsEngine(registeredUsers: fixture.users)
    var baseline = UploadBaseline(users: fixture.users)
    let now: Int64 = 1_764_374_400_000
    for (owner, contacts) in fixture.ownerBooks {
        _ = try engine.uploadContacts(as: owner, contacts: contacts, at: now)
        _ = baseline.upload(as: owner, contacts: contacts)
    }
    // Two rows of first uploads take fresh users, each side its own.
    let rounds = min(runner.size(quick: 5, full: 20), fixture.freshUploaders.count / (2 * (runner.samples + 2)))
    guard !fixture.books.isEmpty, rounds > 0 else {
        print("!!!! upload benchmark: the fixture has too few books or users of one region")
        return
    }
    let limit = 100
    let jsonBooks = fixture.books.map { $0.map(\.jsonValue) }

    // One round: `uploader` uploads book number `book` (typed, or as JSON values), then reads
    // the first page of their matches.
    func engineRound(_ uploader: String, _ book: Int, json: Bool) -> UInt64 {
        let outcome =
            json
            ? try? engine.uploadContacts(as: uploader, entries: Contact.uploadEntries(jsonBooks[book]), at: now)
            : try? engine.uploadContacts(as: uploader, contacts: fixture.books[book], at: now)
        guard let outcome, let page = try? engine.lookupContactMatches(as: uploader, limit: limit) else { return 0 }
        return UInt64(outcome.numberOfUploadedContacts + page.matches.count)
    }
    func baselineRound(_ uploader: String, _ book: Int, json: Bool) -> UInt64 {
        let stored =
            json
            ? baseline.upload(as: uploader, json: jsonBooks[book])
            : baseline.upload(as: uploader, contacts: fixture.books[book])
        return UInt64(stored + baseline.matches(of: uploader, limit: limit).count)
    }

    // Each round a user without a book uploads one (their first upload); ours and the baseline
    // take the same users in the same order.
    var oursNext = 0
    var baselineNext = 0
    for json in [false, true] {
        let form = json ? "as JSON values (decoding included)" : "typed"
        runner.compareUnchecked(
            "upload 1,000-contact book, \(form) (first upload, region \(fixture.region)) + first match page",
            size: size, operations: rounds,
            ours: {
                var total: UInt64 = 0
                for _ in 0..<rounds {
                    total &+= engineRound(fixture.freshUploaders[oursNext], oursNext % fixture.books.count, json: json)
                    oursNext += 1
                }
                return total
            },
            baseline: {
                var total: UInt64 = 0
                for _ in 0..<rounds {
                    total &+= baselineRound(
                        fixture.freshUploaders[baselineNext], baselineNext % fixture.books.count, json: json)
                    baselineNext += 1
                }
                return total
            })
    }
    checkSameMatches(engine, baseline, users: fixture.freshUploaders.prefix(min(oursNext, baselineNext)), limit: limit)

    // One user uploads the same book again each round: every contact is replaced by itself.
    let again = fixture.freshUploaders[max(oursNext, baselineNext)]
    runner.compareUnchecked(
        "re-upload the same 1,000-contact book, typed + first match page", size: size, operations: rounds,
        ours: { (0..<rounds).reduce(0) { total, _ in total &+ engineRound(again, 0, json: false) } },
        baseline: { (0..<rounds).reduce(0) { total, _ in total &+ baselineRound(again, 0, json: false) } })

    recordUploadPhases(runner, book: jsonBooks[0], region: fixture.region, size: size)

    // The match page alone, for the users who uploaded above.
    let readers = Array(fixture.freshUploaders.prefix(min(oursNext, baselineNext)))
    runner.compareUnchecked(
        "first match page after a 1,000-contact upload", size: size, operations: readers.count,
        ours: {
            var total: UInt64 = 0
            for reader in readers {
                total &+= UInt64((try? engine.lookupContactMatches(as: reader, limit: limit))?.matches.count ?? 0)
            }
            return total
        },
        baseline: {
            var total: UInt64 = 0
            for reader in readers { total &+= UInt64(baseline.matches(of: reader, limit: limit).count) }
            return total
        })
}

/// Prints a warning when the engine's match pages differ from the baseline's: the two must
/// do the same work for the ratio to mean anything.
private func checkSameMatches(
    _ engine: ContactsEngine, _ baseline: UploadBaseline, users: ArraySlice<String>, limit: Int
) {
    for user in users {
        let ours = (try? engine.lookupContactMatches(as: user, limit: limit))?.matches ?? []
        let theirs = baseline.matches(of: user, limit: limit)
        let same =
            ours.count == theirs.count
            && zip(ours, theirs).allSatisfy { match, naive in
                let sameUser = match.userId == naive.0 && match.displayName == naive.1
                return sameUser && match.relation.description == naive.2 && match.contactId == naive.3
            }
        if !same {
            print("!!!! upload benchmark: matches of \(user) differ (ours \(ours.count), baseline \(theirs.count))")
        }
    }
}

/// Where an upload's time goes, for the report: the public pieces the engine's
/// `uploadContacts` runs for one book, each timed alone (no baseline: these are the parts
/// both sides share, or the search index only ours keeps).
private func recordUploadPhases(_ runner: BenchmarkRunner, book: [JSONValue], region: String, size: String) {
    let normalizer = PhoneNumberNormalizer()
    let contacts = book.compactMap { try? Contact(json: $0) }
    let phones = contacts.flatMap { $0.phoneNumbers.map(\.value) }
    let phases: [(String, () -> UInt64)] = [
        (
            "upload phase: decode 1,000 contacts (Contact(json:))",
            { UInt64(book.reduce(0) { $0 + ((try? Contact(json: $1))?.phoneNumbers.count ?? 0) }) }
        ),
        (
            "upload phase: normalize the book's \(phones.count) phones",
            {
                phones.reduce(0) { $0 &+ ((try? normalizer.normalize($1, defaultRegion: region))?.e164 ?? 0) }
            }
        ),
        (
            "upload phase: search index of the book (ContactSearchIndex, one sorted build)",
            { UInt64(ContactSearchIndex(contacts).count) }
        ),
    ]
    for (workload, body) in phases {
        runner.consume(body())
        let samples = (0..<runner.samples).map { _ in runner.time(operations: 1, body) }
        runner.record(
            BenchmarkRow(
                workload: workload, size: size, unit: "ns/op", ours: Statistics(samples), baseline: nil,
                bytesPerEntry: nil, baselineBytesPerEntry: nil))
    }
}
