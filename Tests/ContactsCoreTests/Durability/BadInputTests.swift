import ContactsCore
import ContactsJSON
import ContactsService
import ContactsStore
import Testing

/// Every method through the JSON-RPC layer with missing, mistyped, negative, huge and
/// malformed params (issue 7, "bad input"): each gets exactly its error reason, naming the
/// param, and nothing changes — every read answers the same before and after, and after
/// reopening the store.
struct BadInputTests {
    static let me = "alice"
    static let friend = "bob"
    static let users = [me, friend, "carol"]
    static let queries = ["a", "bo"]
    static let at: Int64 = 1_700_000_000_000
    static let budget = 3
    static let specs = MethodSpec.all(me: me, friend: friend, contactId: "c-bob", eventId: "ev-alice")

    /// A response's error: reason, message and `retryAfterMs`; nil for a success.
    struct Failure: Equatable {
        var reason: String
        var message: String
        var retryAfterMs: JSONValue?
    }

    /// The fixture: alice and bob follow each other and hold each other's phone in their
    /// books, carol is on her own; alice has an event and a recent search, bob one event.
    static func fixture(store: EngineStore? = nil) throws -> ContactsEngine {
        let configuration = EngineConfiguration(dailyUploadBudget: budget)
        let engine = try store?.engine(configuration) ?? ContactsEngine(configuration: configuration)
        var client = RPCTestClient(engine: engine)
        let setup: [(String, JSONObject)] = [
            (
                "registerUser",
                ["userId": .string(me), "phone": .string("+1 415 555 3001"), "displayName": .string("Al")]
            ),
            (
                "registerUser",
                ["userId": .string(friend), "phone": .string("+1 415 555 3002"), "displayName": .string("Bo")]
            ),
            ("registerUser", ["userId": .string("carol"), "phone": .string("+1 415 555 3003")]),
            (
                "uploadContacts",
                [
                    "as": .string(me),
                    "contacts": .array([
                        .object([
                            "id": .string("c-bob"), "displayName": .string("Bobby"),
                            "phoneNumbers": .array([.object(["value": .string("(415) 555-3002")])]),
                        ]),
                        .object([
                            "id": .string("c-none"), "displayName": .string("Nobody"),
                            "phoneNumbers": .array([.object(["value": .string("+1 415 555 3999")])]),
                        ]),
                    ]),
                ]
            ),
            (
                "uploadContacts",
                [
                    "as": .string(friend),
                    "contacts": .array([
                        .object([
                            "id": .string("b1"), "displayName": .string("Alice B"), "notes": .string("secret"),
                            "phoneNumbers": .array([.object(["value": .string("+1 415 555 3001")])]),
                        ])
                    ]),
                ]
            ),
            ("followUser", ["as": .string(me), "userId": .string(friend), "at": .integer(at)]),
            ("followUser", ["as": .string(friend), "userId": .string(me), "at": .integer(at + 1)]),
            ("createEvent", ["as": .string(me), "eventId": .string("ev-alice"), "title": .string("Mine")]),
            ("createEvent", ["as": .string(friend), "eventId": .string("ev-bob"), "title": .string("Bob's")]),
            ("searchContacts", ["as": .string(me), "query": .string("bo")]),
        ]
        for (method, params) in setup {
            guard case .success = client.call(method, params) else {
                throw RPCFailure(reason: "fixture step \(method) failed")
            }
        }
        return engine
    }

    static func failure(of engine: ContactsEngine, _ method: String, params: JSONValue?) -> Failure? {
        var envelope: JSONObject = ["jsonrpc": .string("2.0"), "id": .integer(1), "method": .string(method)]
        if let params { envelope["params"] = params }
        let server = JSONRPCServer(methods: ContactsMethods.table(for: engine), clock: { at })
        guard let response = server.respond(to: .object(envelope))?.jsonValue.objectValue else {
            return Failure(reason: "no response", message: "")
        }
        guard let error = response["error"]?.objectValue else { return nil }
        let data = error["data"]?.objectValue
        return Failure(
            reason: data?["reason"]?.stringValue ?? "?", message: error["message"]?.stringValue ?? "",
            retryAfterMs: data?["retryAfterMs"])
    }

