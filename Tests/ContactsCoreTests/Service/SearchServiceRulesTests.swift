import ContactsCore
import ContactsJSON
import ContactsModel
import Testing

/// The search methods' fine print through JSON-RPC (PROTOCOL §1, §2, §5, §6 "Search",
/// "Parameters"), one rule at a time, with expectations written out by hand.
struct SearchServiceRulesTests {
    typealias Model = SearchServiceModel

    /// A client whose engine has `users` registered (names "User <id>").
    static func client(users: [String] = ["ann", "bob"]) throws -> RPCTestClient {
        var client = RPCTestClient(engine: try ContactsEngine())
        for (slot, user) in users.enumerated() {
            let result = client.call(
                "registerUser",
                [
                    "userId": .string(user), "phone": .string("+1415555\(2600 + slot)"),
                    "displayName": .string("User \(user)"),
                ])
            #expect((try? result.get()) != nil, "registerUser \(user)")
        }
        return client
    }

    /// The result of a call that must succeed, or nil (and an issue) when it failed.
    static func result(_ client: inout RPCTestClient, _ method: String, _ params: JSONObject) -> JSONObject? {
        switch client.call(method, params) {
        case .success(let value): return value.objectValue
        case .failure(let failure):
            Issue.record("\(method) \(JSONValue.object(params).jsonText) failed: \(failure.reason)")
            return nil
        }
    }

    /// The ids (or userIds) of a page's items, and its total.
    static func ids(_ client: inout RPCTestClient, _ method: String, _ params: JSONObject) -> ([String], Int?) {
        let page = result(&client, method, params)
        let items = page?["items"]?.arrayValue ?? []
        let ids = items.compactMap { ($0.objectValue?["id"] ?? $0.objectValue?["userId"])?.stringValue }
        return (ids, integer(page?["total"]))
    }

    /// The value of an integer member.
    static func integer(_ value: JSONValue?) -> Int? {
        guard case .number(let number)? = value else { return nil }
        return number.int64Value.map(Int.init)
    }

    static func suggestions(_ client: inout RPCTestClient, _ user: String, _ prefix: String, limit: Int? = nil)
        -> [String]
    {
        var params: JSONObject = ["as": .string(user), "prefix": .string(prefix)]
        if let limit { params["limit"] = .integer(limit) }
        return result(&client, "getSearchSuggestions", params)?["suggestions"]?.arrayValue?.compactMap(\.stringValue)
            ?? []
    }

    static func upload(_ client: inout RPCTestClient, _ user: String, _ contacts: [JSONObject]) {
        _ = result(
            &client, "uploadContacts", ["as": .string(user), "contacts": .array(contacts.map(JSONValue.object))])
    }

    static func search(_ client: inout RPCTestClient, _ user: String, _ query: String) {
        _ = result(&client, "searchContacts", ["as": .string(user), "query": .string(query)])
    }

    /// Byte-for-byte equality of string lists (`==` on `String` is canonical equivalence).
    static func bytes(_ strings: [String]) -> [[UInt8]] {
        strings.map { Array($0.utf8) }
    }

    // MARK: - Results

