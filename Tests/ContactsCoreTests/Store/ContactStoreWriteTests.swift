import ContactsCore
import ContactsModel
import ContactsStore
import Foundation
import PhoneNumbers
import Testing

/// Each typed write, its round trip through a reopen, and transactions, on both backends.
@Suite("Store writes")
struct ContactStoreWriteTests {
    private struct Abort: Error {}

    /// Opens a fresh store of `backend`, runs `body`, closes it, and returns the snapshot
    /// read back after reopening.
    private func withStore(
        _ backend: StoreBackend, _ body: (any TransactionalStore) throws -> Void
    ) throws -> StoreSnapshot {
        let fresh = try FreshStore(backend)
        let store = try fresh.open()
        try body(store)
        let before = try store.loadSnapshot()
        try store.close()
        let reopened = try fresh.open()
        defer { try? reopened.close() }
        let after = try reopened.loadSnapshot()
        #expect(after == before)
        return after
    }

    private func register(_ store: any TransactionalStore, _ users: [(String, UInt64)]) throws {
        try store.withTransaction { tx throws in
            for (userId, e164) in users {
                try tx.registerUser(userId: userId, e164: e164, displayName: "name of \(userId)")
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func registersAndReRegistersUsers(backend: StoreBackend) throws {
        let snapshot = try withStore(backend) { store in
            try store.withTransaction { tx throws in
                try tx.registerUser(userId: "ann", e164: 14_155_550_100, displayName: "Ann")
                try tx.registerUser(userId: "bob", e164: 447_700_900_123, displayName: "")
                // Re-registering frees the old phone at once…
                try tx.registerUser(userId: "ann", e164: 34_612_345_678, displayName: "Ann N.")
                // …so another user can take it in the same transaction.
                try tx.registerUser(userId: "cy", e164: 14_155_550_100, displayName: "Cy")
            }
        }
        #expect(
            snapshot.users.map { [$0.userId, String($0.e164), $0.displayName] } == [
                ["ann", "34612345678", "Ann N."], ["bob", "447700900123", ""], ["cy", "14155550100", "Cy"],
            ])
        #expect(snapshot.users.map(\.key) == snapshot.users.map(\.key).sorted())
    }

    @Test(arguments: StoreBackend.allCases)
    func refusesAPhoneHeldByAnotherUserAndKeepsNothing(backend: StoreBackend) throws {
        let snapshot = try withStore(backend) { store in
            try register(store, [("ann", 14_155_550_100)])
            #expect {
                try store.withTransaction { tx throws in
                    try tx.registerUser(userId: "bob", e164: 447_700_900_123, displayName: "Bob")
                    try tx.registerUser(userId: "cy", e164: 14_155_550_100, displayName: "Cy")
                }
            } throws: { error in
                (error as? StoreError)?.kind == "constraint"
                    && "\(error)".contains("phone +14155550100 is held by another user")
            }
            #expect(throws: StoreError.self) {
                try store.withTransaction { tx in try tx.registerUser(userId: "d", e164: 0, displayName: "") }
            }
            #expect(throws: StoreError.self) {
                try store.withTransaction { tx throws in
                    try tx.registerUser(userId: "d", e164: PhoneNumber.largestE164 + 1, displayName: "")
                }
            }
        }
        #expect(snapshot.users.map(\.userId) == ["ann"])
    }

    /// Numbers of 16 to 19 digits, past `Int64.max` too (held as their bit pattern), are
    /// stored exactly, survive a reopen, and stay unique per user.
    @Test(arguments: StoreBackend.allCases)
    func storesNumbersOfUpToNineteenDigits(backend: StoreBackend) throws {
        let long: [UInt64] = [1_125_899_906_842_624, 49_301_234_567_890_123, 1 << 63, PhoneNumber.largestE164]
        let snapshot = try withStore(backend) { store in
            try register(store, long.enumerated().map { ("u\($0.offset)", $0.element) })
            #expect {
                try store.withTransaction { tx throws in
                    try tx.registerUser(userId: "other", e164: PhoneNumber.largestE164, displayName: "")
                }
            } throws: { error in
                "\(error)".contains("phone +\(PhoneNumber.largestE164) is held by another user")
            }
        }
        #expect(snapshot.users.map(\.e164) == long)
    }

    /// An upload change whose phone lists do not pair with its contacts is refused by name,
    /// and stores nothing.
    @Test(arguments: StoreBackend.allCases)
    func refusesAnUploadWithoutAPhoneListPerContact(backend: StoreBackend) throws {
        let snapshot = try withStore(backend) { store in
            try register(store, [("ann", 1_1)])
            let change = StoreChange.uploadContacts(
                ownerId: "ann", contacts: EncodedContacts([Contact(id: "c1"), Contact(id: "c2")]), numbers: [[22]],
                budgetDay: 0, budgetAdded: 1)
            #expect {
                try store.withTransaction { tx in try tx.apply(change) }
            } throws: { error in
                guard case .invalidArgument(_, let detail)? = error as? StoreError else { return false }
                return detail == "1 lists of phones for 2 contacts"
            }
        }
        #expect(snapshot.contacts.isEmpty)
    }

    @Test(arguments: StoreBackend.allCases)
    func deletesAUserWithEverythingButTheirBudget(backend: StoreBackend) throws {
        let snapshot = try withStore(backend) { store in
            try register(store, [("ann", 1_1), ("bob", 2_2), ("cy", 3_3)])
            try store.withTransaction { tx throws in
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
            #expect(try store.withTransaction { tx in try tx.deleteUser(userId: "ann") })
            #expect(try store.withTransaction { tx in try tx.deleteUser(userId: "ann") } == false)
            #expect(try store.withTransaction { tx in try tx.budgetUsage(userId: "ann", day: 19_000) } == 7)
        }
        #expect(snapshot.users.map(\.userId) == ["bob", "cy"])
        #expect(snapshot.follows == [FollowRecord(followerId: "bob", followeeId: "cy", since: 12)])
        #expect(snapshot.contacts.map { [$0.contact.ownerId, $0.contact.displayName] } == [["bob", "y"]])
        #expect(snapshot.events.map(\.eventId) == ["e2"])
        #expect(snapshot.recentSearches == ["bob": ["al"]])
        #expect(snapshot.budgetUsage == [StoreSnapshot.BudgetUsage(userId: "ann", day: 19_000, used: 7)])
    }

    @Test(arguments: StoreBackend.allCases)
    func storesReplacesAndDeletesContacts(backend: StoreBackend) throws {
        var random = StoreTestRandom(seed: 11)
        let c1 = random.contact(id: "c1")
        let c2 = random.contact(id: "c2")
        let c1b = random.contact(id: "c1")
        let decomposed = Contact(id: "e\u{301}", displayName: "decomposed")
        let composed = Contact(id: "\u{E9}", displayName: "composed")
        let snapshot = try withStore(backend) { store in
            try register(store, [("ann", 1_1), ("bob", 2_2)])
            try store.withTransaction { tx throws in
                try tx.upsertContacts(ownerId: "ann", [(c1, [5, 6]), (c2, []), (decomposed, [7]), (composed, [8])])
                // Another owner's contact ids are their own.
                try tx.upsertContacts(ownerId: "bob", [(c1, [9])])
                // A repeated id replaces, within one batch and across batches.
                try tx.upsertContacts(ownerId: "ann", [(c2, [1]), (c1b, [4, 3])])
            }
            #expect(try store.withTransaction { tx in try tx.deleteAllContacts(ownerId: "bob") } == 1)
            #expect(try store.withTransaction { tx in try tx.deleteAllContacts(ownerId: "bob") } == 0)
            #expect(try store.withTransaction { tx in try tx.deleteAllContacts(ownerId: "nobody") } == 0)
            #expect {
                try store.withTransaction { tx in try tx.upsertContacts(ownerId: "nobody", [(c1, [])]) }
            } throws: { ($0 as? StoreError) == .unknownUser(path: store.location, userId: "nobody") }
            #expect(throws: StoreError.self) {
                try store.withTransaction { tx in try tx.upsertContacts(ownerId: "ann", [(Contact(id: ""), [])]) }
            }
        }
        var expected = [(c1b, [UInt64]([4, 3])), (c2, [1]), (decomposed, [7]), (composed, [8])]
        for index in expected.indices { expected[index].0.ownerId = "ann" }
        // By contact id bytes: "c1" < "c2" < "e\u{301}" < "\u{E9}" (0x63 < 0x65 < 0xC3).
        #expect(snapshot.contacts.map(\.contact) == expected.map(\.0))
        #expect(snapshot.contacts.map(\.phones) == expected.map(\.1))
        #expect(snapshot.contacts.map { Array($0.contact.id.utf8) } == expected.map { Array($0.0.id.utf8) })
    }

    @Test(arguments: StoreBackend.allCases)
    func countsBudgetUsagePerUserAndDay(backend: StoreBackend) throws {
        let snapshot = try withStore(backend) { store in
            try store.withTransaction { tx throws in
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

    @Test(arguments: StoreBackend.allCases)
    func followsAndUnfollows(backend: StoreBackend) throws {
        let snapshot = try withStore(backend) { store in
            try register(store, [("ann", 1_1), ("bob", 2_2), ("cy", 3_3)])
            try store.withTransaction { tx throws in
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
                    try store.withTransaction { tx in _ = try tx.follow(followerId: a, followeeId: b, since: 1) }
                }
                #expect(throws: StoreError.self) {
                    try store.withTransaction { tx in _ = try tx.unfollow(followerId: a, followeeId: b) }
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

    @Test(arguments: StoreBackend.allCases)
    func createsAndDeletesEvents(backend: StoreBackend) throws {
        let full = EventRecord(
            eventId: "e1", creatorId: "ann", title: "Fiesta", description: "Música 🎉",
            location: "", startTime: -1, createdAt: 1_700_000_000_000)
        let bare = EventRecord(eventId: "e2", creatorId: "bob", title: "T", createdAt: 0)
        let snapshot = try withStore(backend) { store in
            try register(store, [("ann", 1_1), ("bob", 2_2)])
            try store.withTransaction { tx throws in
                try tx.createEvent(full)
                try tx.createEvent(bare)
                try tx.createEvent(EventRecord(eventId: "e3", creatorId: "ann", title: "Gone", createdAt: 1))
                #expect(try tx.deleteEvent(eventId: "e2", creatorId: "ann") == false)
                #expect(try tx.deleteEvent(eventId: "nope", creatorId: "ann") == false)
                #expect(try tx.deleteEvent(eventId: "e3", creatorId: "nobody") == false)
                #expect(try tx.deleteEvent(eventId: "e3", creatorId: "ann"))
            }
            #expect {
                try store.withTransaction { tx throws in
                    try tx.createEvent(EventRecord(eventId: "e1", creatorId: "bob", title: "Mine", createdAt: 2))
                }
            } throws: { "\($0)".contains("event id \"e1\" is taken") }
            #expect(throws: StoreError.unknownUser(path: store.location, userId: "zed")) {
                try store.withTransaction { tx throws in
                    try tx.createEvent(EventRecord(eventId: "e9", creatorId: "zed", title: "x", createdAt: 2))
                }
            }
            // An id is free again after deletion.
            try store.withTransaction { tx throws in
                try tx.createEvent(EventRecord(eventId: "e3", creatorId: "bob", title: "Back", createdAt: 3))
            }
        }
        #expect(
            snapshot.events == [
                full, bare, EventRecord(eventId: "e3", creatorId: "bob", title: "Back", createdAt: 3),
            ])
    }

    @Test(arguments: StoreBackend.allCases)
    func rollsBackAWholeTransactionOnAnyError(backend: StoreBackend) throws {
        let snapshot = try withStore(backend) { store in
            try register(store, [("ann", 1_1), ("bob", 2_2)])
            #expect(throws: Abort.self) {
                try store.withTransaction { tx throws in
                    _ = try tx.follow(followerId: "ann", followeeId: "bob", since: 1)
                    try tx.upsertContacts(ownerId: "ann", [(Contact(id: "c"), [1])])
                    _ = try tx.deleteUser(userId: "bob")
                    throw Abort()
                }
            }
            #expect(throws: StoreError.self) {
                try store.withTransaction { tx throws in
                    try tx.addBudgetUsage(userId: "ann", day: 1, count: 5)
                    _ = try tx.follow(followerId: "ann", followeeId: "nobody", since: 1)
                }
            }
            let answer = try store.withTransaction { tx throws in
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
        try store.withTransaction { tx throws in
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

    @Test(arguments: StoreBackend.allCases)
    func serializesConcurrentWritersAndSearches(backend: StoreBackend) async throws {
        let fresh = try FreshStore(backend)
        let store = try fresh.open()
        let users = (0..<8).map { "u\($0)" }
        try store.withTransaction { tx throws in
            for (index, user) in users.enumerated() {
                try tx.registerUser(userId: user, e164: UInt64(100 + index), displayName: user)
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, user) in users.enumerated() {
                group.addTask {
                    for other in users where other != user {
                        _ = try store.withTransaction { tx in
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
        let reopened = try fresh.open()
        let searches = try reopened.loadSnapshot().recentSearches
        try reopened.close()
        #expect(searches.count == 8)
        for user in users {
            #expect(searches[user] == users.filter { $0 != user }.reversed().map { "to \($0)" })
        }
    }

    /// Each table comes in its key order, whatever keys the backend gives (SQLite: row ids
    /// in registration order; PostgreSQL: ranks by user id): the test names every key by the
    /// user id the users pass delivered with it, and builds the expected order from those.
    @Test(arguments: StoreBackend.allCases)
    func loadsInKeyOrderForStreamingLoaders(backend: StoreBackend) throws {
        struct Recorder: StoreLoader {
            var calls: [String] = []
            var userOf: [StoreUserKey: String] = [:]
            var keys: [StoreUserKey] = []
            mutating func loadUser(_ user: StoredUser) throws {
                userOf[user.key] = user.userId
                keys.append(user.key)
                calls.append("user \(user.userId)")
            }
            mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws {
                calls.append("follow \(userOf[follower] ?? "?") \(userOf[followee] ?? "?")")
            }
            mutating func loadContact(owner: StoreUserKey, contact: Contact, phones: [UInt64]) throws {
                calls.append("contact \(userOf[owner] ?? "?") \(contact.id)")
            }
            mutating func loadEvent(_ event: EventRecord, creator: StoreUserKey) throws {
                calls.append("event \(event.eventId) \(userOf[creator] ?? "?")")
            }
            mutating func loadRecentSearches(user: StoreUserKey, queries: [String]) throws {
                calls.append("searches \(userOf[user] ?? "?") \(queries)")
            }
            mutating func loadBudgetUsage(userId: String, day: Int64, used: Int) throws {
                calls.append("budget \(userId) \(day)")
            }
        }
        let fresh = try FreshStore(backend)
        let store = try fresh.open()
        defer { try? store.close() }
        try store.withTransaction { tx throws in
            try tx.registerUser(userId: "z", e164: 1, displayName: "")
            try tx.registerUser(userId: "a", e164: 2, displayName: "")
            _ = try tx.follow(followerId: "a", followeeId: "z", since: 1)
            _ = try tx.follow(followerId: "z", followeeId: "a", since: 1)
            try tx.upsertContacts(ownerId: "a", [(Contact(id: "y"), []), (Contact(id: "b"), [])])
            try tx.upsertContacts(ownerId: "z", [(Contact(id: "a"), [])])
            try tx.createEvent(EventRecord(eventId: "q", creatorId: "z", title: "t", createdAt: 1))
            try tx.createEvent(EventRecord(eventId: "p", creatorId: "a", title: "t", createdAt: 1))
            try tx.addBudgetUsage(userId: "z", day: 1, count: 1)
            try tx.addBudgetUsage(userId: "a", day: 2, count: 1)
            try tx.addBudgetUsage(userId: "a", day: 1, count: 1)
        }
        store.recordSearch(userId: "a", query: "one")
        store.recordSearch(userId: "z", query: "two")
        store.recordSearch(userId: "a", query: "three")
        try store.flushSearches()
        var recorder = Recorder()
        _ = try store.load(into: &recorder)
        #expect(recorder.keys == recorder.keys.sorted())
        // The users in key order; the other tables follow it.
        let users = recorder.keys.compactMap { recorder.userOf[$0] }
        #expect(Set(users) == ["a", "z"])
        let (first, second) = (users[0], users[1])
        let contacts: [String: [String]] = ["a": ["b", "y"], "z": ["a"]]
        let searches: [String: String] = ["a": #"searches a ["three", "one"]"#, "z": #"searches z ["two"]"#]
        var expected: [String] = ["user \(first)", "user \(second)"]
        expected += ["follow \(first) \(second)", "follow \(second) \(first)"]
        for owner in [first, second] { expected += (contacts[owner] ?? []).map { "contact \(owner) \($0)" } }
        expected += ["event p a", "event q z"]
        expected += [first, second].compactMap { searches[$0] }
        expected += ["budget a 1", "budget a 2", "budget z 1"]
        #expect(recorder.calls == expected)
    }
}
