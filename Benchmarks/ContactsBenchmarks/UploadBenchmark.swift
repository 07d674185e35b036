import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsSearch
import PhoneNumbers

/// One address-book upload end to end through the engine (issue 4: normalize, hash, match,
/// index; target ≤ 1 ms for 1,000 contacts), then the uploader's first page of matches, at 1M
/// and 10M registered users — beside ``UploadBaseline``, integer-keyed dictionaries and sets of
/// the same semantics with the same normalizer, every round's stored count and match page
/// checked equal. The contacts arrive typed, as a linked server passes them; one more row
/// sends them as JSON values, as the `uploadContacts` method receives them.
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
    // Two rows of first uploads take fresh users (the same ones on both sides, in the
    // baseline's own structures), then one more user re-uploads.
    let rounds = min(runner.size(quick: 5, full: 20), (fixture.freshUploaders.count - 1) / (2 * (runner.samples + 1)))
    guard !fixture.books.isEmpty, rounds > 0 else {
        return runner.fail("upload benchmark", "the fixture has too few books or users of one region")
    }
    let limit = 100
    let jsonBooks = fixture.books.map { $0.map(\.jsonValue) }

    // One round: `uploader` uploads book number `book` (typed, or as JSON values), then reads
    // the first page of their matches; the answer is the contacts stored and that page.
    func engineRound(_ uploader: String, _ book: Int, json: Bool) -> UploadRoundAnswer? {
        let outcome =
            json
            ? try? engine.uploadContacts(as: uploader, entries: Contact.uploadEntries(jsonBooks[book]), at: now)
            : try? engine.uploadContacts(as: uploader, contacts: fixture.books[book], at: now)
        guard let outcome else { return nil }
        return UploadRoundAnswer(stored: outcome.numberOfUploadedContacts, matches: engineMatches(uploader))
    }
    func baselineRound(_ uploader: String, _ book: Int, json: Bool) -> UploadRoundAnswer? {
        let stored =
            json
            ? baseline.upload(as: uploader, json: jsonBooks[book])
            : baseline.upload(as: uploader, contacts: fixture.books[book])
        return UploadRoundAnswer(stored: stored, matches: baseline.matches(of: uploader, limit: limit))
    }
    func engineMatches(_ user: String) -> [MatchAnswer]? {
        (try? engine.lookupContactMatches(as: user, limit: limit))?.matches.map {
            MatchAnswer(
                userId: $0.userId, displayName: $0.displayName, relation: $0.relation.description,
                contactId: $0.contactId)
        }
    }

    // Each round a user without a book uploads one (their first upload); run `run` of a form
    // takes the same users on both sides.
    let runs = runner.samples + 1
    func uploader(form: Int, run: Int, round: Int) -> Int { (form * runs + run) * rounds + round }
    for (form, json) in [false, true].enumerated() {
        let name = json ? "as JSON values (decoding included)" : "typed"
        runner.compareRuns(
            "upload 1,000-contact book, \(name) (first upload, region \(fixture.region)) + first match page, "
                + "contacts stored and the page",
            size: size, unit: .microseconds, operations: rounds, runs: runner.samples, warmUp: true,
            ours: { run in
                (0..<rounds).map { round in
                    let index = uploader(form: form, run: run, round: round)
                    return engineRound(fixture.freshUploaders[index], index % fixture.books.count, json: json)
                }
            },
            baseline: { run in
                (0..<rounds).map { round in
                    let index = uploader(form: form, run: run, round: round)
                    return baselineRound(fixture.freshUploaders[index], index % fixture.books.count, json: json)
                }
            })
    }

    // One user uploads the same book again each round: every contact is replaced by itself.
    let again = fixture.freshUploaders[uploader(form: 2, run: 0, round: 0)]
    runner.compare(
        "re-upload the same 1,000-contact book, typed + first match page, contacts stored and the page", size: size,
        operations: 1,
        ours: { engineRound(again, 0, json: false) }, baseline: { baselineRound(again, 0, json: false) })

    try recordUploadPhases(runner, book: jsonBooks[0], region: fixture.region, size: size)

    // The match page alone, for the users who uploaded above.
    let readers = Array(fixture.freshUploaders.prefix(uploader(form: 2, run: 0, round: 0)))
    runner.compare(
        "first match page after a 1,000-contact upload (per reader), the pages", size: size,
        operations: readers.count,
        ours: { readers.map(engineMatches) }, baseline: { readers.map { baseline.matches(of: $0, limit: limit) } })
}

/// What one upload round answers: the contacts stored and the uploader's first match page
/// (nil where the engine threw).
private struct UploadRoundAnswer: Equatable {
    let stored: Int
    let matches: [MatchAnswer]?
}

/// Where an upload's time goes: the public pieces the engine's `uploadContacts` runs for one
/// book, each timed alone — reference figures of ours (no baseline: these are parts of the
/// rows above, or the search index only ours keeps).
private func recordUploadPhases(_ runner: BenchmarkRunner, book: [JSONValue], region: String, size: String) throws {
    let normalizer = PhoneNumberNormalizer(defaultRegion: region)
    let contacts = try book.map { try Contact(json: $0) }
    let phones = contacts.flatMap { $0.phoneNumbers.map(\.value) }
    runner.reference(
        "upload phase, ours: decode 1,000 contacts (Contact(json:))", size: size, unit: "ns/op",
        samples: runner.measure(operations: 1) { book.map { try? Contact(json: $0) } })
    runner.reference(
        "upload phase, ours: normalize the book's \(phones.count) phones", size: size, unit: "ns/op",
        samples: runner.measure(operations: 1) { phones.map { try? normalizer.normalize($0).e164 } })
    runner.reference(
        "upload phase, ours: search index of the book (ContactSearchIndex, one sorted build)", size: size,
        unit: "ns/op", samples: runner.measure(operations: 1) { ContactSearchIndex(contacts).count })
}
