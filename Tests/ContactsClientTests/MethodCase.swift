import ContactsClient
import Foundation
import Testing

/// One client method as a test drives it: the call, the request it must send (PROTOCOL §5's
/// method and params, without `as`), a valid result to answer with, and whether the client may
/// retry it.
struct MethodCase: Sendable, CustomTestStringConvertible {
    /// A short name for test output.
    let name: String
    /// The call, made on a service or an acting view.
    let call: @Sendable (ContactsService) async throws -> Void
    /// The JSON-RPC method.
    let method: String
    /// The params the call sends from a service without an acting user.
    let params: String
    /// The params an acting view (acting as ``actingUser``) sends; nil: `params` plus `as`.
    let actingParams: String?
    /// A result to answer with.
    let result: String
    /// Whether the client retries the call after an ambiguous failure.
    let retried: Bool

    var testDescription: String { name }

    /// The user acting views act as.
    static let actingUser = "acting-1"

    /// The expected params of an acting view.
    var expectedActingParams: [String: JSON] {
        if let actingParams { return JSON.parse(actingParams)?.members ?? [:] }
        var members = JSON.parse(params)?.members ?? [:]
        members["as"] = .string(Self.actingUser)
        return members
    }

    private static let page = #"{"items":[],"total":0,"skip":0,"limit":20}"#
    private static let followed = #"{"success":true,"alreadyFollowing":false}"#

