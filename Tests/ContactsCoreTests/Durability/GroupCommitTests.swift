import ContactsModel
import ContactsStore
import Foundation
import Testing

@testable import ContactsCore

/// Group commit: requests that arrive while a commit is under way share the next one, and a
/// request whose footprint meets what an earlier change of the group writes waits for the
/// group after (so it decides against that change).
@Suite("Group commit")
struct GroupCommitTests {
    /// A store that records how many changes each commit carried, and can hold its first
    /// commit until the test lets it go.
    final class RecordingStore: Store, @unchecked Sendable {
        // Safety of @unchecked Sendable: `groups` is guarded by `lock`; the inner store is
        // thread-safe.
        let inner: SQLiteStore
        private let lock = NSLock()
        private var groups: [Int] = []
        let firstCommitStarted = DispatchSemaphore(value: 0)
        let releaseFirstCommit = DispatchSemaphore(value: 0)
        private var held = true

        init(_ inner: SQLiteStore) {
            self.inner = inner
        }

        var location: String { inner.location }

        /// The number of changes of each commit so far.
        var commitSizes: [Int] { lock.withLock { groups } }

        func load<Loader: StoreLoader>(into loader: inout Loader) throws -> Int64 {
            try inner.load(into: &loader)
        }

        func writeChanges(
            after position: Int64, catchUp: ([PositionedChange]) throws -> Void, decide: () throws -> [StoreChange]
        ) throws -> Int64 {
            let hold = lock.withLock { () -> Bool in
                defer { held = false }
                return held
            }
            if hold {
                firstCommitStarted.signal()
                releaseFirstCommit.wait()
            }
            return try inner.writeChanges(after: position, catchUp: catchUp) {
                let changes = try decide()
                lock.withLock { groups.append(changes.count) }
                return changes
            }
        }

        func recordSearch(userId: String, query: String) -> Int64 {
            inner.recordSearch(userId: userId, query: query)
        }
        func close() throws { try inner.close() }
    }

    @Test func requestsThatArriveDuringACommitShareTheNextAndConflictsWaitForTheOneAfter() throws {
        let directory = try StoreTestDirectory()
        let store = RecordingStore(try SQLiteStore.open(path: directory.path("g.db"), options: storeTestOptions))
        let engine = try ContactsEngine(configuration: EngineConfiguration(), store: store)
        defer { try? engine.close() }
        let answers = LockedAnswers()
        func register(_ user: String, _ phone: String) -> Thread {
            let thread = Thread {
                do {
                    answers.set(user, .success(try engine.registerUser(user, phone: phone, at: 1).e164))
                } catch {
                    answers.set(user, .failure(error))
                }
            }
            thread.start()
            return thread
        }
        func waitUntil(_ condition: () -> Bool) {
            let deadline = Date().addingTimeInterval(30)
            while !condition() && Date() < deadline { usleep(1_000) }
        }
        // The first registration holds the store's commit; the others queue behind it.
        _ = register("first", "+14155550100")
        store.firstCommitStarted.wait()
        let users = (0..<6).map { "u\($0)" }
        for (index, user) in users.enumerated() { _ = register(user, "+1415555\(2000 + index)") }
        // Two requests for one phone: the second must see the first's registration.
        _ = register("twin-a", "+14155559999")
        waitUntil { engine.commits.waitingCount == users.count + 1 }
        _ = register("twin-b", "+14155559999")
        waitUntil { engine.commits.waitingCount == users.count + 2 }
        #expect(engine.commits.waitingCount == users.count + 2)
        store.releaseFirstCommit.signal()
        waitUntil { answers.count == users.count + 3 }
        for (index, user) in users.enumerated() {
            #expect(answers.get(user).flatMap { try? $0.get() } == "+1415555\(2000 + index)")
        }
        #expect(answers.get("twin-a").flatMap { try? $0.get() } == "+14155559999")
        #expect(throws: ContactsError.phoneTaken("+14155559999")) { try answers.get("twin-b")?.get() }
        // One commit held with one change; then every queued request but the conflicting
        // one; then that one, decided after the registration it conflicts with (no change).
        #expect(store.commitSizes == [1, users.count + 1, 0])
    }

