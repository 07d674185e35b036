import ContactsAuth
import ContactsCore
import ContactsHTTP
import ContactsService
import Testing

@testable import ContactsHTTPService

/// Which requests the front has the server run first: `/rpc` calls of the methods that change
/// state, found in the body without parsing it whole.
@Suite struct HTTPFrontPriorityTests {
    /// Every method that goes through the engine's change path, and no other.
    static let changes: Set<String> = [
        "createEvent", "deleteAllUploadedContacts", "deleteEvent", "deleteUser", "followContact", "followUser",
        "registerUser", "unfollowContact", "unfollowUser", "uploadContacts",
    ]

    static func front() throws -> HTTPFront {
        let verifier = try JWTVerifier(secret: try JWTSecret(bytes: Array("priority-test-secret-of-32-bytes".utf8)))
        return try HTTPFront(
            configuration: HTTPServiceConfiguration(server: HTTPServerConfiguration(), verifier: verifier))
    }

    static func request(_ path: String, _ body: String) -> HTTPRequest {
        HTTPRequest(
            head: HTTPRequestHead(method: "POST", path: path),
            body: Array(body.utf8))
    }

    @Test func exactlyTheChangingMethodsAreMarked() throws {
        let server = JSONRPCServer(methods: ContactsMethods.table(for: try ContactsEngine()))
        #expect(Set(server.methodNames.filter { server.changes(method: $0) }) == Self.changes)
        #expect(!server.changes(method: "noSuchMethod"))
    }

    @Test func changesArePrioritizedAndEverythingElseIsNot() throws {
        let front = try Self.front()
        let upload = Self.request(
            "/rpc",
            #"{"jsonrpc":"2.0","id":1,"params":{"as":"u1","contacts":[{"id":"c","method":"x"}]},"method":"uploadContacts"}"#
        )
        // Before the engine has loaded nothing is: /rpc answers 503 anyway.
        #expect(!front.prioritize(upload))
        front.engineLoaded(try ContactsEngine())
        #expect(front.prioritize(upload))
        let server = JSONRPCServer(methods: ContactsMethods.table(for: try ContactsEngine()))
        for name in server.methodNames {
            let call = Self.request("/rpc", #"{"jsonrpc":"2.0","id":1,"method":"\#(name)","params":{}}"#)
            #expect(front.prioritize(call) == Self.changes.contains(name), "\(name)")
        }
        #expect(!front.prioritize(Self.request("/rpc", "not json")))
        #expect(!front.prioritize(Self.request("/rpc", #"[{"method":"followUser"}]"#)))
        #expect(!front.prioritize(Self.request("/metrics", #"{"method":"followUser"}"#)))
    }
}
