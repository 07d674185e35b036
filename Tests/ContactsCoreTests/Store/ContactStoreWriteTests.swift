import ContactsCore
import ContactsModel
import ContactsStore
import Foundation
import PhoneNumbers
import Testing

/// Each typed write, its round trip through a reopen, and transactions.
@Suite("SQLiteStore writes")
struct ContactStoreWriteTests {
    private struct Abort: Error {}

    /// Opens a store in a fresh directory, runs `body`, closes it, and returns the
    /// snapshot read back after reopening.
    private func withStore(
        _ body: (SQLiteStore) throws -> Void
    ) throws -> StoreSnapshot {
        let directory = try StoreTestDirectory()
        let path = directory.path("s.db")
        let store = try SQLiteStore.open(path: path, options: storeTestOptions)
        try body(store)
        let before = try store.loadSnapshot()
        try store.close()
        let reopened = try SQLiteStore.open(path: path, options: storeTestOptions)
        defer { try? reopened.close() }
        let after = try reopened.loadSnapshot()
        #expect(after == before)
        return after
    }

    private func register(_ store: SQLiteStore, _ users: [(String, UInt64)]) throws {
        try store.transaction { tx throws in
            for (userId, e164) in users {
                _ = try tx.registerUser(userId: userId, e164: e164, displayName: "name of \(userId)")
            }
        }
    }

