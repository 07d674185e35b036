import ContactsCore
import ContactsJSON
import ContactsSupport
import Testing

/// Randomized sequences of the follow and feed methods through JSON-RPC, each response
/// compared with a naive model: a dictionary of (follower, followee) → since and a list of
/// events, sorted on every read.
struct SocialModelTests {
    struct Model {
        var names: [String: String] = [:]
        var follows: [String: [String: Int64]] = [:]  // follower → followee → since
        var events: [String: (creator: String, title: String, createdAt: Int64)] = [:]

        func since(_ follower: String, _ followee: String) -> Int64? {
            follower == followee ? nil : follows[follower]?[followee]
        }

        func status(_ follower: String, _ followee: String) -> JSONValue {
            let since = since(follower, followee)
            return .object(["isFollowing": .bool(since != nil), "since": since.map(JSONValue.integer) ?? .null])
        }

        func page(_ edges: [(String, Int64)], skip: Int, limit: Int) -> JSONValue {
            let sorted = edges.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            let items = sorted.dropFirst(skip).prefix(limit).map { edge in
                JSONValue.object([
                    "userId": .string(edge.0), "displayName": .string(names[edge.0] ?? ""), "since": .integer(edge.1),
                    "localContact": .null,
                ])
            }
            return .object([
                "items": .array(Array(items)), "total": .integer(edges.count), "skip": .integer(skip),
                "limit": .integer(limit),
            ])
        }

        func followers(_ user: String) -> [(String, Int64)] {
            follows.compactMap { follower, followees in followees[user].map { (follower, $0) } }
        }

        func following(_ user: String) -> [(String, Int64)] {
            (follows[user] ?? [:]).map { ($0.key, $0.value) }
        }

        func mutuals(_ user: String) -> [(String, Int64)] {
            following(user).compactMap { other, mine in since(other, user).map { (other, max(mine, $0)) } }
        }

        func feed(_ user: String, skip: Int, limit: Int) -> JSONValue {
            let followed = Set((follows[user] ?? [:]).keys)
            let visible = events.filter { followed.contains($0.value.creator) }.sorted {
                $0.value.createdAt != $1.value.createdAt
                    ? $0.value.createdAt > $1.value.createdAt : $1.key.utf8.lexicographicallyPrecedes($0.key.utf8)
            }
            let items = visible.dropFirst(skip).prefix(limit).map { id, event in
                JSONValue.object([
                    "eventId": .string(id), "creatorId": .string(event.creator),
                    "creatorName": .string(names[event.creator] ?? ""), "title": .string(event.title),
                    "description": .null, "location": .null, "startTime": .null, "createdAt": .integer(event.createdAt),
                ])
            }
            return .object([
                "items": .array(Array(items)), "total": .integer(visible.count), "skip": .integer(skip),
                "limit": .integer(limit),
            ])
        }
    }

    static let users = ["a", "b", "c", "d", "e", "é", "B"]

    @Test(arguments: EngineBackend.allCases, [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomSequencesMatchTheModel(backend: EngineBackend, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let store = try EngineStore(backend)
        let engine = try store.engine()
        defer { try? engine.close() }
        var client = RPCTestClient(engine: engine)
        var model = Model()
        for (slot, user) in Self.users.enumerated() {
            let name = "User \(slot)"
            _ = client.call(
                "registerUser",
                ["userId": .string(user), "phone": .string("+1415555\(2600 + slot)"), "displayName": .string(name)])
            model.names[user] = name
        }
        var at: Int64 = 1_000
        func pick() -> String { Self.users[Int(random.next() % UInt64(Self.users.count))] }
        for step in 0..<500 {
            at += Int64(random.next() % 3)  // ties in since and createdAt are frequent on purpose
            let me = pick()
            let other = random.next() % 10 == 0 ? "nobody" : pick()
            var params: JSONObject = ["as": .string(me), "at": .integer(at)]
            let method: String
            var expected: Result<JSONValue, RPCFailure>
            switch random.next() % 12 {
            case 0, 1, 2:
                method = "followUser"
                params["userId"] = .string(other)
                if me == other {
                    expected = .failure(RPCFailure(reason: "invalid_params"))
                } else if model.names[other] == nil {
                    expected = .failure(RPCFailure(reason: "not_found"))
                } else {
                    let already = model.follows[me]?[other] != nil
                    if !already { model.follows[me, default: [:]][other] = at }
                    expected = .success(.object(["success": .bool(!already), "alreadyFollowing": .bool(already)]))
                }
            case 3:
                method = "unfollowUser"
                params["userId"] = .string(other)
                if model.names[other] == nil {
                    expected = .failure(RPCFailure(reason: "not_found"))
                } else {
                    let was = model.since(me, other) != nil
                    model.follows[me]?[other] = nil
                    expected = .success(.object(["success": .bool(was)]))
                }
            case 4:
                method = "isFollowingUser"
                params["userId"] = .string(other)
                expected =
                    model.names[other] == nil
                    ? .failure(RPCFailure(reason: "not_found")) : .success(model.status(me, other))
            case 5:
                method = "checkBatchFollowingStatus"
                let ids = (0..<(random.next() % 6)).map { _ in random.next() % 5 == 0 ? "ghost" : pick() }
                params["userIds"] = .array(ids.map(JSONValue.string))
                var seen = Set<String>()
                let statuses = ids.filter { seen.insert($0).inserted }.map { ($0, model.status(me, $0)) }
                expected = .success(.object(["statuses": .object(JSONObject(statuses))]))
            case 6, 7:
                let skip = Int(random.next() % 4)
                let limit = 1 + Int(random.next() % 4)
                params["skip"] = .integer(skip)
                params["limit"] = .integer(limit)
                switch random.next() % 3 {
                case 0:
                    method = "getFollowers"
                    expected = .success(model.page(model.followers(me), skip: skip, limit: limit))
                case 1:
                    method = "getFollowing"
                    expected = .success(model.page(model.following(me), skip: skip, limit: limit))
                default:
                    method = "getMutualFollows"
                    expected = .success(model.page(model.mutuals(me), skip: skip, limit: limit))
                }
            case 8, 9:
                method = "createEvent"
                let eventId = "e\(random.next() % 15)"
                params["eventId"] = .string(eventId)
                params["title"] = .string("Event \(step)")
                if let existing = model.events[eventId], existing.creator != me {
                    expected = .failure(RPCFailure(reason: "conflict"))
                } else {
                    if model.events[eventId] == nil { model.events[eventId] = (me, "Event \(step)", at) }
                    expected = .success(.object(["eventId": .string(eventId)]))
                }
            case 10:
                method = "deleteEvent"
                let eventId = "e\(random.next() % 15)"
                params["eventId"] = .string(eventId)
                let mine = model.events[eventId]?.creator == me
                if mine { model.events[eventId] = nil }
                expected = .success(.object(["success": .bool(mine)]))
            default:
                method = "getFeed"
                let skip = Int(random.next() % 3)
                let limit = 1 + Int(random.next() % 5)
                params["skip"] = .integer(skip)
                params["limit"] = .integer(limit)
                expected = .success(model.feed(me, skip: skip, limit: limit))
            }
            let actual = client.call(method, params)
            #expect(
                actual == expected,
                "\(backend) seed \(seed) step \(step): \(method) \(JSONValue.object(params).jsonText)")
            if actual != expected { return }
        }
    }
}
