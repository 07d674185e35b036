import ContactsModel
import ContactsSupport
import Dispatch
import Foundation
import Testing

@testable import ContactsCore

/// A build the engine runs off its lock, held at its start until the test lets it go: writes
/// and reads made meanwhile must complete (a build under the engine's lock would hold them,
/// and the gate would give up waiting), and every answer before, during and after the build
/// equals the naive model's.
final class BuildGate: Sendable {
    /// How long a held build waits for the test before giving up (a test that blocked on the
    /// build would then fail rather than hang).
    static let patience = DispatchTimeInterval.seconds(20)

    let build: BackgroundBuild
    private let started = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Whether the first build is still to come, and whether the held build gave up.
    private let state = ReadWriteLocked((isFirst: true, gaveUp: false))

    /// A gate holding the first build of kind `build`.
    init(holding build: BackgroundBuild) {
        self.build = build
    }

    /// The hook for ``EngineConfiguration/backgroundBuildHook``.
    func hook(_ step: BackgroundBuild) {
        if step == .installedDirectory { finished.signal() }
        guard step == build else { return }
        let holds = state.write { state in
            defer { state.isFirst = false }
            return state.isFirst
        }
        guard holds else { return }
        started.signal()
        if released.wait(timeout: .now() + Self.patience) == .timedOut { state.write { $0.gaveUp = true } }
    }

    /// True once the held build has started (waiting at most `seconds`).
    func hasStarted(within seconds: Int = 0) -> Bool {
        started.wait(timeout: .now() + .seconds(seconds)) == .success
    }

    /// Lets the held build go on.
    func release() { released.signal() }

    /// True once a compacted directory was installed (waiting at most 20 s).
    func hasInstalled() -> Bool { finished.wait(timeout: .now() + Self.patience) == .success }

    /// True when the held build stopped waiting for the test: the test was blocked.
    var didGiveUp: Bool { state.read { $0.gaveUp } }
}

/// The users a test registers on an engine, with the names drawn from seeded fixtures: the
/// model its directory must answer as.
final class RegisteredUsers {
    let engine: ContactsEngine
    var fixtures: SearchFixtures
    /// Display names by user id, of the users registered and not deleted.
    var names: [String: String] = [:]

    init(_ engine: ContactsEngine, seed: UInt64) {
        self.engine = engine
        fixtures = SearchFixtures(seed: seed)
    }

    /// Registers (or renames) user `u<number>` with a fresh fixture name.
    func register(_ number: Int) throws {
        let name = fixtures.contact(id: "x").effectiveDisplayName
        _ = try engine.registerUser(
            "u\(number)", phone: "+1415\(5_551_000 + number)", displayName: name, at: OffLockBuildTests.now)
        names["u\(number)"] = name
    }

    /// The registered users as contacts, by id.
    var contacts: [Contact] {
        names.sorted { $0.key < $1.key }.map { Contact(id: $0.key, displayName: $0.value) }
    }
}

@Suite struct OffLockBuildTests {
    static let now: Int64 = 1_700_000_000_000

