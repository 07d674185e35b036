import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsSupport
import Testing

/// `lookupContactMatches` pages are keyset pages: while other users upload, register and
/// delete between two pages, the pages never repeat a user, stay in userId byte order, and
/// every user matched from start to end is on one of them.
struct MatchPaginationTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func pagesNeverRepeatOrSkipWhileUploadsChangeTheMatches(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var client = RPCTestClient(engine: try ContactsEngine(configuration: EngineConfiguration(dailyUploadBudget: 0)))
        let me = "me"
        _ = client.call("registerUser", ["userId": .string(me), "phone": .string("+14155550100")])
        // 60 users whose numbers I hold; half of them stay for the whole walk.
        let phones = (0..<60).map { "+1415555\(1000 + $0)" }
        for (index, phone) in phones.enumerated() {
            _ = client.call("registerUser", ["userId": .string("u\(100 + index)"), "phone": .string(phone)])
        }
        let book: [JSONValue] = phones.enumerated().map { index, phone in
            .object(["id": .string("c\(index)"), "phoneNumbers": .array([.object(["value": .string(phone)])])])
        }
        _ = client.call("uploadContacts", ["as": .string(me), "contacts": .array(book)])
        let stable = Set((0..<30).map { "u\(100 + $0 * 2)" })

        var seen: [String] = []
        var cursor: JSONValue = .null
        var churn = 0
        repeat {
            let page = try client.call(
                "lookupContactMatches", ["as": .string(me), "cursor": cursor, "limit": .integer(7)]
            ).get()
            let ids =
                page.objectValue?["matches"]?.arrayValue?.compactMap { $0.objectValue?["userId"]?.stringValue } ?? []
            seen += ids
            cursor = page.objectValue?["nextCursor"] ?? .null
            // Between pages: an odd user leaves or comes back, and a stranger uploads my number.
            let odd = "u\(101 + 2 * Int(random.next() % 30))"
            let oddPhone = phones[Int(odd.dropFirst())! - 100]
            if random.next() % 2 == 0 {
                _ = client.call("deleteUser", ["as": .string(odd)])
            } else {
                _ = client.call("registerUser", ["userId": .string(odd), "phone": .string(oddPhone)])
            }
            churn += 1
            let stranger = "s\(churn)"
            _ = client.call("registerUser", ["userId": .string(stranger), "phone": .string("+1415556\(1000 + churn)")])
            _ = client.call(
                "uploadContacts",
                [
                    "as": .string(stranger),
                    "contacts": .array([
                        .object([
                            "id": .string("x"), "phoneNumbers": .array([.object(["value": .string("+14155550100")])]),
                        ])
                    ]),
                ])
        } while cursor != .null && churn < 100
        #expect(cursor == .null, "seed \(seed): the walk ended")
        #expect(Set(seen).count == seen.count, "seed \(seed): no user repeated")
        #expect(seen == seen.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "seed \(seed): byte order")
        #expect(stable.isSubset(of: Set(seen)), "seed \(seed): no stable match skipped")
    }

    /// Ids longer than 8 bytes that share their first 8 (and one that is a prefix of others)
    /// still come in byte order, page after page.
    @Test func longIdsSharingAPrefixComeInByteOrder() throws {
        let ids = ["same-prefix-b", "same-prefix", "same-prefix-é", "same-prefix-a", "same-prefiy", "same-pre", "S"]
        let engine = try ContactsEngine()
        _ = try engine.registerUser("me", phone: "+14155550100", at: 0)
        for (index, id) in ids.enumerated() {
            _ = try engine.registerUser(id, phone: "+1415555\(2000 + index)", at: 0)
        }
        let book = ids.indices.map {
            Contact(id: "c\($0)", phoneNumbers: [LabeledValue(value: "+1415555\(2000 + $0)")])
        }
        _ = try engine.uploadContacts(as: "me", contacts: book, at: 0)
        var seen: [String] = []
        var cursor: String?
        repeat {
            let page = try engine.lookupContactMatches(as: "me", cursor: cursor, limit: 2)
            seen += page.matches.map(\.userId)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen == ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