    @Test func resultContactsCarryEveryKeyWithTheUploaderAsOwner() throws {
        var client = try Self.client()
        Self.upload(
            &client, "ann",
            [
                ["id": .string("bare")],
                [
                    "id": .string("full"), "ownerId": .string("mallory"), "givenName": .null,
                    "familyName": .string("Núñez"),
                    "phoneNumbers": .array([.object(["label": .string("mobile")])]),
                    "emailAddresses": .array([.object(["value": .string("n@x.es"), "type": .string("dropped")])]),
                    "addresses": .array([.object(["city": .string("Madrid")])]),
                    "socialProfiles": .array([]), "notes": .string("n"), "nickname": .string("dropped"),
                ],
            ])
        let page = Self.result(&client, "fetchContacts", ["as": .string("ann")])
        let empty: JSONValue = .string("")
        let expected: JSONValue = .object([
            "items": .array([
                .object([
                    "id": .string("bare"), "ownerId": .string("ann"), "givenName": empty, "familyName": empty,
                    "displayName": empty, "organizationName": empty, "jobTitle": empty, "phoneNumbers": .array([]),
                    "emailAddresses": .array([]), "addresses": .array([]), "socialProfiles": .array([]), "notes": empty,
                ]),
                .object([
                    "id": .string("full"), "ownerId": .string("ann"), "givenName": empty,
                    "familyName": .string("Núñez"),
                    "displayName": .string("Núñez"), "organizationName": empty, "jobTitle": empty,
                    "phoneNumbers": .array([.object(["label": .string("mobile"), "value": empty])]),
                    "emailAddresses": .array([.object(["label": empty, "value": .string("n@x.es")])]),
                    "addresses": .array([
                        .object([
                            "label": empty, "street": empty, "city": .string("Madrid"), "state": empty,
                            "postalCode": empty, "country": empty,
                        ])
                    ]),
                    "socialProfiles": .array([]), "notes": .string("n"),
                ]),
            ]),
            "total": .integer(2), "skip": .integer(0), "limit": .integer(20),
        ])
        #expect(page.map { Model.canonicalBytes(.object($0)) } == Model.canonicalBytes(expected))
    }

    /// §1: displayName, else given + " " + family trimmed of White_Space, else organization,
    /// else the first email, else the first phone, else "" — what results show and rank by.
    @Test func derivedDisplayNamesAreShownAndRanked() throws {
        var client = try Self.client()
        Self.upload(
            &client, "ann",
            [
                ["id": .string("1"), "givenName": .string("\u{3000}Zoë"), "familyName": .string("\u{A0}")],
                ["id": .string("2"), "displayName": .string(""), "organizationName": .string("Acme")],
                ["id": .string("3"), "emailAddresses": .array([.object(["value": .string("b@x.es")])])],
                ["id": .string("4"), "phoneNumbers": .array([.object(["value": .string("+1 415 555 0100")])])],
                ["id": .string("5"), "notes": .string("nameless")],
            ])
        let page = Self.result(&client, "fetchContacts", ["as": .string("ann")])
        let shown = (page?["items"]?.arrayValue ?? []).map { item in
            [item.objectValue?["id"]?.stringValue ?? "?", item.objectValue?["displayName"]?.stringValue ?? "?"]
        }
        #expect(shown == [["5", ""], ["4", "+1 415 555 0100"], ["2", "Acme"], ["3", "b@x.es"], ["1", "Zoë"]])
        #expect(Self.ids(&client, "searchContacts", ["as": .string("ann"), "query": .string("zo")]).0 == ["1"])
        #expect(Self.ids(&client, "searchContacts", ["as": .string("ann"), "query": .string("b@")]).0 == ["3"])
    }

    /// Tier 0 (fold(displayName) starts with the normalized query), then tier 1 (every term
    /// starts a word), then tier 2; within a tier by fold(displayName) bytes, then id bytes.
    @Test func tiersThenFoldedNameBytesThenIdBytes() throws {
        var client = try Self.client()
        let names = [
            ("t2", "Joanna"), ("t0b", "Ánna"), ("t1", "Lee Ann"), ("t0a", "ANN LEE"), ("t0c", "Ann-lee"),
            ("z", "Lee Ann"), ("é", "Lee Ann"), ("miss", "An Ne"), ("t1b", "Bo Annelise"),
        ]
        Self.upload(&client, "ann", names.map { ["id": .string($0.0), "displayName": .string($0.1)] })
        // "ann lee" < "ann-lee" < "anna" by bytes (space 0x20 < '-' 0x2D < 'a').
        let expected = ["t0a", "t0c", "t0b", "t1b", "t1", "z", "é", "t2"]
        #expect(Self.ids(&client, "searchContacts", ["as": .string("ann"), "query": .string("ann")]).0 == expected)
        let pages = (0..<4).flatMap { page in
            Self.ids(
                &client, "searchContacts",
                [
                    "as": .string("ann"), "query": .string("\u{3000}ANN\t"), "skip": .integer(page * 3),
                    "limit": .integer(3),
                ]
            ).0
        }
        #expect(pages == expected)
        // "ann  lee" collapses to "ann lee": tier 0 is "ANN LEE" alone; "Ann-lee" and "Lee Ann" are tier 1.
        let twoTerms = Self.ids(&client, "searchContacts", ["as": .string("ann"), "query": .string("ann  lee")])
        #expect(twoTerms.0 == ["t0a", "t0c", "t1", "z", "é"])
        #expect(twoTerms.1 == 5)
    }