    static func snapshot(_ engine: ContactsEngine) throws -> [SnapshotEntry] {
        var client = RPCTestClient(engine: engine)
        return try ServiceSnapshot.every(users: users + ["ghost"], queries: queries) { client.call($0, $1) }
    }

    /// Every param of every method replaced by each of its invalid values, or left out when
    /// required: `invalid_params` naming the param, also when the acting user does not exist
    /// (stateless checks come first); on each durable store, reopened after.
    @Test(arguments: EngineBackend.durable)
    func everyBadParamGetsInvalidParamsAndChangesNothing(backend: EngineBackend) throws {
        let store = try EngineStore(backend)
        var engine = try Self.fixture(store: store)
        _ = try Self.snapshot(engine)
        let before = try Self.snapshot(engine)
        var checked = 0
        for spec in Self.specs {
            for param in spec.params {
                var cases = MethodSpec.invalidValues(of: param.kind)
                if param.required { cases += [("missing", .null), ("null", .null)] }
                for (name, value) in cases {
                    var params = spec.valid
                    params[param.key] = name == "missing" ? nil : value
                    var variants = [params]
                    if param.key != "as" && spec.name != "registerUser" {
                        params["as"] = .string("ghost")
                        variants.append(params)
                    }
                    for variant in variants {
                        let failure = Self.failure(of: engine, spec.name, params: .object(variant))
                        #expect(failure?.reason == "invalid_params", "\(spec.name) with '\(param.key)' \(name)")
                        #expect(
                            failure?.message.contains(param.key) == true,
                            "\(spec.name) '\(param.key)' \(name): the message names the param: \(failure?.message ?? "")"
                        )
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 1500)
        #expect(ServiceSnapshot.difference(try Self.snapshot(engine), before) == nil)
        try engine.close()
        engine = try store.engine(EngineConfiguration(dailyUploadBudget: Self.budget))
        #expect(ServiceSnapshot.difference(try Self.snapshot(engine), before) == nil, "after reopening")
        try engine.close()
    }

    /// Requests that are well-formed but fail on the state: the unknown acting user on every
    /// method, unknown targets, conflicts, self-follows, the budget — each its reason, and
    /// nothing changes.
    @Test(arguments: EngineBackend.allCases)
    func stateErrorsGetTheirReasonAndChangeNothing(backend: EngineBackend) throws {
        let store = try EngineStore(backend)
        let engine = try Self.fixture(store: store)
        _ = try Self.snapshot(engine)
        let before = try Self.snapshot(engine)
        for spec in Self.specs where spec.name != "registerUser" {
            var params = spec.valid
            params["as"] = .string("ghost")
            #expect(Self.failure(of: engine, spec.name, params: .object(params))?.reason == "not_found", "\(spec.name)")
        }
        // A user id that differs from a registered one only in case or normalization is unknown.
        for ghost in ["Alice", "alice ", "ali\u{0301}ce", String(repeating: "b", count: 128)] {
            let failure = Self.failure(of: engine, "getFollowers", params: .object(["as": .string(ghost)]))
            #expect(failure?.reason == "not_found", "acting as \(ghost)")
        }
        let me = JSONValue.string(Self.me)
        let cases: [(String, String, JSONObject, String)] = [
            (
                "a phone held by another user", "registerUser",
                ["userId": .string("newcomer"), "phone": .string("+14155553002")], "conflict"
            ),
            (
                "my phone for another user", "registerUser",
                ["userId": .string("carol"), "phone": .string("(415) 555-3001"), "region": .string("US")], "conflict"
            ),
            (
                "a phone that is not a number", "registerUser", ["userId": .string("x"), "phone": .string("12")],
                "invalid_params"
            ),
            (
                "a local-only phone", "registerUser", ["userId": .string("x"), "phone": .string("555-3005")],
                "invalid_params"
            ),
            (
                "a national phone without region", "registerUser",
                ["userId": .string("x"), "phone": .string("(415) 555-3005")], "invalid_params"
            ),
            ("following myself", "followUser", ["as": me, "userId": me], "invalid_params"),
            (
                "a ghost following itself", "followUser", ["as": .string("ghost"), "userId": .string("ghost")],
                "invalid_params"
            ),
            ("following a ghost", "followUser", ["as": me, "userId": .string("ghost")], "not_found"),
            ("following Bob by case", "followUser", ["as": me, "userId": .string("Bob")], "not_found"),
            ("unfollowing a ghost", "unfollowUser", ["as": me, "userId": .string("ghost")], "not_found"),
            ("status of a ghost", "isFollowingUser", ["as": me, "userId": .string("ghost")], "not_found"),
            ("following an unknown contact", "followContact", ["as": me, "contactId": .string("c-x")], "not_found"),
            (
                "following a contact of no user", "followContact", ["as": me, "contactId": .string("c-none")],
                "not_found"
            ),
            (
                "unfollowing an unknown contact", "unfollowContact", ["as": me, "contactId": .string("c-x")],
                "not_found"
            ),
            (
                "status of an unknown contact", "isFollowingContact", ["as": me, "contactId": .string("c-x")],
                "not_found"
            ),
            (
                "an event id of bob", "createEvent",
                ["as": me, "eventId": .string("ev-bob"), "title": .string("Mine now")], "conflict"
            ),
            ("an empty title", "createEvent", ["as": me, "title": .string("")], "invalid_params"),
            (
                "an empty title, as a ghost", "createEvent", ["as": .string("ghost"), "title": .string("")],
                "invalid_params"
            ),
        ]
        for (name, method, params, reason) in cases {
            var request = params
            request["at"] = .integer(Self.at)
            #expect(Self.failure(of: engine, method, params: .object(request))?.reason == reason, "\(name)")
        }
        // Four new numbers against a budget of three: the whole upload fails, with the wait
        // until the next UTC day.
        let timeOfDay: Int64 = 5_000
        let day: Int64 = 19_800
        let contacts: [JSONValue] = (0..<4).map { index in
            .object([
                "id": .string("n\(index)"),
                "phoneNumbers": .array([.object(["value": .string("+1 212 555 \(4000 + index)")])]),
            ])
        }
        let overBudget = Self.failure(
            of: engine, "uploadContacts",
            params: .object(["as": me, "contacts": .array(contacts), "at": .integer(day * 86_400_000 + timeOfDay)]))
        #expect(overBudget?.reason == "rate_limited")
        #expect(overBudget?.retryAfterMs == .integer(86_400_000 - timeOfDay))
        // Params that are not an object.
        #expect(Self.failure(of: engine, "getFollowers", params: .array([me]))?.reason == "invalid_params")
        for params: JSONValue in [.null, .string("alice"), .integer(1), .bool(true)] {
            #expect(Self.failure(of: engine, "deleteUser", params: params)?.reason == "invalid_request", "\(params)")
        }
        #expect(ServiceSnapshot.difference(try Self.snapshot(engine), before) == nil)
        if store.isDurable {
            try engine.close()
            let reopened = try store.engine(EngineConfiguration(dailyUploadBudget: Self.budget))
            #expect(ServiceSnapshot.difference(try Self.snapshot(reopened), before) == nil, "after reopening")
            try reopened.close()
        }
    }

    /// The valid params of every method succeed, and every value at a limit is accepted
    /// (so the refusals above are about the one param changed, not the rest).
    @Test(arguments: specs)
    func validParamsAndLimitsAreAccepted(spec: MethodSpec) throws {
        #expect(Self.failure(of: try Self.fixture(), spec.name, params: .object(spec.valid)) == nil)
        for param in spec.params {
            for (name, value) in MethodSpec.boundaryValues(of: param.kind) {
                var params = spec.valid
                params[param.key] = value
                let failure = Self.failure(of: try Self.fixture(), spec.name, params: .object(params))
                #expect(
                    failure?.reason != "invalid_params" && failure?.reason != "internal",
                    "\(spec.name) '\(param.key)' \(name): \(failure?.message ?? "accepted")")
            }
        }
    }
}
