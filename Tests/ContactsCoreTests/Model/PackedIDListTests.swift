import ContactsModel
import ContactsSupport
import Testing

/// ``PackedContacts/Records/idList(of:)`` — the ids of a ranked list written out in one pass —
/// against the model, one `idBytes(of:)` per slot: random slot lists (repeats, slots never
/// handed out, every length from none to past the first ids' sample), and lists whose later
/// ids are much longer than the sampled first ones, so the storage guessed from them runs out.
@Suite struct PackedIDListTests {
    /// Contacts with ids of `lengths`, in that order of slots.
    static func packed(idLengths lengths: [Int]) -> PackedContacts {
        var packed = PackedContacts()
        for (number, length) in lengths.enumerated() {
            let stem = "\(number)-"
            let id = stem + String(repeating: "é", count: max(0, length - stem.utf8.count) / 2)
            _ = packed.put(Contact(id: id, givenName: "n\(number)"))
        }
        return packed
    }

    static func expectModel(_ packed: PackedContacts, _ slots: [UInt32]) {
        packed.withRecords { records in
            let list = slots.withUnsafeBufferPointer { records.idList(of: $0) }
            let model = slots.map { Array(records.idBytes(of: $0)) }
            #expect(list.count == model.count)
            #expect((0..<list.count).map { Array(list[$0]) } == model)
        }
    }

    @Test(arguments: [UInt64](1...6))
    func randomListsEqualTheModel(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let lengths = (0..<300).map { _ in Int(generator.next() % 40) }
        let packed = Self.packed(idLengths: lengths)
        for _ in 0..<40 {
            let count = Int(generator.next() % 200)
            // Slots up to 10 past the last one handed out: those have an empty id.
            let slots = (0..<count).map { _ in UInt32(generator.next() % 310) }
            Self.expectModel(packed, slots)
        }
        Self.expectModel(packed, [])
    }

    @Test func idsLongerThanTheSampledOnesAreAllWritten() {
        let lengths = [Int](repeating: 2, count: 32) + [Int](repeating: 300, count: 200)
        let packed = Self.packed(idLengths: lengths)
        Self.expectModel(packed, (0..<UInt32(lengths.count)).map { $0 })
        Self.expectModel(packed, [0, 1, 2, 231, 230, 229, 40, 41])
    }
}
