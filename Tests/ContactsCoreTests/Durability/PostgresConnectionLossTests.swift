import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsPostgres
import ContactsStore
import Dispatch
import Foundation
import PostgreSQLClient
import Testing

/// An engine on PostgreSQL whose connection is lost (PROTOCOL §8, issue 24): the request
/// that meets the loss answers `unavailable`, nothing is half-applied, nothing acknowledged
/// is lost, and the engine reconnects by itself for the next request.
@Suite(.serialized)
struct PostgresConnectionLossTests {
    static let options = StoreOptions(durability: .normal)

    /// The server ends the engine's session (`pg_terminate_backend`, as an administrator or a
    /// network cut would): the next change answers `unavailable` and is not applied; the one
    /// after reconnects and commits; a restarted engine reads exactly the committed changes.
    @Test func aTerminatedSessionAnswersUnavailableAndTheEngineReconnects() throws {
        let store = try FreshStore(.postgres)
        let engine = try ContactsEngine(storeLocation: store.location, storeOptions: Self.options)
        var client = RPCTestClient(engine: engine)
        let ann: JSONObject = ["userId": .string("ann"), "phone": .string("+14155550100")]
        let bob: JSONObject = ["userId": .string("bob"), "phone": .string("+14155550101")]
        let follow: JSONObject = ["as": .string("ann"), "userId": .string("bob"), "at": .integer(5)]
        #expect(throws: Never.self) { try client.call("registerUser", ann).get() }

        #expect(try store.terminateEngineSession() == 1)
        #expect(client.call("registerUser", bob) == .failure(RPCFailure(reason: "unavailable")))
        #expect(engine.position == 1)
        // Reads never needed the connection.
        #expect(throws: Never.self) { try client.call("getFollowers", ["as": .string("ann")]).get() }
        #expect(throws: Never.self) { try client.call("registerUser", bob).get() }
        #expect(throws: Never.self) { try client.call("followUser", follow).get() }
        #expect(engine.position == 3)

        // Twice more: the reconnected session is the engine's (it holds the engine mark again).
        for round in 0..<2 {
            #expect(try store.terminateEngineSession() == 1, "round \(round)")
            let event: JSONObject = [
                "as": .string("bob"), "eventId": .string("e\(round)"), "title": .string("Tea"), "at": .integer(7),
            ]
            #expect(client.call("createEvent", event) == .failure(RPCFailure(reason: "unavailable")))
            #expect(throws: Never.self) { try client.call("createEvent", event).get() }
        }
        let feed = client.call("getFeed", ["as": .string("ann")])
        try engine.close()

        let reopened = try ContactsEngine(storeLocation: store.location, storeOptions: Self.options)
        #expect(reopened.position == 5)
        var again = RPCTestClient(engine: reopened)
        #expect(again.call("getFeed", ["as": .string("ann")]) == feed)
        #expect(try again.call("getFollowers", ["as": .string("bob")]).get().jsonText.contains("\"ann\""))
        try reopened.close()
    }

    /// `pg_ctl restart -m immediate` (a crash of the server, `cluster.sh restart`) while
    /// 2,000-contact uploads go on back to back: the upload the crash cuts and those sent
    /// while the server is down answer `unavailable` (the test asserts some did, so it cannot
    /// pass without a crash under a request); every upload is in the store wholly or not at
    /// all, every acknowledged one is; once a later change has learned the outcome of a
    /// commit the crash cut off, the engine's memory holds what the store holds, and so does
    /// a restarted engine.
    @Test func aServerCrashDuringUploadsLosesNothingAcknowledgedAndHalvesNothing() throws {
        try TestCluster.with { cluster in
            let engine = try ContactsEngine(
                configuration: EngineConfiguration(dailyUploadBudget: 0), storeLocation: cluster.url,
                storeOptions: Self.options)
            _ = try engine.registerUser("ann", phone: "+14155550100", at: 1)
            var acknowledged: Set<String> = []
            var refused: [String] = []
            var sent: [String] = []
            for round in 0..<3 {
                let directory = cluster.directory.path
                let restarted = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    _ = try? TestCluster.run(["restart", directory])
                    restarted.signal()
                }
                repeat {
                    let batch = "R\(round)K\(sent.count)Q"
                    sent.append(batch)
                    let outcome = Result { () throws(ContactsError) in
                        try engine.uploadContacts(as: "ann", contacts: Self.contacts(batch), at: 2)
                    }
                    switch outcome {
                    case .success: acknowledged.insert(batch)
                    case .failure(.unavailable):
                        refused.append(batch)
                        usleep(20_000)
                    case .failure(let other): Issue.record("\(batch): \(other)")
                    }
                } while restarted.wait(timeout: .now()) == .timedOut

                // A change after the crash: the first may still meet the dead connection.
                var probe: Result<RegisteredUser, ContactsError> = .failure(.unavailable(""))
                for _ in 0..<100 {
                    probe = Result { () throws(ContactsError) in
                        try engine.registerUser("probe", phone: "+14155550199", displayName: "\(round)", at: 3)
                    }
                    guard case .failure(.unavailable) = probe else { break }
                    usleep(100_000)
                }
                #expect(throws: Never.self) { try probe.get() }
            }
            let stored = try Self.storedBatches(cluster.url)
            for (batch, rows) in stored { #expect(rows == Self.batchSize, "\(batch): \(rows) rows stored") }
            #expect(
                acknowledged.isSubset(of: stored.keys), "acknowledged, lost: \(acknowledged.subtracting(stored.keys))")
            #expect(!refused.isEmpty, "no upload met the crash: \(sent.count) sent")
            let inMemory = try sent.map { try Self.found($0, engine) }
            #expect(inMemory == sent.map { stored[$0] ?? 0 }, "memory and store disagree")
            let position = engine.position
            try engine.close()

            let reopened = try ContactsEngine(storeLocation: cluster.url, storeOptions: Self.options)
            #expect(reopened.position == position)
            #expect(try sent.map { try Self.found($0, reopened) } == inMemory)
            try reopened.close()
            print(
                "server crash during uploads: \(sent.count) sent, \(acknowledged.count) acknowledged, "
                    + "\(refused.count) unavailable of which \(stored.count - acknowledged.count) committed")
        }
    }

    static let batchSize = 2_000

    /// One upload: `batchSize` contacts named after `batch`, each with a number nobody holds.
    static func contacts(_ batch: String) -> [Contact] {
        (0..<batchSize).map { index in
            Contact(
                id: "\(batch)c\(index)", displayName: "Zed \(batch)",
                phoneNumbers: [LabeledValue(value: "+1415\(300 + index / 1_000)\(1_000 + index % 1_000)")])
        }
    }

    /// How many of `batch`'s contacts the engine holds (its name search).
    static func found(_ batch: String, _ engine: ContactsEngine) throws -> Int {
        try engine.searchContacts(as: "ann", query: batch, field: .name, skip: 0, limit: 1).total
    }

    /// The batches in the store's contacts table and their rows.
    static func storedBatches(_ uri: String) throws -> [String: Int] {
        let connection = try PostgresConnection.connect(uri, responseTimeout: .seconds(60))
        defer { connection.close() }
        let result = try connection.execute(
            "SELECT split_part(contact_id, 'c', 1), count(*) FROM contacts WHERE owner_id = 'ann' GROUP BY 1")
        var batches: [String: Int] = [:]
        for row in 0..<result.rowCount {
            batches[try result.string(row: row, column: 0)] = Int(try result.int64(row: row, column: 1))
        }
        return batches
    }
}
