import ContactsCore
import ContactsStore
import Foundation
import Testing

/// Recent searches: written behind, at most a delay late, never lost by a clean close.
@Suite("Recent searches write-behind")
struct RecentSearchWriteBehindTests {
    /// Options whose background flush never fires during a test.
    private let noTimer = StoreOptions(busyTimeoutMilliseconds: 50, searchFlushDelayMilliseconds: 3_600_000)

    private func openWithUser(_ fresh: FreshStore, options: StoreOptions) throws -> any TransactionalStore {
        let store = try fresh.open(options: options)
        try store.withTransaction { tx in try tx.registerUser(userId: "ann", e164: 11, displayName: "") }
        return store
    }

    @Test(arguments: StoreBackend.allCases)
    func waitsInMemoryUntilTheNextTransaction(backend: StoreBackend) throws {
        let fresh = try FreshStore(backend)
        let store = try openWithUser(fresh, options: noTimer)
        defer { try? store.close() }
        store.recordSearch(userId: "ann", query: "jo")
        store.recordSearch(userId: "ann", query: "al")
        #expect(store.pendingSearchCount == 2)
        #expect(try store.loadSnapshot().recentSearches.isEmpty)
        try store.withTransaction { tx in try tx.registerUser(userId: "bob", e164: 22, displayName: "") }
        #expect(store.pendingSearchCount == 0)
        #expect(try store.loadSnapshot().recentSearches == ["ann": ["al", "jo"]])
    }

    @Test(arguments: StoreBackend.allCases)
    func aRolledBackTransactionKeepsThemPending(backend: StoreBackend) throws {
        struct Abort: Error {}
        let fresh = try FreshStore(backend)
        let store = try openWithUser(fresh, options: noTimer)
        defer { try? store.close() }
        store.recordSearch(userId: "ann", query: "first")
        #expect(throws: Abort.self) { try store.withTransaction { _ in throw Abort() } }
        store.recordSearch(userId: "ann", query: "second")
        #expect(store.pendingSearchCount == 2)
        try store.flushSearches()
        #expect(try store.loadSnapshot().recentSearches == ["ann": ["second", "first"]])
    }

    @Test(arguments: StoreBackend.allCases)
    func isFlushedByCloseAndSurvivesReopen(backend: StoreBackend) throws {
        let fresh = try FreshStore(backend)
        let store = try openWithUser(fresh, options: noTimer)
        store.recordSearch(userId: "ann", query: "María")
        store.recordSearch(userId: "nobody", query: "dropped")
        try store.close()
        let reopened = try fresh.open(options: noTimer)
        #expect(try reopened.loadSnapshot().recentSearches == ["ann": ["María"]])
        try reopened.close()
    }

    @Test(arguments: StoreBackend.allCases)
    func isFlushedWhenAStoreIsReleasedWithoutClose(backend: StoreBackend) throws {
        let fresh = try FreshStore(backend)
        do {
            let store = try openWithUser(fresh, options: noTimer)
            store.recordSearch(userId: "ann", query: "kept")
        }
        let reopened = try fresh.open(options: noTimer)
        #expect(try reopened.loadSnapshot().recentSearches == ["ann": ["kept"]])
        try reopened.close()
        reopened.recordSearch(userId: "ann", query: "after close")
        #expect(reopened.pendingSearchCount == 0)
    }

    @Test(arguments: StoreBackend.allCases)
    func isWrittenInTheBackgroundWithinItsDelay(backend: StoreBackend) throws {
        let fresh = try FreshStore(backend)
        let options = StoreOptions(busyTimeoutMilliseconds: 50, searchFlushDelayMilliseconds: 20)
        let store = try openWithUser(fresh, options: options)
        defer { try? store.close() }
        store.recordSearch(userId: "ann", query: "soon")
        // Bounded wait: the flush is due after 20 ms; allow a loaded machine 10 s.
        let deadline = Date().addingTimeInterval(10)
        while store.pendingSearchCount > 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(store.pendingSearchCount == 0)
        #expect(try store.loadSnapshot().recentSearches == ["ann": ["soon"]])
        // A second round schedules a second flush.
        store.recordSearch(userId: "ann", query: "later")
        let second = Date().addingTimeInterval(10)
        while store.pendingSearchCount > 0 && Date() < second {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(try store.loadSnapshot().recentSearches == ["ann": ["later", "soon"]])
    }

    @Test(arguments: StoreBackend.allCases)
    func deletingTheUserDropsPendingSearchesToo(backend: StoreBackend) throws {
        let fresh = try FreshStore(backend)
        let store = try openWithUser(fresh, options: noTimer)
        defer { try? store.close() }
        store.recordSearch(userId: "ann", query: "gone")
        _ = try store.withTransaction { tx in try tx.deleteUser(userId: "ann") }
        try store.withTransaction { tx in try tx.registerUser(userId: "ann", e164: 11, displayName: "") }
        try store.flushSearches()
        #expect(try store.loadSnapshot().recentSearches.isEmpty)
    }

    @Test(arguments: StoreBackend.allCases, [UInt64(1), 2, 3, 4])
    func keepsTheNewestDistinctQueriesByBytes(backend: StoreBackend, seed: UInt64) throws {
        var random = StoreTestRandom(seed: seed)
        let fresh = try FreshStore(backend)
        let store = try openWithUser(fresh, options: noTimer)
        try store.withTransaction { tx in try tx.registerUser(userId: "bob", e164: 22, displayName: "") }
        // 70 queries, two of them canonically equivalent but different bytes.
        let pool = (0..<68).map { "q\($0)" } + ["Jos\u{E9}", "Jose\u{301}"]
        var model: [String: [[UInt8]]] = [:]
        for step in 0..<400 {
            let user = Bool.random(using: &random) ? "ann" : "bob"
            let query = pool.randomElement(using: &random) ?? ""
            store.recordSearch(userId: user, query: query)
            var list = model[user, default: []]
            list.removeAll { $0 == Array(query.utf8) }
            list.insert(Array(query.utf8), at: 0)
            model[user] = Array(list.prefix(50))
            if step % 37 == 0 { try store.flushSearches() }
        }
        try store.close()
        let reopened = try fresh.open(options: noTimer)
        let stored = try reopened.loadSnapshot().recentSearches
        try reopened.close()
        #expect(stored.mapValues { $0.map { Array($0.utf8) } } == model)
    }
}
