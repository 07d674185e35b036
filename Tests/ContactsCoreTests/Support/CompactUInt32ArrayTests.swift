import ContactsSupport
import Testing

/// The compact array against a plain `[UInt32]`: appends, sets, shrinks and the bulk reads
/// (`values(at:)`, `values(in:)`) agree value for value at either width, the array is wide
/// whenever a value is neither below 0xFFFF nor `UInt32.max`, and shrinking narrows it again
/// once such values are gone.
struct CompactUInt32ArrayTests {
    @Test(arguments: [1, 2, 3, 4])
    func agreesWithAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var compact = CompactUInt32Array()
        var model: [UInt32] = []
        func randomValue() -> UInt32 {
            switch random.next() % 10 {
            case 0: .max
            case 1: 0xFFFF
            case 2: UInt32(truncatingIfNeeded: random.next())
            default: UInt32(random.next() % 0xFFFF)
            }
        }
        for step in 0..<5_000 {
            switch random.next() % 8 {
            case 0 where !model.isEmpty:
                let position = Int(random.next() % UInt64(model.count))
                let value = randomValue()
                compact[position] = value
                model[position] = value
            case 1 where !model.isEmpty:
                // Overwrite the wide values, so that a shrink can narrow again.
                for position in model.indices where model[position] != .max && model[position] >= 0xFFFF {
                    compact[position] = 1
                    model[position] = 1
                }
                compact.shrinkToFit()
                #expect(!compact.isWide, "step \(step)")
            case 2:
                compact.shrinkToFit()
            default:
                let value = random.next() % 3 == 0 ? randomValue() : UInt32(random.next() % 1_000)
                compact.append(value)
                model.append(value)
            }
            let mustBeWide = model.contains { $0 != .max && $0 >= 0xFFFF }
            if mustBeWide { #expect(compact.isWide, "step \(step)") }
            if step % 50 == 0, !model.isEmpty {
                let positions = (0..<20).map { _ in UInt32(random.next() % UInt64(model.count)) }
                #expect(compact.values(at: positions) == positions.map { model[Int($0)] }, "step \(step)")
                let lower = Int(random.next() % UInt64(model.count + 1))
                let upper = lower + Int(random.next() % UInt64(model.count - lower + 1))
                #expect(compact.values(in: lower..<upper) == Array(model[lower..<upper]), "step \(step)")
            }
        }
        #expect(Array(compact) == model)
        #expect(compact == CompactUInt32Array(model))
    }

    @Test func narrowTakesTwoBytesAValue() {
        var slots = CompactUInt32Array(repeating: .max, count: 1_000)
        #expect((2_000..<2_064).contains(slots.byteCount) && !slots.isWide)
        slots[3] = 65_534
        #expect(!slots.isWide && slots[3] == 65_534 && slots[4] == .max)
        slots.append(65_535)
        #expect(slots.isWide && slots.byteCount >= 4 * 1_001 && slots[1_000] == 65_535 && slots[0] == .max)
    }
}
