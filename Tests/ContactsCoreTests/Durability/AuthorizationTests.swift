import ContactsCore
import ContactsJSON
import Testing

/// User A tries every method on user B's data (issue 7, "authorization"): B's contact ids,
/// event ids, matches cursors, searches, smuggled `ownerId`/`userId` params. A gets nothing
/// of B's — `not_found`, `success: false`, `conflict` or only A's own results, as the
/// protocol says — and every read of B (and of carol, whom B's data names) is unchanged.
struct AuthorizationTests {
    static let alice = "alice"
    static let bob = "bob"
    static let carol = "carol"
    /// Strings that appear only in B's contacts, events and searches.
    static let secrets = [
        "b-c1", "b-c3", "Carol Secret", "secret note", "bobs-contact@example.com", "ev-b", "Party", "hidden query",
    ]

    static func contact(_ id: String, _ name: String, phone: String? = nil, extra: JSONObject = [:]) -> JSONValue {
        var object: JSONObject = ["id": .string(id), "displayName": .string(name)]
        if let phone {
            object["phoneNumbers"] = .array([.object(["label": .string("mobile"), "value": .string(phone)])])
        }
        for member in extra.members { object[member.key] = member.value }
        return .object(object)
    }

    /// Alice, bob and carol; bob's book holds carol's and alice's numbers, alice's holds bob's;
    /// both have a contact "shared-id" (ids are scoped to their owner); bob has events and
    /// recent searches, follows carol and is followed by her; alice follows carol.
    static func fixture(store: EngineStore? = nil) throws -> ContactsEngine {
        let engine = try store?.engine() ?? ContactsEngine()
        var client = RPCTestClient(engine: engine)
        let steps: [(String, JSONObject)] = [
            (
                "registerUser",
                ["userId": .string(alice), "phone": .string("+1 415 555 3001"), "displayName": .string("Al")]
            ),
            (
                "registerUser",
                ["userId": .string(bob), "phone": .string("+1 415 555 3002"), "displayName": .string("Bo")]
            ),
            (
                "registerUser",
                ["userId": .string(carol), "phone": .string("+1 415 555 3003"), "displayName": .string("Ca")]
            ),
            (
                "uploadContacts",
                [
                    "as": .string(bob),
                    "contacts": .array([
                        contact(
                            "b-c1", "Carol Secret", phone: "+1 415 555 3003",
                            extra: [
                                "notes": .string("secret note"),
                                "emailAddresses": .array([.object(["value": .string("bobs-contact@example.com")])]),
                            ]),
                        contact("shared-id", "Carol Again", phone: "(415) 555-3003"),
                        contact("b-c3", "Alice As Bob Knows Her", phone: "+1 415 555 3001"),
                    ]),
                ]
            ),
            (
                "uploadContacts",
                [
                    "as": .string(alice),
                    "contacts": .array([
                        contact("a-bob", "My Bob", phone: "+1 415 555 3002"),
                        contact("shared-id", "Alice Own"),
                    ]),
                ]
            ),
            ("createEvent", ["as": .string(bob), "eventId": .string("ev-b1"), "title": .string("Party")]),
            ("createEvent", ["as": .string(bob), "eventId": .string("ev-b2"), "title": .string("Party 2")]),
            ("followUser", ["as": .string(bob), "userId": .string(carol), "at": .integer(10)]),
            ("followUser", ["as": .string(carol), "userId": .string(bob), "at": .integer(11)]),
            ("followUser", ["as": .string(alice), "userId": .string(carol), "at": .integer(12)]),
            ("searchContacts", ["as": .string(bob), "query": .string("hidden query")]),
            ("searchContacts", ["as": .string(bob), "query": .string("carol")]),
        ]
        for (method, params) in steps {
            guard case .success = client.call(method, params) else { throw RPCFailure(reason: "fixture: \(method)") }
        }
        return engine
    }

    static func snapshotOfOthers(_ client: inout RPCTestClient) throws -> [SnapshotEntry] {
        try ServiceSnapshot.every(users: [bob, carol], queries: ["secret", "ca", "415"]) { client.call($0, $1) }
    }

