import ContactsCore
import Dispatch
import Foundation
import Testing

/// Positions (PROTOCOL §8): one per applied change, kept across a restart of a durable store,
/// and waited for by `waitForPosition`.
struct EnginePositionTests {
    @Test func everyChangeAdvancesThePositionAndNoOpsDoNot() throws {
        let engine = try ContactsEngine()
        #expect(engine.position == 0)
        _ = try engine.registerUser("ann", phone: "+14155552671", at: 1)
        _ = try engine.registerUser("bob", phone: "+14155552672", at: 1)
        #expect(engine.position == 2)
        #expect(try engine.followUser(as: "ann", target: "bob", at: 2))
        #expect(engine.position == 3)
        // Already following, a failed request and a read change nothing.
        #expect(try !engine.followUser(as: "ann", target: "bob", at: 3))
        #expect(throws: ContactsError.self) { try engine.followUser(as: "ann", target: "nobody", at: 3) }
        _ = try engine.followers(as: "bob", skip: 0, limit: 10)
        #expect(engine.position == 3)
    }

    @Test func aDurableStoreKeepsItsPositionAcrossRestarts() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("position-\(UUID()).db").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do {
            let engine = try ContactsEngine(storePath: path)
            _ = try engine.registerUser("ann", phone: "+14155552671", at: 1)
            _ = try engine.createEvent(as: "ann", title: "Tea", at: 2)
            #expect(engine.position == 2)
            try engine.close()
        }
        let reopened = try ContactsEngine(storePath: path)
        #expect(reopened.position == 2)
        _ = try reopened.deleteUser(as: "ann")
        #expect(reopened.position == 3)
        try reopened.close()
    }

    @Test func waitingReturnsOnceThePositionIsAppliedOrTheTimeRunsOut() throws {
        let engine = try ContactsEngine()
        _ = try engine.registerUser("ann", phone: "+14155552671", at: 1)
        #expect(engine.waitForPosition(1, timeoutMilliseconds: 0))
        #expect(!engine.waitForPosition(2, timeoutMilliseconds: 30))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
            _ = try? engine.registerUser("bob", phone: "+14155552672", at: 1)
        }
        #expect(engine.waitForPosition(2, timeoutMilliseconds: 10_000))
        #expect(engine.position == 2)
    }
}
