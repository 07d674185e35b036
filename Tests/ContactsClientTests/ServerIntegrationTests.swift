import ContactsClient
import Foundation
import Synchronization
import Testing

/// Every client method against a real `contacts serve --listen` server (the `contacts` built
/// beside the tests), with the answers PROTOCOL.md says it gives. Each test starts its own
/// server, so that their data never meet.
@Suite(.timeLimit(.minutes(3)))
struct ServerIntegrationTests {
    /// The users of a test: id, phone, registered name.
    static let ann = ("ann", "+14155550101", "Ann Archer")
    static let bob = ("bob", "+14155550102", "Bob Baker")
    static let carl = ("carl", "+14155550103", "Carl Clark")
    static let dan = ("dan", "+14155550104", "Dan Dunn")

    /// Registers `users` through the backend.
    static func register(_ users: [(String, String, String)], on backend: ContactsService) async throws {
        for (id, phone, name) in users {
            let registered = try await backend.registerUser(userId: id, phone: phone, displayName: name)
            #expect(registered == RegisteredUser(userId: id, e164: phone))
        }
    }

    /// The current time in whole milliseconds, rounded down (before) or up (after).
    static func now(roundedUp: Bool = false) -> Date {
        let milliseconds = Date().timeIntervalSince1970 * 1_000
        return Date(
            timeIntervalSince1970: (roundedUp ? milliseconds.rounded(.up) : milliseconds.rounded(.down)) / 1_000)
    }

    // MARK: Users and tokens

    @Test func registrationTokensAndActingUsers() async throws {
        let server = try ContactsServerProcess()
        let backend = try server.backend()
        try await Self.register([Self.ann], on: backend)

        // A user token registers its own user; the region reads a national number.
        let bobApp = try server.app(for: "bob")
        let bob = try await bobApp.registerUser(phone: "(415) 555-0102", region: "US", displayName: "Bob Baker")
        #expect(bob == RegisteredUser(userId: "bob", e164: "+14155550102"))
        let other = await serviceError { try await bobApp.registerUser(userId: "carl", phone: "+14155550103") }
        #expect(other?.reason == ContactsServiceError.Reason.forbidden)
        #expect(other?.code == -32003)

        // Another user's phone, and a phone that does not normalize.
        let taken = await serviceError { try await backend.registerUser(userId: "carl", phone: "+14155550101") }
        #expect(taken?.reason == ContactsServiceError.Reason.conflict)
        let bad = await serviceError { try await backend.registerUser(userId: "carl", phone: "12") }
        #expect(bad?.reason == ContactsServiceError.Reason.invalidParams)
        let local = await serviceError { try await backend.registerUser(userId: "carl", phone: "415 555 0103") }
        #expect(local?.reason == ContactsServiceError.Reason.invalidParams, "without a region only +… numbers")

        // A user token may act only as itself; a service token as anyone who exists.
        let forbidden = await serviceError { try await bobApp.acting(as: "ann").socialService.getFeed() }
        #expect(forbidden?.reason == ContactsServiceError.Reason.forbidden)
        _ = try await bobApp.acting(as: "bob").socialService.getFeed()
        let nobody = await serviceError { try await backend.acting(as: "nobody").socialService.getFeed() }
        #expect(nobody?.reason == ContactsServiceError.Reason.notFound)

        // Deleting: once, then not found.
        #expect(try await backend.acting(as: "ann").deleteUser())
        let again = await serviceError { try await backend.acting(as: "ann").deleteUser() }
        #expect(again?.reason == ContactsServiceError.Reason.notFound)
        let gone = await serviceError { try await bobApp.socialService.followUser(userId: "ann") }
        #expect(gone?.reason == ContactsServiceError.Reason.notFound)
    }

