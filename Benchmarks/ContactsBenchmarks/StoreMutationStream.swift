import ContactsCore
import ContactsFixtures
import ContactsJSON
import ContactsSupport
import Foundation

/// One JSON-RPC request: the method and the JSON text of its params (PROTOCOL §5).
struct StoreRequest {
    let method: String
    let params: String
}

/// The request stream of the mutation benchmarks, from a `contacts generate` fixture
/// (in-process, seed 3): every fixture user registered, distinct follow pairs followed and
/// then unfollowed, and books of `booksize` fixture contacts uploaded, each by its own user.
struct StoreMutationStream {
    let registrations: [StoreRequest]
    let follows: [StoreRequest]
    let unfollows: [StoreRequest]
    let uploads: [StoreRequest]
    let booksize: Int

    init(users userCount: Int, uploads uploadCount: Int, booksize: Int) throws {
        self.booksize = booksize
        let fixture = try GeneratedFixtureDirectory(contacts: uploadCount * booksize, users: userCount, seed: 3)
        defer { withExtendedLifetime(fixture) {} }
        let users = try FixtureReader<FixtureUser>.readAll(path: fixture.file("users.jsonl"))
        guard users.count >= max(2, uploadCount) else { throw BaselineError("the fixture has too few users") }
        registrations = users.map { user in
            StoreRequest(
                method: "registerUser",
                params: Self.object([
                    ("userId", .string(user.userId)), ("phone", .string(user.phone)),
                    ("region", .string(orNull: user.region)), ("displayName", .string(user.displayName)),
                ]))
        }

        var random = SplitMix64(seed: 71)
        var pairs: [(String, String)] = []
        var seen = Set<UInt64>()
        while pairs.count < users.count {
            let follower = Int(random.next() % UInt64(users.count))
            let followee = Int(random.next() % UInt64(users.count))
            guard follower != followee, seen.insert(UInt64(follower) << 32 | UInt64(followee)).inserted else {
                continue
            }
            pairs.append((users[follower].userId, users[followee].userId))
        }
        let pairParams = pairs.map { Self.object([("as", .string($0.0)), ("userId", .string($0.1))]) }
        follows = pairParams.map { StoreRequest(method: "followUser", params: $0) }
        unfollows = pairParams.map { StoreRequest(method: "unfollowUser", params: $0) }

        // Contacts go as the fixture wrote them (their `ownerId` is ignored: `as` owns them).
        let lines = try String(contentsOfFile: fixture.file("contacts.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        uploads = (0..<uploadCount).map { number in
            let book = lines[number * booksize..<min(lines.count, (number + 1) * booksize)]
            var params = Self.object([("as", .string(users[number].userId))])
            params.removeLast()
            params += #","contacts":["# + book.joined(separator: ",") + "]}"
            return StoreRequest(method: "uploadContacts", params: params)
        }
    }

    private static func object(_ members: [(String, JSONValue)]) -> String {
        JSONValue.object(JSONObject(members)).jsonText
    }
}