    @Test func onlyTheActingUsersOwnContactsAreSearchedAndFetched() throws {
        var client = try Self.client(users: ["ann", "bob", "cy"])
        Self.upload(&client, "ann", [["id": .string("c1"), "displayName": .string("Zed Ann")]])
        Self.upload(
            &client, "bob",
            [
                ["id": .string("c1"), "displayName": .string("Zed Bob")],
                ["id": .string("c2"), "displayName": .string("Zed 2")],
            ])
        let annSearch = Self.ids(&client, "searchContacts", ["as": .string("ann"), "query": .string("zed")])
        #expect(annSearch.0 == ["c1"] && annSearch.1 == 1)
        let bobSearch = Self.ids(&client, "searchContacts", ["as": .string("bob"), "query": .string("zed")])
        #expect(bobSearch.0 == ["c2", "c1"] && bobSearch.1 == 2)
        #expect(Self.ids(&client, "searchContacts", ["as": .string("cy"), "query": .string("")]).1 == 0)
        #expect(Self.ids(&client, "fetchContacts", ["as": .string("cy")]).1 == 0)
        let owner = Self.result(&client, "searchContacts", ["as": .string("bob"), "query": .string("bob")])?["items"]?
            .arrayValue?.first?.objectValue?["ownerId"]?.stringValue
        #expect(owner == "bob")
    }

    @Test func fetchContactsListsEachFieldType() throws {
        var client = try Self.client()
        Self.upload(
            &client, "ann",
            [
                ["id": .string("p"), "displayName": .string("P"), "phoneNumbers": .array([.object([:])])],
                [
                    "id": .string("e"), "displayName": .string("E"),
                    "emailAddresses": .array([.object(["value": .string("")])]),
                ],
                ["id": .string("n"), "displayName": .string("N"), "notes": .string(" ")],
                ["id": .string("none"), "displayName": .string("O"), "notes": .string(""), "phoneNumbers": .array([])],
                [
                    "id": .string("all"), "displayName": .string("A"), "notes": .string("x"),
                    "phoneNumbers": .array([.object(["value": .string("1")])]),
                    "emailAddresses": .array([.object(["value": .string("a@b")])]),
                ],
            ])
        let cases: [(JSONValue?, [String])] = [
            (nil, ["all", "e", "n", "none", "p"]), (.null, ["all", "e", "n", "none", "p"]),
            (.string("any"), ["all", "e", "n", "none", "p"]), (.string("phone"), ["all", "p"]),
            (.string("email"), ["all", "e"]), (.string("notes"), ["all", "n"]),
        ]
        for (fieldType, expected) in cases {
            var params: JSONObject = ["as": .string("ann")]
            if let fieldType { params["fieldType"] = fieldType }
            let (ids, total) = Self.ids(&client, "fetchContacts", params)
            #expect(ids == expected && total == expected.count, "fieldType \(fieldType?.jsonText ?? "absent")")
            params["skip"] = .integer(1)
            params["limit"] = .integer(1)
            let page = Self.ids(&client, "fetchContacts", params)
            #expect(page.0 == Array(expected.dropFirst().prefix(1)) && page.1 == expected.count)
            params["skip"] = .integer(99)
            let past = Self.ids(&client, "fetchContacts", params)
            #expect(past.0.isEmpty && past.1 == expected.count)
        }
    }

