import ContactsSupport
import Testing

/// The compact array against a plain `[UInt32]`: appends, sets, shrinks and the bulk reads
/// (`values(at:)`, `values(in:)`) agree value for value at either width and from an identity
/// start, the array is wide whenever a value is neither below 0xFFFF nor `UInt32.max`, an
/// identity array stays one exactly while its values are its positions, and shrinking narrows
/// the array again once wide values are gone.
struct CompactUInt32ArrayTests {
    @Test(arguments: [(1, 0), (2, 0), (3, 0), (4, 0), (5, 300), (6, 70_000)])
    func agreesWithAnArray(seed: UInt64, identityCount: Int) {
        var random = SplitMix64(seed: seed)
        var compact = identityCount == 0 ? CompactUInt32Array() : CompactUInt32Array(identityOfCount: identityCount)
        var model = Array(0..<UInt32(identityCount))
        var isIdentity = identityCount > 0
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
                // Now and then a value equal to its position, which keeps an identity.
                let value = random.next() % 4 == 0 ? UInt32(position) : randomValue()
                compact[position] = value
                model[position] = value
                isIdentity = isIdentity && value == UInt32(position)
            case 3:
                compact.append(UInt32(model.count))
                model.append(UInt32(model.count))
            case 1 where !model.isEmpty:
                // Overwrite the wide values, so that a shrink can narrow again.
                for position in model.indices where model[position] != .max && model[position] >= 0xFFFF {
                    compact[position] = 1
                    model[position] = 1
                    isIdentity = false
                }
                compact.shrinkToFit()
                #expect(!compact.isWide, "step \(step)")
            case 2:
                compact.shrinkToFit()
            default:
                let value = random.next() % 3 == 0 ? randomValue() : UInt32(random.next() % 1_000)
                compact.append(value)
                isIdentity = isIdentity && value == UInt32(model.count)
                model.append(value)
            }
            #expect(compact.isIdentity == isIdentity, "step \(step)")
            if step % 50 == 0, !model.isEmpty {
                let mustBeWide = !isIdentity && model.contains { $0 != .max && $0 >= 0xFFFF }
                if mustBeWide { #expect(compact.isWide, "step \(step)") }
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

    @Test func identityHoldsItsCountAlone() {
        var slots = CompactUInt32Array(identityOfCount: 100_000)
        #expect(slots.isIdentity && slots.byteCount == 0 && slots.count == 100_000 && slots[99_999] == 99_999)
        slots.append(100_000)
        slots[5] = 5
        #expect(slots.isIdentity && slots.count == 100_001 && slots.values(at: [3, 100_000]) == [3, 100_000])
        #expect(slots.values(in: 99_998..<100_001) == [99_998, 99_999, 100_000])
        slots[5] = 6
        #expect(!slots.isIdentity && slots.isWide && slots[5] == 6 && slots[100_000] == 100_000)
        #expect(CompactUInt32Array(0..<70_000).isIdentity && CompactUInt32Array([]).isIdentity)
        let broken = CompactUInt32Array([0, 1, 3, 3])
        #expect(!broken.isIdentity && Array(broken) == [0, 1, 3, 3] && broken.byteCount >= 8)
        var small = CompactUInt32Array(identityOfCount: 10)
        small.append(.max)
        #expect(!small.isIdentity && !small.isWide && Array(small) == Array(0..<10) + [.max])
    }
}
