import ContactsClient
import Foundation
import Testing

/// `ContactsService.shared` against real `contacts serve --listen` servers: unusable until
/// configured, then the SDK's documented samples (issue 23, nearly verbatim) run on it, and
/// configuring it again moves it, its token provider and its position to another server. The
/// only test of this process that touches `shared`, so that it sees it unconfigured first.
@Suite(.timeLimit(.minutes(3)))
struct SharedInstanceTests {
    @Test func theSDKSamplesRunOnSharedAgainstARealServer() async throws {
        let before = await serviceError { try await ContactsService.shared.socialService.getFeed(skip: 0, limit: 20) }
        #expect(before?.reason == ContactsServiceError.Reason.notConfigured)

        let server = try ContactsServerProcess()
        let backend = try server.backend()
        for (id, phone, name) in Self.people {
            try await backend.registerUser(userId: id, phone: phone, displayName: name)
        }
        // Una (user-1) and Uma (user-id) follow me; Uma posts an event; Tom (user-2) has my number.
        try await backend.acting(as: "user-1").socialService.followUser(userId: "me")
        try await backend.acting(as: "user-id").socialService.followUser(userId: "me")
        try await backend.acting(as: "user-id").socialService.createEvent(eventId: "launch", title: "Launch")
        try await backend.acting(as: "user-2").friendFinder.uploadContacts([
            Contact(id: "mia", phoneNumbers: [LabeledValue(value: "+14155550101")])
        ])

        // The SDK's one-line configuration, with the signed-in user's token.
        let token = try server.token(sub: "me")
        ContactsService.shared.configure(baseURL: server.baseURL, tokenProvider: { token })
        let transcript = try await Self.runTheSamples()
        #expect(transcript == Self.expectedTranscript)

        // Moving `shared`: a policy set with a session configuration stays through the short
        // form, and the position seen on the first server is forgotten. The second server's
        // position is far lower: had the client sent the old one as Contacts-Min-Position, the
        // server would have waited 5 s and answered `unavailable` (not retried: `.never`).
        ContactsService.shared.configure(
            baseURL: server.baseURL, tokenProvider: { token }, sessionConfiguration: .default, retryPolicy: .never)
        let firstPosition = ContactsService.shared.position
        let second = try ContactsServerProcess()
        let secondBackend = try second.backend()
        try await secondBackend.registerUser(userId: "me", phone: "+14155550101")
        #expect(secondBackend.position > 0 && secondBackend.position < firstPosition)
        let secondToken = try second.token(sub: "me")
        ContactsService.shared.configure(baseURL: second.baseURL, tokenProvider: { secondToken })
        #expect(ContactsService.shared.retryPolicy == .never, "configure(baseURL:tokenProvider:) keeps the policy")
        #expect(ContactsService.shared.position == 0, "another server: the old position means nothing there")
        #expect(try await ContactsService.shared.socialService.getFeed(skip: 0, limit: 20).total == 0)
        #expect(ContactsService.shared.position > 0)
    }

    /// The users: id, phone, registered name.
    static let people = [
        ("me", "+14155550101", "Mia Moss"), ("user-id", "+14155550102", "Uma Idle"),
        ("user-1", "+14155550103", "Una One"), ("user-2", "+14155550104", "Tom Two"),
    ]

