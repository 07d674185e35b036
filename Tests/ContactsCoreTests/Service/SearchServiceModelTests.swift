import ContactsCore
import ContactsJSON
import ContactsModel
import Testing

/// Randomized sequences of the search methods through JSON-RPC — `searchContacts`,
/// `fetchContacts`, `getSearchSuggestions`, `searchUsers` with the uploads, registrations,
/// deletions and follows that change what they see — each response compared, byte for byte,
/// with ``SearchServiceModel`` (PROTOCOL §2, §5, §6 "Search").
struct SearchServiceModelTests {
    typealias Model = SearchServiceModel

    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]

    /// The acting users of the contact sequences; `ghost` is never registered.
    static let owners = ["ann", "bob", "Ünal"]

    /// Contact ids: ties in the display name are broken by these, so they mix scripts.
    static let contactIDs = (0..<60).map { "c\($0)" } + ["é1", "ж2", "김3", "a", "B", "Z9", "c1 ", "c01", "~"]

    /// Texts for the failure messages.
    static func describe(_ outcome: Result<JSONValue, RPCFailure>) -> String {
        switch outcome {
        case .success(let value):
            guard let items = value.objectValue?["items"]?.arrayValue else { return value.jsonText }
            let ids = items.map { $0.objectValue?["id"] ?? $0.objectValue?["userId"] ?? .null }
            return "ids \(JSONValue.array(ids).jsonText) in \(value.jsonText)"
        case .failure(let failure): return "error \(failure.reason)"
        }
    }

    /// The phone each user registers with, already in E.164 form.
    static func phone(of user: String) -> String {
        "+1415555\(2600 + (owners.firstIndex(of: user) ?? 9))"
    }

    // MARK: - Contacts

    /// Each user's book (contact id bytes → what was uploaded, folded) and recent searches.
    struct ContactsState {
        var books: [String: [[UInt8]: (object: JSONObject, entry: Model.Entry)]] = [:]
        var recent: [String: [String]] = [:]

        func entries(_ user: String) -> [Model.Entry] {
            (books[user] ?? [:]).values.map(\.entry)
        }

        func objects(_ user: String) -> [JSONObject] {
            (books[user] ?? [:]).sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.value.object)
        }

        /// Stores uploaded contacts in order: a repeated id replaces the earlier contact.
        mutating func store(_ objects: [JSONObject], of user: String) {
            for object in objects {
                let id = Array((object["id"]?.stringValue ?? "").utf8)
                books[user, default: [:]][id] = (object, Model.Entry(contact: object, owner: user))
            }
        }

        /// Records a successful search with at least one term (PROTOCOL §6 "Search").
        mutating func record(_ query: String, of user: String) {
            let terms = Model.terms(query)
            guard !terms.isEmpty else { return }
            let normalized = terms.joined(separator: " ")
            var list = recent[user] ?? []
            list.removeAll { $0.utf8.elementsEqual(normalized.utf8) }
            list.insert(normalized, at: 0)
            recent[user] = Array(list.prefix(50))
        }

        func suggestions(_ user: String, prefix: String, limit: Int) -> JSONValue {
            let folded = Model.fold(prefix)
            let found = (recent[user] ?? []).filter { Model.fold($0).starts(with: folded) }.prefix(limit)
            return .object(["suggestions": .array(found.map(JSONValue.string))])
        }
    }

    @Test(arguments: EngineBackend.allCases, seeds)
    func contactSearchMatchesTheModel(backend: EngineBackend, seed: UInt64) throws {
        var inputs = SearchServiceInputs(seed: seed)
        // A durable store restarts the engine now and then: the indexes are then rebuilt
        // from the store, and recent searches reloaded.
        let store = try EngineStore(backend)
        var engine = try store.engine()
        var client = RPCTestClient(engine: engine)
        defer { try? engine.close() }
        var state = ContactsState()
        for owner in Self.owners {
            let registered = client.call(
                "registerUser", ["userId": .string(owner), "phone": .string(Self.phone(of: owner))])
            #expect((try? registered.get()) != nil)
        }
        for owner in Self.owners {
            let objects = (0..<40).map { _ in inputs.contact(id: inputs.pick(Self.contactIDs)) }
            state.store(objects, of: owner)
            let uploaded = client.call(
                "uploadContacts", ["as": .string(owner), "contacts": .array(objects.map(JSONValue.object))])
            #expect((try? uploaded.get()) != nil)
        }
        for step in 0..<260 {
            if store.isDurable, step % 100 == 99 {
                try engine.close()
                engine = try store.engine()
                client = RPCTestClient(engine: engine)
            }
            let user = inputs.chance(3) ? "ghost" : inputs.pick(Self.owners)
            let known = user != "ghost"
            var params: JSONObject = ["as": .string(user)]
            let method: String
            var expected: Result<JSONValue, RPCFailure>
            switch inputs.below(100) {
            case 0..<12:
                method = "uploadContacts"
                let objects = (0..<(1 + inputs.below(30))).map { _ in inputs.contact(id: inputs.pick(Self.contactIDs)) }
                params["contacts"] = .array(objects.map(JSONValue.object))
                expected = .failure(RPCFailure(reason: "not_found"))
                if known {
                    state.store(objects, of: user)
                    expected = .success(
                        .object([
                            "totalContacts": .integer(objects.count),
                            "numberOfUploadedContacts": .integer(objects.count),
                            "rejected": .array([]),
                        ]))
                }
            case 12 where inputs.chance(50):
                method = "deleteAllUploadedContacts"
                expected = .failure(RPCFailure(reason: "not_found"))
                if known {
                    expected = .success(.object(["deleted": .integer(state.books[user]?.count ?? 0)]))
                    state.books[user] = nil
                }
            case 13 where inputs.chance(50):
                // Delete the user, then register the id again: an empty book, no suggestions.
                let deleted = client.call("deleteUser", params)
                let deletion: Result<JSONValue, RPCFailure> =
                    known ? .success(.object(["success": .bool(true)])) : .failure(RPCFailure(reason: "not_found"))
                #expect(Model.same(deleted, deletion), "seed \(seed) step \(step): deleteUser")
                guard known else { continue }
                state.books[user] = nil
                state.recent[user] = nil
                method = "registerUser"
                params = ["userId": .string(user), "phone": .string(Self.phone(of: user))]
                expected = .success(.object(["userId": .string(user), "e164": .string(Self.phone(of: user))]))
            case 12..<60:
                method = "searchContacts"
                let source = inputs.chance(80) ? user : inputs.pick(Self.owners)
                let query = inputs.query(from: state.objects(source))
                params["query"] = .string(query)
                var field = SearchField.any
                if inputs.chance(60) {
                    field = inputs.pick(SearchField.allCases)
                    params["field"] = .string(field.rawValue)
                } else if inputs.chance(20) {
                    params["field"] = .null
                }
                let found = Model.search(state.entries(user), query: query, field: field)
                let page = inputs.page(total: found.count, into: &params)
                expected = .failure(RPCFailure(reason: "not_found"))
                if known {
                    expected = .success(Model.page(found.map(\.json), skip: page.skip, limit: page.limit))
                    state.record(query, of: user)
                }
            case 60..<75:
                method = "fetchContacts"
                var fieldType = FetchFieldType.any
                if inputs.chance(80) {
                    fieldType = inputs.pick(FetchFieldType.allCases)
                    params["fieldType"] = .string(fieldType.rawValue)
                }
                let listed = state.books[user, default: [:]].values.filter { stored in
                    switch fieldType {
                    case .any: true
                    case .phone: !(stored.object["phoneNumbers"]?.arrayValue ?? []).isEmpty
                    case .email: !(stored.object["emailAddresses"]?.arrayValue ?? []).isEmpty
                    case .notes: stored.entry.hasNotes
                    }
                }.map(\.entry).sorted(by: Model.precedes)
                let page = inputs.page(total: listed.count, into: &params)
                expected = .failure(RPCFailure(reason: "not_found"))
                if known { expected = .success(Model.page(listed.map(\.json), skip: page.skip, limit: page.limit)) }
            case 75..<88:
                method = "getSearchSuggestions"
                let recent = state.recent[user] ?? []
                var prefix = ""
                if !recent.isEmpty, inputs.chance(80) {
                    prefix = String(
                        String.UnicodeScalarView(inputs.pick(recent).unicodeScalars.prefix(inputs.below(5))))
                    if inputs.chance(30) { prefix = prefix.uppercased() }
                    if inputs.chance(10) { prefix = " " + prefix }
                } else if inputs.chance(50) {
                    prefix = inputs.pick(["j", "JO", "Jos\u{E9}", "Jose\u{301}", "stras", "ß", "\u{301}", "e"])
                }
                params["prefix"] = .string(prefix)
                var limit = 20
                if inputs.chance(50) {
                    limit = inputs.pick([1, 2, 5, 50, 1000])
                    params["limit"] = .integer(limit)
                }
                expected =
                    known
                    ? .success(state.suggestions(user, prefix: prefix, limit: limit))
                    : .failure(RPCFailure(reason: "not_found"))
            default:
                // A failed search records nothing (checked by the suggestions that follow).
                method = "searchContacts"
                params["query"] = .string("jo")
                switch inputs.below(6) {
                case 0: params["query"] = .string(String(repeating: "é", count: 257))
                case 1: params["field"] = .string(inputs.pick(["Name", "title", "", "phones"]))
                case 2: params["field"] = .integer(1)
                case 3: params["limit"] = inputs.pick([.integer(0), .integer(1001), .string("20"), .bool(true)])
                case 4: params["skip"] = inputs.pick([.integer(-1), .string("0")])
                default: params["query"] = inputs.pick([.null, .integer(7), .array([])])
                }
                expected = .failure(RPCFailure(reason: "invalid_params"))
            }
            let actual = client.call(method, params)
            let same = Model.same(actual, expected)
            #expect(
                same,
                """
                seed \(seed) step \(step): \(method) \(JSONValue.object(params).jsonText)
                expected \(Self.describe(expected))
                actual   \(Self.describe(actual))
                """)
            if !same { return }
        }
    }

    // MARK: - Users

    /// Directory user ids; the order of this list gives each its phone.
    static let userIDs = ["u0", "u1", "u2", "u3", "u4", "u5", "u6", "ü7", "B", "b", "Ω", "u10"]

    /// Registered names: ties, empty names, digits in names, every script of the contacts.
    static let userNames =
        SearchServiceInputs.givenNames + SearchServiceInputs.familyNames
        + ["José Núñez", "JOSE NUNEZ", "Route 66", "Agent 4155", "", " Ann  Lee ", "Ann Lee"]

    static func userPhone(_ user: String) -> String {
        "+1415555\(2700 + (userIDs.firstIndex(of: user) ?? 99))"
    }

    @Test(arguments: EngineBackend.allCases, seeds)
    func userSearchMatchesTheModel(backend: EngineBackend, seed: UInt64) throws {
        var inputs = SearchServiceInputs(seed: seed)
        // A durable store restarts the engine now and then: the indexes are then rebuilt
        // from the store, and recent searches reloaded.
        let store = try EngineStore(backend)
        var engine = try store.engine()
        var client = RPCTestClient(engine: engine)
        defer { try? engine.close() }
        var names: [String: String] = [:]
        var follows: [String: Set<String>] = [:]  // follower → followees
        func pickUser() -> String { inputs.chance(4) ? "ghost" : inputs.pick(Self.userIDs) }
        for step in 0..<300 {
            if store.isDurable, step % 100 == 99 {
                try engine.close()
                engine = try store.engine()
                client = RPCTestClient(engine: engine)
            }
            let me = pickUser()
            let other = pickUser()
            let registered = names[me] != nil
            var params: JSONObject = ["as": .string(me)]
            let method: String
            var expected: Result<JSONValue, RPCFailure>
            switch inputs.below(100) {
            case 0..<18:
                // Register, or re-register (a rename, absent name → ""; follows kept).
                method = "registerUser"
                let name: String? = inputs.chance(10) ? nil : inputs.pick(Self.userNames)
                params = ["userId": .string(me), "phone": .string(Self.userPhone(me))]
                if let name { params["displayName"] = .string(name) }
                names[me] = name ?? ""
                expected = .success(.object(["userId": .string(me), "e164": .string(Self.userPhone(me))]))
            case 18..<22:
                method = "deleteUser"
                expected = .failure(RPCFailure(reason: "not_found"))
                if registered {
                    names[me] = nil
                    follows[me] = nil
                    for key in follows.keys { follows[key]?.remove(me) }
                    expected = .success(.object(["success": .bool(true)]))
                }
            case 22..<40:
                method = inputs.chance(70) ? "followUser" : "unfollowUser"
                params["userId"] = .string(other)
                let following = follows[me]?.contains(other) ?? false
                if method == "followUser", me == other {
                    expected = .failure(RPCFailure(reason: "invalid_params"))
                } else if !registered || names[other] == nil {
                    expected = .failure(RPCFailure(reason: "not_found"))
                } else if method == "followUser" {
                    follows[me, default: []].insert(other)
                    expected = .success(.object(["success": .bool(!following), "alreadyFollowing": .bool(following)]))
                } else {
                    follows[me]?.remove(other)
                    expected = .success(.object(["success": .bool(following)]))
                }
            default:
                method = "searchUsers"
                let others = names.filter { $0.key != me }
                let query: String
                if inputs.chance(10), let target = others.keys.sorted().first {
                    // Never by phone: the digits of a registered user's number.
                    query = inputs.pick([String(Self.userPhone(target).dropFirst()), "555", "+1 415"])
                } else {
                    let sources = names.sorted { $0.key < $1.key }.map {
                        JSONObject([("displayName", JSONValue.string($0.value))])
                    }
                    query = inputs.query(from: sources)
                }
                params["query"] = .string(query)
                let entries = others.map { user, name in
                    Model.Entry(
                        user: user, name: name,
                        json: .object([
                            "userId": .string(user), "displayName": .string(name),
                            "isFollowing": .bool(follows[me]?.contains(user) ?? false),
                        ]))
                }
                let found = Model.search(entries, query: query, field: .name)
                let page = inputs.page(total: found.count, into: &params)
                expected =
                    registered
                    ? .success(Model.page(found.map(\.json), skip: page.skip, limit: page.limit))
                    : .failure(RPCFailure(reason: "not_found"))
            }
            let actual = client.call(method, params)
            let same = Model.same(actual, expected)
            #expect(
                same,
                """
                seed \(seed) step \(step): \(method) \(JSONValue.object(params).jsonText)
                expected \(Self.describe(expected))
                actual   \(Self.describe(actual))
                """)
            if !same { return }
        }
    }
}
