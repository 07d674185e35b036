import ContactsCore
import ContactsSupport

/// `contacts demo`: a fixture loaded into the engine, then search, matching and the social
/// graph shown with timings.
enum DemoCommand: Command {
    static let name = "demo"
    static let summary = "load a fixture into the engine; show search, matches, followers and feed, timed"
    static let usage = """
        usage: contacts demo --fixture DIR [--quiet]

        Loads a fixture directory written by `contacts generate` into an in-memory engine
        through its API — every user registered with their region, each owner's contacts
        uploaded in batches of at most 10,000 (no daily budget), the follows and the events —
        then shows, with timings, for a sample user who owns an address book:
          search as you type   a name from their book typed one letter at a time
          phone fragment       digits of a number typed one at a time
          without diacritics   a query without accents finding accented names
          Find Your Friends    the matches both ways (contact, reverse, mutual)
          followers            a page of the most-followed user's followers
          feed                 a page of the sample user's feed
        `make demo` generates the default fixture (200,000 contacts, 20,000 users) and runs it.

          --fixture DIR   the fixture directory (users.jsonl, contacts.jsonl, follows.jsonl and,
                          when present, events.jsonl)
          --quiet         no progress bars on stderr
        """
    static let flags: Set<String> = ["quiet"]
    static let options: Set<String> = ["fixture"]

    static func run(_ arguments: Arguments) throws {
        _ = try arguments.positionals()
        let directory = try arguments.required("fixture")
        let quiet = arguments.flag("quiet")
        let started = WallClock.monotonicNanoseconds()
        let fixture = try DemoFixture.load(directory, now: WallClock.milliseconds(), quiet: quiet)
        let loaded = WallClock.monotonicNanoseconds()
        StandardStreams.write("contacts demo — \(directory)\n" + loadingReport(fixture, total: loaded - started))

        let showcase = try DemoShowcase(fixture)
        let sections: [() throws -> String] = [
            showcase.searchAsYouType, showcase.phoneFragment, showcase.withoutDiacritics, showcase.findYourFriends,
            showcase.followers, showcase.feed,
        ]
        for section in sections { StandardStreams.write(try section()) }
        let finished = WallClock.monotonicNanoseconds()
        StandardStreams.write(
            "\ndone in \(DemoText.duration(finished - started)) "
                + "(loading \(DemoText.duration(loaded - started)), the rest \(DemoText.duration(finished - loaded)))\n"
        )
    }

    private static func loadingReport(_ fixture: DemoFixture, total: UInt64) -> String {
        var table = DemoTable([
            .init(title: "file"), .init(title: "records", rightAligned: true), .init(title: "time", rightAligned: true),
            .init(title: "into the engine", maximumWidth: 70),
        ])
        for step in fixture.steps {
            table.append([step.name, DemoText.count(step.count), DemoText.duration(step.nanoseconds), step.detail])
        }
        table.append([
            "all", "", DemoText.duration(total), "in memory; a book's search index is built on its first search",
        ])
        return DemoText.header(DemoShowcase.Section.loading.rawValue) + table.rendered
    }
}