    /// §2: under `phone` only phone terms match (against phones only); the empty query
    /// matches every contact under every field.
    @Test func phoneTermsAndTheEmptyQueryUnderEveryField() throws {
        var client = try Self.client()
        Self.upload(
            &client, "ann",
            [
                [
                    "id": .string("a"), "displayName": .string("Agent 555"),
                    "phoneNumbers": .array([.object(["value": .string("+1 (212) 555-0199")])]),
                ],
                [
                    "id": .string("b"), "displayName": .string("B"), "notes": .string("555-0199"),
                    "emailAddresses": .array([.object(["value": .string("x555@y")])]),
                ],
                [
                    "id": .string("c"), "displayName": .string("C"),
                    "phoneNumbers": .array([.object(["value": .string("２１２ ５５５ ０１９９")])]),
                ],
            ])
        func ids(_ query: String, _ field: String) -> [String] {
            Self.ids(
                &client, "searchContacts", ["as": .string("ann"), "query": .string(query), "field": .string(field)]
            ).0
        }
        #expect(ids("(212)", "phone") == ["a", "c"])
        #expect(ids("555-0199", "phone") == ["a", "c"])
        #expect(ids("2125550199", "any") == ["a", "c"])
        #expect(ids("555", "any") == ["a", "b", "c"])  // a by name, b by email, c by phone
        #expect(ids("555", "name") == ["a"])
        #expect(ids("555", "email") == ["b"])
        #expect(ids("555", "notes") == ["b"])
        #expect(ids("agent", "phone").isEmpty)
        #expect(ids("555 agent", "phone").isEmpty)
        #expect(ids("+1-212", "phone") == ["a"])
        for field in SearchField.allCases {
            #expect(ids(" \u{3000}", field.rawValue) == ["a", "b", "c"], "field \(field)")
        }
    }

    // Ids are compared by bytes (§6): canonically equivalent ids are two contacts, two users.
    @Test func canonicallyEquivalentContactIDsAreDistinctContacts() throws {
        var client = try Self.client()
        let precomposed = "\u{E9}"
        let decomposed = "e\u{301}"
        Self.upload(
            &client, "ann",
            [
                ["id": .string(precomposed), "displayName": .string("First")],
                ["id": .string(decomposed), "displayName": .string("Second")],
            ])
        let fetched = Self.ids(&client, "fetchContacts", ["as": .string("ann")])
        let first = Self.ids(&client, "searchContacts", ["as": .string("ann"), "query": .string("first")])
        let second = Self.ids(&client, "searchContacts", ["as": .string("ann"), "query": .string("second")])
        do {
            #expect(Self.bytes(fetched.0) == Self.bytes([precomposed, decomposed]) && fetched.1 == 2)
            #expect(Self.bytes(first.0) == Self.bytes([precomposed]) && first.1 == 1)
        }
        #expect(Self.bytes(second.0) == Self.bytes([decomposed]) && second.1 == 1)
    }

    @Test func canonicallyEquivalentUserIDsAreDistinctUsers() throws {
        let precomposed = "\u{E9}"
        let decomposed = "e\u{301}"
        var client = try Self.client(users: ["ann", precomposed, decomposed])
        let all = Self.ids(&client, "searchUsers", ["as": .string("ann"), "query": .string("user")])
        _ = Self.result(&client, "deleteUser", ["as": .string(decomposed)])
        let left = Self.ids(&client, "searchUsers", ["as": .string("ann"), "query": .string("user")])
        do {
            #expect(Self.bytes(all.0) == Self.bytes([decomposed, precomposed]) && all.1 == 2)
            #expect(Self.bytes(left.0) == Self.bytes([precomposed]) && left.1 == 1)
        }
    }

    // MARK: - Suggestions