    @Test func aRefusedTokenIsRefreshedOnceThenUnauthorized() async throws {
        let server = try ContactsServerProcess()
        try await Self.register([Self.ann], on: try server.backend())
        let good = try server.token(sub: "ann")
        let calls = Counter()
        let refreshing = ContactsService(
            baseURL: server.baseURL, tokenProvider: { calls.next() == 1 ? "not-a-jwt" : good })
        _ = try await refreshing.socialService.getFeed()
        #expect(calls.value == 2)

        let never = ContactsService(baseURL: server.baseURL, tokenProvider: { "not-a-jwt" })
        let error = await serviceError { try await never.socialService.getFeed() }
        #expect(error?.reason == ContactsServiceError.Reason.unauthorized)
        #expect(error?.httpStatus == 401)
        let wrongBase = ContactsService(baseURL: server.baseURL.appendingPathComponent("nope"), tokenProvider: { good })
        let missing = await serviceError { try await wrongBase.socialService.getFeed() }
        #expect(missing?.reason == ContactsServiceError.Reason.httpStatus)
        #expect(missing?.httpStatus == 404)
    }

    // MARK: Follows

    @Test func followsStatusesAndRelationshipPages() async throws {
        let server = try ContactsServerProcess()
        let backend = try server.backend()
        try await Self.register([Self.ann, Self.bob, Self.carl], on: backend)
        let ann = try server.app(for: "ann").socialService

        let before = Self.now()
        let followed = try await ann.followUser(userId: "bob")
        let after = Self.now(roundedUp: true)
        #expect(followed == FollowResult(success: true, alreadyFollowing: false))
        #expect(try await ann.followUser(userId: "bob") == FollowResult(success: false, alreadyFollowing: true))
        let selfFollow = await serviceError { try await ann.followUser(userId: "ann") }
        #expect(selfFollow?.reason == ContactsServiceError.Reason.invalidParams)
        let unknown = await serviceError { try await ann.followUser(userId: "ghost") }
        #expect(unknown?.reason == ContactsServiceError.Reason.notFound)

        let status = try await ann.isFollowingUser(userId: "bob")
        #expect(status.isFollowing)
        let since = try #require(status.since)
        #expect(since >= before && since <= after)
        #expect(try await ann.isFollowingUser(userId: "carl") == FollowingStatus(isFollowing: false, since: nil))
        #expect(try await ann.isFollowingUser(userId: "ann") == FollowingStatus(isFollowing: false, since: nil))

        let statuses = try await ann.checkBatchFollowingStatus(userIds: ["bob", "carl", "ann", "ghost", "bob"])
        #expect(Set(statuses.keys) == ["bob", "carl", "ann", "ghost"])
        #expect(statuses["bob"] == status)
        #expect(statuses["ghost"] == FollowingStatus(isFollowing: false, since: nil))
        #expect(try await ann.checkBatchFollowingStatus(userIds: []).isEmpty)
        let tooMany = await serviceError {
            try await ann.checkBatchFollowingStatus(userIds: Array(repeating: "bob", count: 1_001))
        }
        #expect(tooMany?.reason == ContactsServiceError.Reason.invalidParams)

        // Carl, then Bob, follow Ann; Ann's book names Bob.
        try await backend.acting(as: "carl").socialService.followUser(userId: "ann")
        try await backend.acting(as: "bob").socialService.followUser(userId: "ann")
        try await server.app(for: "ann").friendFinder.uploadContacts([
            Contact(id: "c-bob", displayName: "Bobby", phoneNumbers: [LabeledValue(value: "+1 415 555 0102")])
        ])
        let followers = try await ann.getFollowers(skip: 0, limit: 20)
        #expect(followers.total == 2)
        #expect(followers.skip == 0)
        #expect(followers.limit == 20)
        #expect(followers.items.map(\.userId) == ["bob", "carl"], "newest follow first (ties by id)")
        #expect(followers.items.map { $0.follower?.fullName } == ["Bob Baker", "Carl Clark"])
        #expect(followers.items.allSatisfy { $0.following == nil && $0.since != nil })
        #expect(followers.items[0].localContact == LocalContact(contactId: "c-bob", displayName: "Bobby"))
        #expect(followers.items[1].localContact == nil)
        let second = try await ann.getFollowers(skip: 1, limit: 1)
        #expect(second.items.map(\.userId) == ["carl"])
        #expect(second.total == 2 && second.skip == 1 && second.limit == 1)
        let past = try await ann.getFollowers(skip: 5)
        #expect(past.items.isEmpty && past.total == 2 && past.limit == 20)
        let badLimit = await serviceError { try await ann.getFollowers(skip: 0, limit: 0) }
        #expect(badLimit?.reason == ContactsServiceError.Reason.invalidParams)
        let bigLimit = await serviceError { try await ann.getFollowers(skip: 0, limit: 1_001) }
        #expect(bigLimit?.reason == ContactsServiceError.Reason.invalidParams)
        let badSkip = await serviceError { try await ann.getFollowers(skip: -1, limit: 5) }
        #expect(badSkip?.reason == ContactsServiceError.Reason.invalidParams)

        let following = try await ann.getFollowing(skip: 0, limit: 20)
        #expect(following.total == 1)
        #expect(following.items.map { $0.following?.userId } == ["bob"])
        #expect(following.items.map(\.follower) == [nil])
        let mutual = try await ann.getMutualFollows(skip: 0, limit: 20)
        #expect(mutual.items.map(\.userId) == ["bob"])
        #expect(mutual.items.first?.follower == SocialUser(userId: "bob", fullName: "Bob Baker"))
        #expect(mutual.items.first?.following == mutual.items.first?.follower)
        let bobFollowedAnn = try await backend.acting(as: "bob").socialService.isFollowingUser(userId: "ann").since
        #expect(mutual.items.first?.since == bobFollowedAnn, "mutual since the later of the two follows")

        #expect(try await ann.unfollowUser(userId: "bob") == UnfollowResult(success: true))
        #expect(try await ann.unfollowUser(userId: "bob") == UnfollowResult(success: false))
        #expect(try await ann.isFollowingUser(userId: "bob") == FollowingStatus(isFollowing: false, since: nil))
        let unfollowUnknown = await serviceError { try await ann.unfollowUser(userId: "ghost") }
        #expect(unfollowUnknown?.reason == ContactsServiceError.Reason.notFound)
        #expect(try await ann.getMutualFollows().total == 0)
    }

