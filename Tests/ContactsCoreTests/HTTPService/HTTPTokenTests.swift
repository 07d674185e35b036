import ContactsAuth
import ContactsJSON
import ContactsSupport
import Testing

/// PROTOCOL §7 "Who is calling" end to end: `contacts serve --listen` checks every bearer
/// token rule before anything runs (401 with `WWW-Authenticate: Bearer`), a user token acts
/// only as its `sub` (`forbidden`, nothing changed), a service token names anyone; and the
/// transport errors come in §7's order.
@Suite(.serialized) struct HTTPTokenTests {
    let server: HTTPServiceProcess
    let factory: TokenFactory
    let service: String
    let nowSeconds = WallClock.milliseconds() / 1000

    init() throws {
        server = try HTTPServiceProcess(arguments: ["--jwt-audience", "contacts"])
        factory = try TokenFactory(secret: HTTPServiceProcess.secret)
        service = try server.token("backend", service: true, extra: ["--audience", "contacts"])
        for (user, phone) in [("u1", "+14155550101"), ("u2", "+14155550102")] {
            let body =
                #"{"jsonrpc":"2.0","id":1,"method":"registerUser","params":{"userId":"\#(user)","phone":"\#(phone)"}}"#
            let answer = try post(body, token: service)
            try #require(answer.status == 200 && answer.text.contains(#""result""#), "\(answer.text)")
        }
    }

    func post(_ body: String, token: String?) throws -> HTTPServiceProcess.Exchange {
        try server.exchange(HTTPServiceProcess.Request(body: Array(body.utf8), token: token))
    }

    /// `claims` (JSON text) signed with the server's secret under `header`.
    func token(_ claims: String, header: String = #"{"alg":"HS256","typ":"JWT"}"#) throws -> String {
        try factory.token(header: header, claims: claims)
    }

    static let ask = #"{"jsonrpc":"2.0","id":1,"method":"getFollowing","params":{}}"#

    func expectRefused(_ token: String?, _ why: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let answer = try post(Self.ask, token: token)
        #expect(answer.status == 401, "\(why): \(answer.status) \(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.header("www-authenticate")?.hasPrefix("Bearer") == true, sourceLocation: sourceLocation)
        let error = try? JSONParser.parse(answer.body).objectValue?["error"]?.stringValue
        #expect(error?.isEmpty == false, "\(why): a short JSON error", sourceLocation: sourceLocation)
    }

    func expectAccepted(_ token: String, _ why: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let answer = try post(Self.ask, token: token)
        #expect(answer.status == 200, "\(why): \(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.text.contains(#""result""#), "\(why): \(answer.text)", sourceLocation: sourceLocation)
    }

