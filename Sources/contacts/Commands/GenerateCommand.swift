import ContactsCore
import ContactsFixtures
import ContactsSupport

/// `contacts generate`: a deterministic fixture set.
enum GenerateCommand: Command {
    static let name = "generate"
    static let summary = "write a deterministic fixture set (contacts, users, follows, events)"
    static let usage = """
        usage: contacts generate --contacts N [--users U] [--seed S] --out DIR [--quiet]

        Writes DIR/contacts.jsonl, users.jsonl, follows.jsonl and events.jsonl. The same options
        always give the same bytes.

          --contacts N   contacts in all (about 750 per owner)
          --users U      registered users (default N / 10, at least 1)
          --seed S       the seed (default 1)
          --out DIR      the output directory (created if missing)
          --quiet        no progress on stderr
        """
    static let flags: Set<String> = ["quiet"]
    static let options: Set<String> = ["contacts", "users", "seed", "out"]

    static func run(_ arguments: Arguments) throws {
        _ = try arguments.positionals()
        let contacts = try arguments.integer("contacts", in: 0...FixtureGenerator.Options.maximumContacts)
        guard let contacts else { throw CommandLineError("missing --contacts") }
        let users = try arguments.integer("users", in: 1...FixtureGenerator.Options.maximumUsers)
        let seed = try arguments.option("seed").map { text in
            guard let seed = UInt64(text) else {
                throw CommandLineError("--seed must be a non-negative integer, not '\(text)'")
            }
            return seed
        }
        let directory = try arguments.required("out")
        let options = FixtureGenerator.Options(
            contacts: contacts, users: users, seed: seed ?? FixtureGenerator.Options.defaultSeed)
        let progress = ProgressReporter("generate", quiet: arguments.flag("quiet"))
        let summary: FixtureGenerator.Summary
        do {
            summary = try FixtureGenerator(options: options).generate(into: directory) {
                progress.update(done: $0, total: $1)
            }
        } catch {
            throw CommandLineError("\(error)")
        }
        progress.finish()
        if !arguments.flag("quiet") {
            StandardStreams.writeError(
                "generate: \(Plural.count(summary.contacts, "contact")) of \(Plural.count(summary.owners, "owner")), "
                    + "\(Plural.count(summary.users, "user")), \(Plural.count(summary.follows, "follow")), "
                    + "\(Plural.count(summary.events, "event")) in \(directory)\n")
        }
    }
}
