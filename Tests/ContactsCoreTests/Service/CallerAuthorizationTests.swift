import ContactsCore
import ContactsJSON
import ContactsService
import Testing

/// PROTOCOL §7 "Who is calling", at the service: a user token acts only as its subject, a
/// service token and the trusted transport name the acting user in `params.as`.
struct CallerAuthorizationTests {
    private static func server() throws -> JSONRPCServer {
        let engine = try ContactsEngine()
        let server = JSONRPCServer(methods: ContactsMethods.table(for: engine), clock: { 1_000 })
        for (user, phone) in [("ann", "+14155552671"), ("bob", "+14155552672")] {
            _ = server.respond(
                to: request("registerUser", ["userId": .string(user), "phone": .string(phone)]), caller: .trusted)
        }
        return server
    }

    private static func request(_ method: String, _ params: JSONObject, id: JSONValue? = .integer(1)) -> JSONValue {
        var envelope: JSONObject = ["jsonrpc": .string("2.0"), "method": .string(method), "params": .object(params)]
        if let id { envelope["id"] = id }
        return .object(envelope)
    }

    /// The response to `request` as a tree.
    private static func respond(_ server: JSONRPCServer, to request: JSONValue, caller: RPCCaller = .trusted)
        -> JSONValue?
    {
        server.respond(to: request, caller: caller)?.jsonValue
    }

    private static func reason(_ response: JSONValue?) -> String? {
        response?.objectValue?["error"]?.objectValue?["data"]?.objectValue?["reason"]?.stringValue
    }

    private static func isFollowing(_ server: JSONRPCServer, _ follower: String, _ followee: String) -> Bool? {
        let response = Self.respond(
            server, to: request("isFollowingUser", ["as": .string(follower), "userId": .string(followee)]))
        guard case .bool(let following)? = response?.objectValue?["result"]?.objectValue?["isFollowing"] else {
            return nil
        }
        return following
    }

    @Test func aUserTokenActsAsItsSubjectWhenAsIsAbsentOrEqual() throws {
        let server = try Self.server()
        let absent = Self.respond(
            server, to: Self.request("followUser", ["userId": .string("bob")]), caller: .user(subject: "ann"))
        #expect(absent?.objectValue?["result"]?.objectValue?["success"] == .bool(true))
        #expect(Self.isFollowing(server, "ann", "bob") == true)
        let equal = Self.respond(
            server, to: Self.request("unfollowUser", ["as": .string("ann"), "userId": .string("bob")]),
            caller: .user(subject: "ann"))
        #expect(equal?.objectValue?["result"]?.objectValue?["success"] == .bool(true))
        #expect(Self.isFollowing(server, "ann", "bob") == false)
    }

    @Test func aUserTokenNamingAnotherUserIsForbiddenAndChangesNothing() throws {
        let server = try Self.server()
        let response = Self.respond(
            server, to: Self.request("followUser", ["as": .string("bob"), "userId": .string("ann")]),
            caller: .user(subject: "ann"))
        #expect(Self.reason(response) == "forbidden")
        #expect(response?.objectValue?["error"]?.objectValue?["code"] == .integer(-32003))
        #expect(Self.isFollowing(server, "bob", "ann") == false)
        // Ids are compared by bytes: a canonically equivalent id is another user.
        let lookalike = Self.respond(
            server, to: Self.request("getFollowers", ["as": .string("Jose\u{301}")]),
            caller: .user(subject: "Jos\u{E9}"))
        #expect(Self.reason(lookalike) == "forbidden")
        // A non-string `as` names no one the token speaks for.
        let number = Self.respond(
            server, to: Self.request("getFollowers", ["as": .integer(1)]), caller: .user(subject: "ann"))
        #expect(Self.reason(number) == "forbidden")
    }

    @Test func forbiddenComesRightAfterTheUnknownMethodCheck() throws {
        let server = try Self.server()
        let unknown = Self.respond(
            server, to: Self.request("noSuchMethod", ["as": .string("bob")]), caller: .user(subject: "ann"))
        #expect(Self.reason(unknown) == "unknown_method")
        // A bad limit and an unknown acting user are checked after `forbidden`.
        let badLimit = Self.respond(
            server, to: Self.request("getFollowers", ["as": .string("nobody"), "limit": .integer(0)]),
            caller: .user(subject: "ann"))
        #expect(Self.reason(badLimit) == "forbidden")
        // Without the foreign `as`, the same request fails on its own merits.
        let ownBadLimit = Self.respond(
            server, to: Self.request("getFollowers", ["limit": .integer(0)]), caller: .user(subject: "ann"))
        #expect(Self.reason(ownBadLimit) == "invalid_params")
    }

    @Test func aForbiddenNotificationIsNeitherExecutedNorAnswered() throws {
        let server = try Self.server()
        let response = Self.respond(
            server, to: Self.request("followUser", ["as": .string("bob"), "userId": .string("ann")], id: nil),
            caller: .user(subject: "ann"))
        #expect(response == nil)
        #expect(Self.isFollowing(server, "bob", "ann") == false)
    }

    @Test func aUserTokenRegistersOnlyItsSubject() throws {
        let server = try Self.server()
        let own = Self.respond(
            server, to: Self.request("registerUser", ["phone": .string("+14155552673")]), caller: .user(subject: "cy"))
        #expect(own?.objectValue?["result"]?.objectValue?["userId"] == .string("cy"))
        let other = Self.respond(
            server, to: Self.request("registerUser", ["userId": .string("dee"), "phone": .string("+14155552674")]),
            caller: .user(subject: "cy"))
        #expect(Self.reason(other) == "forbidden")
        let check = Self.respond(server, to: Self.request("getFollowers", ["as": .string("dee")]))
        #expect(Self.reason(check) == "not_found")
    }

    @Test func aServiceTokenNamesTheActingUser() throws {
        let server = try Self.server()
        let follow = Self.respond(
            server, to: Self.request("followUser", ["as": .string("bob"), "userId": .string("ann")]),
            caller: .service(subject: "backend"))
        #expect(follow?.objectValue?["result"]?.objectValue?["success"] == .bool(true))
        let register = Self.respond(
            server, to: Self.request("registerUser", ["userId": .string("eve"), "phone": .string("+14155552675")]),
            caller: .service(subject: "backend"))
        #expect(register?.objectValue?["result"]?.objectValue?["userId"] == .string("eve"))
        // Without `as` a service caller names no one: the acting user is missing.
        let missing = Self.respond(server, to: Self.request("getFollowers", [:]), caller: .service(subject: "backend"))
        #expect(Self.reason(missing) == "invalid_params")
    }
}
