import ContactsAuth
import ContactsSupport
import Dispatch
import Testing

/// The verified-token cache: a cached token still expires, never outlives its time claims,
/// and the cache stays within its capacity.
@Suite struct VerifiedTokenCacheTests {
    let factory: TokenFactory
    static let now = TokenFactory.now

    init() throws {
        factory = try TokenFactory()
    }

    @Test func aCachedTokenStillExpires() throws {
        let verifier = try factory.verifier()
        let token = try factory.token(claims: #"{"sub":"u1","exp":\#(Self.now / 1000 + 60)}"#)
        #expect(try verifier.verify(token, now: Self.now).subject == "u1")
        #expect(try verifier.verify(token, now: Self.now + 60_000 + 29_999).subject == "u1")
        #expect(tokenError { () throws(TokenError) in try verifier.verify(token, now: Self.now + 90_000) } == .expired)
    }

    @Test func aCachedTokenStillChecksNbfAndIat() throws {
        let verifier = try factory.verifier()
        let start = Self.now / 1000
        let token = try factory.token(claims: #"{"sub":"u1","exp":\#(start + 3600),"nbf":\#(start),"iat":\#(start)}"#)
        #expect(try verifier.verify(token, now: Self.now).subject == "u1")  // now cached
        // A clock that moved back (or an explicit earlier time) is checked against the claims again.
        let early = Self.now - 30_001
        #expect(tokenError { () throws(TokenError) in try verifier.verify(token, now: early) } == .notYetValid)
        let iatOnly = try factory.token(claims: #"{"sub":"u1","exp":\#(start + 3600),"iat":\#(start)}"#)
        #expect(try verifier.verify(iatOnly, now: Self.now).subject == "u1")
        #expect(tokenError { () throws(TokenError) in try verifier.verify(iatOnly, now: early) } == .issuedInFuture)
    }

    @Test func aTokenRefusedForItsTimesIsAcceptedOnceValid() throws {
        let verifier = try factory.verifier()
        let start = Self.now / 1000 + 600
        let token = try factory.token(claims: #"{"sub":"u1","exp":\#(start + 3600),"nbf":\#(start)}"#)
        #expect(tokenError { () throws(TokenError) in try verifier.verify(token, now: Self.now) } == .notYetValid)
        #expect(try verifier.verify(token, now: start * 1000).subject == "u1")
    }

    @Test func cachedAndUncachedVerifiersAgree() throws {
        let cached = try factory.verifier()
        let uncached = try JWTVerifier(secret: factory.secret, cacheCapacity: 0)
        var generator = SplitMix64(seed: 7)
        let tokens = try (0..<50).map { index in
            try factory.token(claims: #"{"sub":"u\#(index)","exp":\#(Self.now / 1000 + Int64(index % 10) * 10)}"#)
        }
        for _ in 0..<500 {
            let token = tokens[Int(generator.next() % UInt64(tokens.count))]
            let now = Self.now + Int64(generator.next() % 150_000)
            let left = Result { () throws(TokenError) in try cached.verify(token, now: now) }
            let right = Result { () throws(TokenError) in try uncached.verify(token, now: now) }
            #expect(left == right)
        }
    }

    @Test func theCacheStaysWithinItsCapacity() {
        let cache = VerifiedTokenCache(capacity: 8)
        let entry = VerifiedTokenCache.Entry(
            token: VerifiedToken(subject: "u1", isService: false, expiresAt: Self.now),
            times: VerifiedTokenCache.Times(expiresAt: Self.now, notBefore: nil, issuedAt: nil))
        for index in 0..<100 {
            cache.insert(entry, for: "token-\(index)")
            #expect(cache.count <= 8)
        }
        // The most recent half is certainly kept; the oldest are gone.
        for index in 96..<100 { #expect(cache.entry(for: "token-\(index)") == entry) }
        #expect(cache.entry(for: "token-0") == nil)
    }

    @Test func aHitInTheOlderGenerationIsKept() {
        let cache = VerifiedTokenCache(capacity: 4)  // generations of 2
        let entry = VerifiedTokenCache.Entry(
            token: VerifiedToken(subject: "u1", isService: false, expiresAt: Self.now),
            times: VerifiedTokenCache.Times(expiresAt: Self.now, notBefore: nil, issuedAt: nil))
        cache.insert(entry, for: "a")
        cache.insert(entry, for: "b")
        cache.insert(entry, for: "c")  // a, b move to the older generation
        #expect(cache.entry(for: "a") == entry)  // moved back to the newer one
        cache.insert(entry, for: "d")  // newer {c, a} is full: it becomes older, b is dropped
        #expect(cache.entry(for: "b") == nil)
        #expect(cache.entry(for: "a") == entry)
        #expect(cache.entry(for: "d") == entry)
    }

    @Test func aZeroCapacityCacheKeepsNothing() throws {
        let cache = VerifiedTokenCache(capacity: 0)
        let entry = VerifiedTokenCache.Entry(
            token: VerifiedToken(subject: "u1", isService: false, expiresAt: Self.now),
            times: VerifiedTokenCache.Times(expiresAt: Self.now, notBefore: nil, issuedAt: nil))
        cache.insert(entry, for: "a")
        #expect(cache.entry(for: "a") == nil)
        #expect(cache.count == 0)
        let verifier = try JWTVerifier(secret: factory.secret, cacheCapacity: 0)
        let token = try factory.token(extraClaims: "")
        #expect(try verifier.verify(token, now: Self.now).subject == "u1")
        #expect(try verifier.verify(token, now: Self.now).subject == "u1")
    }

    /// Many threads verifying a mix of good, cached and forged tokens at once get the same
    /// answers as one thread.
    @Test func concurrentVerificationsAgreeWithSequentialOnes() throws {
        let verifier = try JWTVerifier(secret: factory.secret, cacheCapacity: 16)
        let other = try TokenFactory(secret: "another-secret-of-at-least-32-b!")
        var made: [String] = []
        for index in 0..<40 {
            made.append(try factory.token(claims: #"{"sub":"u\#(index)","exp":\#(Self.now / 1000 + 60)}"#))
            made.append(try other.token(claims: #"{"sub":"u\#(index)","exp":\#(Self.now / 1000 + 60)}"#))
        }
        let tokens = made
        let expected = tokens.map { token in
            Result { () throws(TokenError) in try verifier.verify(token, now: Self.now) }
        }
        let mismatches = Tally()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<200 {
                let index = (round * 7 + thread * 13) % tokens.count
                let result = Result { () throws(TokenError) in try verifier.verify(tokens[index], now: Self.now) }
                if result != expected[index] { mismatches.add() }
            }
        }
        #expect(mismatches.value == 0)
    }
}

/// A thread-safe tally for tests.
final class Tally: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var count = 0

    func add() {
        lock.wait()
        count += 1
        lock.signal()
    }

    var value: Int {
        lock.wait()
        defer { lock.signal() }
        return count
    }
}