    // MARK: Find Your Friends

    @Test func uploadsMatchesByCursorAndDeletion() async throws {
        let server = try ContactsServerProcess()
        let backend = try server.backend()
        try await Self.register([Self.ann, Self.bob, Self.carl, Self.dan], on: backend)
        let app = try server.app(for: "ann")
        let finder = app.friendFinder

        let book = [
            Contact(id: "c1", givenName: "Bob", phoneNumbers: [LabeledValue(label: "mobile", value: "(415) 555-0102")]),
            Contact(id: "c2", displayName: "Carl", phoneNumbers: [LabeledValue(value: "+1 415 555 0103")]),
            Contact(id: "c3", givenName: "Zed", emailAddresses: [LabeledValue(value: "zed@example.com")]),
            Contact(id: "c4", organizationName: "Pizza", phoneNumbers: [LabeledValue(value: "415 555 0199")]),
            Contact(id: ""),
            Contact(id: "c0", displayName: "Carl again", phoneNumbers: [LabeledValue(value: "4155550103")]),
        ]
        let upload = try await finder.uploadContacts(book, region: "US")
        #expect(upload.totalContacts == 6)
        #expect(upload.numberOfUploadedContacts == 5)
        #expect(upload.rejected == [RejectedContact(index: 4, reason: "invalid_id")])

        // Bob and Dan hold Ann's number: Bob is mutual, Dan reverse; Carl is in Ann's book only.
        for user in ["bob", "dan"] {
            try await backend.acting(as: user).friendFinder.uploadContacts([
                Contact(id: "ann", phoneNumbers: [LabeledValue(value: "+1 415 555 0101")])
            ])
        }
        let expected = [
            ContactMatch(userId: "bob", displayName: "Bob Baker", relation: .mutual, contactId: "c1"),
            ContactMatch(userId: "carl", displayName: "Carl Clark", relation: .contact, contactId: "c0"),
            ContactMatch(userId: "dan", displayName: "Dan Dunn", relation: .reverse, contactId: nil),
        ]
        let all = try await finder.lookupContactMatches(cursor: nil)
        #expect(all == ContactMatchesPage(matches: expected, nextCursor: nil))
        let first = try await finder.lookupContactMatches(cursor: nil, limit: 2)
        #expect(first == ContactMatchesPage(matches: Array(expected[0..<2]), nextCursor: "carl"))
        let second = try await finder.lookupContactMatches(cursor: first.nextCursor, limit: 2)
        #expect(second == ContactMatchesPage(matches: [expected[2]], nextCursor: nil))
        #expect(try await finder.lookupAllContactMatches(limit: 1) == expected)
        #expect(try await finder.lookupContactMatches(cursor: "c").matches.map(\.userId) == ["carl", "dan"])

        // Following through a contact: the smallest-id contact wins nothing here; the user does.
        let social = app.socialService
        let follow = try await social.followContact(followedId: "c2", contactId: "c2")
        #expect(follow == FollowResult(success: true, alreadyFollowing: false, userId: "carl"))
        #expect(try await social.followContact(followedId: "c0").alreadyFollowing == true)
        let status = try await social.isFollowingContact(followedId: "c2")
        #expect(status.isFollowing && status.userId == "carl" && status.since != nil)
        #expect(try await social.unfollowContact(followedId: "c2") == UnfollowResult(success: true, userId: "carl"))
        let noUser = await serviceError { try await social.followContact(followedId: "c3") }
        #expect(noUser?.reason == ContactsServiceError.Reason.notFound)
        let noContact = await serviceError { try await social.isFollowingContact(followedId: "nope") }
        #expect(noContact?.reason == ContactsServiceError.Reason.notFound)

        // Replacing a contact by id; then deleting everything keeps only the reverse matches.
        let replaced = try await finder.uploadContacts([Contact(id: "c0", displayName: "No phone now")])
        #expect(replaced.numberOfUploadedContacts == 1)
        #expect(try await finder.lookupContactMatches().matches.first { $0.userId == "carl" }?.contactId == "c2")
        #expect(try await finder.deleteAllUploadedContacts() == 5)
        let left = try await finder.lookupAllContactMatches()
        #expect(
            left == [
                ContactMatch(userId: "bob", displayName: "Bob Baker", relation: .reverse, contactId: nil),
                ContactMatch(userId: "dan", displayName: "Dan Dunn", relation: .reverse, contactId: nil),
            ])
        #expect(try await finder.deleteAllUploadedContacts() == 0)
        #expect(try await app.fetchContacts(fieldType: .any).isEmpty)