    /// An engine with the gate's hook, in memory or over a fresh SQLite file.
    static func engine(_ gate: BuildGate, stored: Bool) throws -> ContactsEngine {
        var configuration = EngineConfiguration()
        configuration.directoryChurnMinimum = 8
        configuration.backgroundBuildHook = { gate.hook($0) }
        guard stored else { return try ContactsEngine(configuration: configuration) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("offlock-\(UUID()).sqlite").path
        return try ContactsEngine(configuration: configuration, storePath: path)
    }

    /// `searchUsers` as `me` equals the model over `users` (without `me`) for each query.
    static func expectUsers(
        _ engine: ContactsEngine, as me: String, users: [String: String], queries: [String], _ label: String
    ) throws {
        let model = NaiveContactSearch(
            users.filter { $0.key != me }.map { Contact(id: $0.key, displayName: $0.value) })
        for query in queries {
            let expected = model.search(query, field: .name, skip: 0, limit: .max)
            let page = try engine.searchUsers(as: me, query: query, skip: 0, limit: 10_000)
            #expect(page.total == expected.total, "\(label): query \(query.debugDescription)")
            #expect(page.items.map(\.userId) == expected.ids, "\(label): query \(query.debugDescription)")
        }
    }

    @Test(arguments: [false, true])
    func directoryRebuildsWhileWritesGoOn(stored: Bool) throws {
        let gate = BuildGate(holding: .compactingDirectory)
        let engine = try Self.engine(gate, stored: stored)
        let model = RegisteredUsers(engine, seed: 7)
        let registered = try Self.registerUntilCompaction(engine, gate, register: model.register)
        let named = model.contacts
        let queries = (0..<12).map { _ in model.fixtures.query(from: named) }
        try Self.expectUsers(engine, as: "u0", users: model.names, queries: queries, "rebuild started")
        // While the rebuild is held: new users, renamed users, a deleted user, all answered.
        for number in registered..<(registered + 20) { try model.register(number) }
        for number in [1, 3, registered + 2] { try model.register(number) }
        try engine.deleteUser(as: "u5")
        model.names["u5"] = nil
        #expect(engine.state.read { $0.directoryChangedIDs?.count } == 24)
        try Self.expectUsers(engine, as: "u0", users: model.names, queries: queries, "during the rebuild")
        #expect(!gate.didGiveUp)
        gate.release()
        #expect(gate.hasInstalled())
        #expect(!gate.didGiveUp)
        #expect(engine.state.read { $0.directoryChangedIDs } == nil)
        try Self.expectUsers(engine, as: "u0", users: model.names, queries: queries, "after the swap")
        // The swapped-in base is the copy's users, rebuilt; the changes made since are its delta.
        let base = engine.state.read { $0.directory.tables.baseSlotCount }
        #expect(base == registered)
        try model.register(registered + 40)
        try Self.expectUsers(engine, as: "u0", users: model.names, queries: queries, "after the swap, one more")
    }

    /// Registrations until one crosses the compaction threshold (it takes the copy the
    /// rebuild reads, held by `gate`); returns how many were made.
    static func registerUntilCompaction(
        _ engine: ContactsEngine, _ gate: BuildGate, register: (Int) throws -> Void
    ) throws -> Int {
        var registered = 0
        while engine.state.read({ $0.directoryChangedIDs }) == nil, registered < 200 {
            try register(registered)
            registered += 1
        }
        #expect(registered < 200, "no compaction started")
        #expect(gate.hasStarted(within: 20))
        return registered
    }

    /// Many changes while the rebuild is held: it replays all but the last few on its copy
    /// before it takes the exclusive lock, and the directory answers as the model after.
    @Test(arguments: [false, true])
    func directoryRebuildCatchesUpOffTheLock(stored: Bool) throws {
        let gate = BuildGate(holding: .compactingDirectory)
        let replayed = ReadWriteLocked<Int?>(nil)
        var configuration = EngineConfiguration()
        configuration.directoryChurnMinimum = 8
        configuration.backgroundBuildHook = { step in
            if case .caughtUpDirectory(let count) = step { replayed.write { $0 = count } }
            gate.hook(step)
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("catchup-\(UUID()).sqlite").path
        let engine =
            stored
            ? try ContactsEngine(configuration: configuration, storePath: path)
            : try ContactsEngine(configuration: configuration)
        let model = RegisteredUsers(engine, seed: 11)
        let registered = try Self.registerUntilCompaction(engine, gate, register: model.register)
        let added = 1_500
        for number in registered..<(registered + added) { try model.register(number) }
        for number in stride(from: 1, to: registered + added, by: 37) { try model.register(number) }
        for number in stride(from: 4, to: registered + added, by: 101) {
            try engine.deleteUser(as: "u\(number)")
            model.names["u\(number)"] = nil
        }
        let changes = try #require(engine.state.read { $0.directoryChangedIDs?.count })
        gate.release()
        #expect(gate.hasInstalled())
        #expect(!gate.didGiveUp)
        let caughtUp = try #require(replayed.read { $0 })
        #expect(caughtUp >= changes - ContactsEngine.directoryCatchUpRemainder && caughtUp <= changes)
        #expect(engine.state.read { $0.directoryChangedIDs } == nil)
        let named = model.contacts
        let queries = (0..<12).map { _ in model.fixtures.query(from: named) }
        try Self.expectUsers(engine, as: "u0", users: model.names, queries: queries, "after the catch-up")
    }

    /// A state loaded afresh while a rebuild is held (an engine that fell behind its store):
    /// the rebuild's copy describes the old state, so it is dropped, not installed — also when
    /// the new state has begun a compaction of its own by then (its changes are not the old
    /// rebuild's to replay; here the new compaction's start is written into the state).
    @Test(arguments: [false, true])
    func aRebuildIsDroppedWhenTheStateIsReloaded(anotherCompactionStarted: Bool) throws {
        let gate = BuildGate(holding: .compactingDirectory)
        let engine = try Self.engine(gate, stored: true)
        let model = RegisteredUsers(engine, seed: 13)
        let registered = try Self.registerUntilCompaction(engine, gate, register: model.register)
        for number in registered..<(registered + 30) { try model.register(number) }
        try engine.reload()
        if anotherCompactionStarted {
            engine.state.write {
                $0.directoryChangedIDs = []
                $0.directoryCompaction = 0
            }
        }
        let reloaded = engine.state.read { $0.directory.tables.baseSlotCount }
        gate.release()
        #expect(gate.hasInstalled())
        #expect(engine.state.read { $0.directory.tables.baseSlotCount } == reloaded)
        let named = model.contacts
        let queries = (0..<12).map { _ in model.fixtures.query(from: named) } + ["a", "e"]
        try Self.expectUsers(engine, as: "u0", users: model.names, queries: queries, "after the reload")
    }

    /// The rebuild runs on a thread of its own at the configured nice value, whatever the
    /// priority of the thread whose change started it.
    @Test func directoryRebuildRunsAtTheConfiguredNiceness() throws {
        #if os(Linux)
            let wanted = try #require(ThreadNiceness.lowered(by: 3))
            let seen = ReadWriteLocked<Int32?>(nil)
            let installed = DispatchSemaphore(value: 0)
            var configuration = EngineConfiguration()
            configuration.directoryChurnMinimum = 8
            configuration.backgroundNiceness = wanted
            configuration.backgroundBuildHook = { step in
                if step == .compactingDirectory { seen.write { $0 = ThreadNiceness.current } }
                if step == .installedDirectory { installed.signal() }
            }
            let engine = try ContactsEngine(configuration: configuration)
            var registered = 0
            while engine.state.read({ $0.directoryChangedIDs }) == nil, registered < 200 {
                _ = try engine.registerUser(
                    "u\(registered)", phone: "+1415555\(1000 + registered)", displayName: "User \(registered)",
                    at: Self.now)
                registered += 1
            }
            #expect(registered < 200, "no compaction started")
            #expect(installed.wait(timeout: .now() + BuildGate.patience) == .success)
            #expect(seen.read { $0 } == wanted)
            #expect(ThreadNiceness.current != wanted, "the test's own thread kept its priority")
        #endif
    }

    @Test(arguments: [false, true])
    func firstSearchBuildsWhileWritesGoOn(stored: Bool) throws {
        let gate = BuildGate(holding: .buildingBookIndex)
        let engine = try Self.engine(gate, stored: stored)
        for number in 0..<3 {
            _ = try engine.registerUser("u\(number)", phone: "+1415555\(1000 + number)", at: Self.now)
        }
        var fixtures = SearchFixtures(seed: 11)
        let first = (0..<400).map { fixtures.contact(id: "c\($0)") }
        _ = try engine.uploadContacts(as: "u0", contacts: first, at: Self.now)
        let queries = (0..<8).map { _ in fixtures.query(from: first) }
        let answer = ReadWriteLocked<Page<Contact>?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let page = try? engine.searchContacts(as: "u0", query: queries[0], field: .any, skip: 0, limit: 1_000)
            answer.write { $0 = page }
            done.signal()
        }
        #expect(gate.hasStarted(within: 20))
        // While the book's first build is held: a follow and an upload into the same book.
        #expect(try engine.followUser(as: "u0", target: "u1", at: Self.now))
        let second = [fixtures.contact(id: "c3"), fixtures.contact(id: "c900")]
        _ = try engine.uploadContacts(as: "u0", contacts: second, at: Self.now)
        #expect(!gate.didGiveUp)
        gate.release()
        #expect(done.wait(timeout: .now() + BuildGate.patience) == .success)
        #expect(!gate.didGiveUp)
        var current: [String: Contact] = [:]
        for contact in first + second { current[contact.id] = contact }
        let model = NaiveContactSearch(Array(current.values))
        let expected = model.search(queries[0], field: .any, skip: 0, limit: .max)
        let page = try #require(answer.read { $0 })
        #expect(page.total == expected.total)
        #expect(page.items.map(\.id) == expected.ids)
        #expect(engine.state.read { $0.books[0]?.isSearchIndexBuilt } == true)
        for query in queries {
            for field in SearchField.allCases {
                let expected = model.search(query, field: field, skip: 0, limit: .max)
                let page = try engine.searchContacts(as: "u0", query: query, field: field, skip: 0, limit: 1_000)
                #expect(page.total == expected.total, "query \(query.debugDescription) field \(field)")
                #expect(page.items.map(\.id) == expected.ids, "query \(query.debugDescription) field \(field)")
            }
        }
    }
}
