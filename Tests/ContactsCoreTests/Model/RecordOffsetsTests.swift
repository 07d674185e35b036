import ContactsModel
import ContactsSupport
import Testing

/// Record offsets against a plain `[Int]`: appends in order (short and long records), sets of
/// any slot (a record moved to the arena's end), offsets past 4 GiB (the high byte), and
/// shrinks agree value for value.
struct RecordOffsetsTests {
    @Test(arguments: [1, 2, 3, 4])
    func agreesWithAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var offsets = RecordOffsets()
        var model: [Int] = []
        var end = 0
        for step in 0..<4_000 {
            // Past 4 GiB for the last thousand steps.
            if step == 3_000 { end += 1 << 33 }
            switch Int.random(in: 0..<20, using: &random) {
            case 0 where !model.isEmpty:
                let slot = Int.random(in: 0..<model.count, using: &random)
                offsets[slot] = end
                model[slot] = end
                end += Int.random(in: 0..<300, using: &random)
            case 1:
                offsets.shrinkToFit()
            case 2:
                end += Int.random(in: 60_000..<70_000, using: &random)
                offsets.append(end)
                model.append(end)
            default:
                offsets.append(end)
                model.append(end)
                end += Int.random(in: 0..<300, using: &random)
            }
            #expect(offsets.count == model.count)
        }
        #expect((0..<model.count).map { offsets[$0] } == model)
        offsets.shrinkToFit()
        #expect((0..<model.count).map { offsets[$0] } == model)
    }
}