        let tooMany = (0...FriendFinder.maximumContactsPerUpload).map { Contact(id: "bulk-\($0)") }
        let overLimit = await serviceError { try await finder.uploadContacts(tooMany) }
        #expect(overLimit?.reason == ContactsServiceError.Reason.invalidParams)
    }

    @Test func theUploadBudgetIsRateLimited() async throws {
        let server = try ContactsServerProcess(arguments: ["--daily-upload-budget", "2"])
        try await Self.register([Self.ann], on: try server.backend())
        let finder = try server.app(for: "ann").friendFinder
        let three = (1...3).map { Contact(id: "n\($0)", phoneNumbers: [LabeledValue(value: "+1 212 555 010\($0)")]) }
        let error = try #require(await serviceError { try await finder.uploadContacts(three) })
        #expect(error.reason == ContactsServiceError.Reason.rateLimited)
        #expect(error.code == -32029)
        let retryAfter = try #require(error.retryAfter)
        #expect(retryAfter > 0 && retryAfter <= 86_400)
        // Nothing was stored; two new numbers fit, and sending them again costs nothing.
        #expect(try await finder.deleteAllUploadedContacts() == 0)
        #expect(try await finder.uploadContacts(Array(three[0..<2])).numberOfUploadedContacts == 2)
        #expect(try await finder.uploadContacts(Array(three[0..<2])).numberOfUploadedContacts == 2)
        let third = await serviceError { try await finder.uploadContacts([three[2]]) }
        #expect(third?.reason == ContactsServiceError.Reason.rateLimited)
    }

    // MARK: Events and feed

    @Test func eventsAndTheFeed() async throws {
        let server = try ContactsServerProcess()
        let backend = try server.backend()
        try await Self.register([Self.ann, Self.bob, Self.carl], on: backend)
        let ann = try server.app(for: "ann").socialService
        let bob = backend.acting(as: "bob").socialService
        let carl = backend.acting(as: "carl").socialService

        let start = Date(timeIntervalSince1970: 1_893_456_000.123)
        let before = Self.now()
        #expect(
            try await bob.createEvent(
                eventId: "launch", title: "Launch", description: "Cake", location: "Roof", startTime: start) == "launch"
        )
        let after = Self.now(roundedUp: true)
        #expect(try await bob.createEvent(eventId: "launch", title: "Launch") == "launch", "idempotent")
        let taken = await serviceError { try await carl.createEvent(eventId: "launch", title: "Mine") }
        #expect(taken?.reason == ContactsServiceError.Reason.conflict)
        let generated = try await carl.createEvent(title: "Quiet")
        #expect(!generated.isEmpty && generated != "launch")
        try await ann.createEvent(eventId: "own", title: "Own event")
        let untitled = await serviceError { try await ann.createEvent(title: "") }
        #expect(untitled?.reason == ContactsServiceError.Reason.invalidParams)

        // Events made before the follow show too; my own never do.
        try await ann.followUser(userId: "bob")
        try await ann.followUser(userId: "carl")
        let feed = try await ann.getFeed(skip: 0, limit: 20)
        #expect(feed.total == 2)
        #expect(feed.items.map(\.eventId) == [generated, "launch"], "newest first")
        let launch = try #require(feed.items.last)
        #expect(launch.creatorId == "bob")
        #expect(launch.creatorName == "Bob Baker")
        #expect(launch.title == "Launch")
        #expect(launch.description == "Cake")
        #expect(launch.location == "Roof")
        #expect(launch.startTime == start)
        #expect(launch.createdAt >= before && launch.createdAt <= after)
        let quiet = try #require(feed.items.first)
        #expect(quiet.description == nil && quiet.location == nil && quiet.startTime == nil)
        #expect(quiet.creatorName == "Carl Clark")
        #expect(try await ann.getFeed(skip: 1, limit: 1).items.map(\.eventId) == ["launch"])

        // The creator's current name; deletions only of one's own.
        try await backend.registerUser(userId: "bob", phone: Self.bob.1, displayName: "Robert")
        #expect(try await ann.getFeed().items.last?.creatorName == "Robert")
        #expect(try await carl.deleteEvent(eventId: "launch") == false)
        #expect(try await bob.deleteEvent(eventId: "launch"))
        #expect(try await bob.deleteEvent(eventId: "launch") == false)
        #expect(try await ann.getFeed().items.map(\.eventId) == [generated])
        #expect(try await carl.createEvent(eventId: "launch", title: "Reused") == "launch", "free after deletion")
    }

    // MARK: Search

    @Test func searchFetchSuggestionsAndDirectory() async throws {
        let server = try ContactsServerProcess()
        let backend = try server.backend()
        try await Self.register([Self.ann, Self.bob, ("annabel", "+14155550105", "Anna Bell")], on: backend)
        let app = try server.app(for: "ann")

        // 2,345 people (more than two fetch pages), uploaded in a shuffled order, and José.
        var generator = SeededGenerator(seed: 7)
        let people = (0..<2_345).map { index in
            Contact(
                id: String(format: "p%04d", index), displayName: String(format: "Person %04d", index),
                phoneNumbers: index % 3 == 0
                    ? [LabeledValue(value: "+1 212 555 \(String(format: "%04d", 3_000 + index))")] : [],
                emailAddresses: index % 5 == 0 ? [LabeledValue(value: "p\(index)@example.com")] : [],
                notes: index % 7 == 0 ? "note \(index)" : nil)
        }.shuffled(using: &generator)
        let jose = Contact(
            id: "jose", givenName: "José", familyName: "Núñez", organizationName: "Acme",
            emailAddresses: [LabeledValue(label: "work", value: "jose.nunez@acme.es")])
        for chunk in stride(from: 0, to: people.count, by: 1_000) {
            try await app.friendFinder.uploadContacts(Array(people[chunk..<min(people.count, chunk + 1_000)]))
        }
        try await app.friendFinder.uploadContacts([jose])

        // fetchContacts: every page, by folded display name ("josé núñez" < "person …").
        let byName = people.sorted { $0.id < $1.id }
        let everyone = try await app.fetchContacts(fieldType: .any)
        #expect(everyone.map(\.id) == ["jose"] + byName.map(\.id))
        #expect(
            try await app.fetchContacts(fieldType: .phone).map(\.id)
                == byName.filter { !$0.phoneNumbers.isEmpty }.map(\.id))
        #expect(
            try await app.fetchContacts(fieldType: .email).map(\.id)
                == ["jose"] + byName.filter { !$0.emailAddresses.isEmpty }.map(\.id))
        #expect(try await app.fetchContacts(fieldType: .notes).map(\.id) == byName.filter { $0.notes != nil }.map(\.id))
        let page = try await app.fetchContacts(fieldType: .any, skip: 1, limit: 3)
        #expect(page.items.map(\.id) == ["p0000", "p0001", "p0002"])
        #expect(page.total == 2_346)
        let fetchedJose = try #require(everyone.first)
        #expect(fetchedJose.displayName == "José Núñez", "derived from given and family name")
        #expect(fetchedJose.ownerId == "ann")
        #expect(fetchedJose.givenName == "José" && fetchedJose.organizationName == "Acme")
        #expect(fetchedJose.emailAddresses == jose.emailAddresses)
        #expect(fetchedJose.phoneNumbers.isEmpty && fetchedJose.notes == nil)

        // searchContacts: folding, fields, phone terms, pages.
        #expect(try await app.searchContacts(query: "jose nu").items.map(\.id) == ["jose"])
        #expect(try await app.searchContacts(query: "NUNEZ", field: .name).items.map(\.id) == ["jose"])
        #expect(try await app.searchContacts(query: "acme.es", field: .email).items.map(\.id) == ["jose"])
        #expect(try await app.searchContacts(query: "acme.es", field: .notes).total == 0)
        #expect(try await app.searchContacts(query: "+1 212 555 3012", field: .phone).items.map(\.id) == ["p0012"])
        let people10 = try await app.searchContacts(query: "person", skip: 0, limit: 10)
        #expect(people10.total == 2_345)
        #expect(people10.items.map(\.id) == byName.prefix(10).map(\.id))
        let tooLong = await serviceError { try await app.searchContacts(query: String(repeating: "a", count: 257)) }
        #expect(tooLong?.reason == ContactsServiceError.Reason.invalidParams)

        // Suggestions: distinct recent queries, most recent first, trimmed and collapsed.
        _ = try await app.searchContacts(query: "  jose   nu ")
        #expect(
            try await app.getSearchSuggestions(prefix: "") == [
                "jose nu", "person", "+1 212 555 3012", "acme.es", "NUNEZ",
            ])
        #expect(try await app.getSearchSuggestions(prefix: "nú") == ["NUNEZ"])
        #expect(try await app.getSearchSuggestions(prefix: "j", limit: 1) == ["jose nu"])

        // The user directory: by registered name, never myself, with my follow state.
        try await app.socialService.followUser(userId: "annabel")
        let found = try await app.searchUsers(query: "ann")
        #expect(found.items == [UserSearchResult(userId: "annabel", displayName: "Anna Bell", isFollowing: true)])
        let fromBob = try await backend.acting(as: "bob").searchUsers(query: "ann", skip: 0, limit: 20)
        #expect(fromBob.items.map(\.userId) == ["ann", "annabel"])
        #expect(fromBob.items.allSatisfy { !$0.isFollowing })
        #expect(try await app.searchUsers(query: "4155550102").total == 0, "never by phone")
    }

    // MARK: Positions

    /// Every answer carries a position, writes move it forward, and the client sends the highest.
    @Test func positionsGrowWithWrites() async throws {
        let server = try ContactsServerProcess()
        let backend = try server.backend()
        try await Self.register([Self.ann, Self.bob], on: backend)
        let afterRegistering = backend.position
        #expect(afterRegistering > 0)
        try await backend.acting(as: "ann").socialService.followUser(userId: "bob")
        let afterFollowing = backend.position
        #expect(afterFollowing > afterRegistering)
        _ = try await backend.acting(as: "bob").socialService.getFollowers()
        #expect(backend.position == afterFollowing)
        #expect(try await backend.acting(as: "bob").socialService.getFollowers().items.map(\.userId) == ["ann"])
        let app = try server.app(for: "ann")
        _ = try await app.socialService.getFollowing()
        #expect(app.position >= afterFollowing, "a fresh instance learns the position from its first answer")
    }

    /// The client sends the highest position it has seen as `Contacts-Min-Position`: an engine
    /// that has not applied it (here a fresh server on the same address, which has applied
    /// nothing) waits 5 s and answers `unavailable` with its own position (PROTOCOL §8), which
    /// the error carries. (Not retried: the policy is `.never`.)
    @Test func theHighestPositionSeenIsSentAsTheMinimum() async throws {
        let first = try ContactsServerProcess()
        let token = try first.token(sub: "test-backend", service: true)
        let backend = ContactsService(
            baseURL: first.baseURL, tokenProvider: { token }, sessionConfiguration: .ephemeral, retryPolicy: .never)
        try await Self.register([Self.ann, Self.bob], on: backend)
        try await backend.acting(as: "ann").socialService.followUser(userId: "bob")
        let seen = backend.position
        #expect(seen >= 3)
        first.stop()

        let port = try #require(first.baseURL.port)
        let second = try ContactsServerProcess(port: port, secretFile: first.secretFile)
        #expect(second.baseURL == first.baseURL)
        let error = try #require(await serviceError { try await backend.acting(as: "ann").socialService.getFeed() })
        #expect(error.reason == ContactsServiceError.Reason.unavailable)
        #expect(error.code == -32013)
        #expect(error.position == 0)
        #expect(backend.position == seen, "a lower position does not replace the highest seen")
    }

    // MARK: The example

    /// The example program prints its walk through the SDK's samples, the same on a second run.
    @Test func theExampleRunsTheSamples() async throws {
        let server = try ContactsServerProcess()
        let example = try ExampleExecutable.locate()
        let environment = [
            "CONTACTS_BASE_URL": server.baseURL.absoluteString,
            "CONTACTS_USER_TOKEN": try server.token(sub: "example-ann"),
            "CONTACTS_SERVICE_TOKEN": try server.token(sub: "example-backend", service: true),
        ]
        for run in 1...2 {
            let output = try ExampleExecutable.run(example, environment: environment)
            #expect(output.status == 0, "run \(run): \(output.stderr)")
            #expect(output.lines == Self.exampleTranscript, "run \(run)")
        }
    }

    /// What the example prints, as PROTOCOL §5 and §6 decide it.
    static let exampleTranscript = """
        reset example-ann example-bob example-carl example-dan
        registered example-ann +14155550191
        registered example-bob +14155550192
        registered example-carl +14155550193
        registered example-dan +14155550194
        follow example-bob: followed
        follow example-bob: already following
        batch example-bob isFollowing=true since=set
        batch example-carl isFollowing=false since=nil
        upload totalContacts=4 numberOfUploadedContacts=4 rejected=0
        followers total=2
        follower example-bob Bob Baker localContact=c1 Bobby
        follower example-carl Carl Clark localContact=c2 Carl
        following total=1
        following example-bob Bob Baker
        mutuals total=1
        mutual example-bob Bob Baker
        matches page 1: example-bob mutual c1, example-carl contact c2 next=example-carl
        matches page 2: example-dan reverse - next=nil
        followContact c2: followed example-carl
        isFollowingContact c2: true
        unfollowContact c2: success=true
        event created example-launch
        feed total=1
        feed example-launch by Bob Baker: Launch party @ Roof
        search "bob" total=1: c1 Bobby
        fetchContacts any=4 phone=3 email=1 notes=1
        suggestions "b": bob
        searchUsers "carl" total=1: example-carl Carl Clark isFollowing=false
        deleteAllUploadedContacts deleted=4
        matches after delete: example-bob reverse -, example-dan reverse -
        position advanced: true
        done
        """.split(separator: "\n").map(String.init)
}

/// Counts calls from any task.
final class Counter: Sendable {
    private let count = Mutex<Int>(0)

    /// Counts one more and returns the count.
    func next() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
    /// The count so far.
    var value: Int { count.withLock { $0 } }
}
