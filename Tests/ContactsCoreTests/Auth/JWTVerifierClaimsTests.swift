import ContactsAuth
import ContactsSupport
import Testing

/// The claims rules of PROTOCOL §7: `sub`, `exp`, `nbf`, `iat`, `aud`, `scope`, and the leeway.
@Suite struct JWTVerifierClaimsTests {
    let factory: TokenFactory
    let verifier: JWTVerifier
    static let now = TokenFactory.now
    static let leeway: Int64 = 30_000

    init() throws {
        factory = try TokenFactory()
        verifier = try factory.verifier()
    }

    /// The refusal of a token with `claims` (JSON text) at `now`, or nil when accepted.
    func error(claims: String, now: Int64 = now, verifier: JWTVerifier? = nil) throws -> TokenError? {
        let token = try factory.token(claims: claims)
        let verifier = verifier ?? self.verifier
        return tokenError { () throws(TokenError) in try verifier.verify(token, now: now) }
    }

    func verified(claims: String, now: Int64 = now, verifier: JWTVerifier? = nil) throws -> VerifiedToken {
        let token = try factory.token(claims: claims)
        return try (verifier ?? self.verifier).verify(token, now: now)
    }

    // MARK: sub

    @Test func subIsRequiredAndAString() throws {
        #expect(try error(claims: #"{"exp":1700003600}"#) == .missingClaim("sub"))
        #expect(try error(claims: #"{"exp":1700003600}"#)?.description == "token has no 'sub' claim")
        for value in ["null", "5", "true", #"["u1"]"#, #"{"id":"u1"}"#] {
            #expect(
                try error(claims: #"{"sub":\#(value),"exp":1700003600}"#)
                    == .invalidClaim("sub", problem: "is not a string"))
        }
    }