    /// An upload normalizes its phones before it queues, with the region of its owner's phone
    /// then; when the owner's phone changed country before the upload was decided, it is
    /// normalized again with the new region.
    @Test func anUploadDecidedAfterItsOwnerMovedCountryUsesTheNewRegion() throws {
        let directory = try StoreTestDirectory()
        let path = directory.path("moved.db")
        do {
            let engine = try ContactsEngine(
                configuration: EngineConfiguration(), store: try SQLiteStore.open(path: path, options: storeTestOptions)
            )
            _ = try engine.registerUser("owner", phone: "+442079460000", at: 1)
            _ = try engine.registerUser("friend", phone: "+14155550199", at: 1)
            try engine.close()
        }
        let store = RecordingStore(try SQLiteStore.open(path: path, options: storeTestOptions))
        let engine = try ContactsEngine(configuration: EngineConfiguration(), store: store)
        defer { try? engine.close() }
        // The owner moves to a US phone; that commit is held while the upload, prepared with
        // GB's region, queues behind it.
        Thread { _ = try? engine.registerUser("owner", phone: "+14155550100", at: 2) }.start()
        store.firstCommitStarted.wait()
        let answers = LockedAnswers()
        Thread {
            let book = [Contact(id: "c", phoneNumbers: [LabeledValue(value: "(415) 555-0199")])]
            answers.set(
                "upload",
                Result {
                    String(try engine.uploadContacts(as: "owner", contacts: book, at: 2).numberOfUploadedContacts)
                })
        }.start()
        let deadline = Date().addingTimeInterval(30)
        while engine.commits.waitingCount < 1 && Date() < deadline { usleep(1_000) }
        store.releaseFirstCommit.signal()
        while answers.count < 1 && Date() < deadline { usleep(1_000) }
        #expect(try answers.get("upload")?.get() == "1")
        #expect(try engine.lookupContactMatches(as: "owner").matches.map(\.userId) == ["friend"])
    }

    @Test func footprintsMeetWhereDecisionsDependOnEarlierChanges() {
        var state = EngineState(phoneKeySeed: 1)
        try? state.apply(.registerUser(userId: "ann", e164: 11, displayName: ""))
        var written = WrittenKeys()
        #expect(!written.conflicts(with: .everything))
        written.add(.registerUser(userId: "ann", e164: 22, displayName: ""), decidedOn: state)
        // Her old phone and her new one are both written; so is her registration.
        #expect(written.conflicts(with: ChangeFootprint(phones: [11])))
        #expect(written.conflicts(with: ChangeFootprint(phones: [22])))
        #expect(written.conflicts(with: ChangeFootprint(users: ["ann"])))
        #expect(written.conflicts(with: ChangeFootprint(anyPhone: true)))
        #expect(!written.conflicts(with: ChangeFootprint(users: ["bob"], followsOf: ["ann"], phones: [33])))
        var follows = WrittenKeys()
        follows.add(.follow(followerId: "bob", followeeId: "ann", since: 1), decidedOn: state)
        #expect(follows.conflicts(with: ChangeFootprint(followsOf: ["bob"])))
        #expect(!follows.conflicts(with: ChangeFootprint(users: ["ann", "bob"], followsOf: ["cy"])))
        var deletion = WrittenKeys()
        deletion.add(.deleteUser(userId: "zed"), decidedOn: state)
        #expect(deletion.conflicts(with: ChangeFootprint(users: ["anyone"])))
        var events = WrittenKeys()
        events.add(
            .createEvent(EventRecord(eventId: "e1", creatorId: "ann", title: "t", createdAt: 1)), decidedOn: state)
        #expect(events.conflicts(with: ChangeFootprint(events: ["e1"])))
        #expect(!events.conflicts(with: ChangeFootprint(users: ["ann"], events: ["e2"])))
    }
}

/// Answers gathered from several threads.
private final class LockedAnswers: @unchecked Sendable {
    // Safety of @unchecked Sendable: `answers` is guarded by `lock`.
    private let lock = NSLock()
    private var answers: [String: Result<String, any Error>] = [:]

    func set(_ key: String, _ answer: Result<String, any Error>) { lock.withLock { answers[key] = answer } }
    func get(_ key: String) -> Result<String, any Error>? { lock.withLock { answers[key] } }
    var count: Int { lock.withLock { answers.count } }
}
