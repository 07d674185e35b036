import ContactsCore
import ContactsSupport
import PhoneNumbers

/// `contacts match`: registered users against an address book, the matches as JSON Lines.
enum MatchCommand: Command {
    static let name = "match"
    static let summary = "match registered users against an address book (JSON Lines or vCard), as JSON Lines"
    static let usage = """
        usage: contacts match --users USERS.jsonl --book BOOK [--region R] [--quiet]

        Prints one JSON line per registered user's number found in the address book, in book
        order (a contact's numbers in the order written, each distinct number once):
          {"contactId":"c0000042","ownerId":"u000001","userId":"u000311",
           "displayName":"Ana Pérez","e164":"+34612345678"}
        ownerId is the contact's owner ("" when the book does not say). Numbers match only
        when their E.164 forms are equal (PROTOCOL §3); a number that does not normalize
        never matches.

          --users FILE   registered users, JSON Lines as `contacts generate` writes them
                         ({"userId","displayName","phone","region"}; displayName and region
                         optional, as in registerUser); each phone is normalized with its
                         user's region (without one, only +… numbers are accepted); two users
                         with the same number are an error
          --book FILE    the address book: contact JSON Lines (PROTOCOL §1) or a vCard file
                         (told apart by its contents, not its name)
          --region R     the region (ISO 3166 alpha-2, e.g. US) for every book number written
                         without +. Default: the region of the contact's owner when its
                         ownerId is one of the users (so a fixture's books read as their
                         owners wrote them), else none: then only +… numbers can match
          --quiet        no progress and no summary on stderr

        A missing or unreadable file, or a bad line (named by its number), exits 1.
        """
    static let flags: Set<String> = ["quiet"]
    static let options: Set<String> = ["users", "book", "region"]

    static func run(_ arguments: Arguments) throws {
        _ = try arguments.positionals()
        let usersPath = try arguments.required("users")
        let bookPath = try arguments.required("book")
        let quiet = arguments.flag("quiet")
        let normalizer = PhoneNumberNormalizer()
        let region = try arguments.option("region").map { region in
            guard normalizer.callingCode(forRegion: region) != nil else {
                throw CommandLineError("--region must be a region code such as US or DE, not '\(region)'")
            }
            return region
        }
        try InputFile.requireFile(usersPath, option: "--users")
        try InputFile.requireFile(bookPath, option: "--book")

        let started = WallClock.monotonicNanoseconds()
        let book = try MatchBook.read(bookPath, quiet: quiet)
        let bookRead = WallClock.monotonicNanoseconds()
        let users = try RegisteredUsers.read(usersPath, owners: book.owners, normalizer: normalizer, quiet: quiet)
        let usersRead = WallClock.monotonicNanoseconds()

        // Every distinct number of every contact, probed at once.
        var probes: [UInt64] = []
        var probeEntries: [Int] = []
        for (index, entry) in book.entries.enumerated() {
            let entryRegion = region ?? users.ownerRegions[ExactString(entry.ownerId)]
            let first = probes.count
            for phone in entry.phones {
                guard let number = try? normalizer.normalize(phone, defaultRegion: entryRegion) else { continue }
                if probes[first...].contains(number.e164) { continue }
                probes.append(number.e164)
                probeEntries.append(index)
            }
        }
        let owners = users.table.users(for: probes)
        var output = JSONLineOutput()
        var matches = 0
        for (probe, owner) in owners.enumerated() {
            guard let owner else { continue }
            let entry = book.entries[probeEntries[probe]]
            try output.emit(
                .object([
                    "contactId": .string(entry.contactId), "ownerId": .string(entry.ownerId),
                    "userId": .string(users.userId(owner)), "displayName": .string(users.displayName(owner)),
                    "e164": .string("+\(probes[probe])"),
                ]))
            matches += 1
        }
        try output.flush()
        let finished = WallClock.monotonicNanoseconds()
        if !quiet {
            StandardStreams.writeError(
                "match: \(Plural.count(matches, "match", plural: "matches")) among "
                    + "\(Plural.count(probes.count, "number")) of \(Plural.count(book.entries.count, "contact")) "
                    + "and \(Plural.count(users.count, "user")) in \(seconds(finished - started)) s "
                    + "(book \(seconds(bookRead - started)) s, users and table \(seconds(usersRead - bookRead)) s, "
                    + "probe \(seconds(finished - usersRead)) s)\n")
        }
    }

    /// Nanoseconds as seconds with two decimals.
    private static func seconds(_ nanoseconds: UInt64) -> String {
        let hundredths = (nanoseconds + 5_000_000) / 10_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
