import ContactsSupport
import Testing

/// The batch set against an array of the distinct values in insertion order: the same answer
/// for every insert and every position, whether values repeat, collide in the table or are the
/// value that marks its free slots.
struct UInt32BatchSetTests {
    @Test(arguments: [(1, 1), (2, 10), (3, 1_000), (4, 4_096)])
    func insertsAgreeWithASet(seed: UInt64, distinct: Int) {
        var random = SplitMix64(seed: seed)
        // Values from a small range (many repeats), multiples of the table size (one home
        // slot) and the two ends of UInt32.
        let pool: [UInt32] = (0..<distinct).map { index in
            switch index % 4 {
            case 0: UInt32(random.next() % 64)
            case 1: UInt32(truncatingIfNeeded: random.next() % 16) << 20
            case 2: index % 8 == 2 ? .max : .max - UInt32(random.next() % 4)
            default: UInt32(truncatingIfNeeded: random.next())
            }
        }
        var set = UInt32BatchSet(capacity: distinct)
        var model: [UInt32] = []
        func insert(_ value: UInt32) -> Bool {
            guard !model.contains(value) else { return false }
            model.append(value)
            return true
        }
        for step in 0..<(3 * distinct) {
            let value = pool[Int(random.next() % UInt64(pool.count))]
            #expect(set.position(of: value) == model.firstIndex(of: value), "\(value) before step \(step)")
            let inserted = set.insert(value)
            #expect(inserted == insert(value), "inserting \(value) at step \(step)")
            #expect(set.count == model.count)
        }
        // Every value of the pool, drawn or not: up to `distinct` values in all, its capacity.
        for value in pool {
            let inserted = set.insert(value)
            #expect(inserted == insert(value), "inserting \(value) after the draws")
        }
        #expect(set.count == Set(pool).count)
        #expect(pool.allSatisfy { set.position(of: $0) == model.firstIndex(of: $0) })
    }

    @Test func theMarkerOfFreeSlotsIsAValueLikeAnyOther() {
        var set = UInt32BatchSet(capacity: 2)
        let answers = [set.insert(.max), set.insert(.max), set.insert(0), set.insert(0)]
        #expect(answers == [true, false, true, false])
        #expect(set.count == 2)
        #expect([set.position(of: .max), set.position(of: 0), set.position(of: 1)] == [0, 1, nil])
    }
}
