import ContactsCore
import ContactsModel
import ContactsStore
import Foundation
import PhoneNumbers
import Testing

/// The migration mechanism, with a fake next version (4), and the real steps from versions 1
/// and 2.
@Suite("StoreSchema migrations")
struct StoreSchemaTests {
    /// A version 4 that adds a column to users and fills it from the existing rows.
    static let nextVersion = StoreSchema(migrations: [
        .createVersion1, .addChangePosition, .storeLongNumbers,
        StoreSchema.Migration("add users.nameLength") { connection throws(StoreError) in
            try connection.execute(
                """
                ALTER TABLE users ADD COLUMN nameLength INTEGER NOT NULL DEFAULT 0;
                UPDATE users SET nameLength = length(displayName);
                """)
        },
    ])

    /// A version 4 whose step writes, then fails.
    static let failingNextVersion = StoreSchema(migrations: [
        .createVersion1, .addChangePosition, .storeLongNumbers,
        StoreSchema.Migration("half-done step") { connection throws(StoreError) in
            try connection.execute("CREATE TABLE scratch (x); INSERT INTO scratch VALUES (1)")
            try connection.execute("INSERT INTO no_such_table VALUES (1)")
        },
    ])

    private func makeCurrentStore(at path: String) throws {
        let store = try SQLiteStore.open(path: path, options: storeTestOptions)
        try store.transaction { tx in
            _ = try tx.registerUser(userId: "ann", e164: 11, displayName: "Ann")
            _ = try tx.registerUser(userId: "bob", e164: 22, displayName: "Bobby")
            _ = try tx.follow(followerId: "ann", followeeId: "bob", since: 3)
        }
        try store.close()
    }

    private func userVersion(_ path: String) throws -> Int {
        guard case .sqlite(_, let version) = try StoreFileHeader.inspect(path: path) else { return -1 }
        return version
    }

    @Test func migratesAVersion1StoreToTheChangePosition() throws {
        let directory = try StoreTestDirectory()
        let path = directory.path("v1.db")
        let old = try SQLiteStore.open(
            path: path, options: storeTestOptions, schema: StoreSchema(migrations: [.createVersion1]))
        try old.transaction { tx in _ = try tx.registerUser(userId: "ann", e164: 11, displayName: "Ann") }
        try old.close()
        #expect(try userVersion(path) == 1)
        let store = try SQLiteStore.open(path: path, options: storeTestOptions)
        var snapshot = StoreSnapshot()
        #expect(try store.load(into: &snapshot) == 0)
        #expect(snapshot.users.map(\.userId) == ["ann"])
        #expect(try store.write(after: 0, catchUp: { _ in }, decide: { .deleteUser(userId: "ann") }) == 1)
        try store.close()
        #expect(try userVersion(path) == 3)
    }

    /// A version 2 store (numbers of at most 15 digits) reads the same at version 3, and then
    /// takes numbers of up to 19 digits, past `Int64.max` too.
    @Test func migratesAVersion2StoreToLongNumbers() throws {
        let directory = try StoreTestDirectory()
        let path = directory.path("v2.db")
        let old = try SQLiteStore.open(
            path: path, options: storeTestOptions,
            schema: StoreSchema(migrations: [.createVersion1, .addChangePosition]))
        try old.transaction { tx in _ = try tx.registerUser(userId: "ann", e164: 999_999_999_999_999, displayName: "") }
        try old.close()
        #expect(try userVersion(path) == 2)
        let store = try SQLiteStore.open(path: path, options: storeTestOptions)
        try store.transaction { tx in
            _ = try tx.registerUser(userId: "bob", e164: PhoneNumber.largestE164, displayName: "")
        }
        try store.close()
        #expect(try userVersion(path) == 3)
        let reopened = try SQLiteStore.open(path: path, options: storeTestOptions)
        #expect(try reopened.loadSnapshot().users.map(\.e164) == [999_999_999_999_999, PhoneNumber.largestE164])
        try reopened.close()
    }

    @Test func migratesAnOlderStoreInPlaceKeepingItsData() throws {
        let directory = try StoreTestDirectory()
        let path = directory.path("m.db")
        try makeCurrentStore(at: path)
        #expect(try userVersion(path) == 3)

        let migrated = try SQLiteStore.open(path: path, options: storeTestOptions, schema: Self.nextVersion)
        let snapshot = try migrated.loadSnapshot()
        try migrated.close()
        #expect(try userVersion(path) == 4)
        #expect(snapshot.users.map(\.userId) == ["ann", "bob"])
        #expect(snapshot.follows == [FollowRecord(followerId: "ann", followeeId: "bob", since: 3)])
        let raw = try SQLiteConnection.open(path: path, mode: .readOnly)
        #expect(try raw.integer("SELECT sum(nameLength) FROM users") == 8)
        try raw.close()

        // Reopening at version 4 runs nothing again.
        try SQLiteStore.open(path: path, options: storeTestOptions, schema: Self.nextVersion).close()
        #expect(try userVersion(path) == 4)
        // And this build (version 3) refuses it, untouched.
        expectOpenFails(
            path, kind: "newerSchema", phrase: "schema version 4 is newer than this build supports (3)", in: directory)
    }

    @Test func aFailingMigrationLeavesTheStoreAsItWas() throws {
        let directory = try StoreTestDirectory()
        let path = directory.path("f.db")
        try makeCurrentStore(at: path)
        let before = StoreTestFiles.bytes(path)
        #expect(throws: StoreError.self) {
            try SQLiteStore.open(path: path, options: storeTestOptions, schema: Self.failingNextVersion)
        }
        #expect(StoreTestFiles.bytes(path) == before)
        #expect(directory.fileNames() == ["f.db"])
        let store = try SQLiteStore.open(path: path, options: storeTestOptions)
        #expect(try store.loadSnapshot().users.count == 2)
        try store.close()
        #expect(try userVersion(path) == 3)
    }

    @Test func aFailedCreationLeavesNoFile() throws {
        let directory = try StoreTestDirectory()
        let path = directory.path("never.db")
        let broken = StoreSchema(migrations: [
            StoreSchema.Migration("broken") { connection throws(StoreError) in
                try connection.execute("CREATE TABLE")
            }
        ])
        #expect(throws: StoreError.self) {
            try SQLiteStore.open(path: path, options: storeTestOptions, schema: broken)
        }
        #expect(directory.fileNames().isEmpty)
    }

    @Test func createsANewStoreThroughEveryStep() throws {
        let directory = try StoreTestDirectory()
        let path = directory.path("n.db")
        try SQLiteStore.open(path: path, options: storeTestOptions, schema: Self.nextVersion).close()
        #expect(
            try StoreFileHeader.inspect(path: path)
                == .sqlite(applicationID: StoreSchema.applicationID, userVersion: 4))
        let raw = try SQLiteConnection.open(path: path, mode: .readOnly)
        #expect(try raw.integer("SELECT count(*) FROM pragma_table_info('users') WHERE name = 'nameLength'") == 1)
        try raw.close()
    }
}