    @Test func onlySuccessfulSearchesWithTermsAreRecorded() throws {
        var client = try Self.client()
        Self.search(&client, "ann", "  José \u{3000}\t Núñez  ")
        Self.search(&client, "ann", " \t\u{3000}")  // no terms
        Self.search(&client, "ann", "nobody matches this")  // no match, still recorded
        _ = client.call(
            "searchContacts", ["as": .string("ann"), "query": .string("bad field"), "field": .string("title")])
        _ = client.call("searchContacts", ["as": .string("ann"), "query": .string("bad limit"), "limit": .integer(0)])
        _ = client.call("searchContacts", ["as": .string("ann"), "query": .string(String(repeating: "x", count: 257))])
        _ = client.call("searchContacts", ["as": .string("nobody"), "query": .string("ghost")])
        _ = Self.result(&client, "searchUsers", ["as": .string("ann"), "query": .string("users")])
        _ = Self.result(&client, "fetchContacts", ["as": .string("ann")])
        _ = Self.result(&client, "searchContacts", ["as": .string("bob"), "query": .string("bob's")])
        #expect(Self.suggestions(&client, "ann", "") == ["nobody matches this", "José Núñez"])
        #expect(Self.suggestions(&client, "bob", "") == ["bob's"])
    }

    @Test func repeatsMoveToTheFrontAndFiftyAreKept() throws {
        var client = try Self.client()
        for number in 0..<60 { Self.search(&client, "ann", "q\(number)") }
        Self.search(&client, "ann", "q20")
        Self.search(&client, "ann", " q59 ")
        var expected = ["q59", "q20"] + (10..<59).reversed().filter { $0 != 20 }.map { "q\($0)" }
        #expect(Self.suggestions(&client, "ann", "", limit: 1000) == expected)
        #expect(Self.suggestions(&client, "ann", "") == Array(expected.prefix(20)))
        #expect(Self.suggestions(&client, "ann", "q", limit: 3) == ["q59", "q20", "q58"])
        Self.search(&client, "ann", "q10")
        expected = ["q10"] + expected.filter { $0 != "q10" }
        #expect(Self.suggestions(&client, "ann", "", limit: 50) == expected)
        Self.search(&client, "ann", "new")
        #expect(Self.suggestions(&client, "ann", "", limit: 50) == ["new"] + expected.prefix(49))
    }

    @Test func prefixIsLiteralAndMatchesByFold() throws {
        var client = try Self.client()
        for query in ["Straße 5", "José Núñez", "jo", "Ωmega", "ﬁona", "김민수"] { Self.search(&client, "ann", query) }
        #expect(Self.suggestions(&client, "ann", "JOSE") == ["José Núñez"])
        #expect(Self.suggestions(&client, "ann", "jo") == ["jo", "José Núñez"])
        #expect(Self.suggestions(&client, "ann", "Jose\u{301} n") == ["José Núñez"])
        #expect(Self.suggestions(&client, "ann", "strass") == ["Straße 5"])
        #expect(Self.suggestions(&client, "ann", "STRASSE 5") == ["Straße 5"])
        #expect(Self.suggestions(&client, "ann", "ωme") == ["Ωmega"])
        #expect(Self.suggestions(&client, "ann", "fi") == ["ﬁona"])
        #expect(Self.suggestions(&client, "ann", "기") == ["김민수"])
        #expect(Self.suggestions(&client, "ann", " jo").isEmpty)
        #expect(Self.suggestions(&client, "ann", "jose  nunez").isEmpty)
        // Literal, but folded: NFKD makes U+3000 a space.
        #expect(Self.suggestions(&client, "ann", "jose\u{3000}nunez") == ["José Núñez"])
        #expect(Self.suggestions(&client, "ann", "\u{301}").count == 6)
    }

    @Test func canonicallyEquivalentQueriesAreDistinct() throws {
        var client = try Self.client()
        Self.search(&client, "ann", "Jos\u{E9}")
        Self.search(&client, "ann", "Jose\u{301}")
        Self.search(&client, "ann", "Jos\u{E9}")
        let kept = Self.suggestions(&client, "ann", "jos")
        #expect(Self.bytes(kept) == Self.bytes(["Jos\u{E9}", "Jose\u{301}"]))
    }

