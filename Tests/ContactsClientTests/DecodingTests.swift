import ContactsClient
import Foundation
import Testing

/// Every result shape of PROTOCOL §5 decodes into the SDK's types, with nulls, empty texts and
/// times in milliseconds.
@Suite struct DecodingTests {
    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1_000) }

    /// Calls `body` on a service whose one answer is `result`.
    static func answer<T>(
        _ result: String, _ body: (ContactsService) async throws -> T
    ) async throws -> T {
        try await body(makeService(Script([Respond.result(result)])))
    }

    @Test func followResults() async throws {
        let made = try await Self.answer(#"{"success":true,"alreadyFollowing":false}"#) {
            try await $0.socialService.followUser(userId: "u2")
        }
        #expect(made == FollowResult(success: true, alreadyFollowing: false))
        let already = try await Self.answer(#"{"success":false,"alreadyFollowing":true,"userId":"u2"}"#) {
            try await $0.socialService.followContact(followedId: "c1")
        }
        #expect(already == FollowResult(success: false, alreadyFollowing: true, userId: "u2"))
        let unfollowed = try await Self.answer(#"{"success":false}"#) {
            try await $0.socialService.unfollowUser(userId: "u2")
        }
        #expect(unfollowed == UnfollowResult(success: false))
        let contact = try await Self.answer(#"{"success":true,"userId":"u9"}"#) {
            try await $0.socialService.unfollowContact(followedId: "c1")
        }
        #expect(contact == UnfollowResult(success: true, userId: "u9"))
    }

    @Test func followingStatusesWithAndWithoutSince() async throws {
        let following = try await Self.answer(#"{"isFollowing":true,"since":1700000000123}"#) {
            try await $0.socialService.isFollowingUser(userId: "u2")
        }
        #expect(following == FollowingStatus(isFollowing: true, since: Self.date(1_700_000_000_123)))
        let not = try await Self.answer(#"{"isFollowing":false,"since":null}"#) {
            try await $0.socialService.isFollowingUser(userId: "u2")
        }
        #expect(not == FollowingStatus(isFollowing: false, since: nil))
        let contact = try await Self.answer(#"{"isFollowing":false,"since":null,"userId":"u3"}"#) {
            try await $0.socialService.isFollowingContact(followedId: "c1")
        }
        #expect(contact.userId == "u3")
    }

    @Test func batchStatusesByUser() async throws {
        let statuses = try await Self.answer(
            #"{"statuses":{"u2":{"isFollowing":true,"since":5},"u3":{"isFollowing":false,"since":null}}}"#
        ) { try await $0.socialService.checkBatchFollowingStatus(userIds: ["u2", "u3"]) }
        #expect(statuses.count == 2)
        #expect(statuses["u2"] == FollowingStatus(isFollowing: true, since: Self.date(5)))
        #expect(statuses["u3"] == FollowingStatus(isFollowing: false, since: nil))
        var printed: [String] = []
        for (userId, status) in statuses.sorted(by: { $0.key < $1.key }) {
            printed.append("\(userId) \(status.isFollowing) \(status.since as Any)")
        }
        #expect(printed.count == 2)
        let empty = try await Self.answer(#"{"statuses":{}}"#) {
            try await $0.socialService.checkBatchFollowingStatus(userIds: [])
        }
        #expect(empty.isEmpty)
    }

    static let relationships = #"""
        {"items":[
          {"userId":"u2","displayName":"Bob Baker","since":1700000000000,
           "localContact":{"contactId":"c1","displayName":"Bobby"}},
          {"userId":"u3","displayName":"","since":1690000000000,"localContact":null}],
         "total":7,"skip":2,"limit":2}
        """#

    /// The same items fill `follower`, `following` or both, by listing.
    @Test func relationshipPagesByListing() async throws {
        let followers = try await Self.answer(Self.relationships) {
            try await $0.socialService.getFollowers(skip: 2, limit: 2)
        }
        #expect(followers.total == 7)
        #expect(followers.skip == 2)
        #expect(followers.limit == 2)
        #expect(followers.items.count == 2)
        let first = followers.items[0]
        #expect(first.userId == "u2")
        #expect(first.follower == SocialUser(userId: "u2", fullName: "Bob Baker"))
        #expect(first.following == nil)
        #expect(first.follower?.fullName == "Bob Baker")
        #expect(first.localContact?.displayName == "Bobby")
        #expect(first.localContact == LocalContact(contactId: "c1", displayName: "Bobby"))
        #expect(first.since == Self.date(1_700_000_000_000))
        let second = followers.items[1]
        #expect(second.follower == SocialUser(userId: "u3", fullName: nil), "an empty registered name is none")
        #expect(second.localContact == nil)

        let following = try await Self.answer(Self.relationships) { try await $0.socialService.getFollowing() }
        #expect(following.items.map(\.follower) == [nil, nil])
        #expect(following.items.map { $0.following?.userId } == ["u2", "u3"])

        let mutual = try await Self.answer(Self.relationships) { try await $0.socialService.getMutualFollows() }
        #expect(mutual.items.allSatisfy { $0.follower != nil && $0.follower == $0.following })
    }

    @Test func feedEventsWithNulls() async throws {
        let feed = try await Self.answer(
            #"""
            {"items":[
              {"eventId":"e2","creatorId":"u2","creatorName":"Bob","title":"Launch","description":"Cake",
               "location":"Roof","startTime":1700000360000,"createdAt":1700000000000},
              {"eventId":"e1","creatorId":"u3","creatorName":"","title":"Quiet","description":null,
               "location":null,"startTime":null,"createdAt":1600000000000}],
             "total":2,"skip":0,"limit":20}
            """#
        ) { try await $0.socialService.getFeed(skip: 0, limit: 20) }
        #expect(feed.total == 2)
        #expect(
            feed.items[0]
                == FeedEvent(
                    eventId: "e2", creatorId: "u2", creatorName: "Bob", title: "Launch", description: "Cake",
                    location: "Roof", startTime: Self.date(1_700_000_360_000), createdAt: Self.date(1_700_000_000_000)))
        #expect(
            feed.items[1]
                == FeedEvent(
                    eventId: "e1", creatorId: "u3", creatorName: nil, title: "Quiet", description: nil, location: nil,
                    startTime: nil, createdAt: Self.date(1_600_000_000_000)))
        #expect(feed.items[1].id == "e1")
    }

    @Test func eventAndDeletionResults() async throws {
        let id = try await Self.answer(#"{"eventId":"gen-17"}"#) { try await $0.socialService.createEvent(title: "t") }
        #expect(id == "gen-17")
        let deleted = try await Self.answer(#"{"success":false}"#) {
            try await $0.socialService.deleteEvent(eventId: "e1")
        }
        #expect(!deleted)
        let count = try await Self.answer(#"{"deleted":12}"#) { try await $0.friendFinder.deleteAllUploadedContacts() }
        #expect(count == 12)
        let user = try await Self.answer(#"{"success":true}"#) { try await $0.deleteUser() }
        #expect(user)
        let registered = try await Self.answer(#"{"userId":"u1","e164":"+14155550101"}"#) {
            try await $0.registerUser(userId: "u1", phone: "4155550101", region: "US")
        }
        #expect(registered == RegisteredUser(userId: "u1", e164: "+14155550101"))
    }

    @Test func uploadResultsWithRejections() async throws {
        let result = try await Self.answer(
            #"""
            {"totalContacts":3,"numberOfUploadedContacts":1,
             "rejected":[{"index":0,"reason":"invalid_id"},{"index":2,"reason":"invalid_field"}]}
            """#
        ) { try await $0.friendFinder.uploadContacts([Contact(id: ""), Contact(id: "ok"), Contact(id: "x")]) }
        #expect(result.totalContacts == 3)
        #expect(result.numberOfUploadedContacts == 1)
        #expect(
            result.rejected == [
                RejectedContact(index: 0, reason: "invalid_id"), RejectedContact(index: 2, reason: "invalid_field"),
            ])
    }

    @Test func matchPagesWithEveryRelation() async throws {
        let page = try await Self.answer(
            #"""
            {"matches":[
              {"userId":"u2","displayName":"Bob","relation":"mutual","contactId":"c1"},
              {"userId":"u3","displayName":"Carol","relation":"contact","contactId":"c2"},
              {"userId":"u4","displayName":"","relation":"reverse","contactId":null}],
             "nextCursor":"u4"}
            """#
        ) { try await $0.friendFinder.lookupContactMatches(cursor: nil) }
        #expect(
            page.matches == [
                ContactMatch(userId: "u2", displayName: "Bob", relation: .mutual, contactId: "c1"),
                ContactMatch(userId: "u3", displayName: "Carol", relation: .contact, contactId: "c2"),
                ContactMatch(userId: "u4", displayName: nil, relation: .reverse, contactId: nil),
            ])
        #expect(page.nextCursor == "u4")
        let last = try await Self.answer(#"{"matches":[],"nextCursor":null}"#) {
            try await $0.friendFinder.lookupContactMatches(cursor: "u4")
        }
        #expect(last == ContactMatchesPage(matches: [], nextCursor: nil))
    }

    @Test func anUnknownRelationIsInvalidResponse() async throws {
        let script = Script([
            Respond.result(
                #"""
                {"matches":[{"userId":"u2","displayName":"","relation":"cousin","contactId":null}],
                 "nextCursor":null}
                """#
            )
        ])
        let error = await serviceError { try await makeService(script).friendFinder.lookupContactMatches(cursor: nil) }
        #expect(error?.reason == ContactsServiceError.Reason.invalidResponse)
    }

    /// A contact as results carry it: every key present, absent texts as "", absent lists [].
    @Test func contactPagesAsTheServerWritesThem() async throws {
        let page = try await Self.answer(
            #"""
            {"items":[
              {"id":"c1","ownerId":"u1","givenName":"José","familyName":"Núñez","displayName":"José Núñez",
               "organizationName":"Acme","jobTitle":"Engineer",
               "phoneNumbers":[{"label":"mobile","value":"+34 612 34 56 78"}],
               "emailAddresses":[{"label":"work","value":"jose.nunez@acme.es"}],
               "addresses":[{"label":"home","street":"Calle Mayor 1","city":"Madrid","state":"",
                             "postalCode":"28013","country":"ES"}],
               "socialProfiles":[{"label":"twitter","value":"@jnunez"}],"notes":"Met at the conference"},
              {"id":"c2","ownerId":"u1","givenName":"","familyName":"","displayName":"","organizationName":"",
               "jobTitle":"","phoneNumbers":[{"label":"","value":"555"}],"emailAddresses":[],"addresses":[],
               "socialProfiles":[],"notes":""}],
             "total":2,"skip":0,"limit":20}
            """#
        ) { try await $0.searchContacts(query: "", field: .any) }
        let jose = page.items[0]
        #expect(jose.id == "c1")
        #expect(jose.ownerId == "u1")
        #expect(jose.displayName == "José Núñez")
        #expect(jose.givenName == "José")
        #expect(jose.familyName == "Núñez")
        #expect(jose.organizationName == "Acme")
        #expect(jose.jobTitle == "Engineer")
        #expect(jose.notes == "Met at the conference")
        #expect(jose.phoneNumbers.map(\.label) == ["mobile"])
        #expect(jose.phoneNumbers.map(\.value) == ["+34 612 34 56 78"])
        #expect(jose.emailAddresses == [LabeledValue(label: "work", value: "jose.nunez@acme.es")])
        #expect(
            jose.addresses == [
                PostalAddress(
                    label: "home", street: "Calle Mayor 1", city: "Madrid", postalCode: "28013", country: "ES")
            ])
        #expect(jose.socialProfiles == [LabeledValue(label: "twitter", value: "@jnunez")])
        #expect(page.items[1] == Contact(id: "c2", ownerId: "u1", phoneNumbers: [LabeledValue(value: "555")]))
    }

    @Test func usersAndSuggestions() async throws {
        let users = try await Self.answer(
            #"""
            {"items":[{"userId":"u2","displayName":"Ann","isFollowing":true},
                      {"userId":"u3","displayName":"Anna","isFollowing":false}],"total":9,"skip":0,"limit":2}
            """#
        ) { try await $0.searchUsers(query: "an", limit: 2) }
        #expect(
            users.items == [
                UserSearchResult(userId: "u2", displayName: "Ann", isFollowing: true),
                UserSearchResult(userId: "u3", displayName: "Anna", isFollowing: false),
            ])
        #expect(users.total == 9)
        let suggestions = try await Self.answer(#"{"suggestions":["jose","jo nu"]}"#) {
            try await $0.getSearchSuggestions(prefix: "jo")
        }
        #expect(suggestions == ["jose", "jo nu"])
    }

    /// PROTOCOL §6: "every member of a documented result is present"; a missing one is an error
    /// naming it, not a silent default.
    @Test(arguments: [
        #"{"isFollowing":true}"#,  // since may be absent: read as null
        #"{"since":5}"#,
    ])
    func requiredMembersAreRequired(result: String) async throws {
        let script = Script([Respond.result(result)])
        let service = makeService(script)
        let error = await serviceError { try await service.socialService.isFollowingUser(userId: "u2") }
        if result.contains("isFollowing") {
            #expect(error == nil)
        } else {
            #expect(error?.reason == ContactsServiceError.Reason.invalidResponse)
            #expect(error?.message.contains("isFollowing is missing") == true)
        }
    }

    /// Milliseconds come back exactly when a decoded date is sent again.
    @Test(arguments: PositionTrackingTests.seeds)
    func millisecondsRoundTrip(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        // Edge values, then random ones from year 1 to year 9999.
        let values: [Int64] =
            [0, 1, -1, 999, 1_000, 1_700_000_000_001]
            + (0..<30).map { _ in Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator) }
        let script = Script(
            values.flatMap { value in
                [Respond.result(#"{"isFollowing":true,"since":\#(value)}"#), Respond.result(#"{"eventId":"e"}"#)]
            })
        let service = makeService(script)
        for _ in values {
            let since = try #require(try await service.socialService.isFollowingUser(userId: "u").since)
            try await service.socialService.createEvent(eventId: "e", title: "t", startTime: since)
        }
        let sent = script.requests.filter { $0.rpcMethod == "createEvent" }.map { $0.params["startTime"] }
        #expect(sent == values.map { JSON.int($0) }, "seed \(seed)")
    }
}
