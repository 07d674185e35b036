import ContactsSupport
import Testing

/// The byte-string table against a dictionary and a counter: inserts number new strings in
/// order and find old ones, removals free a string (a later insert gives it the next
/// ordinal), and single, batched and whole-table reads agree with the model through growth,
/// backward shifts and arena compactions.
struct ByteStringTableTests {
    /// Strings of 0–12 bytes over a small alphabet, so that many share prefixes and lengths.
    private static func randomString(_ random: inout SplitMix64) -> [UInt8] {
        (0..<Int(random.next() % 13)).map { _ in 0x61 + UInt8(random.next() % 3) }
    }

    @Test(arguments: [1, 2, 3, 4])
    func insertsLookupsAndRemovalsAgreeWithADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = ByteStringTable()
        var model: [[UInt8]: UInt32] = [:]
        var next: UInt32 = 0
        for step in 0..<20_000 {
            let string = Self.randomString(&random)
            if random.next() % 3 == 0 {
                let removed = string.withUnsafeBytes { table.remove($0) }
                #expect(removed == model.removeValue(forKey: string), "removing \(string) at step \(step)")
            } else {
                let added = string.withUnsafeBytes { try? table.insert($0) }
                if let ordinal = model[string] {
                    #expect(added?.ordinal == ordinal && added?.inserted == false, "inserting \(string) again")
                } else {
                    #expect(added?.ordinal == next && added?.inserted == true, "inserting \(string) at \(step)")
                    model[string] = next
                    next += 1
                }
            }
            #expect(table.count == model.count)
            #expect(table.ordinalCount == next)
        }
        var batch = ByteStringList()
        var expected: [UInt32?] = []
        for _ in 0..<3_000 {
            let string = Self.randomString(&random)
            #expect(string.withUnsafeBytes { table.ordinal(of: $0) } == model[string], "looking up \(string)")
            string.withUnsafeBytes { batch.append($0) }
            expected.append(model[string])
        }
        #expect(table.ordinals(of: batch) == expected)
        var seen: [[UInt8]: UInt32] = [:]
        table.forEach { ordinal, bytes in seen[Array(bytes)] = ordinal }
        #expect(seen == model)
    }

    @Test func stringsAreLookedUpByTheirUTF8Bytes() throws {
        var table = ByteStringTable()
        let ids = ["u1", "é", "u\u{0301}", "", String(repeating: "long id ", count: 40)]
        for (number, id) in ids.enumerated() {
            #expect(try table.insert(id) == (UInt32(number), true))
        }
        #expect(try table.insert("u1") == (0, false))
        #expect(table.ordinals(of: ids + ["missing", "ú"]) == [0, 1, 2, 3, 4, nil, nil])
        #expect(table.remove("é") == 1)
        #expect(table.ordinal(of: "é") == nil)
        #expect(table.remove("é") == nil)
        #expect(try table.insert("é") == (5, true))
    }

    @Test func removingMostStringsHandsTheirBytesBack() throws {
        var table = ByteStringTable()
        let strings = (0..<20_000).map { "user-\($0)-" + String(repeating: "x", count: 40) }
        for string in strings { try table.insert(string) }
        let full = table.byteCount
        for string in strings.dropFirst(100) { table.remove(string) }
        #expect(table.byteCount < full / 2, "\(table.byteCount) bytes of \(full) kept")
        #expect(table.ordinals(of: Array(strings.prefix(101))) == (0..<100).map { UInt32($0) } + [nil])
    }

    @Test func anEmptyTableHoldsNothing() {
        let table = ByteStringTable()
        #expect(table.ordinal(of: "") == nil)
        #expect(table.ordinals(of: ["u1", ""]) == [nil, nil])
        #expect(table.count == 0)
    }
}
