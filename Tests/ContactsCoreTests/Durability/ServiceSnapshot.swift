import ContactsCore
import ContactsJSON

/// One read request and its answer, compared with object members in key order (the
/// protocol fixes members, not their order).
struct SnapshotEntry: Equatable, CustomStringConvertible {
    let method: String
    let params: JSONObject
    let answer: Result<JSONValue, RPCFailure>

    init(_ method: String, _ params: JSONObject, _ answer: Result<JSONValue, RPCFailure>) {
        self.method = method
        self.params = params
        self.answer = answer.map(Self.canonical)
    }

    /// `value` with every object's members sorted by key bytes.
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map(canonical))
        case .object(let object):
            let members = object.members.map { ($0.key, canonical($0.value)) }
            return .object(JSONObject(members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }))
        default: return value
        }
    }

    var description: String {
        let answerText =
            switch answer {
            case .success(let value): value.jsonText
            case .failure(let failure): "error \(failure.reason)"
            }
        return "\(method) \(JSONValue.object(params).jsonText) → \(answerText)"
    }
}

/// Every read of the service, for every user, as one comparable list: what "the state as
/// seen from outside" means in the restart, bad-input, authorization and crash tests.
enum ServiceSnapshot {
    typealias Call = (String, JSONObject) throws -> Result<JSONValue, RPCFailure>

    /// The read methods ``every(users:queries:call:)`` calls; the tests check this is every
    /// method of the table that is not a mutation.
    static let readMethods: Set<String> = [
        "lookupContactMatches", "isFollowingUser", "checkBatchFollowingStatus", "getFollowers", "getFollowing",
        "getMutualFollows", "isFollowingContact", "getFeed", "searchContacts", "fetchContacts", "searchUsers",
        "getSearchSuggestions",
    ]

    /// The reads ``ServiceModel`` answers too, for `users` and the contact ids `contactIDs`.
    static func modelReads(users: [String], contactIDs: [String]) -> [(String, JSONObject)] {
        var requests: [(String, JSONObject)] = []
        for me in users {
            let mine: JSONObject = ["as": .string(me), "limit": .integer(1000)]
            for method in ["lookupContactMatches", "getFollowers", "getFollowing", "getMutualFollows", "getFeed"] {
                requests.append((method, mine))
            }
            for fieldType in ["any", "phone", "email", "notes"] {
                var params = mine
                params["fieldType"] = .string(fieldType)
                requests.append(("fetchContacts", params))
            }
            for other in users {
                requests.append(("isFollowingUser", ["as": .string(me), "userId": .string(other)]))
            }
            let batch = (users + ["ghost"]).map(JSONValue.string)
            requests.append(("checkBatchFollowingStatus", ["as": .string(me), "userIds": .array(batch)]))
            for contactId in contactIDs {
                requests.append(("isFollowingContact", ["as": .string(me), "contactId": .string(contactId)]))
            }
        }
        return requests
    }

    /// A user outside every workload who follows everyone, so that every event is in some
    /// feed (events show only in their followers' feeds) and every name in some page.
    static let observer = "observer"

    /// The observer's registration (phone slot 999, used by no workload) and a follow of
    /// each of `users` at `at`; repeating them changes nothing but new follows.
    static func observe(_ users: [String], at: Int64) -> [(String, JSONObject)] {
        let registration: JSONObject = [
            "userId": .string(observer), "phone": .string(MutationGenerator.phone(999)),
            "displayName": .string("Observer"),
        ]
        return [("registerUser", registration)]
            + users.map { ("followUser", ["as": .string(observer), "userId": .string($0), "at": .integer(at)]) }
    }

    /// Answers every request with `call`.
    static func take(_ requests: [(String, JSONObject)], call: Call) throws -> [SnapshotEntry] {
        try requests.map { method, params in SnapshotEntry(method, params, try call(method, params)) }
    }