    @Test func registersAndReRegistersUsers() throws {
        let snapshot = try withStore { store in
            let (first, again) = try store.transaction { tx throws in
                let first = try tx.registerUser(userId: "ann", e164: 14_155_550_100, displayName: "Ann")
                _ = try tx.registerUser(userId: "bob", e164: 447_700_900_123, displayName: "")
                // Re-registering keeps the key and frees the old phone at once…
                let again = try tx.registerUser(userId: "ann", e164: 34_612_345_678, displayName: "Ann N.")
                // …so another user can take it in the same transaction.
                _ = try tx.registerUser(userId: "cy", e164: 14_155_550_100, displayName: "Cy")
                return (first, again)
            }
            #expect(first == again)
        }
        #expect(
            snapshot.users.map { [$0.userId, String($0.e164), $0.displayName] } == [
                ["ann", "34612345678", "Ann N."], ["bob", "447700900123", ""], ["cy", "14155550100", "Cy"],
            ])
        #expect(snapshot.users.map(\.key) == snapshot.users.map(\.key).sorted())
    }

    @Test func refusesAPhoneHeldByAnotherUserAndKeepsNothing() throws {
        let snapshot = try withStore { store in
            try register(store, [("ann", 14_155_550_100)])
            #expect {
                try store.transaction { tx throws in
                    _ = try tx.registerUser(userId: "bob", e164: 447_700_900_123, displayName: "Bob")
                    _ = try tx.registerUser(userId: "cy", e164: 14_155_550_100, displayName: "Cy")
                }
            } throws: { error in
                (error as? StoreError)?.kind == "constraint"
                    && "\(error)".contains("phone +14155550100 is held by another user")
            }
            #expect(throws: StoreError.self) {
                try store.transaction { tx in _ = try tx.registerUser(userId: "d", e164: 0, displayName: "") }
            }
            #expect(throws: StoreError.self) {
                try store.transaction { tx throws in
                    _ = try tx.registerUser(userId: "d", e164: PhoneNumber.largestE164 + 1, displayName: "")
                }
            }
        }
        #expect(snapshot.users.map(\.userId) == ["ann"])
    }

    /// Numbers of 16 to 19 digits, past `Int64.max` too (held as their bit pattern), are
    /// stored exactly, survive a reopen, and stay unique per user.
    @Test func storesNumbersOfUpToNineteenDigits() throws {
        let long: [UInt64] = [1_125_899_906_842_624, 49_301_234_567_890_123, 1 << 63, PhoneNumber.largestE164]
        let snapshot = try withStore { store in
            try register(store, long.enumerated().map { ("u\($0.offset)", $0.element) })
            #expect {
                try store.transaction { tx throws in
                    _ = try tx.registerUser(userId: "other", e164: PhoneNumber.largestE164, displayName: "")
                }
            } throws: { error in
                "\(error)".contains("phone +\(PhoneNumber.largestE164) is held by another user")
            }
        }
        #expect(snapshot.users.map(\.e164) == long)
    }

    @Test func deletesAUserWithEverythingButTheirBudget() throws {
        let snapshot = try withStore { store in
            try register(store, [("ann", 1_1), ("bob", 2_2), ("cy", 3_3)])
            try store.transaction { tx throws in
                #expect(try tx.follow(followerId: "ann", followeeId: "bob", since: 10))
                #expect(try tx.follow(followerId: "bob", followeeId: "ann", since: 11))
                #expect(try tx.follow(followerId: "bob", followeeId: "cy", since: 12))
                #expect(try tx.follow(followerId: "cy", followeeId: "ann", since: 13))
                try tx.upsertContacts(ownerId: "ann", [(Contact(id: "c1", displayName: "x"), [22])])
                try tx.upsertContacts(ownerId: "bob", [(Contact(id: "c1", displayName: "y"), [11])])
                try tx.createEvent(EventRecord(eventId: "e1", creatorId: "ann", title: "Party", createdAt: 5))
                try tx.createEvent(EventRecord(eventId: "e2", creatorId: "bob", title: "Talk", createdAt: 6))
                try tx.addBudgetUsage(userId: "ann", day: 19_000, count: 7)
            }
            store.recordSearch(userId: "ann", query: "jo")
            store.recordSearch(userId: "bob", query: "al")
            try store.flushSearches()
            #expect(try store.transaction { tx in try tx.deleteUser(userId: "ann") })
            #expect(try store.transaction { tx in try tx.deleteUser(userId: "ann") } == false)
            #expect(try store.transaction { tx in try tx.budgetUsage(userId: "ann", day: 19_000) } == 7)
        }
        #expect(snapshot.users.map(\.userId) == ["bob", "cy"])
        #expect(snapshot.follows == [FollowRecord(followerId: "bob", followeeId: "cy", since: 12)])
        #expect(snapshot.contacts.map { [$0.contact.ownerId, $0.contact.displayName] } == [["bob", "y"]])
        #expect(snapshot.events.map(\.eventId) == ["e2"])
        #expect(snapshot.recentSearches == ["bob": ["al"]])
        #expect(snapshot.budgetUsage == [StoreSnapshot.BudgetUsage(userId: "ann", day: 19_000, used: 7)])
    }

    @Test func storesReplacesAndDeletesContacts() throws {
        var random = StoreTestRandom(seed: 11)
        let c1 = random.contact(id: "c1")
        let c2 = random.contact(id: "c2")
        let c1b = random.contact(id: "c1")
        let decomposed = Contact(id: "e\u{301}", displayName: "decomposed")
        let composed = Contact(id: "\u{E9}", displayName: "composed")
        let snapshot = try withStore { store in
            try register(store, [("ann", 1_1), ("bob", 2_2)])
            try store.transaction { tx throws in
                try tx.upsertContacts(ownerId: "ann", [(c1, [5, 6]), (c2, []), (decomposed, [7]), (composed, [8])])
                // Another owner's contact ids are their own.
                try tx.upsertContacts(ownerId: "bob", [(c1, [9])])
                // A repeated id replaces, within one batch and across batches.
                try tx.upsertContacts(ownerId: "ann", [(c2, [1]), (c1b, [4, 3])])
            }
            #expect(try store.transaction { tx in try tx.deleteAllContacts(ownerId: "bob") } == 1)
            #expect(try store.transaction { tx in try tx.deleteAllContacts(ownerId: "bob") } == 0)
            #expect(try store.transaction { tx in try tx.deleteAllContacts(ownerId: "nobody") } == 0)
            #expect {
                try store.transaction { tx in try tx.upsertContacts(ownerId: "nobody", [(c1, [])]) }
            } throws: { ($0 as? StoreError) == .unknownUser(path: store.path, userId: "nobody") }
            #expect(throws: StoreError.self) {
                try store.transaction { tx in try tx.upsertContacts(ownerId: "ann", [(Contact(id: ""), [])]) }
            }
        }
        var expected = [(c1b, [UInt64]([4, 3])), (c2, [1]), (decomposed, [7]), (composed, [8])]
        for index in expected.indices { expected[index].0.ownerId = "ann" }
        // By contact id bytes: "c1" < "c2" < "e\u{301}" < "\u{E9}" (0x63 < 0x65 < 0xC3).
        #expect(snapshot.contacts.map(\.contact) == expected.map(\.0))
        #expect(snapshot.contacts.map(\.phones) == expected.map(\.1))
        #expect(snapshot.contacts.map { Array($0.contact.id.utf8) } == expected.map { Array($0.0.id.utf8) })
    }

    @Test func countsBudgetUsagePerUserAndDay() throws {
        let snapshot = try withStore { store in
            try store.transaction { tx throws in
                try tx.addBudgetUsage(userId: "ann", day: 2, count: 3)
                try tx.addBudgetUsage(userId: "ann", day: 2, count: 4)
                try tx.addBudgetUsage(userId: "ann", day: -1, count: 1)
                try tx.addBudgetUsage(userId: "bob", day: 2, count: 0)
                #expect(try tx.budgetUsage(userId: "ann", day: 2) == 7)
                #expect(try tx.budgetUsage(userId: "bob", day: 2) == 0)
                #expect(throws: StoreError.self) { try tx.addBudgetUsage(userId: "ann", day: 2, count: -1) }
            }
        }
        #expect(
            snapshot.budgetUsage == [
                StoreSnapshot.BudgetUsage(userId: "ann", day: -1, used: 1),
                StoreSnapshot.BudgetUsage(userId: "ann", day: 2, used: 7),
            ])
    }

    @Test func followsAndUnfollows() throws {
        let snapshot = try withStore { store in
            try register(store, [("ann", 1_1), ("bob", 2_2), ("cy", 3_3)])
            try store.transaction { tx throws in
                #expect(try tx.follow(followerId: "ann", followeeId: "bob", since: 100))
                #expect(try tx.follow(followerId: "ann", followeeId: "bob", since: 200) == false)
                #expect(try tx.follow(followerId: "cy", followeeId: "bob", since: 300))
                #expect(try tx.unfollow(followerId: "cy", followeeId: "bob"))
                #expect(try tx.unfollow(followerId: "cy", followeeId: "bob") == false)
                #expect(try tx.follow(followerId: "cy", followeeId: "bob", since: 400))
                #expect(try tx.follow(followerId: "bob", followeeId: "ann", since: -5))
            }
            for (a, b) in [("ann", "ann"), ("ann", "zed"), ("zed", "ann")] {
                #expect(throws: StoreError.self) {
                    try store.transaction { tx in _ = try tx.follow(followerId: a, followeeId: b, since: 1) }
                }
                #expect(throws: StoreError.self) {
                    try store.transaction { tx in _ = try tx.unfollow(followerId: a, followeeId: b) }
                }
            }
        }
        #expect(
            snapshot.follows == [
                FollowRecord(followerId: "ann", followeeId: "bob", since: 100),
                FollowRecord(followerId: "bob", followeeId: "ann", since: -5),
                FollowRecord(followerId: "cy", followeeId: "bob", since: 400),
            ])
    }

    @Test func createsAndDeletesEvents() throws {
        let full = EventRecord(
            eventId: "e1", creatorId: "ann", title: "Fiesta", description: "Música 🎉",
            location: "", startTime: -1, createdAt: 1_700_000_000_000)
        let bare = EventRecord(eventId: "e2", creatorId: "bob", title: "T", createdAt: 0)
        let snapshot = try withStore { store in
            try register(store, [("ann", 1_1), ("bob", 2_2)])
            try store.transaction { tx throws in
                try tx.createEvent(full)
                try tx.createEvent(bare)
                try tx.createEvent(EventRecord(eventId: "e3", creatorId: "ann", title: "Gone", createdAt: 1))
                #expect(try tx.deleteEvent(eventId: "e2", creatorId: "ann") == false)
                #expect(try tx.deleteEvent(eventId: "nope", creatorId: "ann") == false)
                #expect(try tx.deleteEvent(eventId: "e3", creatorId: "nobody") == false)
                #expect(try tx.deleteEvent(eventId: "e3", creatorId: "ann"))
            }
            #expect {
                try store.transaction { tx throws in
                    try tx.createEvent(EventRecord(eventId: "e1", creatorId: "bob", title: "Mine", createdAt: 2))
                }
            } throws: { "\($0)".contains("event id \"e1\" is taken") }
            #expect(throws: StoreError.unknownUser(path: store.path, userId: "zed")) {
                try store.transaction { tx throws in
                    try tx.createEvent(EventRecord(eventId: "e9", creatorId: "zed", title: "x", createdAt: 2))
                }
            }
            // An id is free again after deletion.
            try store.transaction { tx throws in
                try tx.createEvent(EventRecord(eventId: "e3", creatorId: "bob", title: "Back", createdAt: 3))
            }
        }
        #expect(
            snapshot.events == [
                full, bare, EventRecord(eventId: "e3", creatorId: "bob", title: "Back", createdAt: 3),
            ])
    }

    @Test func rollsBackAWholeTransactionOnAnyError() throws {
        let snapshot = try withStore { store in
            try register(store, [("ann", 1_1), ("bob", 2_2)])
            #expect(throws: Abort.self) {
                try store.transaction { tx throws in
                    _ = try tx.follow(followerId: "ann", followeeId: "bob", since: 1)
                    try tx.upsertContacts(ownerId: "ann", [(Contact(id: "c"), [1])])
                    _ = try tx.deleteUser(userId: "bob")
                    throw Abort()
                }
            }
            #expect(throws: StoreError.self) {
                try store.transaction { tx throws in
                    try tx.addBudgetUsage(userId: "ann", day: 1, count: 5)
                    _ = try tx.follow(followerId: "ann", followeeId: "nobody", since: 1)
                }
            }
            let answer = try store.transaction { tx throws in
                try tx.follow(followerId: "bob", followeeId: "ann", since: 9)
            }
            #expect(answer)
        }
        #expect(snapshot.users.map(\.userId) == ["ann", "bob"])
        #expect(snapshot.follows == [FollowRecord(followerId: "bob", followeeId: "ann", since: 9)])
        #expect(snapshot.contacts.isEmpty && snapshot.budgetUsage.isEmpty)
    }

    /// What a `kill -9` leaves: the files as they are on disk while the store is open,
    /// never closed. Every committed transaction must be in them.
    @Test func committedWritesSurviveWithoutAClose() throws {
        let directory = try StoreTestDirectory()
        let path = directory.path("live.db")
        let store = try SQLiteStore.open(path: path, options: storeTestOptions)
        try register(store, [("ann", 1_1), ("bob", 2_2)])
        try store.transaction { tx throws in
            _ = try tx.follow(followerId: "ann", followeeId: "bob", since: 42)
            try tx.upsertContacts(ownerId: "bob", [(Contact(id: "k", notes: "n"), [11])])
        }
        let expected = try store.loadSnapshot()
        // Copy the database and its write-ahead log as they are now.
        let crashed = try StoreTestDirectory()
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed.path("copy.db" + suffix))
        }
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let recovered = try SQLiteStore.open(path: crashed.path("copy.db"), options: storeTestOptions)
        #expect(try recovered.loadSnapshot() == expected)
        try recovered.close()
        try store.close()
    }

    @Test func serializesConcurrentWritersAndSearches() async throws {
        let directory = try StoreTestDirectory()
        let store = try SQLiteStore.open(path: directory.path("many.db"), options: storeTestOptions)
        let users = (0..<8).map { "u\($0)" }
        try store.transaction { tx throws in
            for (index, user) in users.enumerated() {
                _ = try tx.registerUser(userId: user, e164: UInt64(100 + index), displayName: user)
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, user) in users.enumerated() {
                group.addTask {
                    for other in users where other != user {
                        _ = try store.transaction { tx in
                            try tx.follow(followerId: user, followeeId: other, since: Int64(index))
                        }
                        store.recordSearch(userId: user, query: "to \(other)")
                    }
                }
            }
            try await group.waitForAll()
        }
        let snapshot = try store.loadSnapshot()
        #expect(snapshot.follows.count == 8 * 7)
        try store.close()
        let reopened = try SQLiteStore.open(path: store.path, options: storeTestOptions)
        let searches = try reopened.loadSnapshot().recentSearches
        try reopened.close()
        #expect(searches.count == 8)
        for user in users {
            #expect(searches[user] == users.filter { $0 != user }.reversed().map { "to \($0)" })
        }
    }

    @Test func loadsInKeyOrderForStreamingLoaders() throws {
        struct Recorder: StoreLoader {
            var calls: [String] = []
            mutating func loadUser(_ user: StoredUser) throws { calls.append("user \(user.key)") }
            mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws {
                calls.append("follow \(follower) \(followee)")
            }
            mutating func loadContact(owner: StoreUserKey, contact: Contact, phones: [UInt64]) throws {
                calls.append("contact \(owner) \(contact.id)")
            }
            mutating func loadEvent(_ event: EventRecord, creator: StoreUserKey) throws {
                calls.append("event \(event.eventId) \(creator)")
            }
            mutating func loadRecentSearches(user: StoreUserKey, queries: [String]) throws {
                calls.append("searches \(user) \(queries)")
            }
            mutating func loadBudgetUsage(userId: String, day: Int64, used: Int) throws {
                calls.append("budget \(userId) \(day)")
            }
        }
        let directory = try StoreTestDirectory()
        let store = try SQLiteStore.open(path: directory.path("o.db"), options: storeTestOptions)
        defer { try? store.close() }
        let keys = try store.transaction { tx throws in
            let z = try tx.registerUser(userId: "z", e164: 1, displayName: "")
            let a = try tx.registerUser(userId: "a", e164: 2, displayName: "")
            _ = try tx.follow(followerId: "a", followeeId: "z", since: 1)
            _ = try tx.follow(followerId: "z", followeeId: "a", since: 1)
            try tx.upsertContacts(ownerId: "a", [(Contact(id: "y"), []), (Contact(id: "b"), [])])
            try tx.upsertContacts(ownerId: "z", [(Contact(id: "a"), [])])
            try tx.createEvent(EventRecord(eventId: "q", creatorId: "z", title: "t", createdAt: 1))
            try tx.createEvent(EventRecord(eventId: "p", creatorId: "a", title: "t", createdAt: 1))
            try tx.addBudgetUsage(userId: "z", day: 1, count: 1)
            try tx.addBudgetUsage(userId: "a", day: 2, count: 1)
            try tx.addBudgetUsage(userId: "a", day: 1, count: 1)
            return (z: z, a: a)
        }
        store.recordSearch(userId: "a", query: "one")
        store.recordSearch(userId: "z", query: "two")
        store.recordSearch(userId: "a", query: "three")
        try store.flushSearches()
        var recorder = Recorder()
        _ = try store.load(into: &recorder)
        let (z, a) = (keys.z, keys.a)
        #expect(
            recorder.calls == [
                "user \(z)", "user \(a)",
                "follow \(z) \(a)", "follow \(a) \(z)",
                "contact \(z) a", "contact \(a) b", "contact \(a) y",
                "event p \(a)", "event q \(z)",
                "searches \(z) [\"two\"]", "searches \(a) [\"three\", \"one\"]",
                "budget a 1", "budget a 2", "budget z 1",
            ])
    }
}
