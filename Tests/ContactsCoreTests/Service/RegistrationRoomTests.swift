import ContactsModel
import ContactsSupport
import Foundation
import Testing

@testable import ContactsCore

/// Registrations grow nothing under the engine's exclusive lock: a loaded state has room for
/// as many users again, and a directory a rebuild copied gets storage of its own before the
/// next change touches it (``RegistrationRoom``, made off the lock); the answers stay the
/// model's throughout.
@Suite struct RegistrationRoomTests {
    @Test func aLoadedStateHasRoomForAsManyUsersAgain() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("room-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let users = 2_000
        do {
            let engine = try ContactsEngine(storePath: path)
            let model = RegisteredUsers(engine, seed: 3)
            for number in 0..<users { try model.register(number) }
            try engine.close()
        }
        let engine = try ContactsEngine(storePath: path)
        defer { try? engine.close() }
        #expect(engine.state.read { $0.hasRoom(forRegistering: users) })
        #expect(!engine.state.read { $0.hasRoom(forRegistering: 100 * users) })
    }

    @Test func runningOutOfRoomMakesMoreAndTheAnswersStayTheModels() throws {
        let engine = try ContactsEngine()
        let model = RegisteredUsers(engine, seed: 5)
        var grown = 0
        for number in 0..<600 {
            if !engine.state.read({ $0.hasRoom(forRegistering: 1) }) { grown += 1 }
            try model.register(number)
            // Applied, whether or not room had to be made first.
            #expect(engine.state.read { $0.users.count } == number + 1)
        }
        #expect(grown > 0, "the room never ran out")
        // Each of the dozen arrays doubles when it runs out, at its own time: about a dozen
        // times log2(600) in all, where growing by what one registration needs would be 600.
        #expect(grown < 150, "room made \(grown) times for 600 users: it does not double")
        let queries = (0..<10).map { _ in model.fixtures.query(from: model.contacts) }
        try OffLockBuildTests.expectUsers(engine, as: "u0", users: model.names, queries: queries, "after growing")
    }

    @Test(arguments: [false, true])
    func aDirectoryARebuildCopiedGetsStorageOfItsOwnBeforeTheNextChange(stored: Bool) throws {
        let gate = BuildGate(holding: .compactingDirectory)
        let engine = try OffLockBuildTests.engine(gate, stored: stored)
        let model = RegisteredUsers(engine, seed: 11)
        let registered = try OffLockBuildTests.registerUntilCompaction(engine, gate, register: model.register)
        #expect(engine.state.read { $0.directorySharesStorage })
        try model.register(registered)
        #expect(!engine.state.read { $0.directorySharesStorage })
        try model.register(registered + 1)
        try engine.deleteUser(as: "u2")
        model.names["u2"] = nil
        let queries = (0..<10).map { _ in model.fixtures.query(from: model.contacts) }
        try OffLockBuildTests.expectUsers(engine, as: "u0", users: model.names, queries: queries, "during the rebuild")
        gate.release()
        #expect(gate.hasInstalled())
        #expect(!engine.state.read { $0.directorySharesStorage })
        try OffLockBuildTests.expectUsers(engine, as: "u0", users: model.names, queries: queries, "after the swap")
    }
}