    /// Pairs `requests` with `answers` given in the same order (from a pipelined server).
    static func take(_ requests: [(String, JSONObject)], answers: [Result<JSONValue, RPCFailure>]) -> [SnapshotEntry] {
        zip(requests, answers).map { request, answer in SnapshotEntry(request.0, request.1, answer) }
    }

    /// Every read method for every user: full pages and small pages (cursor chains too),
    /// statuses against every user, every contact id found, suggestions, then searches for
    /// each of `queries` in every field. Searches record queries, so suggestions are read
    /// first: taking the snapshot twice leaves the second one a fixed point.
    static func every(users: [String], queries: [String], call: Call) throws -> [SnapshotEntry] {
        var entries: [SnapshotEntry] = []
        func read(_ method: String, _ params: JSONObject) throws -> Result<JSONValue, RPCFailure> {
            let answer = try call(method, params)
            entries.append(SnapshotEntry(method, params, answer))
            return answer
        }
        for me in users {
            let mine: JSONObject = ["as": .string(me)]
            func with(_ extra: [(String, JSONValue)]) -> JSONObject {
                var params = mine
                for (key, value) in extra { params[key] = value }
                return params
            }
            _ = try read("getSearchSuggestions", with([("prefix", .string("")), ("limit", .integer(1000))]))
            for query in queries {
                _ = try read("getSearchSuggestions", with([("prefix", .string(String(query.prefix(2))))]))
            }
            _ = try read("lookupContactMatches", with([("limit", .integer(1000))]))
            var cursor: JSONValue = .null
            for _ in 0..<50 {
                let page = try read("lookupContactMatches", with([("cursor", cursor), ("limit", .integer(2))]))
                guard case .success(let value) = page, let next = value.objectValue?["nextCursor"], !next.isNull
                else { break }
                cursor = next
            }
            for method in ["getFollowers", "getFollowing", "getMutualFollows", "getFeed"] {
                _ = try read(method, with([("limit", .integer(1000))]))
                _ = try read(method, with([("skip", .integer(1)), ("limit", .integer(2))]))
                _ = try read(method, with([("skip", .integer(1000))]))
            }
            var contactIDs: [String] = []
            for fieldType in ["any", "phone", "email", "notes"] {
                let all = try read(
                    "fetchContacts", with([("fieldType", .string(fieldType)), ("limit", .integer(1000))]))
                if fieldType == "any", case .success(let value) = all {
                    let items = value.objectValue?["items"]?.arrayValue ?? []
                    contactIDs = items.compactMap { $0.objectValue?["id"]?.stringValue }
                }
                _ = try read("fetchContacts", with([("fieldType", .string(fieldType)), ("skip", .integer(2))]))
            }
            for contactId in contactIDs + ["no-such-contact"] {
                _ = try read("isFollowingContact", with([("contactId", .string(contactId))]))
            }
            for other in users + ["ghost"] {
                _ = try read("isFollowingUser", with([("userId", .string(other))]))
            }
            let batch = (users + ["ghost", users.first ?? "ghost"]).map(JSONValue.string)
            _ = try read("checkBatchFollowingStatus", with([("userIds", .array(batch))]))
            for query in [""] + queries {
                _ = try read("searchUsers", with([("query", .string(query)), ("limit", .integer(1000))]))
                for field in ["any", "name", "email", "phone", "notes"] {
                    _ = try read(
                        "searchContacts",
                        with([("query", .string(query)), ("field", .string(field)), ("limit", .integer(1000))]))
                }
            }
        }
        return entries
    }

    /// The first entries where `actual` and `expected` differ, for an issue message; nil
    /// when they are equal.
    static func difference(_ actual: [SnapshotEntry], _ expected: [SnapshotEntry], limit: Int = 3) -> String? {
        if actual == expected { return nil }
        var lines: [String] = []
        if actual.count != expected.count { lines.append("\(actual.count) reads vs \(expected.count) expected") }
        for (left, right) in zip(actual, expected) where left != right {
            lines.append("got      \(left)\nexpected \(right)")
            if lines.count >= limit { break }
        }
        return lines.joined(separator: "\n")
    }
}
