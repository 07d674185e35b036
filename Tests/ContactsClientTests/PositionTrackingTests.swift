import ContactsClient
import Foundation
import Testing

/// PROTOCOL §8: the client keeps the highest `Contacts-Position` it has seen, from every kind of
/// answer, and sends it as `Contacts-Min-Position` on every request, from every view.
@Suite struct PositionTrackingTests {
    static let seeds: [UInt64] = [1, 2, 3, 42, 1_234_567]

    @Test func theHighestPositionSeenIsSentNext() async throws {
        let script = Script([
            Respond.result(#"{"success":true}"#, position: 7),
            Respond.result(#"{"success":true}"#, position: 3),  // a lagging engine: not a step back
            Respond.result(#"{"success":true}"#),  // no header: nothing learned
            Respond.result(#"{"success":true}"#, position: 9),
            Respond.result(#"{"success":true}"#),
        ])
        let service = makeService(script)
        #expect(service.position == 0)
        for _ in 0..<5 { _ = try await service.socialService.unfollowUser(userId: "u2") }
        #expect(script.requests.map(\.minimumPosition) == [0, 7, 7, 7, 9])
        #expect(service.position == 9)
    }

    /// Errors, 503s and 401s carry the position too (PROTOCOL §8: "errors and 204s included").
    @Test func errorAnswersAdvanceThePosition() async throws {
        let script = Script([
            Respond.error(code: -32004, reason: "not_found", position: 20),
            { _ in .http(status: 503, headers: ["Contacts-Position": "25"], body: Data()) },
            { _ in .http(status: 401, headers: ["Contacts-Position": "30"], body: Data()) },
            Respond.result(#"{"success":true}"#),
            { _ in .http(status: 404, headers: ["Contacts-Position": "31"], body: Data()) },
            Respond.result(#"{"success":true}"#),
        ])
        let service = makeService(script, policy: .never)
        _ = await serviceError { try await service.socialService.unfollowUser(userId: "u2") }
        _ = await serviceError { try await service.socialService.unfollowUser(userId: "u2") }
        _ = try await service.socialService.unfollowUser(userId: "u2")  // 401, refreshed, then answered
        _ = await serviceError { try await service.socialService.unfollowUser(userId: "u2") }
        _ = try await service.socialService.unfollowUser(userId: "u2")
        #expect(script.requests.map(\.minimumPosition) == [0, 20, 25, 30, 30, 31])
    }

    @Test func unreadablePositionsAreIgnored() async throws {
        let values = ["x", "-", "12abc", "99999999999999999999", ""]
        let script = Script(
            [Respond.result(#"{"success":true}"#, position: 5)]
                + values.map { value in
                    { _ in
                        .http(
                            status: 200, headers: ["Contacts-Position": value],
                            body: Data(#"{"jsonrpc":"2.0","id":0,"result":{"success":true}}"#.utf8))
                    }
                })
        let service = makeService(script, policy: .never)
        _ = try await service.socialService.unfollowUser(userId: "u2")
        for _ in values { _ = await serviceError { try await service.socialService.unfollowUser(userId: "u2") } }
        #expect(service.position == 5)
    }

    /// Header names are case-insensitive (HTTP/1.1; HTTP/2 sends them lowercased).
    @Test func theHeaderNameIsCaseInsensitive() async throws {
        let body = Data(#"{"jsonrpc":"2.0","id":1,"result":{"success":true}}"#.utf8)
        let script = Script([{ _ in .http(status: 200, headers: ["contacts-position": "77"], body: body) }])
        let service = makeService(script)
        _ = try await service.socialService.unfollowUser(userId: "u2")
        #expect(service.position == 77)
    }

    /// One position for the instance and every acting view: what the instance wrote as one
    /// user, it reads as another.
    @Test func actingViewsShareOnePosition() async throws {
        let script = Script([
            Respond.result(#"{"success":true,"alreadyFollowing":false}"#, position: 100),
            Respond.result(#"{"items":[],"total":0,"skip":0,"limit":20}"#, position: 100),
            Respond.result(#"{"items":[],"total":0,"skip":0,"limit":20}"#, position: 100),
        ])
        let service = makeService(script)
        _ = try await service.acting(as: "u1").socialService.followUser(userId: "u2")
        _ = try await service.acting(as: "u2").socialService.getFollowers()
        _ = try await service.socialService.getFollowers()
        #expect(script.requests.map(\.minimumPosition) == [0, 100, 100])
        #expect(service.acting(as: "u3").position == 100)
    }

    /// Retries send the latest position, not the one of the first try.
    @Test func aRetrySendsTheLatestPosition() async throws {
        let script = Script([
            { _ in .http(status: 503, headers: ["Contacts-Position": "8"], body: Data()) },
            Respond.result(#"{"items":[],"total":0,"skip":0,"limit":20}"#),
        ])
        let service = makeService(script)
        _ = try await service.socialService.getFeed()
        #expect(script.requests.map(\.minimumPosition) == [0, 8])
    }

    /// Many concurrent calls answered with random positions: the position kept is their maximum
    /// (the model), and no request ever sends more than what had been seen before it was sent.
    @Test(arguments: seeds)
    func concurrentAnswersKeepTheMaximum(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        let positions = (0..<64).map { _ in Int64.random(in: 0...1_000_000, using: &generator) }
        let script = Script(positions.map { Respond.result(#"{"success":true}"#, position: $0) })
        let service = makeService(script)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in positions {
                group.addTask { _ = try await service.socialService.unfollowUser(userId: "u2") }
            }
            try await group.waitForAll()
        }
        #expect(service.position == positions.max(), "seed \(seed)")
        let sent = script.requests.compactMap(\.minimumPosition)
        #expect(sent.count == positions.count)
        #expect(sent.allSatisfy { $0 == 0 || positions.contains($0) }, "seed \(seed)")
    }
}

/// SplitMix64: a small deterministic generator, so that a failing seed repeats.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
