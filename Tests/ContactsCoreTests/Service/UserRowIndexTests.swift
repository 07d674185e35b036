import ContactsStore
import ContactsSupport
import Testing

@testable import ContactsCore

/// The row-id index against a dictionary: ascending row ids, dense stretches and far jumps
/// (so both the array and the dictionary hold users), and ids never recorded.
@Suite struct UserRowIndexTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func lookupsEqualADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var index = UserRowIndex()
        var model: [Int64: UInt32] = [:]
        var row: Int64 = Int64(random.next() % 3)
        for user in 0..<3_000 as Range<UInt32> {
            index.insert(user, for: StoreUserKey(rawValue: row))
            model[row] = user
            switch random.next() % 100 {
            case 0: row += UserRowIndex.directFloor + Int64(random.next() % 5_000)  // far past the array
            case 1...10: row += 2 + Int64(random.next() % 40)  // a gap of deleted users
            default: row += 1
            }
        }
        for probe in [-5, 0, 1, 2, row, row + 1, .max, .min] + model.keys.map({ $0 + 1 }) + Array(model.keys) {
            #expect(index.index(of: StoreUserKey(rawValue: probe)) == model[probe], "seed \(seed) row \(probe)")
        }
    }
}
