import ContactsCore
import ContactsJSON
import Testing

/// libphonenumber calls some numbers longer than E.164's 15 digits possible (DE, JP, …); the
/// directory refuses them at registration and uploads keep them without ever matching.
struct LongNumberTests {
    @Test func registeringASeventeenDigitNumberIsInvalidParamsAndChangesNothing() throws {
        var client = RPCTestClient(engine: try ContactsEngine())
        #expect(
            client.call("registerUser", ["userId": .string("u1"), "phone": .string("+49301234567890123")])
                == .failure(RPCFailure(reason: "invalid_params")))
        #expect(
            client.call("lookupContactMatches", ["as": .string("u1")]) == .failure(RPCFailure(reason: "not_found")))
    }

    @Test func anUploadedSeventeenDigitNumberIsKeptButNeverMatches() throws {
        var client = RPCTestClient(engine: try ContactsEngine())
        _ = client.call("registerUser", ["userId": .string("u1"), "phone": .string("+14155552671")])
        _ = client.call("registerUser", ["userId": .string("u2"), "phone": .string("+14155552672")])
        let contact: JSONValue = .object([
            "id": .string("c1"),
            "phoneNumbers": .array([
                .object(["value": .string("+49301234567890123")]), .object(["value": .string("+1 415 555 2672")]),
            ]),
        ])
        let upload = client.call("uploadContacts", ["as": .string("u1"), "contacts": .array([contact])])
        #expect(upload.map { $0.objectValue?["numberOfUploadedContacts"] } == .success(.integer(1)))
        let matches = try client.call("lookupContactMatches", ["as": .string("u1")]).get()
        #expect(matches.objectValue?["matches"]?.arrayValue?.count == 1)
        let fetched = try client.call("fetchContacts", ["as": .string("u1"), "fieldType": .string("phone")]).get()
        #expect(fetched.objectValue?["total"] == .integer(1))
    }
}
