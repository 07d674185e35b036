import ContactsAuth
import Testing

/// The token's shape, its header and its signature (PROTOCOL §7: HS256 only).
@Suite struct JWTVerifierStructureTests {
    let factory: TokenFactory
    let verifier: JWTVerifier

    init() throws {
        factory = try TokenFactory()
        verifier = try factory.verifier()
    }

    func error(_ token: String) -> TokenError? {
        tokenError { () throws(TokenError) in try verifier.verify(token) }
    }

    @Test func aWellFormedTokenIsAccepted() throws {
        let token = try factory.token(extraClaims: "")
        let verified = try verifier.verify(token)
        #expect(verified == VerifiedToken(subject: "u1", isService: false, expiresAt: TokenFactory.now + 3_600_000))
    }

    @Test(arguments: ["", "abc", "a.b", "abc.def"])
    func missingPartsAreMalformed(token: String) {
        #expect(error(token) == .malformed("is not three base64url parts separated by dots"))
    }

    @Test(arguments: ["..", "a..", ".b.", "..c"])
    func emptyPartsAreMalformed(token: String) {
        guard case .malformed(let problem)? = error(token) else {
            Issue.record("expected malformed for \(token)")
            return
        }
        #expect(problem.hasPrefix("header "), "\(problem)")
    }

    @Test func extraPartsAreMalformed() throws {
        let token = try factory.token(extraClaims: "")
        #expect(error(token + ".") == .malformed("has more than three parts"))
        #expect(error(token + ".AAAA") == .malformed("has more than three parts"))
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(error("\(parts[0]).\(parts[1]).\(parts[1]).\(parts[2])") == .malformed("has more than three parts"))
    }

    @Test func twoPartUnsecuredFormIsMalformed() throws {
        let parts = try factory.token(extraClaims: "").split(separator: ".")
        #expect(error("\(parts[0]).\(parts[1])") == .malformed("is not three base64url parts separated by dots"))
    }

