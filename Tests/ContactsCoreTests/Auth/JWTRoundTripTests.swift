import ContactsAuth
import ContactsJSON
import ContactsSupport
import Testing

/// Random claims signed by ``JWTSigner`` and verified by ``JWTVerifier`` at random times,
/// against a model of the rules written from PROTOCOL §7.
@Suite struct JWTRoundTripTests {
    struct Claims {
        var subject: String
        var expiresAt: Int64
        var notBefore: Int64?
        var issuedAt: Int64?
        var audience: String?
        var isService: Bool
    }

    static let leeway: Int64 = 30_000

    /// What the rules say of `claims` at `now` for a verifier expecting `audience`: the
    /// audience is checked with the other claims, the times after them.
    static func model(_ claims: Claims, now: Int64, audience: String?) -> Result<VerifiedToken, TokenError> {
        if let audience {
            guard let aud = claims.audience else { return .failure(.missingClaim("aud")) }
            guard Array(aud.utf8) == Array(audience.utf8) else { return .failure(.wrongAudience) }
        }
        if now - leeway >= claims.expiresAt { return .failure(.expired) }
        if let nbf = claims.notBefore, now + leeway < nbf { return .failure(.notYetValid) }
        if let iat = claims.issuedAt, iat > now + leeway { return .failure(.issuedInFuture) }
        return .success(
            VerifiedToken(subject: claims.subject, isService: claims.isService, expiresAt: claims.expiresAt))
    }

    /// A valid id: 1–128 UTF-8 bytes of ASCII, Latin, CJK, astral and combining code points, no Cc.
    static func randomSubject(using generator: inout SplitMix64) -> String {
        let pools: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x4E00...0x4E80, 0x1F600...0x1F640,
        ]
        var subject = ""
        let target = Int(generator.next() % 40) + 1
        while subject.unicodeScalars.count < target {
            let pool = pools[Int(generator.next() % UInt64(pools.count))]
            let value = pool.lowerBound + UInt32(generator.next() % UInt64(pool.count))
            guard let scalar = Unicode.Scalar(value) else { continue }
            var candidate = subject
            candidate.unicodeScalars.append(scalar)
            if candidate.utf8.count > 128 { break }
            subject = candidate
        }
        return subject.isEmpty ? "u" : subject
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as [UInt64])
    func signedClaimsVerifyAsTheModelSays(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let secretBytes = (0..<Int(generator.next() % 100 + 1)).map { _ in UInt8.random(in: 0...255, using: &generator)
        }
        let secret = try JWTSecret(bytes: secretBytes)
        let signer = try JWTSigner(secret: secret)
        let audiences = ["contacts", "other", "caf\u{e9}"]
        let plain = try JWTVerifier(secret: secret)
        let checking = try JWTVerifier(secret: secret, audience: "contacts")
        let base: Int64 = 1_700_000_000_000
        func time() -> Int64 {
            // Whole seconds mostly, sometimes with milliseconds, all near `base`.
            let offset = Int64(generator.next() % 400_000) - 200_000
            return base + (generator.next() % 2 == 0 ? offset / 1000 * 1000 : offset)
        }
        for _ in 0..<200 {
            let claims = Claims(
                subject: Self.randomSubject(using: &generator),
                expiresAt: time(),
                notBefore: generator.next() % 3 == 0 ? time() : nil,
                issuedAt: generator.next() % 3 == 0 ? time() : nil,
                audience: generator.next() % 2 == 0 ? audiences[Int(generator.next() % 3)] : nil,
                isService: generator.next() % 4 == 0)
            let token = try signer.sign(
                subject: claims.subject, expiresAt: claims.expiresAt, notBefore: claims.notBefore,
                issuedAt: claims.issuedAt, audience: claims.audience, isService: claims.isService)
            for _ in 0..<3 {
                let now = time()
                for (verifier, audience) in [(plain, nil), (checking, "contacts")] as [(JWTVerifier, String?)] {
                    let actual = Result { () throws(TokenError) in try verifier.verify(token, now: now) }
                    #expect(actual == Self.model(claims, now: now, audience: audience), "token \(token) at \(now)")
                }
            }
        }
    }

    @Test func signedTokensHaveTheDocumentedShape() throws {
        let signer = try JWTSigner(secret: try JWTSecret(bytes: Array("k".utf8)))
        let token = try signer.sign(
            subject: "u1", expiresAt: 1_700_003_600_500, notBefore: 1_700_000_000_000, issuedAt: 1_700_000_000_000,
            audience: "contacts", isService: true)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts[0] == "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9")  // {"alg":"HS256","typ":"JWT"}
        let payload = try Array(parts[1].utf8).withUnsafeBytes { try Base64URL.decode($0) }
        #expect(
            String(decoding: payload, as: UTF8.self)
                == #"{"sub":"u1","aud":"contacts","scope":"service","#
                + #""iat":1700000000,"nbf":1700000000,"exp":1700003600.5}"#)
    }
}
