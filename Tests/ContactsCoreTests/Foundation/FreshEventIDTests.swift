import ContactsJSON
import Testing

@testable import ContactsCore

/// Event ids made by `createEvent` without `eventId`: `evt-` and 128 random bits written as
/// exactly 32 lowercase hex digits, leading zeros kept (issue 26 item 10).
struct FreshEventIDTests {
    /// True when `id` is `evt-` followed by 32 characters of `0-9a-f`.
    static func isWellFormed(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard bytes.count == 36, bytes.starts(with: Array("evt-".utf8)) else { return false }
        return bytes.dropFirst(4).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    @Test func everyFreshIDHasThirtyTwoHexDigits() {
        // Among 20,000 ids, about 2,500 start a 64-bit half with a zero digit: a writer that
        // drops leading zeros cannot pass.
        var ids: Set<String> = []
        var leadingZeros = 0
        for _ in 0..<20_000 {
            let id = ContactsEngine.freshEventID()
            #expect(Self.isWellFormed(id), "\(id)")
            ids.insert(id)
            let digits = Array(id.utf8.dropFirst(4))
            if digits.first == 0x30 || digits.dropFirst(16).first == 0x30 { leadingZeros += 1 }
        }
        #expect(ids.count == 20_000, "ids repeat")
        #expect(leadingZeros > 0, "no id had a half starting with 0: the check above saw no leading zero")
    }

    @Test func createEventWithoutAnIDGivesAWellFormedOne() throws {
        let engine = try ContactsEngine(configuration: EngineConfiguration(dailyUploadBudget: 0))
        _ = try engine.registerUser("u1", phone: "+14155552671", at: 1)
        var ids: Set<String> = []
        for index in 0..<2000 {
            let id = try engine.createEvent(as: "u1", title: "Event \(index)", at: Int64(index))
            #expect(Self.isWellFormed(id), "\(id)")
            ids.insert(id)
        }
        #expect(ids.count == 2000)
        // Through JSON-RPC the same form comes back.
        var client = RPCTestClient(engine: engine)
        let created = client.call("createEvent", ["as": .string("u1"), "title": .string("Fika")])
        guard case .success(let result) = created, let id = result.objectValue?["eventId"]?.stringValue else {
            Issue.record("createEvent failed: \(created)")
            return
        }
        #expect(Self.isWellFormed(id), "\(id)")
    }
}
