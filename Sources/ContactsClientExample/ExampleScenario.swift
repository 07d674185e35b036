import ContactsClient
import Foundation

/// The SDK's samples, in the order an app would use them, against one server. The signed-in
/// user goes through `ContactsService.shared` with their own token; the app's backend (a
/// service-scope token) registers the users and plays the other people.
struct ExampleScenario {
    let options: ExampleOptions
    /// The app's backend: a plain instance with the service-scope token.
    let backend: ContactsService

    /// A scenario for `options`; configures ``ContactsService/shared`` with the user's token.
    init(options: ExampleOptions) {
        self.options = options
        let serviceToken = options.serviceToken
        backend = ContactsService(baseURL: options.baseURL, tokenProvider: { serviceToken })
        let userToken = options.userToken
        ContactsService.shared.configure(baseURL: options.baseURL, tokenProvider: { userToken })
    }

    /// One output line on stdout, written at once (unbuffered) so that a reader sees progress.
    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The other people of the example.
    var bob: String { "example-bob" }
    var carl: String { "example-carl" }
    var dan: String { "example-dan" }

    /// Runs every step, printing one line each.
    func run() async throws(ContactsServiceError) {
        let me = options.user

        // The backend starts from nothing and registers everyone.
        for user in [me, bob, carl, dan] {
            do {
                try await backend.acting(as: user).deleteUser()
            } catch let error where error.reason == ContactsServiceError.Reason.notFound {
                // Not there yet: a first run.
            }
        }
        say("reset \([me, bob, carl, dan].joined(separator: " "))")
        let people = [
            (me, "+1 415 555 0191", "Ann Archer"), (bob, "+1 415 555 0192", "Bob Baker"),
            (carl, "+1 415 555 0193", "Carl Clark"), (dan, "+1 415 555 0194", "Dan Dunn"),
        ]
        for (user, phone, name) in people {
            let registered = try await backend.registerUser(userId: user, phone: phone, displayName: name)
            say("registered \(registered.userId) \(registered.e164)")
        }

        try await follows()
        try await findYourFriends()
        try await contactFollows()
        try await feed()
        try await search()

        let deleted = try await ContactsService.shared.friendFinder.deleteAllUploadedContacts()
        say("deleteAllUploadedContacts deleted=\(deleted)")
        let after = try await ContactsService.shared.friendFinder.lookupAllContactMatches()
        say("matches after delete: " + after.map(Self.describe).joined(separator: ", "))
        say("position advanced: \(ContactsService.shared.position > 0 && backend.position > 0)")
        say("done")
    }

    /// Follows and follow status, followers, following and mutual follows.
    func follows() async throws(ContactsServiceError) {
        for _ in 0..<2 {
            let result = try await ContactsService.shared.socialService.followUser(userId: bob)
            if let success = result.success, success {
                say("follow \(bob): followed")
            } else if let alreadyFollowing = result.alreadyFollowing, alreadyFollowing {
                say("follow \(bob): already following")
            }
        }

        let statuses = try await ContactsService.shared.socialService.checkBatchFollowingStatus(userIds: [bob, carl])
        for (userId, status) in statuses.sorted(by: { $0.key < $1.key }) {
            say("batch \(userId) isFollowing=\(status.isFollowing) since=\(status.since == nil ? "nil" : "set")")
        }

        // Carl, then Bob, follow me; my address book names them (its upload is the next step).
        try await backend.acting(as: carl).socialService.followUser(userId: options.user)
        try await backend.acting(as: bob).socialService.followUser(userId: options.user)
        let book = [
            Contact(
                id: "c1", givenName: "Bobby", phoneNumbers: [LabeledValue(label: "mobile", value: "(415) 555-0192")]),
            Contact(id: "c2", displayName: "Carl", phoneNumbers: [LabeledValue(label: "work", value: "+14155550193")]),
            Contact(
                id: "c3", givenName: "Dana", emailAddresses: [LabeledValue(label: "home", value: "dana@example.com")],
                notes: "met at the meetup"),
            Contact(id: "c4", organizationName: "Pizza Place", phoneNumbers: [LabeledValue(value: "415 555 0199")]),
        ]
        let upload = try await ContactsService.shared.friendFinder.uploadContacts(book, region: "US")
        say(
            "upload totalContacts=\(upload.totalContacts) numberOfUploadedContacts=\(upload.numberOfUploadedContacts)"
                + " rejected=\(upload.rejected.count)")

        // Pages of one, to show the totals and the order (newest follow first).
        var skip = 0
        while true {
            let followers = try await ContactsService.shared.socialService.getFollowers(skip: skip, limit: 1)
            if skip == 0 { say("followers total=\(followers.total)") }
            for relationship in followers.items {
                let name = relationship.follower?.fullName ?? "-"
                let local = relationship.localContact.map { "\($0.contactId) \($0.displayName ?? "-")" } ?? "-"
                say("follower \(relationship.userId) \(name) localContact=\(local)")
            }
            skip += followers.items.count
            if followers.items.isEmpty || skip >= followers.total { break }
        }
        let following = try await ContactsService.shared.socialService.getFollowing(skip: 0, limit: 20)
        say("following total=\(following.total)")
        for relationship in following.items {
            say("following \(relationship.userId) \(relationship.following?.fullName ?? "-")")
        }
        let mutuals = try await ContactsService.shared.socialService.getMutualFollows(skip: 0, limit: 20)
        say("mutuals total=\(mutuals.total)")
        for relationship in mutuals.items {
            say("mutual \(relationship.userId) \(relationship.follower?.fullName ?? "-")")
        }
    }

