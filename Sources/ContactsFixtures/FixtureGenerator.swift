import ContactsModel

/// Generates a deterministic fixture set — `users.jsonl`, `contacts.jsonl`, `follows.jsonl`,
/// `events.jsonl` — for tests, benchmarks and demos.
///
/// ```swift
/// let generator = try FixtureGenerator(options: .init(contacts: 200_000, seed: 7))
/// let summary = try generator.generate(into: "data/demo") { done, total in bar.update(done, total) }
/// ```
///
/// The same options give the same bytes, on every run and platform: all randomness comes
/// from `FixtureRandom` seeded with ``Options/seed``, with one independent stream per file.
///
/// What the files hold:
/// - `users.jsonl`: ``FixtureUser``s `u000001`…, with distinct E.164 mobile numbers of
///   about 20 countries that libphonenumber counts as valid, a name of the user's culture
///   and the region of their number.
/// - `contacts.jsonl`: ``Contact``s (PROTOCOL §1, every key) with globally unique ids
///   `c0000001`…, split among ``Options/owners`` owners (evenly spread users), about 750
///   each (±⅓). Names from `FixtureCulture.all` (90% Latin script, most with
///   diacritics; 10% Cyrillic, Greek, Chinese, Japanese, Korean, Arabic); 3% of contacts
///   are an organization only and 4% a given name only. 65% of a book's people live in
///   the owner's country, the others in a region of their culture. Per contact 0–3 phones
///   (10/60/22/8%), each a registered user's number with probability
///   ``registeredPhonePerMille`` (any user but the owner), else a number of the person's
///   country that no user has;
///   every phone is written as someone in the owner's region would store it (national
///   forms for numbers of their own calling code 85% of the time, else `+` or their IDD;
///   1 in 200 in full-width digits) and normalizes back, with the owner's region, to the
///   number's E.164 form. 0–2 emails (45/40/15%), an organization on 30% (with a job title
///   on 70% of those), notes on 20%, an address on 15%, a social profile on 10%.
/// - `follows.jsonl`: ``FollowRecord``s; each user follows a geometric number of others
///   (mean 9, at most 200), chosen by Zipf's law over a random ranking of users, so a few
///   users have very many followers.
/// - `events.jsonl`: ``EventRecord``s; a geometric number per user (mean 1.5).
///
/// Memory stays bounded whatever the number of contacts: contacts, follows and events are
/// streamed to the files; only the users' numbers (about 60 bytes a user) are held.
package struct FixtureGenerator: Sendable {
    /// What to generate.
    package struct Options: Hashable, Sendable {
        /// The number of contacts (0 allowed).
        package var contacts: Int
        /// The number of registered users (at least 1).
        package var users: Int
        /// The seed; the same options give the same bytes.
        package var seed: UInt64

        /// Options for `contacts` contacts and `users` users (default
        /// ``defaultUsers(contacts:)``) from `seed`.
        package init(contacts: Int, users: Int? = nil, seed: UInt64 = Options.defaultSeed) {
            self.contacts = contacts
            self.users = users ?? Self.defaultUsers(contacts: contacts)
            self.seed = seed
        }

        /// The seed used when none is given.
        package static let defaultSeed: UInt64 = 1
        /// The average size of one owner's address book.
        package static let contactsPerOwner = 750
        /// The most contacts a fixture may have.
        package static let maximumContacts = 100_000_000
        /// The most users a fixture may have.
        package static let maximumUsers = 10_000_000

        /// One user for every 10 contacts, at least one (200,000 contacts → 20,000 users).
        package static func defaultUsers(contacts: Int) -> Int {
            max(1, contacts / 10)
        }

        /// The number of users who own contacts: one per ``contactsPerOwner`` contacts
        /// (rounded up), at most ``users``; 0 without contacts.
        package var owners: Int {
            contacts <= 0 ? 0 : min(users, (contacts + Self.contactsPerOwner - 1) / Self.contactsPerOwner)
        }

        /// Throws ``FixtureError/invalidOptions(_:)`` naming the first value out of range.
        package func validate() throws(FixtureError) {
            guard (0...Self.maximumContacts).contains(contacts) else {
                throw .invalidOptions("contacts must be between 0 and \(Self.maximumContacts), got \(contacts)")
            }
            guard (1...Self.maximumUsers).contains(users) else {
                throw .invalidOptions("users must be between 1 and \(Self.maximumUsers), got \(users)")
            }
        }
    }

    /// What a run wrote.
    package struct Summary: Hashable, Sendable {
        /// Lines of `users.jsonl`.
        package var users = 0
        /// Users who own contacts.
        package var owners = 0
        /// Lines of `contacts.jsonl`.
        package var contacts = 0
        /// Phone numbers in all contacts.
        package var phoneNumbers = 0
        /// Those of them that are registered users' numbers.
        package var registeredPhoneNumbers = 0
        /// Lines of `follows.jsonl`.
        package var follows = 0
        /// Lines of `events.jsonl`.
        package var events = 0
    }

    /// The share, per mille, of contacts' phone numbers that are registered users' numbers.
    package static let registeredPhonePerMille = 150

    /// The options.
    package let options: Options

    /// A generator for `options`; throws when they are out of range.
    package init(options: Options) throws(FixtureError) {
        try options.validate()
        self.options = options
    }

    /// Writes the four files into `directory` (created when missing; existing fixture
    /// files replaced), calling `progress(done, total)` at the start, after about every
    /// 1% of the work and at the end.
    ///
    /// Each file is written as `<name>.partial` and renamed when complete.
    /// - Complexity: O(contacts + users × (log users + follows per user)) time; memory
    ///   O(users), independent of the number of contacts.
    package func generate(
        into directory: String, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws(FixtureError) -> Summary {
        try FixtureDirectory.create(directory)
        return try withoutActuallyEscaping(progress) { progress throws(FixtureError) in
            var meter = FixtureProgressMeter(total: options.users * 3 + options.contacts, report: progress)
            var summary = Summary()
            let registry = try FixtureUserRegistry.generate(
                options: options, path: FixtureDirectory.path(directory, FixtureUser.self), meter: &meter)
            summary.users = registry.phones.count
            try generateContacts(
                users: registry, into: FixtureDirectory.path(directory, Contact.self), meter: &meter,
                summary: &summary)
            summary.follows = try generateFollows(
                userCount: options.users, into: FixtureDirectory.path(directory, FollowRecord.self), meter: &meter)
            summary.events = try generateEvents(
                users: registry, into: FixtureDirectory.path(directory, EventRecord.self), meter: &meter)
            meter.finish()
            return summary
        }
    }
}
