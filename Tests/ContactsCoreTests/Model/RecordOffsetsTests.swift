import ContactsModel
import ContactsSupport
import Testing

/// Record offsets against a plain `[Int]`: appends in order (short and long records), sets of
/// any slot (a record moved to the arena's end), offsets past 4 GiB, and shrinks agree value for
/// value; the narrow form (about two bytes a slot) holds while each block's records span under
/// 64 KiB, and a shrink narrows it again.
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

    @Test func shortRecordsInOrderTakeAboutTwoBytesASlot() {
        // 6,400 deltas of two bytes and 100 bases of eight, allocated in rounded sizes.
        let narrowBytes = 13_600..<13_664
        var offsets = RecordOffsets()
        for slot in 0..<6_400 { offsets.append(slot * 100) }
        offsets.shrinkToFit()
        #expect(narrowBytes.contains(offsets.byteCount))
        offsets[5] = 6_400 * 100
        #expect(offsets.byteCount >= 6_400 * 4 && offsets[5] == 640_000 && offsets[6_399] == 639_900)
        offsets[5] = 500
        offsets.shrinkToFit()
        #expect(narrowBytes.contains(offsets.byteCount))
        #expect((0..<6_400).allSatisfy { offsets[$0] == $0 * 100 })
    }
}