    @Test func everyClaimRuleIsCheckedByTheServer() throws {
        let exp = nowSeconds + 600
        let good = #""sub":"u1","aud":"contacts","exp":\#(exp)"#
        try expectAccepted(try token("{\(good)}"), "a good token")
        try expectAccepted(try server.token("u1", extra: ["--audience", "contacts"]), "contacts token")
        try expectRefused(nil, "no token")
        try expectRefused("not-a-jwt", "malformed")
        var tampered = Array(try token("{\(good)}").utf8)
        tampered[tampered.count - 2] = tampered[tampered.count - 2] == UInt8(ascii: "A") ? 0x42 : 0x41
        try expectRefused(String(decoding: tampered, as: UTF8.self), "tampered signature")
        let other = try TokenFactory(secret: "another-secret-of-at-least-32-bytes")
        try expectRefused(try other.token(claims: "{\(good)}"), "signed with another secret")
        let payload = Base64URL.encode(Array("{\(good)}".utf8))
        try expectRefused(Base64URL.encode(#"{"alg":"none","typ":"JWT"}"#.utf8) + ".\(payload).", "alg none")
        try expectRefused(try token("{\(good)}", header: #"{"alg":"HS512","typ":"JWT"}"#), "alg HS512")
        try expectRefused(try token(#"{"sub":"u1","aud":"contacts"}"#), "no exp")
        try expectRefused(try token(#"{"aud":"contacts","exp":\#(exp)}"#), "no sub")
        try expectRefused(try token(#"{"sub":"","aud":"contacts","exp":\#(exp)}"#), "empty sub")
        try expectRefused(try token(#"{"sub":"u1","exp":\#(exp)}"#), "no aud")
        try expectRefused(try token(#"{"sub":"u1","aud":"other","exp":\#(exp)}"#), "wrong aud")
        try expectRefused(try token(#"{"sub":"u1","aud":"contacts","exp":\#(nowSeconds - 60)}"#), "expired")
        try expectAccepted(try token(#"{"sub":"u1","aud":"contacts","exp":\#(nowSeconds - 10)}"#), "in the leeway")
        let future = #"{"sub":"u1","aud":"contacts","exp":\#(exp),"nbf":\#(nowSeconds + 120)}"#
        try expectRefused(try token(future), "not yet valid")
        let issued = #"{"sub":"u1","aud":"contacts","exp":\#(exp),"iat":\#(nowSeconds + 120)}"#
        try expectRefused(try token(issued), "issued in the future")
        try expectRefused(try token("{\(good)}").replacingOccurrences(of: ".", with: "!"), "not base64url")
    }

    @Test func aUserTokenActsOnlyAsItsSubject() throws {
        let u1 = try server.token("u1", extra: ["--audience", "contacts"])
        let foreign = #"{"jsonrpc":"2.0","id":1,"method":"followUser","params":{"as":"u2","userId":"u1"}}"#
        let refused = try post(foreign, token: u1)
        #expect(refused.status == 200)
        let error = try JSONParser.parse(refused.body).objectValue?["error"]?.objectValue
        #expect(error?["code"] == .integer(-32003))
        #expect(error?["data"]?.objectValue?["reason"] == .string("forbidden"))
        let check = #"{"jsonrpc":"2.0","id":2,"method":"isFollowingUser","params":{"as":"u2","userId":"u1"}}"#
        #expect(try post(check, token: service).text.contains(#""isFollowing":false"#), "nothing changed")
        // A forbidden notification is neither executed nor answered.
        let notification = #"{"jsonrpc":"2.0","method":"followUser","params":{"as":"u2","userId":"u1"}}"#
        #expect(try post(notification, token: u1).status == 204)
        #expect(try post(check, token: service).text.contains(#""isFollowing":false"#), "nothing changed")
        // Absent `as` is the token's subject.
        let mine = #"{"jsonrpc":"2.0","id":3,"method":"followUser","params":{"userId":"u2"}}"#
        #expect(try post(mine, token: u1).text.contains(#""success":true"#))
        let followed = #"{"jsonrpc":"2.0","id":4,"method":"isFollowingUser","params":{"as":"u1","userId":"u2"}}"#
        #expect(try post(followed, token: service).text.contains(#""isFollowing":true"#))
        // registerUser with a user token registers `sub` only.
        let u3 = try server.token("u3", extra: ["--audience", "contacts"])
        let other = #"{"jsonrpc":"2.0","id":5,"method":"registerUser","params":{"userId":"u4","phone":"+14155550104"}}"#
        #expect(try post(other, token: u3).text.contains(#""reason":"forbidden""#))
        let itself = #"{"jsonrpc":"2.0","id":6,"method":"registerUser","params":{"phone":"+14155550103"}}"#
        #expect(try post(itself, token: u3).text.contains(#""userId":"u3""#))
    }

    @Test func aServiceTokenNamesAnyUser() throws {
        let register =
            #"{"jsonrpc":"2.0","id":1,"method":"registerUser","params":{"userId":"s9","phone":"+14155550109"}}"#
        #expect(try post(register, token: service).text.contains(#""userId":"s9""#))
        let follow = #"{"jsonrpc":"2.0","id":2,"method":"followUser","params":{"as":"s9","userId":"u1"}}"#
        #expect(try post(follow, token: service).text.contains(#""success":true"#))
        let missing = #"{"jsonrpc":"2.0","id":3,"method":"getFollowing","params":{}}"#
        #expect(try post(missing, token: service).text.contains(#""reason":"invalid_params""#), "as is required")
    }

    @Test func transportErrorsComeInTheProtocolsOrder() throws {
        func status(_ method: String, _ path: String, token: String?, type: String?) throws -> Int {
            try server.exchange(
                HTTPServiceProcess.Request(
                    body: Array(Self.ask.utf8), token: token, method: method, path: path, contentType: type)
            ).status
        }
        let json = "application/json"
        #expect(try status("POST", "/nope", token: nil, type: "text/plain") == 404)
        #expect(try status("GET", "/rpc", token: nil, type: "text/plain") == 405)
        #expect(try status("POST", "/rpc", token: nil, type: "text/plain") == 401)
        #expect(try status("POST", "/rpc", token: service, type: "text/plain") == 415)
        #expect(try status("POST", "/rpc", token: service, type: "application/json; charset=utf-8") == 200)
        #expect(try status("POST", "/rpc", token: service, type: json) == 200)
        for path in ["/healthz", "/readyz", "/metrics"] {
            #expect(try status("GET", path, token: nil, type: nil) == 200, "\(path) needs no token")
        }
        let answer = try post(Self.ask, token: nil)
        #expect(answer.header("contacts-position") != nil, "every /rpc answer carries Contacts-Position")
    }
}
