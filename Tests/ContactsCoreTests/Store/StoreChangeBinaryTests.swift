import ContactsModel
import ContactsStore
import ContactsSupport
import Testing

/// The one binary form of a change (what the PostgreSQL change log holds) reads back as the
/// same change, and damaged bytes are an error, never a crash.
struct StoreChangeBinaryTests {
    static let contact = Contact(
        id: "c1", ownerId: "u1", givenName: "José", familyName: "Núñez",
        phoneNumbers: [LabeledValue(label: "mobile", value: "+34 612 34 56 78")], notes: "a\u{0}b")

    static let changes: [StoreChange] = [
        .registerUser(userId: "u1", e164: 9_999_999_999_999_999_999, displayName: "Ann\u{0}"),
        .deleteUser(userId: "Ω"),
        .uploadContacts(
            ownerId: "u1", contacts: EncodedContacts([contact, Contact(id: "c2")]), numbers: [[34_612_345_678], []],
            budgetDay: -3, budgetAdded: 1),
        .deleteAllContacts(ownerId: "u1"),
        .follow(followerId: "u1", followeeId: "u2", since: 1_700_000_000_000),
        .unfollow(followerId: "u1", followeeId: "u2"),
        .createEvent(EventRecord(eventId: "e1", creatorId: "u1", title: "T", createdAt: 5)),
        .createEvent(
            EventRecord(
                eventId: "e2", creatorId: "u1", title: "T", description: "", location: "Oslo", startTime: -1,
                createdAt: 6)),
        .deleteEvent(eventId: "e1", creatorId: "u1"),
    ]

    @Test(arguments: changes)
    func readsBackTheSameChange(change: StoreChange) throws {
        let bytes = change.binaryForm
        #expect(bytes.first == change.kind)
        #expect(try bytes.withUnsafeBytes { try StoreChange(binaryForm: $0) } == change)
        for cut in [0, 1, bytes.count / 2, bytes.count - 1] {
            #expect(throws: BinaryFormatError.self) {
                try Array(bytes[..<cut]).withUnsafeBytes { try StoreChange(binaryForm: $0) }
            }
        }
        #expect(throws: BinaryFormatError.self) {
            try (bytes + [0]).withUnsafeBytes { try StoreChange(binaryForm: $0) }
        }
    }

    @Test func anUnknownKindIsRefused() {
        #expect(throws: BinaryFormatError.corrupt("change kind 9 is not one this build knows")) {
            try [UInt8(9)].withUnsafeBytes { try StoreChange(binaryForm: $0) }
        }
    }
}