    /// The SDK's samples on `shared`, in an app's order, each recording what it shows.
    static func runTheSamples() async throws -> [String] {
        var shown: [String] = []
        func show(_ items: Any...) { shown.append(items.map { "\($0)" }.joined(separator: " ")) }

        // Find Your Friends: upload the address book, page the matches by cursor.
        let book = [
            Contact(
                id: "c-1", givenName: "Una", phoneNumbers: [LabeledValue(label: "mobile", value: "(415) 555-0103")]),
            Contact(id: "c-2", displayName: "Tommy", phoneNumbers: [LabeledValue(value: "+1 415 555 0104")]),
            Contact(id: "c-3", displayName: "Zoe", notes: "met at the meetup"),
        ]
        let upload = try await ContactsService.shared.friendFinder.uploadContacts(book, region: "US")
        show("upload", upload.totalContacts, upload.numberOfUploadedContacts)
        var cursor: String?
        repeat {
            let page = try await ContactsService.shared.friendFinder.lookupContactMatches(cursor: cursor, limit: 1)
            for match in page.matches { show("match", match.userId, match.relation.rawValue, match.contactId ?? "-") }
            cursor = page.nextCursor
        } while cursor != nil

        let result = try await ContactsService.shared.socialService.followUser(userId: "user-id")
        if let success = result.success, success {
            show("followed")
        } else if let alreadyFollowing = result.alreadyFollowing, alreadyFollowing {
            show("already following")
        }
        let statuses = try await ContactsService.shared.socialService.checkBatchFollowingStatus(userIds: [
            "user-1", "user-2",
        ])
        var statusLines: [String] = []
        for (userId, status) in statuses {
            statusLines.append("\(userId) \(status.isFollowing) \(status.since as Any)")
        }
        shown += statusLines.sorted()
        let followers = try await ContactsService.shared.socialService.getFollowers(skip: 0, limit: 20)
        show("followers", followers.total)
        for relationship in followers.items {
            show(relationship.follower?.fullName ?? "-", relationship.localContact?.displayName ?? "-")
        }
        let following = try await ContactsService.shared.socialService.getFollowing(skip: 0, limit: 20)
        show("following", following.total, following.items.map { $0.following?.fullName ?? "-" })
        let mutuals = try await ContactsService.shared.socialService.getMutualFollows(skip: 0, limit: 20)
        show("mutuals", mutuals.total, mutuals.items.map(\.userId))
        let feed = try await ContactsService.shared.socialService.getFeed(skip: 0, limit: 20)
        show("feed", feed.total, feed.items.map { "\($0.title) by \($0.creatorName ?? "-")" })

        let contacts = try await ContactsService.shared.fetchContacts(fieldType: .any)  // .phone .email .notes
        show("contacts", contacts.map(\.id))
        let contact = try #require(contacts.first { $0.displayName == "Tommy" })
        let status = try await ContactsService.shared.socialService.isFollowingContact(followedId: contact.id)
        let r = try await ContactsService.shared.socialService.followContact(
            followedId: contact.id, contactId: contact.id)
        let u = try await ContactsService.shared.socialService.unfollowContact(followedId: contact.id)
        show("contact follow", status.isFollowing, r.success == true, r.userId ?? "-", u.success == true)

        // Search: contacts by text and field, suggestions from recent searches, the directory.
        let found = try await ContactsService.shared.searchContacts(query: "una", field: .name, skip: 0, limit: 20)
        show("search", found.total, found.items.map(\.id))
        show("suggestions", try await ContactsService.shared.getSearchSuggestions(prefix: "u", limit: 20))
        let users = try await ContactsService.shared.searchUsers(query: "tom", skip: 0, limit: 20)
        show("users", users.items.map { "\($0.userId) \($0.isFollowing)" })

        // Deleting the uploads: my own matches go, the reverse one stays.
        show("deleted", try await ContactsService.shared.friendFinder.deleteAllUploadedContacts())
        let left = try await ContactsService.shared.friendFinder.lookupContactMatches(cursor: nil)
        show("left", left.matches.map { "\($0.userId) \($0.relation.rawValue)" }, left.nextCursor ?? "nil")
        return shown
    }

    /// What the samples show, as PROTOCOL §5 and §6 decide it.
    static let expectedTranscript = [
        "upload 3 3",
        "match user-1 contact c-1",
        "match user-2 mutual c-2",
        "followed",
        "user-1 false nil",
        "user-2 false nil",
        "followers 2",
        "Uma Idle -",
        "Una One Una",
        "following 1 [\"Uma Idle\"]",
        "mutuals 1 [\"user-id\"]",
        "feed 1 [\"Launch by Uma Idle\"]",
        "contacts [\"c-2\", \"c-1\", \"c-3\"]",
        "contact follow false true user-2 true",
        "search 1 [\"c-1\"]",
        "suggestions [\"una\"]",
        "users [\"user-2 false\"]",
        "deleted 3",
        "left [\"user-2 reverse\"] nil",
    ]
}
