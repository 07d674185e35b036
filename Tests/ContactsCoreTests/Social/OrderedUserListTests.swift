import ContactsCore
import ContactsSocial
import ContactsSupport
import Testing

/// `OrderedUserList` (ordered here by plain integer order) against a sorted array, through
/// enough elements to split blocks and enough removals to merge them.
@Suite struct OrderedUserListTests {
    @Test(arguments: [21, 22, 23] as [UInt64])
    func randomInsertionsAndRemovalsMatchSortedArray(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var list = OrderedUserList()
        var model: [UInt32] = []
        var blocksSeen = 0
        var smallest = Int.max
        for step in 0..<11_000 {
            // Grow to about 4,000 elements (several splits), then shrink (merges).
            let growing = step < 5_000
            var value = UInt32(random.next() % 20_000)
            if !growing && !model.isEmpty && random.next() % 4 != 0 {
                value = model[Int(random.next() % UInt64(model.count))]  // shrink: mostly present ones
            }
            let position = model.firstIndex { $0 >= value } ?? model.count
            let present = position < model.count && model[position] == value
            if random.next() % 10 < (growing ? 8 : 1) {
                if !present {
                    list.insert(value) { $0 < value }
                    model.insert(value, at: position)
                }
            } else if present || random.next() % 2 == 0 {
                let removed = list.remove(value) { $0 < value }
                #expect(removed == present)
                if present { model.remove(at: position) }
            }
            #expect(list.count == model.count)
            if !growing { smallest = min(smallest, model.count) }
            blocksSeen = max(
                blocksSeen, (list.count + OrderedUserList.blockCapacity - 1) / OrderedUserList.blockCapacity)
            if step % 250 == 0 {
                try list._checkInvariants()
                #expect(list.allElements == model)
                let skip = Int(random.next() % UInt64(model.count + 10))
                let limit = Int(random.next() % 1_500)
                #expect(list.elements(skip: skip, limit: limit) == Array(model.dropFirst(skip).prefix(limit)))
            }
        }
        #expect(blocksSeen >= 3 && smallest < OrderedUserList.blockCapacity / 2)
        try list._checkInvariants()
        #expect(list.allElements == model)
        let rebuilt = OrderedUserList(ordered: model)
        try rebuilt._checkInvariants()
        #expect(rebuilt.allElements == model)
        #expect(rebuilt.elements(skip: 0, limit: 0).isEmpty && list.elements(skip: model.count, limit: 5).isEmpty)
    }
}
