import ContactsCore
import ContactsJSON
import Testing

/// libphonenumber calls some numbers longer than E.164's 15 digits possible (DE, ID, JP: up
/// to 19 digits); they register, are uploaded and match both ways like any other number, and
/// all of it survives a restart.
struct LongNumberTests {
    /// `+49301234567890123`: 17 digits.
    static let german = "+49 30 1234567890123"
    /// `+8112345678901234567`: 19 digits.
    static let japanese = "+81 12345678901234567"

    /// Each match of `userId` as "user relation contactId".
    private static func matches(_ client: inout RPCTestClient, _ userId: String) throws -> [String] {
        let page = try client.call("lookupContactMatches", ["as": .string(userId)]).get()
        return (page.objectValue?["matches"]?.arrayValue ?? []).map { match in
            let fields = match.objectValue ?? [:]
            return [fields["userId"], fields["relation"], fields["contactId"]]
                .map { $0?.stringValue ?? "-" }.joined(separator: " ")
        }
    }

    private static func contact(_ id: String, _ phones: [String]) -> JSONValue {
        .object([
            "id": .string(id), "phoneNumbers": .array(phones.map { .object(["value": .string($0)]) }),
        ])
    }

    private static func expectMatches(_ client: inout RPCTestClient) throws {
        #expect(try matches(&client, "de") == ["jp mutual c1", "us contact c2"])
        #expect(try matches(&client, "jp") == ["de mutual d1"])
        #expect(try matches(&client, "us") == ["de reverse -"])
    }

    @Test func longNumbersRegisterAndMatchBothWaysAcrossARestart() throws {
        let directory = try StoreTestDirectory()
        let path = directory.path("long.db")
        do {
            let engine = try ContactsEngine(storePath: path)
            var client = RPCTestClient(engine: engine)
            for (user, phone) in [("de", Self.german), ("jp", Self.japanese), ("us", "+14155552671")] {
                let registered = client.call("registerUser", ["userId": .string(user), "phone": .string(phone)])
                #expect((try? registered.get()) != nil, "\(user) registers \(phone)")
            }
            // The same numbers written another way in the books.
            let book = [Self.contact("c1", ["+81 1234 5678 9012 34567"]), Self.contact("c2", ["+1 415-555-2671"])]
            _ = try client.call("uploadContacts", ["as": .string("de"), "contacts": .array(book)]).get()
            let other = [Self.contact("d1", ["+49 (30) 1234567890123"])]
            _ = try client.call("uploadContacts", ["as": .string("jp"), "contacts": .array(other)]).get()
            try Self.expectMatches(&client)
            try engine.close()
        }
        let engine = try ContactsEngine(storePath: path)
        var client = RPCTestClient(engine: engine)
        try Self.expectMatches(&client)
        // A long number is held by one user, like any other.
        #expect(
            client.call("registerUser", ["userId": .string("copy"), "phone": .string(Self.german)])
                == .failure(RPCFailure(reason: "conflict")))
        let registered = try client.call("registerUser", ["userId": .string("jp"), "phone": .string(Self.japanese)])
            .get()
        #expect(registered.objectValue?["e164"] == .string("+8112345678901234567"))
        try engine.close()
    }
}
