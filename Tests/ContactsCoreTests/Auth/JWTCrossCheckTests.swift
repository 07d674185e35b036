import ContactsAuth
import ContactsJSON
import ContactsSupport
import Foundation
import Testing

/// Our tokens against an independent implementation: Python's standard library (`hmac`,
/// `hashlib`, `base64`, `json`), run as `python3 -c`. Python signs tokens our verifier must
/// accept (and read as Python expects), and verifies the tokens our signer makes.
@Suite struct JWTCrossCheckTests {
    /// Reads `{"secret": base64, "tokens": [{"header": {...}, "claims": {...}, "style": n}]}` and
    /// prints one line per token: the token, then the milliseconds its `exp` denotes rounded
    /// down (exact decimal arithmetic), tab-separated. Styles vary the JSON spelling: compact,
    /// Python's default spaces, ASCII escapes, sorted keys.
    static let signScript = #"""
        import base64, decimal, hashlib, hmac, json, sys
        request = json.loads(sys.stdin.read())
        secret = base64.b64decode(request["secret"])
        def b64url(data):
            return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")
        def dumps(value, style):
            if style == 0: return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
            if style == 1: return json.dumps(value)
            if style == 2: return json.dumps(value, separators=(", ", " : "), sort_keys=True)
            return json.dumps(value, indent=2, ensure_ascii=False)
        for item in request["tokens"]:
            header = b64url(dumps(item["header"], item["style"]).encode("utf-8"))
            claims_text = dumps(item["claims"], item["style"])
            payload = b64url(claims_text.encode("utf-8"))
            signing_input = (header + "." + payload).encode("ascii")
            signature = b64url(hmac.new(secret, signing_input, hashlib.sha256).digest())
            exp_literal = json.dumps(item["claims"]["exp"])
            exp_ms = (decimal.Decimal(exp_literal) * 1000).to_integral_value(rounding=decimal.ROUND_FLOOR)
            print(header + "." + payload + "." + signature + "\t" + str(exp_ms))
        """#

    /// Reads `{"secret": base64, "tokens": [token]}` and prints, per token, a JSON line:
    /// `{"valid": bool, "header": {...}, "claims": {...}}`, checking the signature with
    /// `hmac.compare_digest`.
    static let verifyScript = #"""
        import base64, hashlib, hmac, json, sys
        request = json.loads(sys.stdin.read())
        secret = base64.b64decode(request["secret"])
        def unb64url(text):
            return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        for token in request["tokens"]:
            header, payload, signature = token.split(".")
            expected = hmac.new(secret, (header + "." + payload).encode("ascii"), hashlib.sha256).digest()
            valid = hmac.compare_digest(expected, unb64url(signature))
            print(json.dumps({"valid": valid, "header": json.loads(unb64url(header)),
                              "claims": json.loads(unb64url(payload))}, ensure_ascii=False))
        """#

    static func randomSecret(using generator: inout SplitMix64) -> [UInt8] {
        (0..<Int(generator.next() % 90 + 1)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func pythonSignedTokensAreAccepted(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let secretBytes = Self.randomSecret(using: &generator)
        let now: Int64 = 1_700_000_000_000
        var requests: [JSONValue] = []
        var expected: [(subject: String, isService: Bool)] = []
        for index in 0..<60 {
            let subject = JWTRoundTripTests.randomSubject(using: &generator)
            let isService = generator.next() % 3 == 0
            // exp: integers, fractions (as Python's float repr writes them) and exponents.
            let expSeconds = Double(now / 1000) + Double(generator.next() % 7200) + 60
            let exp: JSONValue
            switch index % 3 {
            case 0: exp = .integer(Int64(expSeconds))
            case 1: exp = .number(JSONNumber(validatedLiteral: "\(Int64(expSeconds)).\(generator.next() % 100_000)"))
            default: exp = .number(JSONNumber(validatedLiteral: "\(expSeconds / 1e9)e9"))
            }
            var claims: [(String, JSONValue)] = [("sub", .string(subject)), ("exp", exp)]
            claims.append(("iat", .integer(now / 1000 - 10)))
            claims.append(("nbf", .integer(now / 1000 - 10)))
            claims.append(
                ("aud", generator.next() % 2 == 0 ? .string("contacts") : .array([.string("x"), .string("contacts")])))
            if isService {
                claims.append(("scope", .string(generator.next() % 2 == 0 ? "service" : "read service")))
            } else if generator.next() % 2 == 0 {
                claims.append(("scope", .string("read write")))
            }
            claims.append(("jti", .string("id-\(index)")))
            let header: JSONObject =
                generator.next() % 2 == 0
                ? ["alg": .string("HS256"), "typ": .string("JWT")] : ["alg": .string("HS256")]
            requests.append(
                .object([
                    "header": .object(header), "claims": .object(JSONObject(claims)), "style": .integer(index % 4),
                ]))
            expected.append((subject, isService))
        }
        let input = JSONValue.object(["secret": .string(Self.standardBase64(secretBytes)), "tokens": .array(requests)])
        let output = try PythonScript.run(Self.signScript, input: Array(input.jsonText.utf8))
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        try #require(lines.count == expected.count)
        let verifier = try JWTVerifier(secret: try JWTSecret(bytes: secretBytes), audience: "contacts")
        for (line, expectation) in zip(lines, expected) {
            let fields = line.split(separator: "\t")
            try #require(fields.count == 2)
            let token = String(fields[0])
            let verified = try verifier.verify(token, now: now)
            #expect(verified.subject.utf8.elementsEqual(expectation.subject.utf8), "\(token)")
            #expect(verified.isService == expectation.isService, "\(token)")
            #expect(String(verified.expiresAt) == fields[1], "\(token)")
        }
    }

    @Test func pythonTokensAreRefusedUnderAnotherSecret() throws {
        let claims: JSONObject = ["sub": .string("u1"), "exp": .integer(1_700_003_600)]
        let item: JSONObject = [
            "header": .object(["alg": .string("HS256")]), "claims": .object(claims), "style": .integer(0),
        ]
        let input = JSONValue.object([
            "secret": .string(Self.standardBase64(Array("python-side-secret".utf8))),
            "tokens": .array([.object(item)]),
        ])
        let output = try PythonScript.run(Self.signScript, input: Array(input.jsonText.utf8))
        let token = String(String(decoding: output, as: UTF8.self).split(separator: "\t")[0])
        let right = try JWTVerifier(secret: try JWTSecret(bytes: Array("python-side-secret".utf8)))
        let wrong = try JWTVerifier(secret: try JWTSecret(bytes: Array("python-side-secreT".utf8)))
        #expect(try right.verify(token, now: 1_700_000_000_000).subject == "u1")
        #expect(
            tokenError { () throws(TokenError) in try wrong.verify(token, now: 1_700_000_000_000) } == .badSignature)
    }

    @Test(arguments: [4, 5, 6] as [UInt64])
    func ourTokensVerifyInPython(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let secretBytes = Self.randomSecret(using: &generator)
        let signer = try JWTSigner(secret: try JWTSecret(bytes: secretBytes))
        var tokens: [String] = []
        var expected: [JSONObject] = []
        for _ in 0..<60 {
            let subject = JWTRoundTripTests.randomSubject(using: &generator)
            let expiresAt = 1_700_000_000_000 + Int64(generator.next() % 10_000_000)
            let audience = generator.next() % 2 == 0 ? "contacts" : nil
            let isService = generator.next() % 2 == 0
            tokens.append(
                try signer.sign(
                    subject: subject, expiresAt: expiresAt, issuedAt: 1_700_000_000_000, audience: audience,
                    isService: isService))
            var claims: [(String, JSONValue)] = [("sub", .string(subject))]
            if let audience { claims.append(("aud", .string(audience))) }
            if isService { claims.append(("scope", .string("service"))) }
            claims.append(("iat", .integer(1_700_000_000)))
            claims.append(("exp", .number(JSONNumber(validatedLiteral: NumericDate.literal(milliseconds: expiresAt)))))
            expected.append(JSONObject(claims))
        }
        let input = JSONValue.object([
            "secret": .string(Self.standardBase64(secretBytes)), "tokens": .array(tokens.map(JSONValue.string)),
        ])
        let output = try PythonScript.run(Self.verifyScript, input: Array(input.jsonText.utf8))
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        try #require(lines.count == tokens.count)
        for (line, claims) in zip(lines, expected) {
            let answer = try JSONParser.parse(String(line))
            #expect(answer.objectValue?["valid"] == .bool(true), "\(line)")
            #expect(
                answer.objectValue?["header"] == .object(["alg": .string("HS256"), "typ": .string("JWT")]), "\(line)")
            #expect(Self.sameClaims(answer.objectValue?["claims"], claims), "\(line)")
        }
    }

    /// Python writes floats in its own spelling (`1700000000.5`, `1700000000.05`), the same
    /// values as ours: numbers are compared by value, everything else exactly.
    static func sameClaims(_ actual: JSONValue?, _ expected: JSONObject) -> Bool {
        guard let actual = actual?.objectValue, actual.count == expected.count else { return false }
        for member in expected.members {
            guard let value = actual[member.key] else { return false }
            switch (value, member.value) {
            case (.number(let left), .number(let right)):
                guard
                    NumericDate.milliseconds(left, rounding: .down) == NumericDate.milliseconds(right, rounding: .down)
                else { return false }
            case (.string(let left), .string(let right)):
                guard left.utf8.elementsEqual(right.utf8) else { return false }
            default:
                guard value == member.value else { return false }
            }
        }
        return true
    }

    static func standardBase64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
