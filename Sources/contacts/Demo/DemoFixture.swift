import ContactsCore
import ContactsFixtures
import ContactsJSON
import ContactsModel
import ContactsService
import ContactsSupport

/// A fixture directory loaded into an in-memory ``ContactsEngine`` through its typed API —
/// users registered, address books uploaded, follows and events created — with the counts
/// and timings of each step and what the demo needs to pick its examples.
struct DemoFixture {
    /// One loading step, for the report.
    struct Step {
        /// What was loaded.
        var name: String
        /// How many records.
        var count: Int
        /// A few words on what they became.
        var detail: String
        /// How long it took.
        var nanoseconds: UInt64
    }

    /// The most contacts one upload carries (PROTOCOL §5's limit).
    static let uploadBatchSize = 10_000

    /// The engine holding the fixture.
    let engine: ContactsEngine
    /// The loading steps, in order.
    private(set) var steps: [Step] = []
    /// Users who own contacts, in the order their first contact appears.
    private(set) var owners: [String] = []
    /// Contacts uploaded per owner.
    private(set) var bookSizes: [ExactString: Int] = [:]
    /// Followers per user.
    private(set) var followerCounts: [ExactString: Int] = [:]
    /// Users followed per user.
    private(set) var followingCounts: [ExactString: Int] = [:]
    /// Each user's display name, as users.jsonl gives it.
    private(set) var displayNames: [ExactString: String] = [:]
    /// The region of each user that users.jsonl gives one.
    private var regions: [ExactString: String] = [:]
    /// The first user of users.jsonl: the owner of contacts that name none.
    private(set) var firstUser: String?

    private init(engine: ContactsEngine) {
        self.engine = engine
    }

    /// Loads the fixture directory `directory` (as `contacts generate` writes it), showing
    /// progress unless `quiet`. Every request is stamped with the fixture's own times (a
    /// follow's `since`, an event's `createdAt`) or, for registrations and uploads, `now`.
    ///
    /// - Throws: ``CommandLineError`` naming the file and line of the first record the
    ///   engine refuses, or of a bad line.
    static func load(_ directory: String, now: Int64, quiet: Bool) throws -> DemoFixture {
        switch FileSystem.kind(of: directory) {
        case .missing: throw CommandLineError("\(directory): no such directory")
        case .file: throw CommandLineError("\(directory): not a directory")
        case .directory: break
        }
        for file in [FixtureUser.fixtureFileName, Contact.fixtureFileName, FollowRecord.fixtureFileName] {
            let path = self.path(directory, file)
            guard case .file = FileSystem.kind(of: path) else {
                throw CommandLineError("\(path): no such file (make one with `contacts generate --out \(directory)`)")
            }
        }
        let configuration = EngineConfiguration(dailyUploadBudget: 0, maximumContactsPerUpload: uploadBatchSize)
        var fixture = DemoFixture(engine: try ContactsEngine(configuration: configuration))
        try fixture.measure("users") { try $0.registerUsers(directory, now: now, quiet: quiet) }
        try fixture.measure("contacts") { try $0.uploadContacts(directory, now: now, quiet: quiet) }
        try fixture.measure("follows") { try $0.follow(directory, quiet: quiet) }
        if case .file = FileSystem.kind(of: path(directory, EventRecord.fixtureFileName)) {
            try fixture.measure("events") { try $0.createEvents(directory, quiet: quiet) }
        }
        return fixture
    }

    private static func path(_ directory: String, _ file: String) -> String {
        directory.hasSuffix("/") ? directory + file : directory + "/" + file
    }

    private mutating func measure(_ name: String, _ body: (inout DemoFixture) throws -> (Int, String)) throws {
        let started = WallClock.monotonicNanoseconds()
        let (count, detail) = try body(&self)
        steps.append(
            Step(name: name, count: count, detail: detail, nanoseconds: WallClock.monotonicNanoseconds() - started))
    }

    /// Runs one engine request for the record on `line` of `path`, turning a refusal into a
    /// one-line error that names the place.
    private func request<Result>(_ path: String, line: Int, _ body: () throws(ContactsError) -> Result) throws -> Result
    {
        do {
            return try body()
        } catch {
            throw CommandLineError(
                "\(path) line \(line): the engine refused it: \(error)")
        }
    }

