import ContactsAuth
import ContactsCore
import ContactsHTTP
import ContactsMetrics
import ContactsSupport
import Testing

@testable import ContactsHTTPService

/// What `contacts_request_duration_seconds` measures: from the request head's arrival to the
/// answer, so the time a request waited for its body or for a handler thread is counted.
@Suite struct HTTPFrontTimingTests {
    static func loadedFront() throws -> HTTPFront {
        let verifier = try JWTVerifier(secret: try JWTSecret(bytes: Array("timing-test-secret-of-32-bytes!!".utf8)))
        let front = try HTTPFront(
            configuration: HTTPServiceConfiguration(server: HTTPServerConfiguration(), verifier: verifier))
        front.engineLoaded(try ContactsEngine())
        return front
    }

    static func call(receivedAt: UInt64) -> HTTPRequest {
        HTTPRequest(
            head: HTTPRequestHead(
                method: "POST", path: "/rpc", receivedAt: receivedAt, principal: HTTPPrincipal(subject: "u1")),
            body: Array(#"{"jsonrpc":"2.0","id":1,"method":"isFollowingUser","params":{"as":"u1","id":"u2"}}"#.utf8))
    }

    /// How many requests of `method` the histogram holds, and how many of them took at most
    /// `bound` seconds (one of the histogram's bounds).
    static func observations(of method: String, in front: HTTPFront, atMost bound: Double) throws -> (
        all: UInt64, within: UInt64
    ) {
        let snapshot = front.metrics.series(forMethod: method).durations.snapshot
        let index = try #require(HistogramBuckets.requestDurations.upperBounds.firstIndex(of: bound))
        return (snapshot.count, snapshot.cumulativeCounts[index])
    }

    @Test func aRequestThatWaitedIsTimedFromItsHead() throws {
        let front = try Self.loadedFront()
        let threeSecondsAgo = WallClock.monotonicNanoseconds() - 3_000_000_000
        let response = front.handle(Self.call(receivedAt: threeSecondsAgo))
        #expect(response.status == 200)
        let counted = try Self.observations(of: "isFollowingUser", in: front, atMost: 2.5)
        #expect(counted.all == 1)
        #expect(counted.within == 0)
    }

    @Test func aRequestThatDidNotWaitIsTimedAsQuick() throws {
        let front = try Self.loadedFront()
        let response = front.handle(Self.call(receivedAt: WallClock.monotonicNanoseconds()))
        #expect(response.status == 200)
        let counted = try Self.observations(of: "isFollowingUser", in: front, atMost: 2.5)
        #expect(counted.all == 1)
        #expect(counted.within == 1)
    }
}