    @Test(arguments: EngineBackend.allCases)
    func aliceGetsNothingOfBobsAndChangesNothingOfHis(backend: EngineBackend) throws {
        let store = try EngineStore(backend)
        let engine = try Self.fixture(store: store)
        var client = RPCTestClient(engine: engine)
        _ = try Self.snapshotOfOthers(&client)
        let before = try Self.snapshotOfOthers(&client)
        let me = JSONValue.string(Self.alice)

        /// Calls as alice; a success must show none of bob's secrets.
        func attempt(_ method: String, _ params: JSONObject) -> Result<JSONValue, RPCFailure> {
            var request = params
            request["as"] = me
            let outcome = client.call(method, request)
            if case .success(let value) = outcome {
                let text = value.jsonText
                for secret in Self.secrets {
                    #expect(!text.contains(secret), "\(method) \(JSONValue.object(request).jsonText) shows '\(secret)'")
                }
            }
            return outcome
        }
        func ids(_ outcome: Result<JSONValue, RPCFailure>) -> [String] {
            guard case .success(let value) = outcome else { return ["failed"] }
            return (value.objectValue?["items"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue }
        }
        let smuggled: JSONObject = [
            "ownerId": .string(Self.bob), "userId": .string(Self.bob), "owner": .string(Self.bob),
        ]

        // Her own contacts only, whatever she asks for.
        for fieldType in ["any", "phone", "email", "notes"] {
            var params = smuggled
            params["fieldType"] = .string(fieldType)
            let expected = ["any": ["shared-id", "a-bob"], "phone": ["a-bob"], "email": [], "notes": []][fieldType]
            #expect(ids(attempt("fetchContacts", params)) == expected, "fetchContacts \(fieldType)")
        }
        for query in ["", "secret", "Carol", "bobs-contact", "415 555 3003", "Alice As"] {
            for field in ["any", "name", "email", "phone", "notes"] {
                var params = smuggled
                params["query"] = .string(query)
                params["field"] = .string(field)
                let found = ids(attempt("searchContacts", params))
                #expect(Set(found).isSubset(of: ["a-bob", "shared-id"]), "searchContacts '\(query)' in \(field)")
            }
        }
        // Her suggestions are her searches just made, never bob's "hidden query" or "carol".
        for prefix in ["", "s", "c", "Car"] {
            guard case .success(let value) = attempt("getSearchSuggestions", ["prefix": .string(prefix)]) else {
                Issue.record("getSearchSuggestions failed")
                continue
            }
            let suggestions = (value.objectValue?["suggestions"]?.arrayValue ?? []).compactMap(\.stringValue)
            let mine: Set<String> = ["secret", "Carol", "bobs-contact", "415 555 3003", "Alice As"]
            #expect(Set(suggestions).isSubset(of: mine), "suggestions for '\(prefix)': \(suggestions)")
        }
        // Bob's contact ids name nothing of hers; "shared-id" is her own contact, which matches no user.
        for contactId in ["b-c1", "b-c3", "shared-id"] {
            for method in ["followContact", "unfollowContact", "isFollowingContact"] {
                let outcome = attempt(method, ["contactId": .string(contactId), "ownerId": .string(Self.bob)])
                #expect(outcome == .failure(RPCFailure(reason: "not_found")), "\(method) \(contactId)")
            }
        }
        // Bob's events: not hers to delete or take over.
        for eventId in ["ev-b1", "ev-b2"] {
            #expect(
                attempt("deleteEvent", ["eventId": .string(eventId)]) == .success(.object(["success": .bool(false)])))
            #expect(
                attempt("createEvent", ["eventId": .string(eventId), "title": .string("Mine")])
                    == .failure(RPCFailure(reason: "conflict")))
        }
        // Her feed, follows and statuses are hers (she follows carol, not bob).
        #expect(ids(attempt("getFeed", ["limit": .integer(1000)])) == [])
        guard case .success(let following) = attempt("getFollowing", smuggled) else {
            Issue.record("getFollowing failed")
            return
        }
        let followingItems = following.objectValue?["items"]?.arrayValue ?? []
        #expect(followingItems.map { $0.objectValue?["userId"] } == [.string(Self.carol)])
        #expect(followingItems.first?.objectValue?["localContact"] == .null, "no contact of hers holds carol's number")
        #expect(
            attempt("getFollowers", smuggled)
                == .success(
                    .object(["items": .array([]), "total": .integer(0), "skip": .integer(0), "limit": .integer(20)])))
        #expect(
            attempt("isFollowingUser", ["userId": .string(Self.carol)])
                == .success(.object(["isFollowing": .bool(true), "since": .integer(12)])))
        #expect(
            attempt("isFollowingUser", ["userId": .string(Self.bob)])
                == .success(.object(["isFollowing": .bool(false), "since": .null])))
        // Matches: bob (her contact "a-bob" holds his number; his book holds hers), never carol,
        // whose number only bob holds; whatever the cursor.
        let bobMatch: JSONValue = .object([
            "userId": .string(Self.bob), "displayName": .string("Bo"), "relation": .string("mutual"),
            "contactId": .string("a-bob"),
        ])
        let onlyBob: Result<JSONValue, RPCFailure> = .success(
            .object(["matches": .array([bobMatch]), "nextCursor": .null]))
        let none: Result<JSONValue, RPCFailure> = .success(.object(["matches": .array([]), "nextCursor": .null]))
        for cursor: JSONValue in [.null, .string("a"), .string(Self.alice), .string("b")] {
            #expect(attempt("lookupContactMatches", ["cursor": cursor]) == onlyBob, "cursor \(cursor)")
            #expect(attempt("lookupContactMatches", ["cursor": cursor, "limit": .integer(1)]) == onlyBob)
        }
        for cursor in [Self.bob, "c", Self.carol, "\u{10FFFF}"] {
            #expect(attempt("lookupContactMatches", ["cursor": .string(cursor)]) == none, "cursor \(cursor)")
        }
        for cursor in ["", "\u{1}", "bob\u{0}", String(repeating: "b", count: 129)] {
            #expect(
                attempt("lookupContactMatches", ["cursor": .string(cursor)])
                    == .failure(RPCFailure(reason: "invalid_params")), "cursor \(cursor.debugDescription)")
        }
        // Her uploads stay hers, whatever ownerId they claim and whichever of bob's ids they reuse.
        let hijack = Self.contact("b-c1", "Hijack", extra: ["ownerId": .string(Self.bob)])
        _ = attempt("uploadContacts", ["contacts": .array([hijack]), "userId": .string(Self.bob)])
        guard case .success(let fetched) = client.call("fetchContacts", ["as": me]) else {
            Issue.record("fetchContacts failed")
            return
        }
        let owners = (fetched.objectValue?["items"]?.arrayValue ?? []).map { $0.objectValue?["ownerId"] }
        #expect(owners == Array(repeating: me, count: 3), "every contact of hers is owned by her")
        let unchanged = try Self.snapshotOfOthers(&client)
        #expect(ServiceSnapshot.difference(unchanged, before) == nil, "bob's and carol's reads are unchanged")
        // Deleting her contacts, then herself (bob named in every other param), deletes only hers.
        #expect(
            attempt("deleteAllUploadedContacts", smuggled) == .success(.object(["deleted": .integer(3)])),
            "she deletes her three, not bob's")
        #expect(attempt("deleteUser", smuggled) == .success(.object(["success": .bool(true)])))
        // What named her changes for the others (bob's match with her and his contact of her
        // number, carol's follower, the directory); nothing else of theirs.
        let after = try Self.snapshotOfOthers(&client)
        #expect(after.count == before.count)
        let namedHer: Set<String> = ["lookupContactMatches", "isFollowingContact", "getFollowers", "searchUsers"]
        for (entry, old) in zip(after, before) where !namedHer.contains(entry.method) {
            #expect(entry == old)
        }
    }

    /// Ids are compared byte for byte: precomposed "é" and decomposed "e" + U+0301 are two
    /// users, two event ids, two contact ids.
    @Test func canonicallyEquivalentIDsStayApart() throws {
        let precomposed = "\u{E9}"
        let decomposed = "e\u{301}"
        let engine = try ContactsEngine()
        var client = RPCTestClient(engine: engine)
        for (user, line) in [(precomposed, 3101), (decomposed, 3102), ("x", 3103)] {
            let params: JSONObject = [
                "userId": .string(user), "phone": .string("+1 415 555 \(line)"), "displayName": .string("N\(line)"),
            ]
            #expect(client.call("registerUser", params) != .failure(RPCFailure(reason: "conflict")))
        }
        // The two users are apart in the follow graph and as acting users.
        #expect(
            client.call("followUser", ["as": .string(precomposed), "userId": .string(decomposed)])
                != .failure(RPCFailure(reason: "invalid_params")))
        #expect(
            client.call("isFollowingUser", ["as": .string(decomposed), "userId": .string(precomposed)])
                == .success(.object(["isFollowing": .bool(false), "since": .null])))

        do {
            let listed = client.call("searchUsers", ["as": .string("x"), "query": .string("")])
            let users = (try? listed.get())?.objectValue?["items"]?.arrayValue?.count
            #expect(users == 2)
        }
        do {
            let first = client.call(
                "createEvent", ["as": .string(precomposed), "eventId": .string(precomposed), "title": .string("A")])
            let second = client.call(
                "createEvent", ["as": .string(decomposed), "eventId": .string(decomposed), "title": .string("B")])
            #expect(first == .success(.object(["eventId": .string(precomposed)])))
            #expect(second == .success(.object(["eventId": .string(decomposed)])))
        }
        do {
            let contacts: [JSONValue] = [Self.contact(precomposed, "One"), Self.contact(decomposed, "Two")]
            _ = client.call("uploadContacts", ["as": .string("x"), "contacts": .array(contacts)])
            let fetched = client.call("fetchContacts", ["as": .string("x")])
            let count = (try? fetched.get())?.objectValue?["items"]?.arrayValue?.count
            #expect(count == 2)
        }
    }
}
