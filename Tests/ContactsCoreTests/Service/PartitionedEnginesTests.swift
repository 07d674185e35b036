import ContactsCore
import ContactsJSON
import ContactsSupport
import Testing

/// Several engines live side by side in one process with no shared state (DESIGN.md, "Beyond
/// one machine"): users partitioned by community over two engines answer exactly like one
/// engine holding everyone, as long as each community only touches its own users, numbers and
/// events. (`searchUsers` is left out: the directory of registered users is per engine.)
struct PartitionedEnginesTests {
    static let seeds: [UInt64] = [1, 2, 3, 4]
    static let communities = 4
    static let usersPerCommunity = 6

    static func userId(_ community: Int, _ member: Int) -> String { "c\(community)u\(member)" }

    /// A registered number of a member: +1 415 555 CCMM (North American, possible).
    static func phone(_ community: Int, _ member: Int) -> String {
        "+1415555" + String(1000 + community * 100 + member)
    }

    /// A number nobody registered, unique to the community.
    static func stranger(_ community: Int, _ index: Int) -> String {
        "+1415556" + String(1000 + community * 100 + index % 100)
    }

    /// One request of community `community`, drawn from every method that reads or changes
    /// only that community's data.
    static func request(
        _ community: Int, step: Int, random: inout SplitMix64
    ) -> (method: String, params: JSONObject) {
        func member() -> String { userId(community, Int(random.next() % UInt64(usersPerCommunity))) }
        let actor = member()
        let at = JSONValue.integer(1_700_000_000_000 + Int64(step) * 1_000)
        var params: JSONObject = ["as": .string(actor), "at": at]
        switch random.next() % 14 {
        case 0, 1:
            params["userId"] = .string(member())
            return (random.next() % 3 == 0 ? "unfollowUser" : "followUser", params)
        case 2:
            let contacts: [JSONValue] = (0..<Int(random.next() % 5)).map { index in
                let number =
                    random.next() % 2 == 0
                    ? phone(community, Int(random.next() % UInt64(usersPerCommunity)))
                    : stranger(community, Int(random.next() % 20))
                return .object([
                    "id": .string("k\(random.next() % 8)"), "givenName": .string(["Ana", "Bo", "Zoë"][index % 3]),
                    "phoneNumbers": .array([.object(["value": .string(number)])]),
                ])
            }
            params["contacts"] = .array(contacts)
            return ("uploadContacts", params)
        case 3: return ("deleteAllUploadedContacts", params)
        case 4:
            params["eventId"] = .string("e\(community)-\(random.next() % 6)")
            params["title"] = .string("meet \(step)")
            return ("createEvent", params)
        case 5:
            params["eventId"] = .string("e\(community)-\(random.next() % 6)")
            return ("deleteEvent", params)
        case 6:
            params["query"] = .string(["a", "zo", "bo", "5550", ""][Int(random.next() % 5)])
            return ("searchContacts", params)
        case 7: return ("lookupContactMatches", params)
        case 8: return (["getFollowers", "getFollowing", "getMutualFollows"][Int(random.next() % 3)], params)
        case 9: return ("getFeed", params)
        case 10:
            params["userIds"] = .array((0..<3).map { _ in .string(member()) })
            return ("checkBatchFollowingStatus", params)
        case 11:
            params["contactId"] = .string("k\(random.next() % 8)")
            return (["followContact", "isFollowingContact", "unfollowContact"][Int(random.next() % 3)], params)
        case 12:
            params["fieldType"] = .string(["any", "phone"][Int(random.next() % 2)])
            return ("fetchContacts", params)
        default:
            params["prefix"] = .string(["", "z", "a"][Int(random.next() % 3)])
            return ("getSearchSuggestions", params)
        }
    }

    @Test(arguments: seeds)
    func twoEnginesAnswerLikeOne(seed: UInt64) throws {
        var single = RPCTestClient(engine: try ContactsEngine())
        var shards = [RPCTestClient(engine: try ContactsEngine()), RPCTestClient(engine: try ContactsEngine())]
        for community in 0..<Self.communities {
            for member in 0..<Self.usersPerCommunity {
                let params: JSONObject = [
                    "userId": .string(Self.userId(community, member)), "phone": .string(Self.phone(community, member)),
                    "displayName": .string("Member \(member)"), "at": .integer(1_700_000_000_000),
                ]
                let expected = single.call("registerUser", params)
                #expect(try expected.get() == shards[community % 2].call("registerUser", params).get())
            }
        }
        var random = SplitMix64(seed: seed)
        var answeredWithMatches = 0
        var succeeded = 0
        for step in 0..<600 {
            let community = Int(random.next() % UInt64(Self.communities))
            let (method, params) = Self.request(community, step: step, random: &random)
            let expected = single.call(method, params)
            let answered = shards[community % 2].call(method, params)
            #expect(answered == expected, "seed \(seed) step \(step): \(method) \(params)")
            if case .success(let result) = expected {
                succeeded += 1
                if method == "lookupContactMatches", result.objectValue?["matches"]?.arrayValue?.isEmpty == false {
                    answeredWithMatches += 1
                }
            }
        }
        // The workload does what it claims: mostly successful requests, some real matches.
        #expect(succeeded > 400 && answeredWithMatches > 0, "seed \(seed): \(succeeded) succeeded")
    }
}