    @Test func overlongTokensAreRefusedBeforeDecoding() throws {
        let padding = String(repeating: "A", count: JWTVerifier.maximumTokenByteCount)
        let token = try factory.token(extraClaims: #""pad":"\#(padding)""#)
        #expect(error(token) == .malformed("is longer than \(JWTVerifier.maximumTokenByteCount) bytes"))
    }

    @Test func nonASCIITokensAreMalformed() throws {
        let token = try factory.token(extraClaims: "")
        #expect(error("é" + token) == .malformed("has a byte that is not ASCII"))
        // U+212A KELVIN SIGN is canonically equivalent to "K": it must not match a cached "K".
        if let index = token.firstIndex(of: "K") {
            _ = try verifier.verify(token)
            var kelvin = token
            kelvin.replaceSubrange(index...index, with: "\u{212A}")
            #expect(kelvin == token)  // Swift's String equality: canonical equivalence
            #expect(error(kelvin) == .malformed("has a byte that is not ASCII"))
        }
    }

    @Test(arguments: ["=", "+", "/", " ", "*", "\t"])
    func badBase64URLCharactersInEachPartAreRefused(character: String) throws {
        let parts = try factory.token(extraClaims: "").split(separator: ".").map(String.init)
        for index in 0..<3 {
            var broken = parts
            broken[index] = String(broken[index].dropLast(4)) + character + String(broken[index].suffix(3))
            let token = broken.joined(separator: ".")
            if index == 1 {
                // The payload is only decoded once the signature over its text checked out.
                #expect(error(token) == .badSignature)
                continue
            }
            guard case .malformed(let problem)? = error(token) else {
                Issue.record(
                    "part \(index) with \(character): expected malformed, got \(String(describing: error(token)))")
                continue
            }
            #expect(problem.contains("base64url") || problem.contains("padding"), "\(problem)")
        }
    }

    @Test func paddedPartsAreRefused() throws {
        let header = TokenFactoryText.base64URL(#"{"alg":"HS256"}"#)  // 15 bytes: 20 characters, no padding needed
        let claims = TokenFactoryText.base64URL(#"{"sub":"u1","exp":1700003600}"#)
        #expect(error("\(header)=.\(claims).AAAA") == .malformed("header has '=' padding"))
        let token = try factory.token(extraClaims: "")
        #expect(error(token + "=") == .malformed("signature has '=' padding"))
    }

    @Test func impossibleLengthsAndNonCanonicalEndingsAreRefused() throws {
        let token = try factory.token(extraClaims: "")
        #expect(error(token + "AA") == .malformed("signature has an impossible length"))  // 45 characters
        // 32 bytes are 43 characters; the last carries 2 unused bits, which must be zero.
        let signature = token.split(separator: ".")[2]
        #expect(signature.count == 43)
        let last = signature.last ?? "A"
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let value = alphabet.firstIndex(of: last) ?? 0
        let sibling = alphabet[value ^ 1]  // same 4 data bits, a different unused bit
        let altered = String(token.dropLast()) + String(sibling)
        #expect(error(altered) == .malformed("signature is not in canonical form (non-zero trailing bits)"))
    }

    @Test(arguments: [#"[]"#, #""HS256""#, "1", "null", "true", #"{"alg":"HS256"}x"#, "{", ""])
    func headersThatAreNotJSONObjectsAreMalformed(header: String) throws {
        let token = try factory.token(header: header, claims: #"{"sub":"u1","exp":1700003600}"#)
        guard case .malformed(let problem)? = error(token) else {
            Issue.record("expected malformed for header \(header)")
            return
        }
        #expect(problem.hasPrefix("header is not"), "\(problem)")
    }

    @Test(arguments: [#"[]"#, #""u1""#, "1700003600", "null", #"{"sub":"u1","exp":1700003600"#, ""])
    func claimsThatAreNotJSONObjectsAreMalformed(claims: String) throws {
        let token = try factory.token(claims: claims)
        guard case .malformed(let problem)? = error(token) else {
            Issue.record("expected malformed for claims \(claims)")
            return
        }
        #expect(problem.hasPrefix("payload is not"), "\(problem)")
    }

    @Test func algNoneIsRefusedWithOrWithoutASignature() throws {
        let header = TokenFactoryText.base64URL(#"{"alg":"none","typ":"JWT"}"#)
        let claims = TokenFactoryText.base64URL(#"{"sub":"u1","exp":1700003600}"#)
        #expect(error("\(header).\(claims).") == .algorithmNotAccepted("none"))
        let signed = try factory.token(header: #"{"alg":"none"}"#, claims: #"{"sub":"u1","exp":1700003600}"#)
        #expect(error(signed) == .algorithmNotAccepted("none"))
        #expect(error(signed)?.description == "alg 'none' is not accepted (only HS256 is)")
    }

    @Test(arguments: ["HS512", "HS384", "hs256", "Hs256", "HS256 ", " HS256", "RS256", "ES256", "NONE", "", "HS2560"])
    func everyOtherAlgIsRefused(alg: String) throws {
        let token = try factory.token(header: #"{"alg":"\#(alg)"}"#, claims: #"{"sub":"u1","exp":1700003600}"#)
        #expect(error(token) == .algorithmNotAccepted(alg))
    }

    @Test func algWithAHiddenCharacterIsRefused() throws {
        let claims = #"{"sub":"u1","exp":1700003600}"#
        #expect(
            error(try factory.token(header: #"{"alg":"HS256\u0000"}"#, claims: claims))
                == .algorithmNotAccepted("HS256\u{0}"))
        #expect(
            error(try factory.token(header: #"{"alg":"HS\u200B256"}"#, claims: claims))
                == .algorithmNotAccepted("HS\u{200B}256"))
    }

    @Test func algMustBePresentAndAString() throws {
        let claims = #"{"sub":"u1","exp":1700003600}"#
        #expect(
            error(try factory.token(header: #"{"typ":"JWT"}"#, claims: claims)) == .malformed("header has no 'alg'"))
        #expect(
            error(try factory.token(header: #"{"alg":256}"#, claims: claims))
                == .malformed("header 'alg' is not a string"))
        #expect(
            error(try factory.token(header: #"{"alg":null}"#, claims: claims))
                == .malformed("header 'alg' is not a string"))
        #expect(
            error(try factory.token(header: #"{"alg":["HS256"]}"#, claims: claims))
                == .malformed("header 'alg' is not a string"))
    }

    @Test func aRepeatedAlgIsRefusedWhicheverComesLast() throws {
        let claims = #"{"sub":"u1","exp":1700003600}"#
        for header in [#"{"alg":"none","alg":"HS256"}"#, #"{"alg":"HS256","alg":"HS256"}"#] {
            #expect(error(try factory.token(header: header, claims: claims)) == .malformed("header repeats 'alg'"))
        }
    }

    @Test func shownAlgIsShortAndPrintable() throws {
        let alg = String(repeating: "X", count: 40) + "\\n"
        let token = try factory.token(header: #"{"alg":"\u0007\#(alg)"}"#, claims: #"{"sub":"u1","exp":1700003600}"#)
        let message = error(token)?.description ?? ""
        #expect(message == "alg '?\(String(repeating: "X", count: 31))...' is not accepted (only HS256 is)")
    }

    @Test(arguments: ["JWT", "jwt", "Jwt", "application/jwt", "APPLICATION/JWT"])
    func typJWTInAnySpellingIsAccepted(typ: String) throws {
        let token = try factory.token(
            header: #"{"alg":"HS256","typ":"\#(typ)"}"#, claims: #"{"sub":"u1","exp":1700003600}"#)
        #expect(error(token) == nil)
    }

    @Test(arguments: [#""JWS""#, #""JOSE""#, #""application/jose""#, #""""#, "1", "null", #"["JWT"]"#])
    func otherTypsAreRefused(typ: String) throws {
        let token = try factory.token(
            header: #"{"alg":"HS256","typ":\#(typ)}"#, claims: #"{"sub":"u1","exp":1700003600}"#)
        #expect(error(token) == .unsupportedHeader("'typ' is not JWT"))
    }

    @Test(arguments: [#"["exp"]"#, #"[]"#, #"["b64"]"#, "null", "1"])
    func critIsRefused(crit: String) throws {
        let token = try factory.token(
            header: #"{"alg":"HS256","crit":\#(crit)}"#, claims: #"{"sub":"u1","exp":1700003600}"#)
        #expect(error(token) == .unsupportedHeader("'crit' is not supported"))
    }

    @Test func otherHeaderParametersAreIgnored() throws {
        let token = try factory.token(
            header: #"{"kid":"k1","alg":"HS256","x5u":"https://example.invalid","extra":{"a":[1]}}"#,
            claims: #"{"sub":"u1","exp":1700003600}"#)
        #expect(error(token) == nil)
    }

    @Test func aSignatureFromAnotherSecretIsBad() throws {
        let other = try TokenFactory(secret: "another-secret-of-at-least-32-b!")
        #expect(error(try other.token(extraClaims: "")) == .badSignature)
        #expect(error(try other.token(extraClaims: ""))?.description == "bad signature")
    }

    @Test func truncatedEmptyOrLongerSignaturesAreBad() throws {
        let token = try factory.token(extraClaims: "")
        let parts = token.split(separator: ".").map(String.init)
        let signingInput = parts[0] + "." + parts[1]
        #expect(error(signingInput + ".") == .badSignature)
        #expect(error(signingInput + "." + parts[2].prefix(40)) == .badSignature)
        #expect(error(signingInput + "." + parts[2] + "AAA") == .badSignature)  // 34 bytes
        let otherSignature = try factory.token(extraClaims: #""x":1"#).split(separator: ".")[2]
        #expect(error(signingInput + "." + otherSignature) == .badSignature)
    }

    /// Every single-character change anywhere in the token is refused: the signature covers
    /// both other parts, and strict base64url leaves no second spelling of any part.
    @Test func everySingleCharacterChangeIsRefused() throws {
        let token = try factory.token(extraClaims: #""aud":"contacts","scope":"service""#)
        #expect(error(token) == nil)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var characters = Array(token)
        var checked = 0
        for index in characters.indices where characters[index] != "." {
            let original = characters[index]
            for replacement in [
                alphabet[((alphabet.firstIndex(of: original) ?? 0) + 1) % 64], alphabet[0], alphabet[63],
            ]
            where replacement != original {
                characters[index] = replacement
                let altered = String(characters)
                let refusal = error(altered)
                #expect(refusal != nil, "accepted a token altered at \(index)")
                checked += 1
            }
            characters[index] = original
        }
        #expect(checked >= 2 * (characters.count - 2))
    }

    @Test func tamperedClaimsWithTheOriginalSignatureAreBad() throws {
        let token = try factory.token(claims: #"{"sub":"u1","exp":1700003600}"#)
        let parts = token.split(separator: ".").map(String.init)
        let forged = TokenFactoryText.base64URL(#"{"sub":"admin","exp":1700003600}"#)
        #expect(error(parts[0] + "." + forged + "." + parts[2]) == .badSignature)
        let header = TokenFactoryText.base64URL(#"{"alg":"HS256"}"#)
        #expect(error(header + "." + parts[1] + "." + parts[2]) == .badSignature)
    }

    @Test func claimsAreNotLookedAtBeforeTheSignature() throws {
        let other = try TokenFactory(secret: "another-secret-of-at-least-32-b!")
        // Expired, no sub, wrong types: still only "bad signature" without the secret.
        for claims in [#"{"exp":1}"#, #"{"sub":5}"#, "[]"] {
            #expect(error(try other.token(claims: claims)) == .badSignature)
        }
    }
}

/// Base64url text of UTF-8, for building tokens by hand.
enum TokenFactoryText {
    static func base64URL(_ text: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let bytes = Array(text.utf8)
        var output = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var group: UInt32 = 0
            for (offset, byte) in chunk.enumerated() { group |= UInt32(byte) << (16 - 8 * UInt32(offset)) }
            for position in 0...chunk.count {
                output.append(alphabet[Int(group >> (18 - 6 * UInt32(position)) & 0x3F)])
            }
            index += 3
        }
        return output
    }
}
