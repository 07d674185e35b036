import ContactsCore
import ContactsStore
import ContactsSupport
import Dispatch
import Foundation
import Testing

/// Recent searches on several engines of one PostgreSQL store (PROTOCOL §6, §8): a search
/// recorded on one engine is suggested by every other within 1 s, in one order for every
/// engine (a repeat moves to the front, 50 kept), and a `deleteUser` on one engine is not
/// undone by a search another engine flushes late.
@Suite("Recent searches on several engines")
struct MultiEngineRecentSearchTests {
    static let phones = ["+14155550100", "+14155550101"]

    /// An engine on `location` whose searches are flushed `flushDelay` ms after they are recorded.
    static func engine(_ location: String, flushDelay: Int = StoreOptions().searchFlushDelayMilliseconds) throws
        -> ContactsEngine
    {
        try ContactsEngine(
            storeLocation: location,
            storeOptions: StoreOptions(durability: .normal, searchFlushDelayMilliseconds: flushDelay))
    }

    /// Two engines on a fresh store, with user `u0` registered and known to both.
    static func twoEngines(_ shared: FreshStore, flushDelays: (Int, Int)? = nil) throws -> [ContactsEngine] {
        let defaults = StoreOptions().searchFlushDelayMilliseconds
        let delays = flushDelays ?? (defaults, defaults)
        let engines = [
            try engine(shared.location, flushDelay: delays.0), try engine(shared.location, flushDelay: delays.1),
        ]
        _ = try engines[0].registerUser("u0", phone: phones[0], displayName: "Ann", at: 1)
        #expect(engines[1].waitForPosition(engines[0].position, timeoutMilliseconds: 5_000))
        return engines
    }

    /// Polls `engine`'s suggestions for `u0` until they are `expected`, for at most
    /// `milliseconds`; the suggestions last seen.
    static func suggestions(
        on engine: ContactsEngine, becoming expected: [String], within milliseconds: Int
    ) throws -> [String] {
        let deadline = DispatchTime.now() + .milliseconds(milliseconds)
        while true {
            let seen = try engine.searchSuggestions(as: "u0", prefix: "", limit: 100)
            if seen == expected || DispatchTime.now() >= deadline { return seen }
            usleep(5_000)
        }
    }

    /// Searches `query` as `u0` on `engine`.
    static func search(_ query: String, on engine: ContactsEngine) throws {
        _ = try engine.searchContacts(as: "u0", query: query, field: .any, skip: 0, limit: 10)
    }

    @Test func aSearchOnOneEngineIsSuggestedOnAnotherWithinASecond() throws {
        let shared = try FreshStore(.postgres)
        let engines = try Self.twoEngines(shared)
        defer { for engine in engines { try? engine.close() } }
        try Self.search("  ada   lovelace ", on: engines[0])
        #expect(try engines[0].searchSuggestions(as: "u0", prefix: "", limit: 20) == ["ada lovelace"])
        #expect(try Self.suggestions(on: engines[1], becoming: ["ada lovelace"], within: 1_000) == ["ada lovelace"])
        // And back the other way.
        try Self.search("grace", on: engines[1])
        let both = ["grace", "ada lovelace"]
        #expect(try Self.suggestions(on: engines[0], becoming: both, within: 1_000) == both)
        #expect(try engines[1].searchSuggestions(as: "u0", prefix: "", limit: 20) == both)
    }

    @Test func everyEngineHasTheSameOrderAndARepeatMovesToTheFront() throws {
        let shared = try FreshStore(.postgres)
        let engines = try Self.twoEngines(shared)
        defer { for engine in engines { try? engine.close() } }
        var expected: [String] = []
        for (step, query) in ["alpha", "beta", "gamma", "alpha", "delta", "beta"].enumerated() {
            let (here, there) = (engines[step % 2], engines[1 - step % 2])
            try Self.search(query, on: here)
            expected.removeAll { $0 == query }
            expected.insert(query, at: 0)
            #expect(try Self.suggestions(on: there, becoming: expected, within: 1_000) == expected, "step \(step)")
            #expect(try Self.suggestions(on: here, becoming: expected, within: 1_000) == expected, "step \(step)")
        }
        #expect(try engines[0].searchSuggestions(as: "u0", prefix: "Al", limit: 5) == ["alpha"])
        // A late engine loads the same order.
        let late = try Self.engine(shared.location)
        defer { try? late.close() }
        #expect(try late.searchSuggestions(as: "u0", prefix: "", limit: 100) == expected)
    }

    @Test func fiftyAreKeptOnEveryEngine() throws {
        let shared = try FreshStore(.postgres)
        let engines = try Self.twoEngines(shared)
        defer { for engine in engines { try? engine.close() } }
        // Searches of one user on two engines at once are ordered as they were written (a
        // flush delay apart at most): the second batch goes to the other engine only once the
        // first is there.
        for index in 0..<30 { try Self.search("query \(index)", on: engines[0]) }
        let first = (0..<30).reversed().map { "query \($0)" }
        #expect(try Self.suggestions(on: engines[1], becoming: first, within: 1_000) == first)
        for index in 30..<60 { try Self.search("query \(index)", on: engines[1]) }
        let expected = (10..<60).reversed().map { "query \($0)" }
        for engine in engines {
            #expect(try Self.suggestions(on: engine, becoming: expected, within: 2_000) == expected)
        }
        let connection = try shared.connection()
        defer { connection.close() }
        #expect(try connection.execute("SELECT count(*) FROM recent_searches").int64(row: 0, column: 0) == 50)
    }

    /// Engine 0 never flushes on its own (an hour's delay): its search is still pending when
    /// engine 1 deletes the user, and the flush at close must not bring it back, nor may a
    /// user registered again under the same id inherit it.
    @Test func aLateFlushDoesNotBringBackADeletedUsersSearches() throws {
        let shared = try FreshStore(.postgres)
        let engines = try Self.twoEngines(shared, flushDelays: (3_600_000, 250))
        defer { try? engines[1].close() }
        try Self.search("kept in memory", on: engines[0])
        try Self.search("written", on: engines[1])
        #expect(
            try Self.suggestions(on: engines[0], becoming: ["written", "kept in memory"], within: 1_000).count == 2)
        try engines[1].deleteUser(as: "u0")
        #expect(engines[0].waitForPosition(engines[1].position, timeoutMilliseconds: 5_000))
        try engines[0].close()
        let connection = try shared.connection()
        defer { connection.close() }
        #expect(try connection.execute("SELECT count(*) FROM recent_searches").int64(row: 0, column: 0) == 0)
        _ = try engines[1].registerUser("u0", phone: Self.phones[1], displayName: "Ann again", at: 2)
        let fresh = try Self.engine(shared.location)
        defer { try? fresh.close() }
        #expect(try fresh.searchSuggestions(as: "u0", prefix: "", limit: 20).isEmpty)
        #expect(try engines[1].searchSuggestions(as: "u0", prefix: "", limit: 20).isEmpty)
    }
}