    @Test func deleteUserDropsSuggestionsAndDeleteAllKeepsThem() throws {
        var client = try Self.client()
        Self.upload(&client, "ann", [["id": .string("c1"), "displayName": .string("Zed")]])
        Self.search(&client, "ann", "zed")
        _ = Self.result(&client, "deleteAllUploadedContacts", ["as": .string("ann")])
        #expect(Self.ids(&client, "searchContacts", ["as": .string("ann"), "query": .string("zed")]).1 == 0)
        #expect(Self.suggestions(&client, "ann", "") == ["zed"])
        _ = Self.result(&client, "registerUser", ["userId": .string("ann"), "phone": .string("+14155550000")])
        #expect(Self.suggestions(&client, "ann", "") == ["zed"], "re-registering keeps searches")
        _ = Self.result(&client, "deleteUser", ["as": .string("ann")])
        #expect(
            client.call("getSearchSuggestions", ["as": .string("ann"), "prefix": .string("")])
                == .failure(RPCFailure(reason: "not_found")))
        _ = Self.result(&client, "registerUser", ["userId": .string("ann"), "phone": .string("+14155550000")])
        #expect(Self.suggestions(&client, "ann", "").isEmpty)
        #expect(Self.ids(&client, "fetchContacts", ["as": .string("ann")]).1 == 0)
    }

    /// Recent searches are kept in the store: a clean restart keeps the same 50, in the same
    /// order, canonically equivalent ones apart; deleteUser's dropping them is durable too.
    @Test func suggestionsSurviveARestart() throws {
        let directory = try StoreTestDirectory()
        let path = directory.path("search.db")
        let expected =
            ["q30", "Jose\u{301}", "Jos\u{E9}", "first"] + (13...59).reversed().filter { $0 != 30 }.map { "q\($0)" }
        do {
            let engine = try ContactsEngine(storePath: path)
            var client = RPCTestClient(engine: engine)
            for (user, phone) in [("ann", "+14155552600"), ("bob", "+14155552601")] {
                _ = Self.result(&client, "registerUser", ["userId": .string(user), "phone": .string(phone)])
            }
            for query in (0..<60).map({ "q\($0)" }) + ["first", "Jos\u{E9}", "Jose\u{301}", " q30"] {
                Self.search(&client, "ann", query)
            }
            Self.search(&client, "bob", "gone")
            _ = Self.result(&client, "deleteUser", ["as": .string("bob")])
            _ = Self.result(&client, "registerUser", ["userId": .string("bob"), "phone": .string("+14155552601")])
            #expect(Self.bytes(Self.suggestions(&client, "ann", "", limit: 1000)) == Self.bytes(expected))
            try engine.close()
        }
        let engine = try ContactsEngine(storePath: path)
        var client = RPCTestClient(engine: engine)
        #expect(Self.bytes(Self.suggestions(&client, "ann", "", limit: 1000)) == Self.bytes(expected))
        #expect(Self.suggestions(&client, "bob", "").isEmpty)
        try engine.close()
    }

    // MARK: - Users

    @Test func searchUsersFollowsRegistrationsRenamesAndDeletions() throws {
        var client = try Self.client(users: ["me", "u1", "u2", "u3"])
        let rename: [(String, String?)] = [("me", "Ann Me"), ("u1", "Ann One"), ("u2", "Bo Ann"), ("u3", nil)]
        for (slot, (user, name)) in rename.enumerated() {
            var params: JSONObject = ["userId": .string(user), "phone": .string("+1415555\(2600 + slot)")]
            if let name { params["displayName"] = .string(name) }
            _ = Self.result(&client, "registerUser", params)
        }
        _ = Self.result(&client, "followUser", ["as": .string("me"), "userId": .string("u2")])
        let page = Self.result(&client, "searchUsers", ["as": .string("me"), "query": .string("ann")])
        let expected: JSONValue = .object([
            "items": .array([
                .object(["userId": .string("u1"), "displayName": .string("Ann One"), "isFollowing": .bool(false)]),
                .object(["userId": .string("u2"), "displayName": .string("Bo Ann"), "isFollowing": .bool(true)]),
            ]),
            "total": .integer(2), "skip": .integer(0), "limit": .integer(20),
        ])
        #expect(page.map { Model.canonicalBytes(.object($0)) } == Model.canonicalBytes(expected))
        func users(_ query: String, as user: String = "me") -> [String] {
            Self.ids(&client, "searchUsers", ["as": .string(user), "query": .string(query)]).0
        }
        #expect(users("user").isEmpty, "old names are gone after re-registration")
        #expect(users("") == ["u3", "u1", "u2"], "u3's name is now empty: first by bytes")
        #expect(users("4155552601").isEmpty && users("+1 415").isEmpty, "never by phone")
        #expect(users("ann", as: "u1") == ["me", "u2"])
        _ = Self.result(&client, "deleteUser", ["as": .string("u1")])
        #expect(users("ann") == ["u2"])
        #expect(
            Self.ids(&client, "searchUsers", ["as": .string("me"), "query": .string("ann"), "skip": .integer(5)]) == (
                [], 1
            ))
        #expect(
            client.call("searchUsers", ["as": .string("u1"), "query": .string("")])
                == .failure(RPCFailure(reason: "not_found")))
    }

    // MARK: - Limits and errors

    /// `skip` may be any int64 ≥ 0: past the end is an empty page with the true total, and
    /// the page echoes the skip.
    @Test func hugeSkipsGiveEmptyPagesWithTrueTotals() throws {
        var client = try Self.client()
        Self.upload(&client, "ann", [["id": .string("c1"), "displayName": .string("User Zed")]])
        for skip in [Int64.max, Int64.max - 1000, 1 << 40] {
            let calls: [(String, JSONObject, Int)] = [
                ("searchContacts", ["query": .string("")], 1), ("fetchContacts", [:], 1),
                ("searchUsers", ["query": .string("")], 1),  // ann matches "" too: not counted
                ("searchUsers", ["query": .string("user")], 1), ("searchUsers", ["query": .string("zzz")], 0),
            ]
            for (method, extra, total) in calls {
                var params: JSONObject = ["as": .string("ann"), "skip": .integer(skip), "limit": .integer(1000)]
                for member in extra.members { params[member.key] = member.value }
                let expected: JSONValue = .object([
                    "items": .array([]), "total": .integer(total), "skip": .integer(skip), "limit": .integer(1000),
                ])
                let actual = client.call(method, params)
                #expect(
                    actual.map(Model.canonicalBytes) == .success(Model.canonicalBytes(expected)),
                    "\(method) skip \(skip)")
            }
        }
    }

    /// The engine's own API takes any Int: negative pages are empty, huge ones past the end.
    @Test func theEngineTakesAnyPageBounds() throws {
        let engine = try ContactsEngine()
        _ = try engine.registerUser("ann", phone: "+14155552600", displayName: "Ann", at: 0)
        _ = try engine.registerUser("bob", phone: "+14155552601", displayName: "Bob", at: 0)
        for (skip, limit) in [(-1, 5), (0, -5), (Int.max, Int.max), (1, Int.max), (Int.max, 1)] {
            let page = try engine.searchUsers(as: "ann", query: "", skip: skip, limit: limit)
            let expected = skip < 1 && limit > 0 ? ["bob"] : []
            #expect(page.items.map(\.userId) == expected && page.total == 1, "skip \(skip) limit \(limit)")
        }
    }

    struct BadCall: Sendable, CustomTestStringConvertible {
        let method: String
        let params: JSONObject
        let reason: String
        var testDescription: String { "\(method) \(JSONValue.object(params).jsonText) → \(reason)" }
    }

    static let tooLong = String(repeating: "e\u{301}", count: 128) + "x"  // 257 code points
    static let longest = String(repeating: "😀", count: 256)  // 256 code points, 1024 bytes

    static func number(_ literal: String) -> JSONValue {
        .number(JSONNumber(validatedLiteral: literal))
    }

    static let badCalls: [BadCall] = {
        var calls: [BadCall] = []
        func add(_ method: String, _ params: JSONObject, _ reason: String = "invalid_params") {
            calls.append(BadCall(method: method, params: params, reason: reason))
        }
        let me: JSONValue = .string("ann")
        for method in ["searchContacts", "searchUsers"] {
            add(method, ["as": me, "query": .string(tooLong)])
            add(method, ["as": me])
            add(method, ["as": me, "query": .null])
            add(method, ["as": me, "query": .integer(1)])
            add(method, ["query": .string("x")])
            add(method, ["as": .string(""), "query": .string("x")])
            add(method, ["as": .string(String(repeating: "a", count: 129)), "query": .string("x")])
            add(method, ["as": .string("ghost"), "query": .string("x")], "not_found")
            add(method, ["as": .string("ghost"), "query": .string(tooLong)])
        }
        for method in ["searchContacts", "fetchContacts", "searchUsers", "getSearchSuggestions"] {
            let base: JSONObject = ["as": me, "query": .string("x"), "prefix": .string("x")]
            for limit: JSONValue in [
                .integer(0), .integer(1001), .integer(-1), .string("20"), number("20.0"), number("2e1"), .bool(true),
            ] {
                var params = base
                params["limit"] = limit
                add(method, params)
            }
            var ghost = base
            ghost["as"] = .string("ghost")
            add(method, ghost, "not_found")
            ghost["limit"] = .integer(0)
            add(method, ghost)
            var at = base
            at["at"] = .string("now")
            add(method, at)
        }
        for method in ["searchContacts", "fetchContacts", "searchUsers"] {
            for skip: JSONValue in [.integer(-1), .string("0"), number("1.5"), .array([])] {
                add(method, ["as": me, "query": .string("x"), "skip": skip])
            }
        }
        for field in [JSONValue.string("Name"), .string("title"), .string(""), .integer(1), .bool(true), .array([])] {
            add("searchContacts", ["as": me, "query": .string("x"), "field": field])
            add("fetchContacts", ["as": me, "fieldType": field])
        }
        add("searchContacts", ["as": .string("ghost"), "query": .string("x"), "field": .string("title")])
        add("fetchContacts", ["as": me, "fieldType": .string("name")])
        add("getSearchSuggestions", ["as": me])
        add("getSearchSuggestions", ["as": me, "prefix": .integer(3)])
        add("getSearchSuggestions", ["as": me, "prefix": .string(tooLong)])
        add("getSearchSuggestions", ["as": .string("ghost"), "prefix": .string("")], "not_found")
        return calls
    }()

    @Test(arguments: badCalls)
    func badCallsFailWithTheirReasonAndRecordNothing(_ call: BadCall) throws {
        var client = try Self.client()
        #expect(client.call(call.method, call.params) == .failure(RPCFailure(reason: call.reason)))
        #expect(Self.suggestions(&client, "ann", "").isEmpty)
    }

    @Test func limitsAtTheirEdgesAreAccepted() throws {
        var client = try Self.client()
        let justRight = String(repeating: "e\u{301}", count: 128)
        for query in [justRight, Self.longest] {
            let page = Self.result(
                &client, "searchContacts", ["as": .string("ann"), "query": .string(query), "limit": .integer(1000)])
            #expect(Self.integer(page?["limit"]) == 1000)
            #expect(Self.result(&client, "searchUsers", ["as": .string("ann"), "query": .string(query)]) != nil)
            #expect(
                Self.result(&client, "getSearchSuggestions", ["as": .string("ann"), "prefix": .string(query)]) != nil)
        }
        #expect(Self.bytes(Self.suggestions(&client, "ann", "")) == Self.bytes([Self.longest, justRight]))
        let fields: [JSONObject] = [["field": .null], ["skip": .null, "limit": .null], ["limit": .integer(1)]]
        for extra in fields {
            var params: JSONObject = ["as": .string("ann"), "query": .string("q"), "unknown": .integer(1)]
            for member in extra.members { params[member.key] = member.value }
            #expect(Self.result(&client, "searchContacts", params) != nil)
        }
    }
}
