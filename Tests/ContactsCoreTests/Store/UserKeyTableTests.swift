import ContactsStore
import ContactsSupport
import Testing

@testable import ContactsPostgres

/// The PostgreSQL load's id → key table against a dictionary: every id appended gets the
/// next key, duplicates are refused, and single and batched lookups of ids in and not in
/// agree with the model, through the table's growth.
struct UserKeyTableTests {
    /// Ids of 0–24 bytes over a small alphabet, so that many share prefixes and lengths.
    private static func randomID(_ random: inout StoreTestRandom) -> [UInt8] {
        (0..<Int.random(in: 0...24, using: &random)).map { _ in UInt8.random(in: 0x61...0x64, using: &random) }
    }

    @Test(arguments: [1, 2, 3])
    func lookupsAgreeWithADictionary(seed: UInt64) throws {
        var random = StoreTestRandom(seed: seed)
        var table = UserKeyTable()
        var model: [[UInt8]: StoreUserKey] = [:]
        for _ in 0..<5_000 {
            let id = Self.randomID(&random)
            let userId = String(decoding: id, as: UTF8.self)
            let appended = id.withUnsafeBytes { bytes in
                Result { () throws(UserKeyTable.AppendError) in try table.append(bytes, userId: userId) }
            }
            if model[id] == nil {
                #expect(throws: Never.self) { try appended.get() }
                model[id] = StoreUserKey(rawValue: Int64(model.count + 1))
            } else {
                #expect(throws: UserKeyTable.AppendError.duplicate) { try appended.get() }
            }
            #expect(table.count == model.count)
        }
        var batch = ByteStringList()
        var expected: [StoreUserKey?] = []
        for round in 0..<2_000 {
            let id = Self.randomID(&random)
            let key = id.withUnsafeBytes { table.key(of: $0) }
            #expect(key == model[id], "id \(id)")
            if let key { #expect(table.userId(of: key) == String(decoding: id, as: UTF8.self)) }
            id.withUnsafeBytes { batch.append($0) }
            expected.append(model[id])
            if round % 97 == 96 {
                #expect(table.keys(of: batch) == expected)
                batch.removeAll()
                expected.removeAll()
            }
        }
        #expect(table.keys(of: batch) == expected)
    }

    @Test func anEmptyTableHoldsNoKey() {
        let table = UserKeyTable()
        var batch = ByteStringList()
        Array("u1".utf8).withUnsafeBytes { batch.append($0) }
        #expect(Array("u1".utf8).withUnsafeBytes { table.key(of: $0) } == nil)
        #expect(table.keys(of: batch) == [nil])
    }
}