    @Test(arguments: [
        (#""""#, "is empty"),
        (#""a\u0000b""#, "contains a control character"),
        (#""a\u0007""#, "contains a control character"),
        (#""\u001f""#, "contains a control character"),
        (#""a\u007f""#, "contains a control character"),
        (#""a\u0085""#, "contains a control character"),  // NEL: Cc, two UTF-8 bytes
        (#""\u009f""#, "contains a control character"),
        (#""a\nb""#, "contains a control character"),
    ])
    func subMustBeAValidId(value: String, problem: String) throws {
        #expect(
            try error(claims: #"{"sub":\#(value),"exp":1700003600}"#)
                == .invalidClaim("sub", problem: "is not a valid id (it \(problem))"))
    }

    @Test func subLengthIsCountedInUTF8Bytes() throws {
        let longest = String(repeating: "é", count: 64)  // 128 bytes
        #expect(try verified(claims: #"{"sub":"\#(longest)","exp":1700003600}"#).subject == longest)
        #expect(
            try error(claims: #"{"sub":"\#(longest)a","exp":1700003600}"#)
                == .invalidClaim("sub", problem: "is not a valid id (it is longer than 128 UTF-8 bytes)"))
        let ascii = String(repeating: "u", count: 128)
        #expect(try verified(claims: #"{"sub":"\#(ascii)","exp":1700003600}"#).subject == ascii)
    }

    @Test func subKeepsItsExactBytes() throws {
        // Precomposed and decomposed é are different ids; neither is normalized.
        let decomposed = try verified(claims: #"{"sub":"Jose\u0301","exp":1700003600}"#).subject
        #expect(Array(decomposed.utf8) == Array("Jose\u{301}".utf8))
        #expect(try verified(claims: #"{"sub":"𝒰 \u00a0x","exp":1700003600}"#).subject == "𝒰 \u{a0}x")
    }

    @Test func aRepeatedClaimIsRefused() throws {
        #expect(try error(claims: #"{"sub":"u1","sub":"u2","exp":1700003600}"#) == .malformed("claims repeat 'sub'"))
        #expect(try error(claims: #"{"sub":"u1","exp":1,"exp":1700003600}"#) == .malformed("claims repeat 'exp'"))
        #expect(try error(claims: #"{"sub":"u1","x":1,"x":2,"exp":1700003600}"#) == nil)  // unknown claims: ignored
    }

    // MARK: exp

    @Test func expIsRequiredAndANumber() throws {
        #expect(try error(claims: #"{"sub":"u1"}"#) == .missingClaim("exp"))
        for value in [#""1700003600""#, "null", "true", "[1700003600]"] {
            #expect(
                try error(claims: #"{"sub":"u1","exp":\#(value)}"#) == .invalidClaim("exp", problem: "is not a number"))
        }
    }

    @Test(arguments: ["1e300", "99999999999999999999", "-99999999999999999999", "9223372036854776", "1e19"])
    func expOutOfRangeIsRefused(value: String) throws {
        #expect(try error(claims: #"{"sub":"u1","exp":\#(value)}"#) == .invalidClaim("exp", problem: "is out of range"))
    }

    @Test func expIsReadExactlyAndRoundedDown() throws {
        #expect(try verified(claims: #"{"sub":"u1","exp":1700003600}"#).expiresAt == 1_700_003_600_000)
        #expect(try verified(claims: #"{"sub":"u1","exp":1700003600.5}"#).expiresAt == 1_700_003_600_500)
        #expect(try verified(claims: #"{"sub":"u1","exp":1700003600.1239}"#).expiresAt == 1_700_003_600_123)
        #expect(try verified(claims: #"{"sub":"u1","exp":1.7000036e9}"#).expiresAt == 1_700_003_600_000)
        #expect(try verified(claims: #"{"sub":"u1","exp":17000036E+2}"#).expiresAt == 1_700_003_600_000)
        #expect(try verified(claims: #"{"sub":"u1","exp":1700003600.0}"#).expiresAt == 1_700_003_600_000)
    }

    /// Expired when `now - leeway >= exp`: valid up to 1 ms before that instant.
    @Test func expLeewayEdges() throws {
        let exp = Self.now / 1000
        let claims = #"{"sub":"u1","exp":\#(exp)}"#
        #expect(try error(claims: claims, now: exp * 1000 + Self.leeway - 1) == nil)
        #expect(try error(claims: claims, now: exp * 1000 + Self.leeway) == .expired)
        #expect(try error(claims: claims, now: exp * 1000 + Self.leeway)?.description == "token expired")
        #expect(try error(claims: claims, now: exp * 1000 + 10 * Self.leeway) == .expired)
        #expect(try error(claims: #"{"sub":"u1","exp":0}"#) == .expired)
        #expect(try error(claims: #"{"sub":"u1","exp":-1700000000}"#) == .expired)
    }

    @Test func aFractionalExpIsComparedToTheMillisecond() throws {
        let claims = #"{"sub":"u1","exp":1700000000.0015}"#  // 1 700 000 000 001 ms, rounded down
        let edge: Int64 = 1_700_000_000_001 + Self.leeway
        #expect(try error(claims: claims, now: edge - 1) == nil)
        #expect(try error(claims: claims, now: edge) == .expired)
    }

    // MARK: nbf and iat

    /// Not yet valid when `now + leeway < nbf`.
    @Test func nbfLeewayEdges() throws {
        let nbf = Self.now / 1000 + 600
        let claims = #"{"sub":"u1","exp":\#(nbf + 3600),"nbf":\#(nbf)}"#
        #expect(try error(claims: claims, now: nbf * 1000 - Self.leeway) == nil)
        #expect(try error(claims: claims, now: nbf * 1000 - Self.leeway - 1) == .notYetValid)
        #expect(try error(claims: claims, now: nbf * 1000 - Self.leeway - 1)?.description == "token not valid yet")
        #expect(try error(claims: claims, now: nbf * 1000) == nil)
    }

    @Test func aFractionalNbfIsRoundedUp() throws {
        let claims = #"{"sub":"u1","exp":1700003600,"nbf":1700000100.0001}"#  // 1 700 000 100 001 ms
        let edge: Int64 = 1_700_000_100_001 - Self.leeway
        #expect(try error(claims: claims, now: edge) == nil)
        #expect(try error(claims: claims, now: edge - 1) == .notYetValid)
    }

    /// Issued in the future when `iat > now + leeway`.
    @Test func iatLeewayEdges() throws {
        let iat = Self.now / 1000 + 600
        let claims = #"{"sub":"u1","exp":\#(iat + 3600),"iat":\#(iat)}"#
        #expect(try error(claims: claims, now: iat * 1000 - Self.leeway) == nil)
        #expect(try error(claims: claims, now: iat * 1000 - Self.leeway - 1) == .issuedInFuture)
        #expect(
            try error(claims: claims, now: iat * 1000 - Self.leeway - 1)?.description == "token issued in the future")
        #expect(try error(claims: #"{"sub":"u1","exp":1700003600,"iat":1}"#) == nil)  // long ago is fine
    }

    @Test func nbfAndIatMustBeNumbersWhenPresent() throws {
        for claim in ["nbf", "iat"] {
            for value in [#""1""#, "null", "false", "{}"] {
                #expect(
                    try error(claims: #"{"sub":"u1","exp":1700003600,"\#(claim)":\#(value)}"#)
                        == .invalidClaim(claim, problem: "is not a number"))
            }
            #expect(
                try error(claims: #"{"sub":"u1","exp":1700003600,"\#(claim)":1e400}"#)
                    == .invalidClaim(claim, problem: "is out of range"))
        }
    }

    @Test func aCustomLeewayIsHonoured() throws {
        let strict = try factory.verifier(leeway: .zero)
        let exp = Self.now / 1000
        let claims = #"{"sub":"u1","exp":\#(exp)}"#
        #expect(try error(claims: claims, now: exp * 1000 - 1, verifier: strict) == nil)
        #expect(try error(claims: claims, now: exp * 1000, verifier: strict) == .expired)
        let loose = try factory.verifier(leeway: .milliseconds(90_500))
        #expect(try error(claims: claims, now: exp * 1000 + 90_499, verifier: loose) == nil)
        #expect(try error(claims: claims, now: exp * 1000 + 90_500, verifier: loose) == .expired)
    }

    @Test func theClockIsUsedWhenNoTimeIsGiven() throws {
        let token = try factory.token(claims: #"{"sub":"u1","exp":\#(Self.now / 1000)}"#)
        let early = try JWTVerifier(secret: factory.secret, clock: { Self.now })
        let late = try JWTVerifier(secret: factory.secret, clock: { Self.now + Self.leeway })
        #expect(try early.verify(token).subject == "u1")
        #expect(tokenError { () throws(TokenError) in try late.verify(token) } == .expired)
    }

    @Test func theSystemClockIsNearTheRealTime() {
        let milliseconds = WallClock.milliseconds()
        #expect(milliseconds > 1_700_000_000_000)  // after this code was written
        #expect(milliseconds < 4_102_444_800_000)  // before 2100
    }

    // MARK: aud

    @Test func audienceMustBeNamedWhenConfigured() throws {
        let checking = try factory.verifier(audience: "contacts")
        func refusal(_ aud: String?) throws -> TokenError? {
            let claims = #"{"sub":"u1","exp":1700003600"# + (aud.map { #","aud":\#($0)"# } ?? "") + "}"
            return try error(claims: claims, verifier: checking)
        }
        #expect(try refusal(#""contacts""#) == nil)
        #expect(try refusal(#"["contacts"]"#) == nil)
        #expect(try refusal(#"["other","contacts"]"#) == nil)
        #expect(try refusal(#""other""#) == .wrongAudience)
        #expect(try refusal(#""other""#)?.description == "token is not for this audience")
        #expect(try refusal(#""Contacts""#) == .wrongAudience)
        #expect(try refusal(#""contacts ""#) == .wrongAudience)
        #expect(try refusal(#"["other"]"#) == .wrongAudience)
        #expect(try refusal("[]") == .wrongAudience)
        #expect(try refusal(nil) == .missingClaim("aud"))
        let problem = "is not a string or an array of strings"
        #expect(try refusal("5") == .invalidClaim("aud", problem: problem))
        #expect(try refusal("null") == .invalidClaim("aud", problem: problem))
        #expect(try refusal(#"["contacts",5]"#) == .invalidClaim("aud", problem: problem))
        #expect(try refusal(#"[["contacts"]]"#) == .invalidClaim("aud", problem: problem))
    }

    @Test func audienceIsComparedByBytes() throws {
        let checking = try factory.verifier(audience: "caf\u{e9}")
        #expect(try error(claims: #"{"sub":"u1","exp":1700003600,"aud":"caf\u00e9"}"#, verifier: checking) == nil)
        #expect(
            try error(claims: #"{"sub":"u1","exp":1700003600,"aud":"cafe\u0301"}"#, verifier: checking)
                == .wrongAudience)
    }

    @Test func withoutAConfiguredAudienceAudIsNotMatchedButMustBeWellFormed() throws {
        #expect(try error(claims: #"{"sub":"u1","exp":1700003600,"aud":"anything"}"#) == nil)
        #expect(try error(claims: #"{"sub":"u1","exp":1700003600,"aud":["a","b"]}"#) == nil)
        #expect(
            try error(claims: #"{"sub":"u1","exp":1700003600,"aud":7}"#)
                == .invalidClaim("aud", problem: "is not a string or an array of strings"))
    }

    // MARK: scope

    @Test(arguments: [
        (#""service""#, true),
        (#""openid service""#, true),
        (#""service read""#, true),
        (#""read  service""#, true),
        (#""services""#, false),
        (#""Service""#, false),
        (#""serv ice""#, false),
        (#""read""#, false),
        (#""""#, false),
    ])
    func serviceScope(scope: String, isService: Bool) throws {
        #expect(try verified(claims: #"{"sub":"backend","exp":1700003600,"scope":\#(scope)}"#).isService == isService)
    }

    @Test func noScopeIsAUserToken() throws {
        #expect(try verified(claims: #"{"sub":"u1","exp":1700003600}"#).isService == false)
    }

    @Test(arguments: [#"["service"]"#, "true", "1", "null", #"{"service":true}"#])
    func aScopeThatIsNotAStringIsRefused(scope: String) throws {
        #expect(
            try error(claims: #"{"sub":"u1","exp":1700003600,"scope":\#(scope)}"#)
                == .invalidClaim("scope", problem: "is not a string"))
    }

    @Test func unknownClaimsAreIgnored() throws {
        let token = try verified(
            claims: #"{"iss":"https://id.example","jti":"x","sub":"u1","exp":1700003600,"roles":["admin"],"n":{"a":1}}"#
        )
        #expect(token == VerifiedToken(subject: "u1", isService: false, expiresAt: 1_700_003_600_000))
    }
}