    /// Find Your Friends: matches page by page, by cursor.
    func findYourFriends() async throws(ContactsServiceError) {
        // Bob and Dan have my number in their books: Bob is mutual, Dan a reverse match.
        for user in [bob, dan] {
            try await backend.acting(as: user).friendFinder.uploadContacts([
                Contact(id: "ann", displayName: "Ann", phoneNumbers: [LabeledValue(value: "+1 415 555 0191")])
            ])
        }
        var cursor: String?
        var page = 1
        repeat {
            let matches = try await ContactsService.shared.friendFinder.lookupContactMatches(cursor: cursor, limit: 2)
            say(
                "matches page \(page): " + matches.matches.map(Self.describe).joined(separator: ", ")
                    + " next=\(matches.nextCursor ?? "nil")")
            cursor = matches.nextCursor
            page += 1
        } while cursor != nil
    }

    /// Following through one's own contact.
    func contactFollows() async throws(ContactsServiceError) {
        let contacts = try await ContactsService.shared.fetchContacts(fieldType: .phone)
        guard let contact = contacts.first(where: { $0.id == "c2" }) else {
            throw ContactsServiceError(
                reason: ContactsServiceError.Reason.invalidResponse,
                message: "contact c2 is missing from fetchContacts(.phone)")
        }
        let r = try await ContactsService.shared.socialService.followContact(
            followedId: contact.id, contactId: contact.id)
        say("followContact \(contact.id): \(r.success == true ? "followed" : "not followed") \(r.userId ?? "-")")
        let status = try await ContactsService.shared.socialService.isFollowingContact(followedId: contact.id)
        say("isFollowingContact \(contact.id): \(status.isFollowing)")
        let u = try await ContactsService.shared.socialService.unfollowContact(followedId: contact.id)
        say("unfollowContact \(contact.id): success=\(u.success == true)")
    }

    /// Bob posts an event; it shows in my feed.
    func feed() async throws(ContactsServiceError) {
        let eventId = try await backend.acting(as: bob).socialService.createEvent(
            eventId: "example-launch", title: "Launch party", location: "Roof",
            startTime: Date(timeIntervalSince1970: 1_893_456_000))
        say("event created \(eventId)")
        let feed = try await ContactsService.shared.socialService.getFeed(skip: 0, limit: 20)
        say("feed total=\(feed.total)")
        for event in feed.items {
            say("feed \(event.eventId) by \(event.creatorName ?? "-"): \(event.title) @ \(event.location ?? "-")")
        }
    }

    /// Contact search, fetching by kind, suggestions, and the user directory.
    func search() async throws(ContactsServiceError) {
        let found = try await ContactsService.shared.searchContacts(query: "bob")
        say(
            "search \"bob\" total=\(found.total): "
                + found.items.map { "\($0.id) \($0.displayName ?? "-")" }.joined(separator: ", "))
        var counts: [String] = []
        for fieldType in [ContactFieldType.any, .phone, .email, .notes] {
            let contacts = try await ContactsService.shared.fetchContacts(fieldType: fieldType)
            counts.append("\(fieldType.rawValue)=\(contacts.count)")
        }
        say("fetchContacts " + counts.joined(separator: " "))
        let suggestions = try await ContactsService.shared.getSearchSuggestions(prefix: "b")
        say("suggestions \"b\": " + suggestions.joined(separator: ", "))
        let users = try await ContactsService.shared.searchUsers(query: "carl")
        say(
            "searchUsers \"carl\" total=\(users.total): "
                + users.items.map { "\($0.userId) \($0.displayName ?? "-") isFollowing=\($0.isFollowing)" }
                .joined(separator: ", "))
    }

    /// `user relation contact` for a match line.
    static func describe(_ match: ContactMatch) -> String {
        "\(match.userId) \(match.relation.rawValue) \(match.contactId ?? "-")"
    }
}
