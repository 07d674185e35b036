import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsService
import ContactsSupport
import Testing

/// Results a method writes itself (``StreamedJSON``): a response carrying one is written byte
/// for byte as the ``JSONValue`` tree of the same answer would be, and `isFollowingUser` and
/// `checkBatchFollowingStatus` answer what a model of the follows says.
@Suite struct StreamedResultTests {
    /// The bytes a transport sends for `response`.
    static func bytes(of response: RPCResponse?) -> [UInt8] {
        var writer = JSONWriter()
        response?.write(to: &writer)
        return writer.bytes
    }

    static func request(_ method: String, _ params: JSONObject, id: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id, "method": .string(method), "params": .object(params)])
    }

    /// A follow status as a tree, shaped as PROTOCOL §5 says.
    static func statusTree(_ since: Int64?) -> JSONValue {
        .object(["isFollowing": .bool(since != nil), "since": .integer(orNull: since)])
    }

    /// A valid id drawn from RandomJSON's pool (quotes, backslashes and non-ASCII
    /// included; controls are not ids), prefixed so that ids of different roles never meet.
    static func id(_ prefix: String, using random: inout SplitMix64) -> String {
        while true {
            var candidate = prefix + RandomJSON.string(using: &random, maximumLength: 10)
            candidate.unicodeScalars.removeAll { $0.properties.generalCategory == .control }
            if random.next() % 3 == 0 { candidate += ["\"", "\\", "\"\\\"", "/"][Int(random.next() % 4)] }
            if Identifier.isValid(candidate) { return candidate }
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func followAnswersAreTheTreesOfTheModel(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let engine = try ContactsEngine()
        let server = JSONRPCServer(methods: ContactsMethods.table(for: engine), clock: { 1_000 })
        var users: [String] = []
        while users.count < 40 {
            let user = Self.id("u", using: &random)
            guard !users.contains(where: { $0.utf8Equals(user) }) else { continue }
            let phone = "+1415555\(String(1_000 + users.count))"
            let registered = server.respond(
                to: Self.request(
                    "registerUser", ["userId": .string(user), "phone": .string(phone)], id: .integer(1)))
            #expect(registered?.jsonValue.objectValue?["result"] != nil, "register \(user)")
            users.append(user)
        }
        // The model: whom each user follows, and since when.
        var follows: [ExactString: [ExactString: Int64]] = [:]
        for _ in 0..<300 {
            let (follower, followee) = (users.randomElement(using: &random)!, users.randomElement(using: &random)!)
            guard !follower.utf8Equals(followee) else { continue }
            let at = Int64(random.next() % 1_000_000_000_000)
            let params: JSONObject = ["as": .string(follower), "userId": .string(followee), "at": .integer(at)]
            let answer = server.respond(to: Self.request("followUser", params, id: .integer(2)))
            guard answer?.jsonValue.objectValue?["result"]?.objectValue?["success"] == .bool(true) else { continue }
            follows[ExactString(follower), default: [:]][ExactString(followee)] = at
        }
        #expect(follows.values.map(\.count).reduce(0, +) > 100, "the model holds follows")
        let unknown = (0..<10).map { _ in Self.id("x", using: &random) }
        for round in 0..<20 {
            let me = users.randomElement(using: &random)!
            let id: JSONValue = round % 2 == 0 ? .integer(Int64(round)) : .string(Self.id("r", using: &random))
            // isFollowingUser: the tree of the model's status, written the same.
            let other = users.randomElement(using: &random)!
            let since = follows[ExactString(me)]?[ExactString(other)]
            let single = server.respond(
                to: Self.request("isFollowingUser", ["as": .string(me), "userId": .string(other)], id: id))
            let singleTree: JSONValue = .object(["jsonrpc": .string("2.0"), "id": id, "result": Self.statusTree(since)])
            #expect(Self.bytes(of: single) == RandomJSON.text(of: singleTree), "isFollowingUser \(me) → \(other)")

            // checkBatchFollowingStatus: known, unknown, repeated ids and myself; distinct by bytes, first seen first.
            let pool = users + unknown + [me]
            let targets = (0..<Int(random.next() % 200)).map { _ in pool.randomElement(using: &random)! }
            var seen = Set<ExactString>()
            var statuses: [(String, JSONValue)] = []
            for target in targets where seen.insert(ExactString(target)).inserted {
                statuses.append((target, Self.statusTree(follows[ExactString(me)]?[ExactString(target)])))
            }
            let batch = server.respond(
                to: Self.request(
                    "checkBatchFollowingStatus", ["as": .string(me), "userIds": .array(targets.map(JSONValue.string))],
                    id: id))
            let batchTree: JSONValue = .object([
                "jsonrpc": .string("2.0"), "id": id, "result": .object(["statuses": .object(JSONObject(statuses))]),
            ])
            #expect(Self.bytes(of: batch) == RandomJSON.text(of: batchTree), "batch of \(targets.count) as \(me)")
            #expect(batch?.jsonValue == batchTree)
        }
    }

    @Test func aStreamedResultIsWrittenAsItsTree() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let value = RandomJSON.value(using: &random, depth: 3)
            let id: JSONValue = [
                .null, .integer(Int64(random.next() % 100)), .string(RandomJSON.string(using: &random)),
            ][
                Int(random.next() % 3)]
            let tree: JSONValue = .object(["jsonrpc": .string("2.0"), "id": id, "result": value])
            let asValue = RPCResponse(id: id, .result(.value(value)))
            let streamed = RPCResponse(id: id, .result(.streamed(StreamedJSON { $0.write(value) })))
            #expect(Self.bytes(of: asValue) == RandomJSON.text(of: tree))
            #expect(Self.bytes(of: streamed) == RandomJSON.text(of: tree))
            #expect(streamed.jsonValue == tree)
            let error = RPCError(.rateLimited, RandomJSON.string(using: &random), retryAfterMs: 5)
            let errorTree: JSONValue = .object(["jsonrpc": .string("2.0"), "id": id, "error": error.jsonValue])
            #expect(Self.bytes(of: JSONRPCServer.errorResponse(id: id, error)) == RandomJSON.text(of: errorTree))
        }
    }

    @Test func streamedStringsAreEscapedByTheWriter() {
        var random = SplitMix64(seed: 8)
        for _ in 0..<500 {
            let strings = (0..<Int(random.next() % 4)).map { _ in RandomJSON.string(using: &random) }
            let streamed = StreamedJSON { writer in
                writer.appendRaw("[")
                for (index, string) in strings.enumerated() {
                    if index > 0 { writer.appendRaw(",") }
                    writer.writeString(string)
                }
                writer.appendRaw("]")
            }
            var writer = JSONWriter()
            writer.write(streamed)
            #expect(writer.bytes == RandomJSON.text(of: .array(strings.map(JSONValue.string))))
            #expect(streamed.jsonValue == .array(strings.map(JSONValue.string)))
        }
    }
}