    /// Every public method, in several argument shapes.
    static let all: [MethodCase] = [
        MethodCase(
            name: "followUser", call: { _ = try await $0.socialService.followUser(userId: "u2") },
            method: "followUser", params: #"{"userId":"u2"}"#, actingParams: nil, result: followed, retried: true),
        MethodCase(
            name: "unfollowUser", call: { _ = try await $0.socialService.unfollowUser(userId: "u2") },
            method: "unfollowUser", params: #"{"userId":"u2"}"#, actingParams: nil, result: #"{"success":true}"#,
            retried: true),
        MethodCase(
            name: "isFollowingUser", call: { _ = try await $0.socialService.isFollowingUser(userId: "u2") },
            method: "isFollowingUser", params: #"{"userId":"u2"}"#, actingParams: nil,
            result: #"{"isFollowing":false,"since":null}"#, retried: true),
        MethodCase(
            name: "checkBatchFollowingStatus",
            call: { _ = try await $0.socialService.checkBatchFollowingStatus(userIds: ["u2", "u3", "u2"]) },
            method: "checkBatchFollowingStatus", params: #"{"userIds":["u2","u3","u2"]}"#, actingParams: nil,
            result: #"{"statuses":{}}"#, retried: true),
        MethodCase(
            name: "getFollowers(skip:limit:)",
            call: { _ = try await $0.socialService.getFollowers(skip: 0, limit: 20) },
            method: "getFollowers", params: #"{"skip":0,"limit":20}"#, actingParams: nil, result: page, retried: true),
        MethodCase(
            name: "getFollowers()", call: { _ = try await $0.socialService.getFollowers() },
            method: "getFollowers", params: "{}", actingParams: nil, result: page, retried: true),
        MethodCase(
            name: "getFollowing", call: { _ = try await $0.socialService.getFollowing(skip: 5, limit: 1) },
            method: "getFollowing", params: #"{"skip":5,"limit":1}"#, actingParams: nil, result: page, retried: true),
        MethodCase(
            name: "getMutualFollows", call: { _ = try await $0.socialService.getMutualFollows(skip: 0, limit: 20) },
            method: "getMutualFollows", params: #"{"skip":0,"limit":20}"#, actingParams: nil, result: page,
            retried: true),
        MethodCase(
            name: "getFeed", call: { _ = try await $0.socialService.getFeed(skip: 0, limit: 20) },
            method: "getFeed", params: #"{"skip":0,"limit":20}"#, actingParams: nil, result: page, retried: true),
        MethodCase(
            name: "isFollowingContact", call: { _ = try await $0.socialService.isFollowingContact(followedId: "c1") },
            method: "isFollowingContact", params: #"{"contactId":"c1"}"#, actingParams: nil,
            result: #"{"isFollowing":true,"since":5,"userId":"u2"}"#, retried: true),
        MethodCase(
            name: "followContact",
            call: { _ = try await $0.socialService.followContact(followedId: "c1", contactId: "c1") },
            method: "followContact", params: #"{"contactId":"c1"}"#, actingParams: nil,
            result: #"{"success":true,"alreadyFollowing":false,"userId":"u2"}"#, retried: true),
        MethodCase(
            name: "unfollowContact", call: { _ = try await $0.socialService.unfollowContact(followedId: "c1") },
            method: "unfollowContact", params: #"{"contactId":"c1"}"#, actingParams: nil,
            result: #"{"success":true,"userId":"u2"}"#, retried: true),
        MethodCase(
            name: "createEvent(eventId:…)",
            call: {
                try await $0.socialService.createEvent(
                    eventId: "e1", title: "Launch", description: "Cake", location: "Roof",
                    startTime: Date(timeIntervalSince1970: 1_700_000_000.123))
            },
            method: "createEvent",
            params:
                #"{"eventId":"e1","title":"Launch","description":"Cake","location":"Roof","startTime":1700000000123}"#,
            actingParams: nil, result: #"{"eventId":"e1"}"#, retried: true),
        MethodCase(
            name: "createEvent(title:)", call: { try await $0.socialService.createEvent(title: "Launch") },
            method: "createEvent", params: #"{"title":"Launch"}"#, actingParams: nil,
            result: #"{"eventId":"generated-1"}"#, retried: false),
        MethodCase(
            name: "deleteEvent", call: { try await $0.socialService.deleteEvent(eventId: "e1") },
            method: "deleteEvent", params: #"{"eventId":"e1"}"#, actingParams: nil, result: #"{"success":true}"#,
            retried: false),
        MethodCase(
            name: "uploadContacts(_:region:)",
            call: {
                try await $0.friendFinder.uploadContacts(
                    [
                        Contact(
                            id: "c1", givenName: "Ann",
                            phoneNumbers: [LabeledValue(label: "mobile", value: "415 555 0101")]),
                        Contact(id: "c2", emailAddresses: [LabeledValue(value: "b@example.com")]),
                    ], region: "US")
            },
            method: "uploadContacts",
            params: #"""
                {"contacts":[{"id":"c1","givenName":"Ann","phoneNumbers":[{"label":"mobile","value":"415 555 0101"}]},
                 {"id":"c2","emailAddresses":[{"value":"b@example.com"}]}],"region":"US"}
                """#,
            actingParams: nil, result: #"{"totalContacts":2,"numberOfUploadedContacts":2,"rejected":[]}"#,
            retried: true),
        MethodCase(
            name: "uploadContacts(_:)", call: { try await $0.friendFinder.uploadContacts([Contact(id: "c3")]) },
            method: "uploadContacts", params: #"{"contacts":[{"id":"c3"}]}"#, actingParams: nil,
            result: #"{"totalContacts":1,"numberOfUploadedContacts":1,"rejected":[]}"#, retried: true),
        MethodCase(
            name: "lookupContactMatches(cursor: nil)",
            call: { _ = try await $0.friendFinder.lookupContactMatches(cursor: nil) },
            method: "lookupContactMatches", params: "{}", actingParams: nil,
            result: #"{"matches":[],"nextCursor":null}"#, retried: true),
        MethodCase(
            name: "lookupContactMatches(cursor:limit:)",
            call: { _ = try await $0.friendFinder.lookupContactMatches(cursor: "u5", limit: 50) },
            method: "lookupContactMatches", params: #"{"cursor":"u5","limit":50}"#, actingParams: nil,
            result: #"{"matches":[],"nextCursor":null}"#, retried: true),
        MethodCase(
            name: "deleteAllUploadedContacts", call: { try await $0.friendFinder.deleteAllUploadedContacts() },
            method: "deleteAllUploadedContacts", params: "{}", actingParams: nil, result: #"{"deleted":3}"#,
            retried: false),
        MethodCase(
            name: "searchContacts(query:field:skip:limit:)",
            call: { _ = try await $0.searchContacts(query: "jo nu", field: .name, skip: 0, limit: 10) },
            method: "searchContacts", params: #"{"query":"jo nu","field":"name","skip":0,"limit":10}"#,
            actingParams: nil, result: page, retried: true),
        MethodCase(
            name: "searchContacts(query:)", call: { _ = try await $0.searchContacts(query: "jo") },
            method: "searchContacts", params: #"{"query":"jo"}"#, actingParams: nil, result: page, retried: true),
        MethodCase(
            name: "fetchContacts(fieldType:skip:limit:)",
            call: { _ = try await $0.fetchContacts(fieldType: .phone, skip: 0, limit: 5) },
            method: "fetchContacts", params: #"{"fieldType":"phone","skip":0,"limit":5}"#, actingParams: nil,
            result: page, retried: true),
        MethodCase(
            name: "fetchContacts(fieldType:)", call: { _ = try await $0.fetchContacts(fieldType: .notes) },
            method: "fetchContacts", params: #"{"fieldType":"notes","skip":0,"limit":1000}"#, actingParams: nil,
            result: #"{"items":[],"total":0,"skip":0,"limit":1000}"#, retried: true),
        MethodCase(
            name: "getSearchSuggestions",
            call: { _ = try await $0.getSearchSuggestions(prefix: "jo", limit: 5) },
            method: "getSearchSuggestions", params: #"{"prefix":"jo","limit":5}"#, actingParams: nil,
            result: #"{"suggestions":["jo nu"]}"#, retried: true),
        MethodCase(
            name: "searchUsers", call: { _ = try await $0.searchUsers(query: "an", skip: 0, limit: 20) },
            method: "searchUsers", params: #"{"query":"an","skip":0,"limit":20}"#, actingParams: nil,
            result: page, retried: true),
        MethodCase(
            name: "registerUser(userId:…)",
            call: {
                try await $0.registerUser(userId: "u1", phone: "415 555 0101", region: "US", displayName: "Ann")
            },
            method: "registerUser",
            params: #"{"userId":"u1","phone":"415 555 0101","region":"US","displayName":"Ann"}"#,
            actingParams: #"{"userId":"u1","phone":"415 555 0101","region":"US","displayName":"Ann"}"#,
            result: #"{"userId":"u1","e164":"+14155550101"}"#, retried: false),
        MethodCase(
            name: "registerUser(phone:)", call: { try await $0.registerUser(phone: "+14155550101") },
            method: "registerUser", params: #"{"phone":"+14155550101"}"#,
            actingParams: #"{"userId":"acting-1","phone":"+14155550101"}"#,
            result: #"{"userId":"acting-1","e164":"+14155550101"}"#, retried: false),
        MethodCase(
            name: "deleteUser", call: { try await $0.deleteUser() },
            method: "deleteUser", params: "{}", actingParams: nil, result: #"{"success":true}"#, retried: false),
    ]
}