    private mutating func registerUsers(_ directory: String, now: Int64, quiet: Bool) throws -> (Int, String) {
        let path = Self.path(directory, FixtureUser.fixtureFileName)
        var count = 0
        try FixtureFile.forEach(FixtureUser.self, path: path, label: "demo: users", quiet: quiet) { user, line in
            _ = try request(path, line: line) { () throws(ContactsError) in
                try engine.registerUser(
                    user.userId, phone: user.phone, region: user.region, displayName: user.displayName, at: now)
            }
            regions[ExactString(user.userId)] = user.region
            displayNames[ExactString(user.userId)] = user.displayName
            if firstUser == nil { firstUser = user.userId }
            count += 1
        }
        return (count, "registered, each with their region")
    }

    private mutating func uploadContacts(_ directory: String, now: Int64, quiet: Bool) throws -> (Int, String) {
        let path = Self.path(directory, Contact.fixtureFileName)
        var batch: [Contact] = []
        var batchOwner = ""
        var batchLine = 0
        var uploads = 0
        var rejected = 0
        var count = 0
        // A batch is one owner's consecutive contacts, at most `uploadBatchSize` of them.
        func flush(_ fixture: inout DemoFixture) throws {
            guard !batch.isEmpty else { return }
            let region = fixture.regions[ExactString(batchOwner)]
            let outcome = try fixture.request(path, line: batchLine) { () throws(ContactsError) in
                try fixture.engine.uploadContacts(as: batchOwner, contacts: batch, region: region, at: now)
            }
            uploads += 1
            rejected += outcome.rejected.count
            batch.removeAll(keepingCapacity: true)
        }
        try FixtureFile.forEach(Contact.self, path: path, label: "demo: contacts", quiet: quiet) { contact, line in
            let owner = contact.ownerId.isEmpty ? (firstUser ?? "") : contact.ownerId
            guard displayNames[ExactString(owner)] != nil else {
                throw CommandLineError("\(path) line \(line): owner '\(owner)' is not a user of users.jsonl")
            }
            if owner != batchOwner || batch.count == Self.uploadBatchSize {
                try flush(&self)
                batchOwner = owner
                batchLine = line
            }
            if bookSizes[ExactString(owner)] == nil { owners.append(owner) }
            bookSizes[ExactString(owner), default: 0] += 1
            batch.append(contact)
            count += 1
        }
        try flush(&self)
        let rejectedText = rejected == 0 ? "" : ", \(DemoText.count(rejected)) rejected"
        return (
            count,
            "uploaded to \(DemoText.count(owners.count, "book")) in \(DemoText.count(uploads, "upload"))\(rejectedText)"
        )
    }

    private mutating func follow(_ directory: String, quiet: Bool) throws -> (Int, String) {
        let path = Self.path(directory, FollowRecord.fixtureFileName)
        var count = 0
        try FixtureFile.forEach(FollowRecord.self, path: path, label: "demo: follows", quiet: quiet) { follow, line in
            let isNew = try request(path, line: line) { () throws(ContactsError) in
                try engine.followUser(as: follow.followerId, target: follow.followeeId, at: follow.since)
            }
            if isNew {
                followerCounts[ExactString(follow.followeeId), default: 0] += 1
                followingCounts[ExactString(follow.followerId), default: 0] += 1
            }
            count += 1
        }
        return (count, "followUser requests")
    }

    private func createEvents(_ directory: String, quiet: Bool) throws -> (Int, String) {
        let path = Self.path(directory, EventRecord.fixtureFileName)
        var count = 0
        try FixtureFile.forEach(EventRecord.self, path: path, label: "demo: events", quiet: quiet) { event, line in
            _ = try request(path, line: line) { () throws(ContactsError) in
                try engine.createEvent(
                    as: event.creatorId, eventId: event.eventId, title: event.title, description: event.description,
                    location: event.location, startTime: event.startTime, at: event.createdAt)
            }
            count += 1
        }
        return (count, "createEvent requests")
    }
}
